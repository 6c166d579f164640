import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { addLine, applyCoupon } from "../../app/modules/cart/cart.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import type { CreditNoteDocument } from "../../app/modules/invoices/credit-note";
import { issueCreditNote } from "../../app/modules/invoices/credit-notes.server";
import type { InvoiceDocument } from "../../app/modules/invoices/document";
import { creditNotes, invoices } from "../../app/modules/invoices/schema.server";
import { financialYearOf, indiaDate } from "../../app/modules/invoices/tax";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { ORDER_ADMIN_MESSAGES } from "../../app/modules/orders/admin-orders";
import { orders } from "../../app/modules/orders/schema.server";
import { changeOrderStatus } from "../../app/modules/admin/orders/staff-changes.server";
import * as shopperCreditNoteRoute from "../../app/routes/account.order.credit-note";
import * as shopperInvoiceRoute from "../../app/routes/account.order.invoice";
import * as orderPageRoute from "../../app/routes/account.order";
import * as staffCreditNoteRoute from "../../app/routes/admin.orders.$id.credit-note";
import * as staffOrderRoute from "../../app/routes/admin.orders.$id";
import { createTestProduct } from "../factories/catalog";
import { pdfText } from "../factories/documents";
import { routeRequest, settle, signedInShopper, signedInStaff } from "../factories/sessions";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { setupTestDatabase } from "../setup/test-db";

/*
 * GST credit notes on both databases: staff cancelling an invoiced order issues one in the same
 * transaction (own gap-free series, against the invoice, the invoice's tax split, the invoice marked
 * cancelled by it), shown and downloadable beside the invoice for the shopper and staff, and never
 * for anyone else; and a property: for every cancelled invoiced order, whatever was returned before,
 * the invoice less its credit notes is zero per tax head.
 */

const t = setupTestDatabase();
const HEADS = ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "taxPaise", "totalPaise"] as const;

let staff: { id: string; name: string; cookie: string };
let shopper: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let kurta: string;
let jhumka: string;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);
  await createTestProduct(t.db);
  await ensureCategoryTax(t.db);
  // the demo shop's made-up Rajasthan GSTIN: invoices are issued at confirmation
  await applyDemoTaxIdentity(t.db);
  const member = await signedInStaff(
    t.db,
    { name: "Priya Shah", email: "priya.credit@example.com", password: "kesar-mango-42" },
    "198.51.100.251",
  );
  staff = { id: member.id, name: "Priya Shah", cookie: member.cookie };
  shopper = await signedInShopper(t.db, "+919812300201", "198.51.100.252");
  stranger = await signedInShopper(t.db, "+919812300202", "198.51.100.253");
  kurta = await createTestProduct(t.db, {
    category: "kurtas",
    name: "Indigo Kurta",
    sizes: [],
    colors: [],
    stock: 500,
    pricePaise: 289_900,
  });
  jhumka = await createTestProduct(t.db, {
    category: "accessories",
    name: "Silver Jhumka",
    sizes: [],
    colors: [],
    stock: 500,
    pricePaise: 59_900,
  });
});

type Loader = (args: never) => unknown;

/** Calls a loader as the browser would (the session's cookie, if any): its answer, returned or thrown. */
function load<F extends Loader>(
  fn: F,
  path: string,
  cookie: string | null,
  params: Record<string, string>,
): Promise<unknown> {
  return Promise.resolve()
    .then(() => fn({ request: routeRequest(path, cookie), params, context: {} } as never))
    .catch((thrown: unknown) => thrown);
}

/** A cash-on-delivery order of the shopper, confirmed (and so invoiced) at once. */
async function invoicedOrder(
  userId: string,
  lines: Array<[string, number]>,
  options: { state?: string; coupon?: string } = {},
) {
  for (const [productId, quantity] of lines)
    expect((await addLine(t.db, userId, { productId, size: "One Size", colour: "Default", quantity })).ok).toBe(true);
  if (options.coupon) expect((await applyCoupon(t.db, userId, options.coupon)).ok).toBe(true);
  const state = options.state ?? "Rajasthan";
  const order = await placeCheckoutOrder(t.db, {
    userId,
    onlineAvailable: false,
    form: checkoutForm({
      address: "14 Chandpole Bazaar",
      city: state === "Rajasthan" ? "Jaipur" : "Bengaluru",
      state,
      pincode: state === "Rajasthan" ? "302001" : "560025",
    }),
  });
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  expect(invoice, "the order was invoiced at confirmation").toBeTruthy();
  return { order, invoice: invoice! };
}

async function cancel(orderId: string, reason = "Shopper asked to cancel") {
  const [row] = await t.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  return changeOrderStatus(
    t.db,
    staff,
    { orderId, version: row!.version, change: { status: "cancelled", reason } },
    { provider: null },
  );
}

async function creditNotesOf(orderId: string) {
  const rows = await t.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.sequence));
  return rows.map((r) => ({ ...r, document: r.document as CreditNoteDocument }));
}

const fy = financialYearOf(indiaDate(new Date()));

describe("cancelling an invoiced order", () => {
  it("issues a credit note in the same change: its own series, against the invoice, the invoice's tax split, the invoice marked cancelled", async () => {
    const { order, invoice } = await invoicedOrder(shopper.id, [
      [kurta, 2],
      [jhumka, 1],
    ]);
    const before = await t.db.select({ n: creditNotes.sequence }).from(creditNotes);
    expect(await cancel(order.id, "Out of stock at the workshop")).toMatchObject({ ok: true });

    const [note, ...more] = await creditNotesOf(order.id);
    expect(more).toEqual([]);
    expect(note!.creditNoteNumber).toBe(`CN/${fy.short}/${String(before.length + 1).padStart(6, "0")}`);
    const doc = note!.document;
    const inv = invoice.document as InvoiceDocument;
    expect(doc).toMatchObject({
      kind: "credit-note",
      against: { invoiceNumber: invoice.invoiceNumber, invoiceDate: inv.date },
      reason: "Order cancelled: Out of stock at the workshop",
      supply: "intra",
    });
    // the same lines, rates, HSN codes and tax heads as the invoice
    expect(doc.lines.map(({ invoiceLine: _i, ...l }) => l)).toEqual(inv.lines);
    expect(doc.totals).toEqual(inv.totals);
    expect(doc.summary).toEqual(inv.summary);
    expect(note!.totalPaise).toBe(order.totalPaise);

    const [marked] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(marked).toMatchObject({ cancelledByNumber: note!.creditNoteNumber });
    expect(marked!.cancelledAt).not.toBeNull();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.summary).join("\n")).toContain(`credit note ${note!.creditNoteNumber} issued`);

    // reopening would confirm a supply whose invoice was taken back: refused, nothing changes
    const [row] = await t.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
    const reopened = await changeOrderStatus(
      t.db,
      staff,
      { orderId: order.id, version: row!.version, change: { status: "confirmed", note: null } },
      { provider: null },
    );
    expect(reopened).toMatchObject({ ok: false, status: 409, formError: ORDER_ADMIN_MESSAGES.credited });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it("splits IGST the same way for another state, and issues nothing for an order that was never invoiced", async () => {
    const { order } = await invoicedOrder(shopper.id, [[kurta, 1]], { state: "Karnataka", coupon: "SAVE10" });
    expect(await cancel(order.id)).toMatchObject({ ok: true });
    const [note] = await creditNotesOf(order.id);
    expect(note!.document.supply).toBe("inter");
    expect(note!.document.totals.cgstPaise).toBe(0);
    expect(note!.document.totals.igstPaise).toBeGreaterThan(0);

    // a shop without a GSTIN issues no invoices, so a cancellation has nothing to credit
    const [settings] = await t.db.select({ gstin: storeSettings.gstin }).from(storeSettings);
    await t.db.update(storeSettings).set({ gstin: "" });
    try {
      expect(
        (await addLine(t.db, shopper.id, { productId: jhumka, size: "One Size", colour: "Default", quantity: 1 })).ok,
      ).toBe(true);
      const plain = await placeCheckoutOrder(t.db, {
        userId: shopper.id,
        onlineAvailable: false,
        form: checkoutForm({
          email: "m@example.com",
          address: "1 Road",
          city: "Jaipur",
          state: "Rajasthan",
          pincode: "302001",
        }),
      });
      expect(await cancel(plain.id)).toMatchObject({ ok: true });
      expect(await creditNotesOf(plain.id)).toEqual([]);
    } finally {
      await t.db.update(storeSettings).set({ gstin: settings!.gstin });
    }
  });

  it("numbers credit notes without gaps when twenty orders are cancelled at once", async () => {
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push((await invoicedOrder(shopper.id, [[jhumka, 1]])).order);
    const results = await Promise.all(placed.map((o) => cancel(o.id)));
    expect(results.every((r) => r.ok)).toBe(true);
    const all = await t.db
      .select({ sequence: creditNotes.sequence, year: creditNotes.financialYear })
      .from(creditNotes)
      .where(eq(creditNotes.financialYear, fy.label));
    const numbers = all.map((r) => r.sequence).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_n, i) => i + 1));
  });
});

describe("the shopper's and the staff's order pages", () => {
  it("list the credit note beside the invoice, marked cancelled, with downloads for the shopper and staff only", async () => {
    const { order, invoice } = await invoicedOrder(shopper.id, [[kurta, 1]]);
    expect(await cancel(order.id, "Delivery address not serviceable")).toMatchObject({ ok: true });
    const [note] = await creditNotesOf(order.id);
    const number = note!.creditNoteNumber;

    type Documents = {
      documents: {
        invoice: { number: string; cancelledBy: string | null };
        creditNotes: Array<{ id: string; number: string }>;
      };
    };
    const page = await settle<Documents>(() =>
      load(orderPageRoute.loader, `/account/orders/${order.orderNumber}`, shopper.cookie, {
        orderNumber: order.orderNumber,
      }),
    );
    expect(page.body.documents).toMatchObject({
      invoice: { number: invoice.invoiceNumber, cancelledBy: number },
      creditNotes: [{ id: note!.id, number }],
    });
    const staffPage = await settle<Documents>(() =>
      load(staffOrderRoute.loader, `/admin/orders/${order.id}`, staff.cookie, { id: order.id }),
    );
    expect(staffPage.body.documents).toEqual(page.body.documents);

    const path = `/account/orders/${order.orderNumber}/credit-notes/${note!.id}`;
    const mine = (await load(shopperCreditNoteRoute.loader, path, shopper.cookie, {
      orderNumber: order.orderNumber,
      creditNoteId: note!.id,
    })) as Response;
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toBe(
      `attachment; filename="CN-${fy.short}-${number.slice(-6)}.pdf"`,
    );
    const text = await pdfText(mine);
    for (const words of [
      "CREDIT NOTE",
      number,
      "Against invoice",
      invoice.invoiceNumber,
      "Delivery address not serviceable",
      "Credit note total",
      "Indigo Kurta",
      "CGST",
      "SGST",
    ])
      expect(text).toContain(words);

    // another shopper, a visitor, another order's or a made-up id: not found (or sign in)
    const statusOf = async (answer: Promise<unknown>) => (await settle(() => answer)).status;
    expect(
      await statusOf(
        load(shopperCreditNoteRoute.loader, path, stranger.cookie, {
          orderNumber: order.orderNumber,
          creditNoteId: note!.id,
        }),
      ),
    ).toBe(404);
    expect([302, 401]).toContain(
      await statusOf(
        load(shopperCreditNoteRoute.loader, path, null, { orderNumber: order.orderNumber, creditNoteId: note!.id }),
      ),
    );
    const other = (await invoicedOrder(stranger.id, [[jhumka, 1]])).order;
    expect(
      await statusOf(
        load(shopperCreditNoteRoute.loader, path, stranger.cookie, {
          orderNumber: other.orderNumber,
          creditNoteId: note!.id,
        }),
      ),
    ).toBe(404);
    expect(
      await statusOf(
        load(shopperCreditNoteRoute.loader, path, shopper.cookie, {
          orderNumber: order.orderNumber,
          creditNoteId: "not-an-id",
        }),
      ),
    ).toBe(404);

    const staffPath = (orderId: string) => `/admin/orders/${orderId}/credit-notes/${note!.id}`;
    const forStaff = (await load(staffCreditNoteRoute.loader, staffPath(order.id), staff.cookie, {
      id: order.id,
      creditNoteId: note!.id,
    })) as Response;
    expect(forStaff.status).toBe(200);
    expect(await pdfText(forStaff)).toContain(number);
    expect(
      await statusOf(
        load(staffCreditNoteRoute.loader, staffPath(other.id), staff.cookie, { id: other.id, creditNoteId: note!.id }),
      ),
    ).toBe(404);
    expect(
      await statusOf(
        load(staffCreditNoteRoute.loader, staffPath(order.id), shopper.cookie, {
          id: order.id,
          creditNoteId: note!.id,
        }),
      ),
    ).toBe(403);

    // the invoice itself now says it was cancelled, and by which credit note
    const invoicePdf = (await load(
      shopperInvoiceRoute.loader,
      `/account/orders/${order.orderNumber}/invoice`,
      shopper.cookie,
      { orderNumber: order.orderNumber },
    )) as Response;
    expect(await pdfText(invoicePdf)).toContain(`Cancelled by credit note ${number}`);
  });
});

describe("a property of every cancelled invoiced order", () => {
  it("invoice minus credit notes is zero per tax head, whatever pieces were credited before the cancellation", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kurtas: fc.integer({ min: 0, max: 4 }),
          jhumkas: fc.integer({ min: 0, max: 4 }),
          state: fc.constantFrom("Rajasthan", "Karnataka"),
          coupon: fc.constantFrom(undefined, "SAVE10", "FLAT50"),
          returned: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 2 })), { maxLength: 3 }),
        }),
        async (g) => {
          const lines: Array<[string, number]> = [];
          if (g.kurtas > 0) lines.push([kurta, g.kurtas]);
          if (g.jhumkas > 0 || lines.length === 0) lines.push([jhumka, Math.max(1, g.jhumkas)]);
          const { order, invoice } = await invoicedOrder(shopper.id, lines, { state: g.state, coupon: g.coupon });
          const doc = invoice.document as InvoiceDocument;
          // some pieces taken back first (as a return will), each within what is left
          const left = doc.lines.map((l) => (l.kind === "goods" ? l.quantity : 0));
          for (const [line, quantity] of g.returned) {
            const index = line % doc.lines.length;
            const n = Math.min(left[index]!, quantity);
            if (n === 0) continue;
            left[index]! -= n;
            await t.db.transaction((tx) =>
              issueCreditNote(tx, {
                orderId: order.id,
                reason: "Returned",
                selection: { kind: "pieces", pieces: [{ invoiceLine: index, quantity: n }] },
                now: new Date(),
              }),
            );
          }
          expect(await cancel(order.id)).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 12 },
    );
    // every cancelled order that has an invoice, in the database as it stands
    const cancelled = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(orders.status, "cancelled"));
    expect(cancelled.length).toBeGreaterThanOrEqual(12);
    for (const { id } of cancelled) {
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
      const totals = (invoice!.document as InvoiceDocument).totals;
      const notes = await creditNotesOf(id);
      expect(notes.length).toBeGreaterThan(0);
      for (const head of HEADS)
        expect(totals[head] - notes.reduce((sum, n) => sum + n.document.totals[head], 0), `${head} of ${id}`).toBe(0);
      expect(invoice!.cancelledByNumber).toBe(notes[notes.length - 1]!.creditNoteNumber);
    }
  });
});
