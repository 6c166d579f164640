import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { receivePictureUpload } from "../../app/modules/media/upload.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { inTransaction } from "../../app/db/transaction.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { ensureCategories } from "../../app/modules/catalog/products.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { settlePayment, shopPaymentProvider, startPayment } from "../../app/modules/checkout/payment-flow.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { storeCreditBalance } from "../../app/modules/credit/index.server";
import { creditNotes } from "../../app/modules/invoices/schema.server";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { findOrderByNumber, moveOrder, orderLinesOf, type OrderRow } from "../../app/modules/orders/orders.server";
import { payments, refunds } from "../../app/modules/payments/schema.server";
import { runReturnAction, type ReturnActionAnswer } from "../../app/modules/admin/index.server";
import type { bookReturnPickup } from "../../app/modules/shipping/index.server";
import {
  createReturnRequest,
  STEP_MESSAGES,
  type StaffReturnPage,
  type StaffReturnView,
} from "../../app/modules/returns/index.server";
import { RETURN_MESSAGES, type ReturnRequestInput } from "../../app/modules/returns/rules";
import { returnRequests } from "../../app/modules/returns/schema.server";
import * as layoutRoute from "../../app/routes/admin";
import * as orderRoute from "../../app/routes/admin.orders.$id";
import * as listRoute from "../../app/routes/admin.returns";
import * as detailRoute from "../../app/routes/admin.returns.$id";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { createTestShopper } from "../factories/orders";
import {
  TEST_BASE as BASE,
  routeRequest as request,
  type RouteArgs as Args,
  settle,
  signedInShopper,
  signedInStaff,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The back office's returns (decision 042) through its routes, as staff's browser calls them: the
 * queue with its tabs, filters and search; one return taken from the shopper's request to store
 * credit (approve, a pickup booked by hand, picked up, received with one piece rejected) with the
 * books agreeing at every step; two staff at once on one return (one change, the other told the page
 * is stale); a prepaid refund through the test gateway paid once; a cash-on-delivery refund paid by
 * transfer; and nobody but staff let in.
 */

const t = setupTestDatabase();
let priya = { id: "", cookie: "" };
let rohan = { id: "", cookie: "" };
let shopperCookie = "";

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  // the categories first: their GST rates make the delivered orders invoiced, so returns get credit notes
  await ensureCategories(t.db);
  await ensureCategoryTax(t.db);
  await applyDemoTaxIdentity(t.db);
  const password = "kesar-mango-42";
  priya = await signedInStaff(
    t.db,
    { name: "Priya Shah", email: "priya.returns@example.com", password },
    "203.0.113.70",
  );
  rohan = await signedInStaff(
    t.db,
    { name: "Rohan Mehta", email: "rohan.returns@example.com", password },
    "203.0.113.71",
  );
  shopperCookie = (await signedInShopper(t.db, "+919812300088", "203.0.113.72")).cookie;
});

/* ---------- calling the routes ---------- */

type Page = StaffReturnPage & { params: { status: string } };
type Detail = { view: StaffReturnView; pickupBy: string };

const listLoader = (query = "", cookie: string | null = priya.cookie) =>
  settle<Page>(() =>
    listRoute.loader({ request: request(`/admin/returns${query}`, cookie), params: {}, context: {} } as unknown as Args<
      typeof listRoute.loader
    >),
  );
const detailLoader = (id: string, cookie: string | null = priya.cookie) =>
  settle<Detail>(() =>
    detailRoute.loader({
      request: request(`/admin/returns/${id}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.loader>),
  );
const post = (id: string, form: Record<string, string>, cookie: string | null = priya.cookie) =>
  settle<ReturnActionAnswer>(() =>
    detailRoute.action({
      request: request(`/admin/returns/${id}`, cookie, form),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.action>),
  );

const view = async (id: string) => (await detailLoader(id)).body.view;

/** Posts an intent with the version the page shows now (or the one given). */
async function step(id: string, intent: string, fields: Record<string, string> = {}, version?: number) {
  const v = version ?? (await view(id)).request.version;
  return post(id, { intent, version: String(v), ...fields });
}

/* ---------- a delivered order and its request ---------- */

/** A kurta in M and L (5 of each); the shopper buys one of each and it is delivered yesterday. */
async function deliveredOrder(method: "cod" | "online" = "cod") {
  const productId = await createTestProduct(t.db, {
    sizes: ["M", "L"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    variantStock: [
      { size: "M", colour: "Indigo", stock: 5 },
      { size: "L", colour: "Indigo", stock: 5 },
    ],
    pricePaise: 199_900,
    category: "kurtas",
  });
  const shopper = await createTestShopper(t.db, { firstName: "Lavanya" });
  for (const size of ["M", "L"])
    expect((await addLine(t.db, shopper.id, { productId, size, colour: "Indigo", quantity: 1 })).ok).toBe(true);
  let order = await placeCheckoutOrder(t.db, {
    userId: shopper.id,
    onlineAvailable: method === "online",
    form: checkoutForm({ paymentMethod: method, phone: "98450 12345", firstName: "Lavanya", lastName: "Rao" }),
  });
  if (method === "online") order = await payOnline(order);
  await inTransaction(t.db, (tx) =>
    moveOrder(tx, order.id, {
      from: "confirmed",
      to: "delivered",
      actor: "system",
      now: new Date(Date.now() - 24 * 60 * 60 * 1000),
    }),
  );
  const lines = await orderLinesOf(t.db, order.id);
  const line = (size: string) => lines.find((l) => l.size === size)!;
  const stockOf = async (size: string) => (await findVariant(t.db, productId, size, "Indigo"))!.stock;
  return { order, shopper, productId, line, stockOf };
}

/** Pays an online order through the test gateway, as its page does. */
async function payOnline(order: OrderRow): Promise<OrderRow> {
  const provider = shopPaymentProvider()!;
  const started = await startPayment(t.db, provider, {
    order,
    callbackUrl: `${BASE}/api/payments/razorpay/callback`,
    storeName: "Saanjh",
  });
  if (!started.ok) throw new Error(started.message);
  const providerOrderId =
    started.checkout.provider === "razorpay" ? started.checkout.options.order_id : started.checkout.providerOrderId;
  const settled = await settlePayment(t.db, {
    provider: provider.name,
    providerOrderId,
    outcome: {
      kind: "paid",
      payment: {
        id: `pay_Ret${Math.random().toString(36).slice(2, 12)}`,
        orderId: providerOrderId,
        amountPaise: order.totalPaise,
        currency: "INR",
        status: "captured",
        method: "upi",
      },
    },
    source: "page",
  });
  expect(settled.state).toBe("confirmed");
  return (await findOrderByNumber(t.db, order.orderNumber))!;
}

async function ask(
  delivered: Awaited<ReturnType<typeof deliveredOrder>>,
  request: Partial<ReturnRequestInput> & { sizes?: string[] },
): Promise<string> {
  const { sizes = ["M", "L"], ...rest } = request;
  const created = await createReturnRequest(t.db, {
    userId: delivered.shopper.id,
    orderNumber: delivered.order.orderNumber,
    request: {
      reason: "damaged",
      resolution: "store_credit",
      details: "The hem came apart at the first wash.",
      pieces: sizes.map((s) => ({ orderLineId: delivered.line(s).id, quantity: 1, exchangeVariantId: null })),
      refundTo: null,
      photos: [],
      ...rest,
    },
  });
  if (!created.ok) throw new Error(created.message);
  return created.returnId;
}

/** Approve, a pickup booked by hand, picked up: the parcel is on its way back. */
async function bringBack(id: string) {
  expect((await step(id, "approve")).body).toMatchObject({ ok: true });
  expect((await step(id, "manual-pickup", { courier: "Delhivery", awb: "DLV7788990" })).body).toMatchObject({
    ok: true,
  });
  expect((await step(id, "picked-up")).body).toMatchObject({ ok: true });
}

/** Every piece accepted on arrival. */
async function receiveAll(id: string) {
  const v = await view(id);
  const fields = Object.fromEntries(v.lines.map((l) => [`accepted:${l.id}`, String(l.quantity)]));
  expect((await step(id, "receive", fields)).body).toMatchObject({ ok: true });
}

const creditNotesOf = (orderId: string) => t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

/* ================= who may use the screens ================= */

describe("who may use the returns screens", () => {
  it("answers a visitor with 401 and a shopper with 403 on the queue, the page and its action, and changes nothing", async () => {
    const delivered = await deliveredOrder();
    const id = await ask(delivered, {});
    const form = { intent: "approve", version: "0" };
    for (const cookie of [null, shopperCookie]) {
      const status = cookie ? 403 : 401;
      expect((await listLoader("", cookie)).status).toBe(status);
      expect((await detailLoader(id, cookie)).status).toBe(status);
      const posted = await post(id, form, cookie);
      expect(posted.status).toBe(status);
      expect(posted.body).toMatchObject({ ok: false });
    }
    expect((await view(id)).request).toMatchObject({ status: "requested", version: 0 });
    expect((await detailLoader("3f1e2d4c-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await detailLoader("not-a-return")).status).toBe(404);
  });
});

/* ================= the queue ================= */

describe("the returns queue", () => {
  it("opens on the requests waiting, counts every status, filters and finds a return by order, name or phone", async () => {
    const first = await deliveredOrder();
    const waiting = await ask(first, { reason: "too_small", resolution: "store_credit", sizes: ["M"] });
    const second = await deliveredOrder();
    const approved = await ask(second, { reason: "damaged", resolution: "store_credit" });
    expect((await step(approved, "approve")).body).toMatchObject({ ok: true });

    const queue = await listLoader();
    expect(queue.body.params.status).toBe("requested");
    expect(queue.body.rows.map((r) => r.id)).toContain(waiting);
    expect(queue.body.rows.map((r) => r.id)).not.toContain(approved);
    expect(queue.body.rows.every((r) => r.status === "requested")).toBe(true);
    const row = queue.body.rows.find((r) => r.id === waiting)!;
    expect(row).toMatchObject({
      returnNumber: `${first.order.orderNumber}-R1`,
      orderNumber: first.order.orderNumber,
      customerName: "Lavanya Rao",
      reason: "too_small",
      resolution: "store_credit",
      pieces: 1,
      refundedPaise: 0,
      creditedPaise: 0,
    });
    expect(queue.body.counts.requested).toBeGreaterThanOrEqual(1);
    expect(queue.body.counts.approved).toBeGreaterThanOrEqual(1);
    expect(queue.body.counts.all).toBe(
      Object.entries(queue.body.counts)
        .filter(([k]) => k !== "all")
        .reduce((n, [, c]) => n + c, 0),
    );

    // the navigation's number is the requests waiting
    const layout = await settle<{ returnsWaiting: number }>(() =>
      layoutRoute.loader({
        request: request("/admin/returns", priya.cookie),
        params: {},
        context: {},
      } as unknown as Args<typeof layoutRoute.loader>),
    );
    expect(layout.body.returnsWaiting).toBe(queue.body.counts.requested);

    const approvedTab = await listLoader("?status=approved&reason=damaged");
    expect(approvedTab.body.rows.map((r) => r.id)).toEqual(expect.arrayContaining([approved]));
    expect((await listLoader("?status=approved&reason=too_small")).body.rows.map((r) => r.id)).not.toContain(approved);

    // a search looks in every status: by order number, and by the phone as typed
    const byNumber = await listLoader(`?q=${second.order.orderNumber}`);
    expect(byNumber.body.params.status).toBe("all");
    expect(byNumber.body.rows.map((r) => r.id)).toEqual([approved]);
    const byPhone = await listLoader(`?status=all&q=${encodeURIComponent("98450 12345")}`);
    expect(byPhone.body.rows.map((r) => r.id)).toEqual(expect.arrayContaining([waiting, approved]));
    expect((await listLoader("?status=all&q=nobody-by-this-name")).body).toMatchObject({ rows: [], total: 0 });
  });
});

/* ================= one return, start to end ================= */

describe("a return taken from request to store credit", () => {
  it("approves, books the pickup by hand, receives one piece and rejects the other, and the books agree", async () => {
    const delivered = await deliveredOrder();
    const { order, shopper, stockOf } = delivered;
    const id = await ask(delivered, { resolution: "store_credit" });
    const stock = { M: await stockOf("M"), L: await stockOf("L") };

    let page = await view(id);
    expect(page.request).toMatchObject({ status: "requested", reason: "damaged", resolution: "store_credit" });
    expect(page.request.details).toBe("The hem came apart at the first wash.");
    expect(page.order).toMatchObject({ orderNumber: order.orderNumber, paymentMethod: "cod" });
    expect(page.lines.map((l) => [l.size, l.quantity, l.inspection])).toEqual(
      expect.arrayContaining([
        ["M", 1, "pending"],
        ["L", 1, "pending"],
      ]),
    );
    expect(page.events).toEqual([expect.objectContaining({ toStatus: "requested", who: "Lavanya Rao" })]);

    // a decline needs a reason the shopper can read
    expect((await step(id, "decline", { reason: "" })).body).toMatchObject({
      ok: false,
      fieldErrors: { reason: expect.any(String) },
    });

    expect((await step(id, "approve")).body).toMatchObject({ ok: true, intent: "approve" });
    // a manual pickup needs the courier and its AWB: what was missing is named
    expect((await step(id, "manual-pickup", { courier: "Delhivery", awb: "" })).body).toMatchObject({
      ok: false,
      fieldErrors: { awb: expect.any(String) },
    });
    expect((await step(id, "manual-pickup", { courier: "Delhivery", awb: "DLV7788990" })).body).toMatchObject({
      ok: true,
    });
    expect((await view(id)).request).toMatchObject({
      status: "pickup_scheduled",
      pickupProvider: "manual",
      pickupCourier: "Delhivery",
      pickupAwb: "DLV7788990",
    });
    expect((await step(id, "picked-up")).body).toMatchObject({ ok: true });
    // nothing is back in stock on the courier's word
    expect({ M: await stockOf("M"), L: await stockOf("L") }).toEqual(stock);

    page = await view(id);
    const m = page.lines.find((l) => l.size === "M")!;
    const l = page.lines.find((x) => x.size === "L")!;
    // rejecting a piece needs a note
    const noNote = await step(id, "receive", { [`accepted:${m.id}`]: "1", [`accepted:${l.id}`]: "0" });
    expect(noNote.body).toMatchObject({ ok: false, fieldErrors: { [`note:${l.id}`]: expect.any(String) } });
    const tooMany = await step(id, "receive", { [`accepted:${m.id}`]: "2", [`accepted:${l.id}`]: "1" });
    expect(tooMany.body).toMatchObject({ ok: false, fieldErrors: { [`accepted:${m.id}`]: expect.any(String) } });
    const received = await step(id, "receive", {
      [`accepted:${m.id}`]: "1",
      [`accepted:${l.id}`]: "0",
      [`note:${l.id}`]: "Stained with ink on the sleeve",
    });
    expect(received.body).toMatchObject({ ok: true, intent: "receive" });
    // the accepted piece is back on sale now, the rejected one is not
    expect({ M: await stockOf("M"), L: await stockOf("L") }).toEqual({ M: stock.M + 1, L: stock.L });

    page = await view(id);
    expect(page.lines.find((x) => x.size === "L")).toMatchObject({
      inspection: "rejected",
      acceptedQuantity: 0,
      inspectionNote: "Stained with ink on the sleeve",
    });
    expect(page.events.at(-1)).toMatchObject({ toStatus: "received", who: "Priya Shah" });

    expect((await step(id, "resolve")).body).toMatchObject({ ok: true, intent: "resolve" });
    page = await view(id);
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(1);
    expect(page.creditNoteId).toBe(notes[0]!.id);
    // the credit is the credit note's total, the ledger holds exactly that, and only the accepted piece counts
    expect(page.request).toMatchObject({ status: "resolved", creditedPaise: notes[0]!.totalPaise, refundedPaise: 0 });
    expect(notes[0]!.totalPaise).toBeGreaterThan(0);
    expect(notes[0]!.totalPaise).toBeLessThanOrEqual(199_900);
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(notes[0]!.totalPaise);
    expect({ M: await stockOf("M"), L: await stockOf("L") }).toEqual({ M: stock.M + 1, L: stock.L });
    expect(page.events.map((e) => e.toStatus)).toEqual([
      "requested",
      "approved",
      "pickup_scheduled",
      "picked_up",
      "received",
      "resolved",
    ]);

    // every step is in the audit log under the staff member's name
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "return"), eq(auditLog.entityId, id)));
    expect(audited.map((a) => a.action).sort()).toEqual(
      ["approve", "pickup", "picked-up", "receive", "resolve"].sort(),
    );
    expect(new Set(audited.map((a) => a.actorName))).toEqual(new Set(["Priya Shah"]));

    // the order's page lists the return with its status
    const orderPage = await settle<{ returns: Array<{ id: string; status: string }> }>(() =>
      orderRoute.loader({
        request: request(`/admin/orders/${order.id}`, priya.cookie),
        params: { id: order.id },
        context: {},
      } as unknown as Args<typeof orderRoute.loader>),
    );
    expect(orderPage.body.returns).toEqual([expect.objectContaining({ id, status: "resolved" })]);

    // a closed return takes no more steps
    expect((await step(id, "resolve")).status).toBe(409);
  });
});

/* ================= the pickup ================= */

describe("booking the pickup", () => {
  it("books it with the courier service (the demo courier here) under the return's number", async () => {
    const id = await ask(await deliveredOrder(), { resolution: "store_credit" });
    expect((await step(id, "approve")).body).toMatchObject({ ok: true });
    expect((await detailLoader(id)).body.pickupBy).toBe("demo");
    const booked = await step(id, "book-pickup");
    expect(booked.body).toMatchObject({
      ok: true,
      intent: "book-pickup",
      message: expect.stringContaining("Saanjh Surface (demo)"),
    });
    expect((await view(id)).request).toMatchObject({
      status: "pickup_scheduled",
      pickupProvider: "demo",
      pickupCourier: "Saanjh Surface (demo)",
      pickupAwb: expect.stringMatching(/^SJ\d{10}$/),
    });
  });

  it("asks nothing of the courier from a stale page, and offers the form by hand when the booking fails", async () => {
    const delivered = await deliveredOrder();
    const id = await ask(delivered, { resolution: "store_credit" });
    expect((await step(id, "approve")).body).toMatchObject({ ok: true });
    const asked: string[] = [];
    const failing: typeof bookReturnPickup = async (_db, input) => {
      asked.push(input.returnNumber);
      return { ok: false, message: "The courier service did not answer." };
    };
    const staff = { id: priya.id, name: "Priya Shah" };
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const stale = await runReturnAction(t.db, staff, form({ intent: "book-pickup", version: "0" }), {
      returnId: id,
      book: failing,
    });
    expect(stale).toMatchObject({ status: 409, body: { ok: false, conflict: true } });
    expect(asked).toEqual([]);

    const version = String((await view(id)).request.version);
    const failed = await runReturnAction(t.db, staff, form({ intent: "book-pickup", version }), {
      returnId: id,
      book: failing,
    });
    expect(failed).toMatchObject({
      status: 422,
      body: { ok: false, manualPickup: true, formError: "The courier service did not answer." },
    });
    expect(asked).toEqual([`${delivered.order.orderNumber}-R1`]);
    expect((await view(id)).request.status).toBe("approved");
    expect((await step(id, "manual-pickup", { courier: "Blue Dart", awb: "BD123456789IN" })).body).toMatchObject({
      ok: true,
    });
    expect((await view(id)).request).toMatchObject({ status: "pickup_scheduled", pickupAwb: "BD123456789IN" });
  });
});

/* ================= two staff at once ================= */

describe("two staff on one return at once", () => {
  it("approves once; the other is told the return changed and nothing else happens", async () => {
    const id = await ask(await deliveredOrder(), {});
    const [a, b] = await Promise.all([
      step(id, "approve", {}, 0),
      post(id, { intent: "approve", version: "0" }, rohan.cookie),
    ]);
    const answers = [a, b].map((x) => x.body);
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    const refused = [a, b].find((x) => !x.body.ok)!;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, formError: RETURN_MESSAGES.stale, conflict: true });
    const page = await view(id);
    expect(page.request).toMatchObject({ status: "approved", version: 1 });
    expect(page.events.filter((e) => e.toStatus === "approved")).toHaveLength(1);
  });

  it("resolves a refund once: one refund row, one credit note, one processed refund", async () => {
    const delivered = await deliveredOrder("online");
    const id = await ask(delivered, { resolution: "refund", sizes: ["M"] });
    await bringBack(id);
    await receiveAll(id);
    const version = (await view(id)).request.version;
    const [a, b] = await Promise.all([
      step(id, "resolve", {}, version),
      post(id, { intent: "resolve", version: String(version) }, rohan.cookie),
    ]);
    expect([a, b].filter((x) => x.body.ok)).toHaveLength(1);
    expect([a, b].find((x) => !x.body.ok)!.body).toMatchObject({ formError: RETURN_MESSAGES.stale });

    const rows = await t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, delivered.order.id), eq(refunds.purpose, `return:${id}`)));
    expect(rows).toHaveLength(1);
    const notes = await creditNotesOf(delivered.order.id);
    expect(notes).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: notes[0]!.totalPaise, status: "processed" });
    const page = await view(id);
    expect(page.request).toMatchObject({ status: "resolved", refundedPaise: notes[0]!.totalPaise, creditedPaise: 0 });
    expect(page.refunds).toEqual([expect.objectContaining({ amountPaise: notes[0]!.totalPaise, status: "processed" })]);
  });
});

/* ================= refunds ================= */

describe("refunds", () => {
  it("refunds a prepaid return through the test gateway once, even when the resolve is sent again", async () => {
    const delivered = await deliveredOrder("online");
    const { order } = delivered;
    const id = await ask(delivered, { resolution: "refund", sizes: ["L"] });
    await bringBack(id);
    await receiveAll(id);
    const version = (await view(id)).request.version;
    expect((await step(id, "resolve", {}, version)).body).toMatchObject({ ok: true });
    // the same form sent again (a double press, a retried request)
    const again = await step(id, "resolve", {}, version);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, conflict: true });

    const page = await view(id);
    const [note] = await creditNotesOf(order.id);
    expect(page.refunds).toHaveLength(1);
    expect(page.refunds[0]).toMatchObject({ status: "processed", amountPaise: note!.totalPaise });
    expect(page.refunds[0]!.providerRefundId).toMatch(/^rfnd_/);
    const [paid] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid!.amountRefundedPaise).toBe(note!.totalPaise);
    const processed = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.dedupeKey, `refund-processed:sms:${order.orderNumber}:%`));
    expect(processed).toHaveLength(1);
  });

  it("shows a cash-on-delivery refund's full destination while it is to be paid, and asks for the transfer's reference", async () => {
    const delivered = await deliveredOrder("cod");
    const id = await ask(delivered, {
      resolution: "refund",
      sizes: ["M"],
      refundTo: { kind: "upi", upiId: "lavanya.rao@okaxis" },
    });
    let page = await view(id);
    expect(page.request.refundTo).toEqual({ kind: "upi", upiId: "lavanya.rao@okaxis" });
    expect(page.request.refundToMasked).toBe("UPI la…@okaxis");
    await bringBack(id);
    await receiveAll(id);

    const missing = await step(id, "resolve", { payoutReference: "" });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ ok: false, fieldErrors: { payoutReference: expect.any(String) } });
    expect(await creditNotesOf(delivered.order.id)).toHaveLength(0);

    expect((await step(id, "resolve", { payoutReference: "UTR 412345678901" })).body).toMatchObject({ ok: true });
    page = await view(id);
    const [note] = await creditNotesOf(delivered.order.id);
    expect(page.request).toMatchObject({
      status: "resolved",
      refundedPaise: note!.totalPaise,
      payoutReference: "UTR 412345678901",
    });
    // once paid, the full destination no longer leaves the server
    expect(page.request.refundTo).toBeNull();
    expect(page.refunds).toEqual([]);
    const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(row!.refundTo).toEqual({ kind: "upi", upiId: "lavanya.rao@okaxis" });
  });
});

/* ================= inspection photos ================= */

describe("inspection photos", () => {
  const storage = localDiskStorage(mkdtempSync(path.join(tmpdir(), "inspection-photos-")));

  /** A picture uploaded through the back office's pipeline by this staff member; answers its key. */
  async function uploaded(staff: { id: string }, name: string): Promise<string> {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#b33" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "stain.png");
    const answer = await receivePictureUpload(
      new Request("http://127.0.0.1/admin/uploads", { method: "POST", body: form }),
      { id: staff.id, name },
      storage,
      t.db,
    );
    if (answer.status !== 200) throw new Error(`upload refused: ${JSON.stringify(answer.body)}`);
    return answer.body.publicId;
  }

  it("attaches staff's own uploads to a piece, and refuses another's fresh upload or a key never uploaded", async () => {
    const delivered = await deliveredOrder();
    const id = await ask(delivered, { sizes: ["M"] });
    await bringBack(id);
    const [line] = (await view(id)).lines;
    const fields = { [`accepted:${line!.id}`]: "0", [`note:${line!.id}`]: "Ink stain on the sleeve" };

    const rohans = await uploaded(rohan, "Rohan Mehta");
    const refused = await step(id, "receive", { ...fields, [`photo:${line!.id}`]: rohans });
    expect(refused.body).toMatchObject({ ok: false, formError: STEP_MESSAGES.photos });
    expect((await view(id)).request.status).toBe("picked_up");

    const own = await uploaded(priya, "Priya Shah");
    expect((await step(id, "receive", { ...fields, [`photo:${line!.id}`]: own })).body).toMatchObject({ ok: true });
    const [inspected] = (await view(id)).lines;
    expect(inspected!.inspectionPhotos).toHaveLength(1);
    expect(inspected!.inspectionPhotos[0]).toMatch(/^\/media\/.+-w\d+\.webp$/);

    // a key that was never uploaded
    const other = await ask(await deliveredOrder(), { sizes: ["M"] });
    await bringBack(other);
    const [otherLine] = (await view(other)).lines;
    const again = await step(other, "receive", {
      [`accepted:${otherLine!.id}`]: "1",
      [`photo:${otherLine!.id}`]: `${own}-forged`,
    });
    expect(again.body).toMatchObject({ ok: false, formError: STEP_MESSAGES.photos });
  });
});
