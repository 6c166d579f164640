import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, setDatabase, type Database } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { addLine, applyCoupon } from "../../app/modules/cart/cart.server";
import { categories } from "../../app/modules/catalog/schema.server";
import { checkoutPage } from "../../app/modules/checkout/checkout-page.server";
import { queueConfirmation } from "../../app/modules/checkout/confirmation.server";
import { settleReturn, startPayment } from "../../app/modules/checkout/payment-flow.server";
import { placeOrder } from "../../app/modules/checkout/place-order.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { DEMO_TAX_IDENTITY, defaultCategoryTaxRows } from "../../app/modules/invoices/defaults";
import type { InvoiceDocument } from "../../app/modules/invoices/document";
import { categoryTax, invoices, invoiceSequences } from "../../app/modules/invoices/schema.server";
import { financialYearOf, indiaDate } from "../../app/modules/invoices/tax";
import { TAX_MESSAGES } from "../../app/modules/invoices/tax-form";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { findOrderByNumber, moveOrder } from "../../app/modules/orders/orders.server";
import { orderLines, orders } from "../../app/modules/orders/schema.server";
import { testGatewayProvider } from "../../app/modules/payments/provider.server";
import * as shopperInvoiceRoute from "../../app/routes/account.order.invoice";
import * as orderPageRoute from "../../app/routes/account.order";
import * as staffInvoiceRoute from "../../app/routes/admin.orders.$id.invoice";
import * as taxRoute from "../../app/routes/admin.settings.tax";
import { createTestProduct } from "../factories/catalog";
import { pdfText } from "../factories/documents";
import { createTestOrder } from "../factories/orders";
import { signedInShopper, signedInStaff } from "../factories/sessions";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { openBlankDatabase, setupTestDatabase } from "../setup/test-db";

/*
 * GST tax invoices (decision 024) on both databases: migration 0008's rates for existing categories, the
 * invoice issued when an order is confirmed (cash on delivery at once, online when paid) with every
 * figure of a same-state and an other-state order, gap-free numbers under concurrent confirmations,
 * an order confirmed without an invoice (no rate, or before invoices existed) getting one on its
 * first download, the downloads for the owner, other shoppers, visitors and staff (the PDF's text
 * read back), and the staff's GST rate screen.
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";
const gateway = testGatewayProvider({ keySecret: "invoice-tests-gateway-secret-0123456789" });

let ip = 0;
const headers = (cookie?: string) => ({
  origin: BASE,
  "x-forwarded-for": `198.51.100.${(ip += 1)}`,
  ...(cookie ? { cookie } : {}),
});

interface Session {
  cookie: string;
  userId: string;
}

async function signInShopper(phone: string): Promise<Session> {
  const { id, cookie } = await signedInShopper(t.db, phone, headers()["x-forwarded-for"]);
  return { cookie, userId: id };
}

let owner: Session;
let stranger: Session;
let staff: Session;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);
  await createTestProduct(t.db); // the categories
  // what the seed does for a new demo shop
  await ensureCategoryTax(t.db);
  await applyDemoTaxIdentity(t.db);

  const signedIn = await signedInStaff(
    t.db,
    { name: "Priya Shah", email: "priya.invoices@example.com", password: "kesar-mango-42" },
    headers()["x-forwarded-for"],
  );
  staff = { cookie: signedIn.cookie, userId: signedIn.id };
  owner = await signInShopper("+919812300101");
  stranger = await signInShopper("+919812300102");
});

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** Calls a loader as the browser would; a thrown Response or data() comes back as the answer. */
async function call<F extends (args: never) => unknown>(
  fn: F,
  url: string,
  cookie: string | undefined,
  params: Record<string, string>,
  init: RequestInit = {},
) {
  const request = new Request(`${BASE}${url}`, {
    ...init,
    headers: { ...headers(cookie), ...(init.headers as Record<string, string> | undefined) },
  });
  try {
    return (await fn({ request, params, context: {} } as unknown as Args<F>)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);
/** a loader's or action's body: data() results carry it in `data`, plain objects are it */
const dataOf = <T>(answer: unknown) => {
  const wrapped = answer as { data?: T; init?: unknown };
  return (
    wrapped && typeof wrapped === "object" && "data" in wrapped && "init" in wrapped ? wrapped.data : answer
  ) as T;
};

/** A product of `category` with one variant (One Size, Default). */
async function product(category: string, pricePaise: number, name: string, stock = 50): Promise<string> {
  return createTestProduct(t.db, { category, name, sizes: [], colors: [], stock, pricePaise });
}

async function inCart(userId: string, productId: string, quantity: number) {
  expect((await addLine(t.db, userId, { productId, size: "One Size", colour: "Default", quantity })).ok).toBe(true);
}

/** The owner's cart placed as an order, billed and shipped to Jaipur (the shop's own state). */
function placedInJaipur() {
  return placeCheckoutOrder(t.db, {
    userId: owner.userId,
    form: checkoutForm({ state: "Rajasthan", city: "Jaipur", pincode: "302001" }),
  });
}

/** The invoice of an order as its owner downloads it. */
async function ownerDownload(order: { orderNumber: string }) {
  return (await call(shopperInvoiceRoute.loader, `/account/orders/${order.orderNumber}/invoice`, owner.cookie, {
    orderNumber: order.orderNumber,
  })) as Response;
}

/** The invoice of an order as staff download it. */
async function staffDownload(order: { id: string }) {
  return (await call(staffInvoiceRoute.loader, `/admin/orders/${order.id}/invoice`, staff.cookie, {
    id: order.id,
  })) as Response;
}

async function invoiceOf(orderId: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ? { ...row, document: row.document as InvoiceDocument } : null;
}

const today = indiaDate(new Date());
const year = financialYearOf(today);

describe("migration 0008: GST rates for the categories a shop already has", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let folder: string;

  beforeAll(async () => {
    ({ database, drop } = await openBlankDatabase());
    folder = mkdtempSync(path.join(tmpdir(), "shop-migrations-"));
    mkdirSync(path.join(folder, "meta"));
    const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === "0007_dashboard_indexes") + 1);
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const e of entries) copyFileSync(`drizzle/${e.tag}.sql`, path.join(folder, `${e.tag}.sql`));
    const migrateWith = async (dir: string) => {
      process.env.MIGRATIONS_DIR = dir;
      try {
        await database.migrate();
      } finally {
        delete process.env.MIGRATIONS_DIR;
      }
    };
    await migrateWith(folder);
    await database.db.execute(
      sql`INSERT INTO categories (slug, name) VALUES ('kurtas', 'Kurtas'), ('sarees', 'Sarees'), ('accessories', 'Jewellery'), ('shirts', 'Shirts'), ('festive-edit', 'Festive Edit')`,
    );
    await database.db.execute(sql`INSERT INTO store_settings (id, store_name) VALUES (1, 'Old Shop')`);
    await migrateWith(path.resolve("drizzle"));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("gives every existing category the defaults the seed gives a new shop, with their dates", async () => {
    const rows = await queryRows<{
      category_slug: string;
      effective_from: string;
      hsn_code: string;
      rate_bp: number;
      upper_rate_bp: number | null;
      threshold_paise: number | null;
    }>(
      database.db,
      sql`SELECT category_slug, effective_from::text AS effective_from, hsn_code, rate_bp, upper_rate_bp, threshold_paise FROM category_tax ORDER BY category_slug, effective_from`,
    );
    const slugs = ["accessories", "festive-edit", "kurtas", "sarees", "shirts"];
    expect(
      rows.map((r) => ({
        categorySlug: r.category_slug,
        effectiveFrom: r.effective_from,
        hsnCode: r.hsn_code,
        rateBp: r.rate_bp,
        upperRateBp: r.upper_rate_bp,
        thresholdPaise: r.threshold_paise,
      })),
    ).toEqual(defaultCategoryTaxRows(slugs));
    // spelled out, so a change to the constant cannot silently agree with itself
    expect(
      rows.map(
        (r) =>
          `${r.category_slug} ${r.effective_from} ${r.hsn_code} ${r.rate_bp}/${r.upper_rate_bp} ${r.threshold_paise}`,
      ),
    ).toEqual([
      "accessories 2017-07-01 7117 300/null null",
      "festive-edit 2017-07-01 6204 500/1200 100000",
      "festive-edit 2025-09-22 6204 500/1800 250000",
      "kurtas 2017-07-01 6204 500/1200 100000",
      "kurtas 2025-09-22 6204 500/1800 250000",
      "sarees 2017-07-01 5407 500/null null",
      "shirts 2017-07-01 6206 500/1200 100000",
      "shirts 2025-09-22 6206 500/1800 250000",
    ]);
  });

  it("leaves the shop's GST identity empty (no invoices until it is set) and starts no sequence", async () => {
    const [settings] = await queryRows<{ gstin: string; shop_state: string; legal_name: string }>(
      database.db,
      sql`SELECT gstin, shop_state, legal_name FROM store_settings`,
    );
    expect(settings).toEqual({ gstin: "", shop_state: "", legal_name: "" });
    expect(await queryRows(database.db, sql`SELECT * FROM invoice_sequences`)).toEqual([]);
  });
});

describe("the seed", () => {
  it("writes the migration's defaults for every category of a new shop, and the demo GSTIN in Rajasthan", async () => {
    const rows = await t.db
      .select()
      .from(categoryTax)
      .orderBy(asc(categoryTax.categorySlug), asc(categoryTax.effectiveFrom));
    const slugs = (await t.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug).sort();
    expect(
      rows.map(({ categorySlug, effectiveFrom, hsnCode, rateBp, upperRateBp, thresholdPaise }) => ({
        categorySlug,
        effectiveFrom,
        hsnCode,
        rateBp,
        upperRateBp,
        thresholdPaise,
      })),
    ).toEqual(
      defaultCategoryTaxRows(slugs).sort(
        (a, b) => a.categorySlug.localeCompare(b.categorySlug) || a.effectiveFrom.localeCompare(b.effectiveFrom),
      ),
    );
    const [settings] = await t.db.select().from(storeSettings);
    expect(settings).toMatchObject(DEMO_TAX_IDENTITY);
    // run again: nothing is duplicated, nothing overwritten
    await ensureCategoryTax(t.db);
    expect(await t.db.select().from(categoryTax)).toHaveLength(rows.length);
  });
});

describe("issuing at confirmation", () => {
  it("a same-state cash-on-delivery order with a coupon and shipping: CGST + SGST, every figure", async () => {
    const kurta = await product("kurtas", 29_900, "Indigo Kurta");
    const jhumkas = await product("accessories", 14_900, "Kundan Jhumkas");
    await inCart(owner.userId, kurta, 1);
    await inCart(owner.userId, jhumkas, 1);
    expect((await applyCoupon(t.db, owner.userId, "FLAT50")).ok).toBe(true);
    const order = await placedInJaipur();
    // ₹448 of goods pays ₹40 shipping; FLAT50 takes ₹50
    expect(order).toMatchObject({
      status: "confirmed",
      subtotalPaise: 44_800,
      shippingPaise: 4_000,
      discountPaise: 5_000,
      totalPaise: 43_800,
    });

    const invoice = (await invoiceOf(order.id))!;
    expect(invoice).toMatchObject({ financialYear: year.label, totalPaise: 43_800 });
    expect(invoice.invoiceNumber).toMatch(new RegExp(`^INV/${year.short}/\\d{6}$`));
    expect(invoice.invoiceNumber.length).toBeLessThanOrEqual(16);
    const doc = invoice.document;
    expect(doc).toMatchObject({
      number: invoice.invoiceNumber,
      date: today,
      supplyDate: today,
      supply: "intra",
      localTaxName: "SGST",
      seller: {
        name: DEMO_TAX_IDENTITY.legalName,
        gstin: DEMO_TAX_IDENTITY.gstin,
        state: "Rajasthan",
        stateCode: "08",
      },
      buyer: { name: "Meera Iyer", state: "Rajasthan", stateCode: "08", pincode: "302001" },
      placeOfSupply: { state: "Rajasthan", stateCode: "08" },
      order: { number: order.orderNumber, paymentMethod: "cod", couponCode: "FLAT50" },
    });
    // ₹50 over ₹299 and ₹149: ₹33.37 and ₹16.63; shipping goes with the larger line (the kurta, 5 %)
    expect(
      doc.lines.map((l) => [
        l.kind,
        l.description,
        l.hsnCode,
        l.quantity,
        l.grossPaise,
        l.discountPaise,
        l.amountPaise,
        l.rateBp,
        l.taxablePaise,
        l.cgstPaise,
        l.sgstPaise,
        l.igstPaise,
      ]),
    ).toEqual([
      ["goods", "Indigo Kurta", "6204", 1, 29_900, 3_337, 26_563, 500, 25_298, 633, 632, 0],
      ["goods", "Kundan Jhumkas", "7117", 1, 14_900, 1_663, 13_237, 300, 12_851, 193, 193, 0],
      ["shipping", "Shipping", "6204", 1, 4_000, 0, 4_000, 500, 3_810, 95, 95, 0],
    ]);
    expect(doc.totals).toEqual({
      grossPaise: 48_800,
      discountPaise: 5_000,
      taxablePaise: 41_959,
      cgstPaise: 921,
      sgstPaise: 920,
      igstPaise: 0,
      taxPaise: 1_841,
      totalPaise: 43_800,
    });
    expect(doc.amountInWords).toBe("Rupees Four Hundred Thirty-Eight Only");
  });

  it("an other-state order paid online with a coupon and shipping: IGST only, issued when the payment is confirmed", async () => {
    const kurta = await product("kurtas", 14_900, "Chikan Kurti");
    const saree = await product("sarees", 19_900, "Leheriya Saree");
    await inCart(owner.userId, kurta, 2);
    await inCart(owner.userId, saree, 1);
    expect((await applyCoupon(t.db, owner.userId, "FLAT50")).ok).toBe(true);
    const pending = await placeCheckoutOrder(t.db, {
      userId: owner.userId,
      form: checkoutForm({ paymentMethod: "online" }),
    });
    expect(pending).toMatchObject({ status: "pending_payment", totalPaise: 48_700 });
    expect(await invoiceOf(pending.id)).toBeNull();

    const started = await startPayment(t.db, gateway, {
      order: pending,
      callbackUrl: `${BASE}/api/payments/razorpay/callback`,
      storeName: "Saanjh",
    });
    if (!started.ok || started.checkout.provider !== "test") throw new Error("no payment session");
    expect(
      await settleReturn(t.db, gateway, {
        order: pending,
        result: gateway.approve(started.checkout.providerOrderId),
        source: "page",
      }),
    ).toMatchObject({ kind: "confirmed" });

    const doc = (await invoiceOf(pending.id))!.document;
    expect(doc).toMatchObject({
      supply: "inter",
      buyer: { state: "Karnataka", stateCode: "29" },
      placeOfSupply: { state: "Karnataka", stateCode: "29" },
      order: { paymentMethod: "online" },
    });
    expect(
      doc.lines.map((l) => [
        l.kind,
        l.hsnCode,
        l.quantity,
        l.grossPaise,
        l.discountPaise,
        l.amountPaise,
        l.rateBp,
        l.taxablePaise,
        l.igstPaise,
        l.cgstPaise + l.sgstPaise,
      ]),
    ).toEqual([
      ["goods", "6204", 2, 29_800, 2_998, 26_802, 500, 25_526, 1_276, 0],
      ["goods", "5407", 1, 19_900, 2_002, 17_898, 500, 17_046, 852, 0],
      ["shipping", "6204", 1, 4_000, 0, 4_000, 500, 3_810, 190, 0],
    ]);
    expect(doc.totals).toEqual({
      grossPaise: 53_700,
      discountPaise: 5_000,
      taxablePaise: 46_382,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 2_318,
      taxPaise: 2_318,
      totalPaise: 48_700,
    });
    expect(doc.summary).toEqual([
      {
        hsnCode: "6204",
        rateBp: 500,
        taxablePaise: 29_336,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 1_466,
        taxPaise: 1_466,
      },
      { hsnCode: "5407", rateBp: 500, taxablePaise: 17_046, cgstPaise: 0, sgstPaise: 0, igstPaise: 852, taxPaise: 852 },
    ]);
  });

  it("a percentage coupon comes off in whole rupees, the same on the checkout page, the order and the invoice", async () => {
    const kurta = await product("kurtas", 54_900, "Bandhani Kurta");
    await inCart(owner.userId, kurta, 1);
    expect(await applyCoupon(t.db, owner.userId, "SAVE10")).toMatchObject({
      ok: true,
      discountPaise: 5_500,
      message: "Coupon applied! You saved ₹55",
    });
    // 10% of ₹549 is ₹54.90: the shopper is shown, charged and invoiced ₹55 off, ₹494 to pay
    const page = await checkoutPage(t.db, owner.userId, true);
    if (page.kind !== "ready") throw new Error(page.kind);
    expect(page.totals.cod).toMatchObject({ subtotalPaise: 54_900, discountPaise: 5_500, totalPaise: 49_400 });
    const order = await placedInJaipur();
    expect(order).toMatchObject({
      status: "confirmed",
      subtotalPaise: 54_900,
      discountPaise: 5_500,
      totalPaise: 49_400,
    });
    const doc = (await invoiceOf(order.id))!.document;
    expect(doc.totals).toMatchObject({ grossPaise: 54_900, discountPaise: 5_500, totalPaise: 49_400 });
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({ discountPaise: 5_500, amountPaise: 49_400 });
    expect(doc.lines[0]!.taxablePaise + doc.lines[0]!.taxPaise).toBe(49_400);
    expect(doc.amountInWords).toBe("Rupees Four Hundred Ninety-Four Only");
  });

  it("keeps the total equal to the order's for every order confirmed here", async () => {
    const rows = await t.db
      .select({ invoice: invoices.totalPaise, order: orders.totalPaise, doc: invoices.document })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.invoice).toBe(row.order);
      const doc = row.doc as InvoiceDocument;
      expect(doc.lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(row.order);
    }
  });

  it("confirms an order whose category has no GST rate, without an invoice, and issues it on the first download once a rate is set", async () => {
    await t.db.insert(categories).values({ slug: "gift-cards", name: "Gift Wraps", position: 99 });
    const wrap = await product("gift-cards", 9_900, "Block-printed Gift Wrap");
    const before = await t.db.select().from(invoiceSequences);
    await inCart(owner.userId, wrap, 1);
    const placed = await placeOrder(t.db, { userId: owner.userId, form: checkoutForm(), onlineAvailable: true });
    expect(placed).toMatchObject({ ok: true, status: "confirmed" });
    if (!placed.ok) return;
    const order = (await findOrderByNumber(t.db, placed.orderNumber))!;
    expect(order.status).toBe("confirmed");
    expect(await invoiceOf(order.id)).toBeNull();
    // no number was taken
    expect(await t.db.select().from(invoiceSequences)).toEqual(before);

    const refused = await staffDownload(order);
    expect(refused.status).toBe(503);
    expect(await refused.text()).toBe(`no GST rate for the category 'gift-cards' on ${today}`);
    const shopperSees = await ownerDownload(order);
    expect(shopperSees.status).toBe(503);
    expect(await shopperSees.text()).toBe(
      "The invoice for this order is not ready yet. Please try again later or contact us.",
    );

    const saved = await call(
      taxRoute.action,
      "/admin/settings/tax",
      staff.cookie,
      {},
      {
        method: "POST",
        body: new URLSearchParams({
          intent: "save",
          categorySlug: "gift-cards",
          effectiveFrom: today,
          hsnCode: "4823",
          ratePercent: "18",
          upperRatePercent: "",
          thresholdRupees: "",
        }),
      },
    );
    expect(dataOf(saved)).toMatchObject({ ok: true, message: TAX_MESSAGES.saved });
    const download = await ownerDownload(order);
    expect(download.status).toBe(200);
    const doc = (await invoiceOf(order.id))!.document;
    expect(doc.lines[0]).toMatchObject({ hsnCode: "4823", rateBp: 1800, amountPaise: 9_900 });
  });

  it("issues an order confirmed before invoices existed on its first download: today's number, the rates of its confirmation day", async () => {
    const kurta = await product("kurtas", 149_900, "Festive Kurta");
    const confirmedAt = new Date("2025-09-10T06:00:00Z");
    const old = await createTestOrder(t.db, owner.userId, {
      status: "delivered",
      createdAt: confirmedAt,
      confirmedAt,
      billing: { state: "Rajasthan" },
      lines: [{ name: "Festive Kurta", unitPricePaise: 149_900, quantity: 1 }],
    });
    await t.db.update(orderLines).set({ productId: kurta }).where(eq(orderLines.orderId, old.id));
    expect(await invoiceOf(old.id)).toBeNull();

    const page = await call(orderPageRoute.loader, `/account/orders/${old.orderNumber}`, owner.cookie, {
      orderNumber: old.orderNumber,
    });
    expect(dataOf<{ order: { invoice: boolean } }>(page).order.invoice).toBe(true);

    const [first, second] = await Promise.all([
      call(shopperInvoiceRoute.loader, `/account/orders/${old.orderNumber}/invoice`, owner.cookie, {
        orderNumber: old.orderNumber,
      }),
      call(staffInvoiceRoute.loader, `/admin/orders/${old.id}/invoice`, staff.cookie, { id: old.id }),
    ]);
    expect([statusOf(first), statusOf(second)]).toEqual([200, 200]);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, old.id))).toHaveLength(1);
    const doc = (await invoiceOf(old.id))!.document;
    // before 22 September 2025 a ₹1,499 kurta paid 12 % (above ₹1,000 a piece)
    expect(doc).toMatchObject({ date: today, supplyDate: "2025-09-10", financialYear: year.label, supply: "intra" });
    expect(doc.lines[0]).toMatchObject({
      rateBp: 1200,
      taxablePaise: 133_839,
      taxPaise: 16_061,
      cgstPaise: 8_031,
      sgstPaise: 8_030,
    });
  });

  it("numbers invoices without gaps under 20 concurrent confirmations, a rolled-back one giving its number back", async () => {
    const kurta = await product("kurtas", 99_900, "Everyday Kurta");
    const pending = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const o = await createTestOrder(t.db, owner.userId, {
          status: "pending_payment",
          lines: [{ name: "Everyday Kurta", unitPricePaise: 99_900, quantity: 1 }],
        });
        await t.db.update(orderLines).set({ productId: kurta }).where(eq(orderLines.orderId, o.id));
        return o;
      }),
    );
    const [start] = await t.db
      .select({ last: invoiceSequences.lastNumber })
      .from(invoiceSequences)
      .where(eq(invoiceSequences.financialYear, year.label));
    const results = await Promise.allSettled(
      pending.map((o, i) =>
        t.db.transaction(async (tx) => {
          expect(await moveOrder(tx, o.id, { from: "pending_payment", to: "confirmed", actor: "gateway" })).toBe(true);
          await queueConfirmation(tx, o.id);
          // every fifth confirmation fails after its invoice was issued: all of it rolls back
          if (i % 5 === 4) throw new Error("the confirmation failed later");
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(4);
    const issued = await t.db
      .select({ orderId: invoices.orderId, sequence: invoices.sequence, number: invoices.invoiceNumber })
      .from(invoices)
      .where(
        sql`${invoices.orderId} IN (${sql.join(
          pending.map((o) => sql`${o.id}::uuid`),
          sql`, `,
        )})`,
      );
    expect(issued).toHaveLength(16);
    const first = (start?.last ?? 0) + 1;
    expect(issued.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => first + i),
    );
    expect(new Set(issued.map((r) => r.number)).size).toBe(16);
    const rolledBack = pending.filter((_, i) => i % 5 === 4).map((o) => o.id);
    expect(issued.some((r) => rolledBack.includes(r.orderId))).toBe(false);
    const [end] = await t.db
      .select({ last: invoiceSequences.lastNumber })
      .from(invoiceSequences)
      .where(eq(invoiceSequences.financialYear, year.label));
    expect(end!.last).toBe(first + 15);
  });
});

describe("downloads", () => {
  let order: { id: string; orderNumber: string };

  beforeAll(async () => {
    const [row] = await t.db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, owner.userId),
          eq(orders.couponCode, "FLAT50"),
          sql`${orders.billing}->>'state' = 'Rajasthan'`,
        ),
      )
      .limit(1);
    order = row!;
  });

  it("gives the owner the PDF as an attachment that is never stored, with the invoice's text", async () => {
    const response = await ownerDownload(order);
    expect(response.status).toBe(200);
    const invoice = (await invoiceOf(order.id))!;
    const fileName = invoice.invoiceNumber.replaceAll("/", "-");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${fileName}.pdf"`,
      "cache-control": "private, no-store",
    });
    const text = await pdfText(response);
    for (const expected of [
      "Tax Invoice",
      invoice.invoiceNumber,
      order.orderNumber,
      DEMO_TAX_IDENTITY.gstin,
      DEMO_TAX_IDENTITY.legalName,
      "Rajasthan (08)",
      "6204",
      "7117",
      "Indigo Kurta",
      "Kundan Jhumkas",
      "Shipping",
      "CGST",
      "SGST",
      "₹419.59", // taxable value
      "₹9.21", // CGST
      "₹9.20", // SGST
      "₹438.00", // total
      "Rupees Four Hundred Thirty-Eight Only",
    ]) {
      expect(text.toLowerCase(), expected).toContain(expected.toLowerCase());
    }
    expect(text).not.toContain("IGST (");
  });

  it("answers another shopper and staff on the shopper's address with 404, and a visitor with the sign-in page", async () => {
    const other = (await call(
      shopperInvoiceRoute.loader,
      `/account/orders/${order.orderNumber}/invoice`,
      stranger.cookie,
      { orderNumber: order.orderNumber },
    )) as Response;
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).not.toContain("pdf");
    const staffThere = (await call(
      shopperInvoiceRoute.loader,
      `/account/orders/${order.orderNumber}/invoice`,
      staff.cookie,
      { orderNumber: order.orderNumber },
    )) as Response;
    expect(staffThere.status).toBe(404);
    const visitor = (await call(shopperInvoiceRoute.loader, `/account/orders/${order.orderNumber}/invoice`, undefined, {
      orderNumber: order.orderNumber,
    })) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/authentication/);
  });

  it("gives staff any order's invoice by id (or number); refuses shoppers (403) and visitors (401)", async () => {
    const byId = await staffDownload(order);
    expect(byId.status).toBe(200);
    expect(byId.headers.get("content-type")).toBe("application/pdf");
    expect(byId.headers.get("cache-control")).toBe("private, no-store");
    expect(byId.headers.get("x-robots-tag")).toContain("noindex");
    expect(await pdfText(byId)).toContain(DEMO_TAX_IDENTITY.gstin);
    const byNumber = (await call(staffInvoiceRoute.loader, `/admin/orders/${order.orderNumber}/invoice`, staff.cookie, {
      id: order.orderNumber,
    })) as Response;
    expect(byNumber.status).toBe(200);
    expect(
      statusOf(
        await call(staffInvoiceRoute.loader, `/admin/orders/${order.id}/invoice`, owner.cookie, { id: order.id }),
      ),
    ).toBe(403);
    expect(
      statusOf(await call(staffInvoiceRoute.loader, `/admin/orders/${order.id}/invoice`, undefined, { id: order.id })),
    ).toBe(401);
    expect(
      statusOf(
        await call(staffInvoiceRoute.loader, `/admin/orders/not-an-order/invoice`, staff.cookie, {
          id: "not-an-order",
        }),
      ),
    ).toBe(404);
  });

  it("offers no invoice for an order awaiting payment or cancelled before it had one", async () => {
    const unpaid = await createTestOrder(t.db, owner.userId, { status: "pending_payment" });
    const cancelled = await createTestOrder(t.db, owner.userId, { status: "cancelled", confirmedAt: null });
    for (const o of [unpaid, cancelled]) {
      const page = await call(orderPageRoute.loader, `/account/orders/${o.orderNumber}`, owner.cookie, {
        orderNumber: o.orderNumber,
      });
      expect(dataOf<{ order: { invoice: boolean } }>(page).order.invoice).toBe(false);
      expect(
        statusOf(
          await call(shopperInvoiceRoute.loader, `/account/orders/${o.orderNumber}/invoice`, owner.cookie, {
            orderNumber: o.orderNumber,
          }),
        ),
      ).toBe(404);
    }
    const page = await call(orderPageRoute.loader, `/account/orders/${order.orderNumber}`, owner.cookie, {
      orderNumber: order.orderNumber,
    });
    expect(dataOf<{ order: { invoice: boolean } }>(page).order.invoice).toBe(true);
  });
});

describe("a shop without a GSTIN", () => {
  it("issues no invoice and offers none, keeping the ones already issued", async () => {
    await t.db.update(storeSettings).set({ gstin: "" });
    try {
      const kurta = await product("kurtas", 59_900, "Unregistered Kurta");
      await inCart(owner.userId, kurta, 1);
      const order = await placeCheckoutOrder(t.db, { userId: owner.userId });
      expect(order.status).toBe("confirmed");
      expect(await invoiceOf(order.id)).toBeNull();
      const page = await call(orderPageRoute.loader, `/account/orders/${order.orderNumber}`, owner.cookie, {
        orderNumber: order.orderNumber,
      });
      expect(dataOf<{ order: { invoice: boolean } }>(page).order.invoice).toBe(false);
      const refused = await staffDownload(order);
      expect(refused.status).toBe(503);
      expect(await refused.text()).toBe(
        "Set the shop's GSTIN and state in the settings before invoices can be issued.",
      );
      // an invoice issued before stays downloadable
      const [issued] = await t.db.select({ orderId: invoices.orderId }).from(invoices).limit(1);
      expect(
        statusOf(
          await call(staffInvoiceRoute.loader, `/admin/orders/${issued!.orderId}/invoice`, staff.cookie, {
            id: issued!.orderId,
          }),
        ),
      ).toBe(200);
    } finally {
      await t.db.update(storeSettings).set({ gstin: DEMO_TAX_IDENTITY.gstin });
    }
  });
});

describe("GST rates screen (/admin/settings/tax)", () => {
  const post = (fields: Record<string, string>, cookie = staff.cookie) =>
    call(taxRoute.action, "/admin/settings/tax", cookie, {}, { method: "POST", body: new URLSearchParams(fields) });
  const tomorrow = indiaDate(new Date(Date.now() + 86_400_000));

  it("is for staff only", async () => {
    expect(statusOf(await call(taxRoute.loader, "/admin/settings/tax", undefined, {}))).toBe(401);
    expect(statusOf(await call(taxRoute.loader, "/admin/settings/tax", owner.cookie, {}))).toBe(403);
    expect(statusOf(await post({ intent: "save", categorySlug: "kurtas" }, owner.cookie))).toBe(403);
    const page = await call(taxRoute.loader, "/admin/settings/tax", staff.cookie, {});
    const body = dataOf<{
      categories: Array<{ slug: string; current: { hsnCode: string; upperRateBp: number | null } | null }>;
      invoicing: { gstin: string };
    }>(page);
    expect(body.invoicing.gstin).toBe(DEMO_TAX_IDENTITY.gstin);
    expect(body.categories.find((c) => c.slug === "kurtas")?.current).toMatchObject({
      hsnCode: "6204",
      upperRateBp: 1800,
    });
  });

  it("answers bad input with a message per field and the values typed, changing nothing", async () => {
    const before = await t.db.select().from(categoryTax);
    const typed = {
      intent: "save",
      categorySlug: "kurtas",
      effectiveFrom: "2020-01-01",
      hsnCode: "62A",
      ratePercent: "29",
      upperRatePercent: "4",
      thresholdRupees: "",
    };
    const refused = await post(typed);
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused)).toMatchObject({
      ok: false,
      values: {
        effectiveFrom: "2020-01-01",
        hsnCode: "62A",
        ratePercent: "29",
        upperRatePercent: "4",
        thresholdRupees: "",
      },
      fieldErrors: {
        effectiveFrom: TAX_MESSAGES.datePast,
        hsnCode: TAX_MESSAGES.hsn,
        ratePercent: TAX_MESSAGES.rate,
        thresholdRupees: TAX_MESSAGES.threshold,
      },
    });
    const higher = await post({
      ...typed,
      effectiveFrom: tomorrow,
      hsnCode: "6204",
      ratePercent: "5",
      upperRatePercent: "5",
      thresholdRupees: "2500",
    });
    expect(dataOf(higher)).toMatchObject({ fieldErrors: { upperRatePercent: TAX_MESSAGES.upperNotHigher } });
    expect(await t.db.select().from(categoryTax)).toEqual(before);
  });

  it("adds a row from its date with an audit row, keeps the history, and can cancel a scheduled change", async () => {
    const saved = await post({
      intent: "save",
      categorySlug: "kurtas",
      effectiveFrom: tomorrow,
      hsnCode: "6204 11",
      ratePercent: "5",
      upperRatePercent: "18",
      thresholdRupees: "3,000",
    });
    expect(dataOf(saved)).toMatchObject({ ok: true });
    const rows = await t.db
      .select()
      .from(categoryTax)
      .where(eq(categoryTax.categorySlug, "kurtas"))
      .orderBy(asc(categoryTax.effectiveFrom));
    expect(rows.map((r) => [r.effectiveFrom, r.hsnCode, r.rateBp, r.upperRateBp, r.thresholdPaise])).toEqual([
      ["2017-07-01", "6204", 500, 1200, 100_000],
      ["2025-09-22", "6204", 500, 1800, 250_000],
      [tomorrow, "620411", 500, 1800, 300_000],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "tax:kurtas")));
    expect(audit).toMatchObject({ actorId: staff.userId, action: "tax-rate-added" });
    expect(audit!.summary).toContain("18% above ₹3,000");

    const page = dataOf<{
      categories: Array<{ slug: string; scheduled: Array<{ effectiveFrom: string }>; past: unknown[] }>;
    }>(await call(taxRoute.loader, "/admin/settings/tax", staff.cookie, {}));
    const kurtas = page.categories.find((c) => c.slug === "kurtas")!;
    expect(kurtas.scheduled.map((r) => r.effectiveFrom)).toEqual([tomorrow]);
    expect(kurtas.past).toHaveLength(1);

    expect(dataOf(await post({ intent: "cancel", categorySlug: "kurtas", effectiveFrom: tomorrow }))).toMatchObject({
      ok: true,
    });
    expect(statusOf(await post({ intent: "cancel", categorySlug: "kurtas", effectiveFrom: "2025-09-22" }))).toBe(409);
    expect(await t.db.select().from(categoryTax).where(eq(categoryTax.categorySlug, "kurtas"))).toHaveLength(2);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, "tax:kurtas"));
    expect(audits.map((a) => a.action).sort()).toEqual(["tax-rate-added", "tax-rate-cancelled"]);
  });

  it("never changes an invoice already issued", async () => {
    const [invoice] = await t.db.select().from(invoices).limit(1);
    await t.db.update(categoryTax).set({ rateBp: 1200 }).where(eq(categoryTax.categorySlug, "accessories"));
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.document).toEqual(invoice!.document);
    await t.db.update(categoryTax).set({ rateBp: 300 }).where(eq(categoryTax.categorySlug, "accessories"));
  });
});
