import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { addLine, applyCoupon } from "../../app/modules/cart/cart.server";
import { requestBackInStock } from "../../app/modules/catalog/back-in-stock.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { settlePayment, shopPaymentProvider, startPayment } from "../../app/modules/checkout/payment-flow.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { coupons } from "../../app/modules/coupons/schema.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { ORDER_ADMIN_MESSAGES, type OrderActionAnswer } from "../../app/modules/orders/admin-orders";
import type {
  FlaggedPaymentRow,
  StaffOrderDetail,
  StaffOrderPage,
} from "../../app/modules/reports/admin-orders.server";
import { findOrderByNumber, type OrderRow } from "../../app/modules/orders/orders.server";
import { orders, orderStatusHistory } from "../../app/modules/orders/schema.server";
import { getOrderForUser } from "../../app/modules/checkout/shopper-orders.server";
import { trackOrder } from "../../app/modules/orders/tracking.server";
import { recordRefundWebhook } from "../../app/modules/payments/refunds.server";
import { payments, refunds } from "../../app/modules/payments/schema.server";
import * as detailRoute from "../../app/routes/admin.orders.$id";
import * as exportRoute from "../../app/routes/admin.orders.export";
import * as listRoute from "../../app/routes/admin.orders";
import type { FakeRazorpay } from "../fakes/razorpay/fake-razorpay";
import { createTestProduct } from "../factories/catalog";
import { createTestOrder, createTestShopper } from "../factories/orders";
import {
  TEST_BASE as BASE,
  signedInStaff,
  signedInShopper,
  settle,
  routeRequest as request,
  type RouteArgs as Args,
  type Answer,
} from "../factories/sessions";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { bookShipment, parcelOfOrder } from "../../app/modules/shipping/booking.server";
import { demoCourierProvider } from "../../app/modules/shipping/demo-courier.server";
import { receiveReturnedParcel } from "../../app/modules/shipping/parcel-actions.server";
import { applyScans } from "../../app/modules/shipping/scans.server";
import { shipmentsOfOrder } from "../../app/modules/shipping/shipments.server";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";
import { startFakeRazorpayShop, type FakeRazorpayShop } from "../support/fake-razorpay-shop";

/*
 * The admin's Orders (decision 027): every loader and action as a visitor (401), a shopper (403) and
 * staff; the list's filters, search and paging; the CSV export; status changes and their side
 * effects (the shipped text message, stock back exactly once when a cancel is sent twice or at the
 * same time, the coupon use given back once, one refund through the test gateway and through the
 * fake Razorpay, a failed refund kept and retried); a stale version refused; flagged payments
 * confirmed or refunded.
 */

const t = setupTestDatabase();
countPageCachePurges();
let staffCookie = "";
let otherStaffCookie = "";
let shopperCookie = "";
let staffId = "";

const signInStaff = (name: string, email: string) =>
  signedInStaff(t.db, { name, email, password: "kesar-mango-42" }, "203.0.113.60");
beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);
  const priya = await signInStaff("Priya Shah", "priya.orders@example.com");
  staffCookie = priya.cookie;
  staffId = priya.id;
  otherStaffCookie = (await signInStaff("Rohan Mehta", "rohan.orders@example.com")).cookie;

  shopperCookie = (await signedInShopper(t.db, "+919812300077", "203.0.113.61")).cookie;
});

/* ---------- calling the routes ---------- */

type ListData = StaffOrderPage & { flagged: FlaggedPaymentRow[] };

const listLoader = (query: string, cookie: string | null = staffCookie) =>
  settle<ListData>(() =>
    listRoute.loader({ request: request(`/admin/orders${query}`, cookie), params: {}, context: {} } as unknown as Args<
      typeof listRoute.loader
    >),
  );
const listAction = (form: Record<string, string>, cookie: string | null = staffCookie) =>
  settle<OrderActionAnswer>(() =>
    listRoute.action({ request: request("/admin/orders", cookie, form), params: {}, context: {} } as unknown as Args<
      typeof listRoute.action
    >),
  );
const detailLoader = (id: string, cookie: string | null = staffCookie) =>
  settle<StaffOrderDetail>(() =>
    detailRoute.loader({
      request: request(`/admin/orders/${id}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.loader>),
  );
const detailAction = (id: string, form: Record<string, string>, cookie: string | null = staffCookie) =>
  settle<OrderActionAnswer>(() =>
    detailRoute.action({
      request: request(`/admin/orders/${id}`, cookie, form),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.action>),
  );
const exportLoader = (query: string, cookie: string | null = staffCookie) =>
  settle<string>(() =>
    exportRoute.loader({
      request: request(`/admin/orders/export${query}`, cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof exportRoute.loader>),
  );

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Sets a status through the order page's action, with the order's current version unless given. */
async function setStatus(
  id: string,
  fields: Record<string, string>,
  options: { version?: number; cookie?: string } = {},
) {
  const version = options.version ?? (await orderRow(id)).version;
  return detailAction(
    id,
    { intent: "status", version: String(version), courier: "", trackingNumber: "", reason: "", ...fields },
    options.cookie ?? staffCookie,
  );
}

/* ---------- orders placed through the checkout ---------- */

function nandinisForm(paymentMethod: "cod" | "online") {
  return checkoutForm({
    firstName: "Nandini",
    lastName: "Joshi",
    email: "nandini@example.com",
    phone: "98200 11223",
    address: "3 Carter Road",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400050",
    paymentMethod,
  });
}

/** A product whose only variant (One Size, Default) has `stock` pieces. */
async function stockedProduct(stock: number, pricePaise = 129_900) {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock, pricePaise });
  const variant = (await findVariant(t.db, productId, "One Size", "Default"))!;
  const stockNow = async () => (await findVariant(t.db, productId, "One Size", "Default"))!.stock;
  return { productId, variantId: variant.id, stockNow };
}

async function place(
  productId: string,
  options: { method?: "cod" | "online"; quantity?: number; coupon?: string } = {},
): Promise<OrderRow> {
  const shopper = await createTestShopper(t.db);
  await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: options.quantity ?? 1 });
  if (options.coupon) expect((await applyCoupon(t.db, shopper.id, options.coupon)).ok).toBe(true);
  return placeCheckoutOrder(t.db, { userId: shopper.id, form: nandinisForm(options.method ?? "cod") });
}

/** An online order paid through the configured gateway (the test gateway, or Razorpay in its block). */
async function paidOnline(
  productId: string,
  options: { fake?: FakeRazorpay } = {},
): Promise<{ order: OrderRow; providerPaymentId: string }> {
  const order = await place(productId, { method: "online" });
  const provider = shopPaymentProvider()!;
  const started = await startPayment(t.db, provider, {
    order,
    callbackUrl: `${BASE}/api/payments/razorpay/callback`,
    storeName: "Saanjh",
  });
  if (!started.ok) throw new Error(started.message);
  const providerOrderId =
    started.checkout.provider === "razorpay" ? started.checkout.options.order_id : started.checkout.providerOrderId;
  const providerPaymentId = options.fake
    ? options.fake.pay(providerOrderId).payment.id
    : `pay_Test${Math.random().toString(36).slice(2, 12)}`;
  const payment = {
    id: providerPaymentId,
    orderId: providerOrderId,
    amountPaise: order.totalPaise,
    currency: "INR",
    status: "captured" as const,
    method: "upi",
  };
  const settled = await settlePayment(t.db, {
    provider: provider.name,
    providerOrderId,
    outcome: { kind: "paid", payment },
    source: "page",
  });
  expect(settled.state).toBe("confirmed");
  return { order: (await findOrderByNumber(t.db, order.orderNumber))!, providerPaymentId };
}

/* ================= access ================= */

describe("who may use the order screens", () => {
  it("answers a visitor with 401 and a shopper with 403 on every loader and action, and staff with data", async () => {
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id);
    const form = { intent: "status", version: "0", status: "processing", courier: "", trackingNumber: "", reason: "" };
    const calls: Array<[string, (cookie: string | null) => Promise<Answer>]> = [
      ["list loader", (c) => listLoader("", c)],
      ["list action", (c) => listAction({ ...form, orderId: order.id }, c)],
      ["detail loader", (c) => detailLoader(order.id, c)],
      ["detail action", (c) => detailAction(order.id, form, c)],
      ["export", (c) => exportLoader("", c)],
    ];
    for (const [name, call] of calls) {
      expect((await call(null)).status, `${name} as a visitor`).toBe(401);
      expect((await call(shopperCookie)).status, `${name} as a shopper`).toBe(403);
    }
    // nothing changed for them
    expect(await orderRow(order.id)).toMatchObject({ status: "confirmed", version: 0 });
    expect((await listLoader("")).status).toBe(200);
    expect((await detailLoader(order.id)).body.order.orderNumber).toBe(order.orderNumber);
    expect((await exportLoader("")).status).toBe(200);
    expect((await setStatus(order.id, { status: "processing" })).body).toMatchObject({ ok: true });
  });

  it("answers 404 for an order that does not exist", async () => {
    expect((await detailLoader("3f1e2d4c-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await detailLoader("not-an-id")).status).toBe(404);
  });
});

/* ================= the list ================= */

describe("the list", () => {
  const marker = "Kesarwani";
  let ids: Record<string, { id: string; orderNumber: string }> = {};

  beforeAll(async () => {
    const shopper = await createTestShopper(t.db, { phone: "+919833300044" });
    const at = (iso: string) => new Date(iso);
    const make = async (key: string, options: Parameters<typeof createTestOrder>[2]) => {
      const created = await createTestOrder(t.db, shopper.id, options);
      await t.db
        .update(orders)
        .set({ customerName: `${key} ${marker}` })
        .where(eq(orders.id, created.id));
      ids[key] = created;
    };
    ids = {};
    // 00:15 on 11 March in India is still 10 March in UTC
    await make("Aarti", {
      createdAt: at("2026-03-10T18:45:00Z"),
      status: "shipped",
      paymentMethod: "cod",
      email: "aarti.k@example.com",
      phone: "+919833300044",
    });
    await make("Bela", {
      createdAt: at("2026-03-10T18:00:00Z"),
      status: "delivered",
      paymentMethod: "online",
      email: "bela@example.com",
      phone: "+919833300055",
    });
    await make("Chitra", {
      createdAt: at("2026-03-12T06:00:00Z"),
      status: "cancelled",
      paymentMethod: "online",
      email: "chitra@example.com",
      phone: "+919833300066",
    });
  });

  it("lists newest first and searches by order number, name, e-mail or phone (as typed, with spaces)", async () => {
    const all = (await listLoader(`?search=${marker}`)).body;
    expect(all.rows.map((r) => r.customerName)).toEqual([`Chitra ${marker}`, `Aarti ${marker}`, `Bela ${marker}`]);
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.itemCount)).toEqual([1, 1, 1]);
    expect((await listLoader(`?search=${ids.Bela!.orderNumber.toLowerCase()}`)).body.rows.map((r) => r.id)).toEqual([
      ids.Bela!.id,
    ]);
    expect((await listLoader("?search=AARTI.K@EXAMPLE")).body.rows.map((r) => r.id)).toEqual([ids.Aarti!.id]);
    expect((await listLoader("?search=98333 00066")).body.rows.map((r) => r.id)).toEqual([ids.Chitra!.id]);
    expect((await listLoader(`?search=chitra%20${marker.toLowerCase()}`)).body.total).toBe(1);
    // LIKE's wildcards are taken literally
    expect((await listLoader("?search=%25%25")).body.total).toBe(0);
  });

  it("filters by status, payment method and Indian dates, and pages", async () => {
    const q = (extra: string) =>
      listLoader(`?search=${marker}${extra}`).then((a) => a.body.rows.map((r) => r.customerName.split(" ")[0]));
    expect(await q("&status=shipped")).toEqual(["Aarti"]);
    expect(await q("&payment=online")).toEqual(["Chitra", "Bela"]);
    expect(await q("&payment=cod&status=delivered")).toEqual([]);
    expect(await q("&from=2026-03-11&to=2026-03-11")).toEqual(["Aarti"]);
    expect(await q("&from=2026-03-10&to=2026-03-10")).toEqual(["Bela"]);
    expect(await q("&from=2026-03-11")).toEqual(["Chitra", "Aarti"]);
    expect(await q("&to=2026-03-11")).toEqual(["Aarti", "Bela"]);
    // nonsense in the address is ignored, not an error
    expect(
      (await listLoader(`?search=${marker}&status=lost&payment=cheque&from=2026-02-31&page=-4`)).body,
    ).toMatchObject({ total: 3, page: 1 });

    const shopper = await createTestShopper(t.db);
    for (let i = 0; i < 27; i++)
      await createTestOrder(t.db, shopper.id, { createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) });
    const first = (await listLoader("?to=2025-01-01")).body;
    const second = (await listLoader("?to=2025-01-01&page=2")).body;
    expect(first).toMatchObject({ total: 27, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(27);
  });

  it("exports the filtered list as CSV: a header, one row per order, formulas made inert", async () => {
    await t.db
      .update(orders)
      .set({ customerName: `=HYPERLINK("x") ${marker}` })
      .where(eq(orders.id, ids.Bela!.id));
    const answer = await exportLoader(`?search=${marker}&payment=online`);
    expect(answer.status).toBe(200);
    expect(answer.headers?.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers?.get("content-disposition")).toMatch(
      /^attachment; filename="orders-online-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers?.get("cache-control")).toBe("no-store");
    const lines = answer.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^"Order number","Placed \(IST\)","Status","Customer"/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${ids.Chitra!.orderNumber}","2026-03-12 11:30","Cancelled"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") ${marker}"`);
    expect(lines[2]).toContain('"1499.00"');
    // items: the pieces of the order
    expect(lines[2]).toContain('"Online","1","1499.00"');
  });
});

/* ================= status changes ================= */

describe("status changes", () => {
  it("'Shipped' needs a courier and a tracking number, keeps them, texts the shopper and shows them on Track Your Order and in the account", async () => {
    const { productId } = await stockedProduct(5);
    const order = await place(productId);
    const refused = await setStatus(order.id, { status: "shipped", courier: "  ", trackingNumber: "" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      fieldErrors: {
        courier: ORDER_ADMIN_MESSAGES.courierRequired,
        trackingNumber: ORDER_ADMIN_MESSAGES.trackingRequired,
      },
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "confirmed", version: 0 });

    const shipped = await setStatus(order.id, {
      status: "shipped",
      courier: "Blue Dart",
      trackingNumber: "BD123456789IN",
    });
    expect(shipped.body).toMatchObject({ ok: true, version: 1, message: ORDER_ADMIN_MESSAGES.shipped });
    expect(await orderRow(order.id)).toMatchObject({
      status: "shipped",
      courier: "Blue Dart",
      trackingNumber: "BD123456789IN",
      version: 1,
    });

    const texts = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "order-shipped"), eq(outboxMessages.recipient, order.customerPhone)));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(order.orderNumber);
    expect(texts[0]!.body).toContain("Blue Dart");
    expect(texts[0]!.body).toContain("BD123456789IN");

    const [step] = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "shipped")));
    expect(step).toMatchObject({ fromStatus: "confirmed", actorKind: "staff", actorUserId: staffId });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorName: "Priya Shah", action: "status" });

    const tracked = await trackOrder(t.db, { orderNumber: order.orderNumber, contact: "nandini@example.com" });
    expect(tracked).toMatchObject({ courier: "Blue Dart", trackingNumber: "BD123456789IN" });
    expect(await getOrderForUser(t.db, order.userId, order.orderNumber)).toMatchObject({
      courier: "Blue Dart",
      trackingNumber: "BD123456789IN",
    });

    // the detail shows who did it
    const detail = (await detailLoader(order.id)).body;
    expect(detail.history.at(-1)).toMatchObject({ toStatus: "shipped", actorKind: "staff", actorName: "Priya Shah" });
    expect(detail.activity[0]).toMatchObject({ actorName: "Priya Shah" });
  });

  it("sets any status of spec section 4 and refuses setting the one it has", async () => {
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id, { status: "confirmed" });
    for (const status of ["pending", "processing", "delivered", "completed", "confirmed"]) {
      expect((await setStatus(order.id, { status })).body, status).toMatchObject({ ok: true });
      expect((await orderRow(order.id)).status).toBe(status);
    }
    expect((await setStatus(order.id, { status: "confirmed" })).body).toMatchObject({
      ok: false,
      formError: ORDER_ADMIN_MESSAGES.sameStatus("confirmed"),
    });
    expect((await setStatus(order.id, { status: "pending_payment" })).status).toBe(400);
    const steps = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.actorKind, "staff")));
    expect(steps).toHaveLength(5);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.id))),
    ).toHaveLength(5);
  });

  it("refuses a change made against an older version and keeps the newer one", async () => {
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id);
    const first = await setStatus(order.id, { status: "processing" }, { version: 0 });
    expect(first.body).toMatchObject({ ok: true, version: 1 });
    const second = await setStatus(
      order.id,
      { status: "cancelled", reason: "Customer called" },
      { version: 0, cookie: otherStaffCookie },
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ ok: false, conflict: true, formError: ORDER_ADMIN_MESSAGES.conflict });
    expect(await orderRow(order.id)).toMatchObject({ status: "processing", version: 1, cancellationReason: null });
  });

  it("cancelling needs a reason, sets cancelled_at, gives the stock back once (sent twice) and the coupon use once, and texts who waited for the size", async () => {
    const { productId, variantId, stockNow } = await stockedProduct(1, 99_900);
    const usedBefore = (await t.db.select().from(coupons).where(eq(coupons.code, "FLAT50")))[0]!.usedCount;
    const order = await place(productId, { coupon: "FLAT50" });
    expect(await stockNow()).toBe(0);
    expect((await t.db.select().from(coupons).where(eq(coupons.code, "FLAT50")))[0]!.usedCount).toBe(usedBefore + 1);
    expect(await requestBackInStock(t.db, { variantId, phone: "+919876500044" })).toBe("created");

    const noReason = await setStatus(order.id, { status: "cancelled", reason: " " });
    expect(noReason.body).toMatchObject({ ok: false, fieldErrors: { reason: ORDER_ADMIN_MESSAGES.reasonRequired } });

    const cancel = { status: "cancelled", reason: "Shopper asked to cancel" };
    const done = await setStatus(order.id, cancel, { version: 0 });
    expect(done.body).toMatchObject({ ok: true, message: ORDER_ADMIN_MESSAGES.cancelled });
    const again = await setStatus(order.id, cancel, { version: 0 });
    expect(again.body).toMatchObject({ ok: false, conflict: true });
    const againFresh = await setStatus(order.id, cancel);
    expect(againFresh.body).toMatchObject({ ok: false, formError: ORDER_ADMIN_MESSAGES.sameStatus("cancelled") });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", cancellationReason: "Shopper asked to cancel" });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await stockNow()).toBe(1);
    expect((await t.db.select().from(coupons).where(eq(coupons.code, "FLAT50")))[0]!.usedCount).toBe(usedBefore);
    const alerts = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "back-in-stock"), eq(outboxMessages.recipient, "+919876500044")));
    expect(alerts).toHaveLength(1);
    // cash on delivery: nothing to refund
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("gives the stock back once when two cancels arrive at the same time", async () => {
    const { productId, stockNow } = await stockedProduct(4);
    const order = await place(productId, { quantity: 3, coupon: "FLAT50" });
    const usedBefore = (await t.db.select().from(coupons).where(eq(coupons.code, "FLAT50")))[0]!.usedCount;
    expect(await stockNow()).toBe(1);
    const cancel = { status: "cancelled", reason: "Duplicate order" };
    const answers = await Promise.all([
      setStatus(order.id, cancel, { version: 0 }),
      setStatus(order.id, cancel, { version: 0, cookie: otherStaffCookie }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stockNow()).toBe(4);
    expect((await t.db.select().from(coupons).where(eq(coupons.code, "FLAT50")))[0]!.usedCount).toBe(usedBefore - 1);
    const cancels = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "cancelled")));
    expect(cancels).toHaveLength(1);
  });

  it("reopening a cancelled order takes its stock again, and is refused when the piece has sold out", async () => {
    const { productId, stockNow } = await stockedProduct(1);
    const order = await place(productId);
    await setStatus(order.id, { status: "cancelled", reason: "Out of area" });
    expect(await stockNow()).toBe(1);
    expect((await setStatus(order.id, { status: "processing" })).body).toMatchObject({ ok: true });
    expect(await stockNow()).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({
      status: "processing",
      cancelledAt: null,
      cancellationReason: null,
    });

    await setStatus(order.id, { status: "cancelled", reason: "Out of area" });
    await place(productId);
    const refused = await setStatus(order.id, { status: "processing" });
    expect(refused.status).toBe(409);
    expect((refused.body as { formError: string }).formError).toMatch(/^Not enough stock to reopen this order/);
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });

  it("an order awaiting its online payment can only be cancelled", async () => {
    const { productId, stockNow } = await stockedProduct(2);
    const order = await place(productId, { method: "online" });
    expect((await setStatus(order.id, { status: "processing" })).body).toMatchObject({
      ok: false,
      formError: ORDER_ADMIN_MESSAGES.awaitingPayment,
    });
    expect((await setStatus(order.id, { status: "cancelled", reason: "Not paid" })).body).toMatchObject({ ok: true });
    expect(await stockNow()).toBe(2);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });
});

/* ================= refunds through the test gateway ================= */

describe("cancelling a paid online order (test gateway, demo mode)", () => {
  it("refunds the whole payment once and shows the refund's state and id", async () => {
    const { productId, stockNow } = await stockedProduct(3);
    const { order, providerPaymentId } = await paidOnline(productId);
    expect(order.status).toBe("confirmed");
    const cancel = { status: "cancelled", reason: "Could not be delivered to the pincode" };
    const [a, b] = await Promise.all([
      setStatus(order.id, cancel, { version: 0 }),
      setStatus(order.id, cancel, { version: 0 }),
    ]);
    const ok = [a, b].find((x) => x.status === 200)!;
    expect(ok.body).toMatchObject({
      ok: true,
      refund: { message: ORDER_ADMIN_MESSAGES.refundProcessed, tone: "success" },
    });
    expect([a, b].filter((x) => x.status === 409)).toHaveLength(1);

    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "test",
      status: "processed",
      amountPaise: order.totalPaise,
      requestedBy: staffId,
    });
    expect(rows[0]!.providerRefundId).toMatch(/^rfnd_/);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    expect(payment).toMatchObject({ status: "refunded", amountRefundedPaise: order.totalPaise });
    expect(await stockNow()).toBe(3);

    const detail = (await detailLoader(order.id)).body;
    const paid = detail.payments.find((p) => p.providerPaymentId === providerPaymentId)!;
    expect(paid.refund).toMatchObject({
      status: "processed",
      providerRefundId: rows[0]!.providerRefundId,
      requestedBy: "Priya Shah",
    });
  });
});

/* ================= refunds through the fake Razorpay ================= */

describe("cancelling a paid online order (Razorpay)", () => {
  let fake: FakeRazorpay;
  let razorpay: FakeRazorpayShop | undefined;

  beforeAll(async () => {
    razorpay = await startFakeRazorpayShop();
    ({ fake } = razorpay);
  });

  afterAll(() => razorpay?.close());

  const refundCalls = () => fake.requests.filter((r) => r.method === "POST" && /\/refund$/.test(r.path));

  it("refunds through Razorpay's refunds API once, with an idempotency key", async () => {
    const { productId } = await stockedProduct(2);
    const { order, providerPaymentId } = await paidOnline(productId, { fake });
    const answer = await setStatus(order.id, { status: "cancelled", reason: "Shopper changed their mind" });
    expect(answer.body).toMatchObject({ ok: true, refund: { tone: "success" } });
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === providerPaymentId);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(order.totalPaise);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ provider: "razorpay", status: "processed", providerRefundId: made[0]!.id });
    const calls = refundCalls().filter((r) => r.path.includes(providerPaymentId));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`refund_${row!.id}`);
  });

  it("keeps a failed refund with its reason (the cancellation stands) and retries it with the same key", async () => {
    const { productId } = await stockedProduct(2);
    const { order, providerPaymentId } = await paidOnline(productId, { fake });
    fake.failNext(500, { times: 1 });
    const answer = await setStatus(order.id, { status: "cancelled", reason: "Damaged in the workshop" });
    expect(answer.body).toMatchObject({
      ok: true,
      refund: { message: ORDER_ADMIN_MESSAGES.refundFailed, tone: "error" },
    });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(failed).toMatchObject({ status: "failed", providerRefundId: null });
    expect(failed!.errorDescription).toMatch(/could not be reached/);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === providerPaymentId)).toHaveLength(0);

    const detail = (await detailLoader(order.id)).body;
    expect(detail.payments.find((p) => p.providerPaymentId === providerPaymentId)!.refund).toMatchObject({
      status: "failed",
    });

    const version = (await orderRow(order.id)).version;
    const stale = await detailAction(order.id, {
      intent: "retry-refund",
      version: String(version - 1),
      refundId: failed!.id,
    });
    expect(stale.body).toMatchObject({ ok: false, conflict: true });
    const retried = await detailAction(order.id, {
      intent: "retry-refund",
      version: String(version),
      refundId: failed!.id,
    });
    expect(retried.body).toMatchObject({ ok: true, refund: { message: ORDER_ADMIN_MESSAGES.refundProcessed } });
    const [processed] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(processed).toMatchObject({ id: failed!.id, status: "processed" });
    expect([...fake.refunds.values()].filter((r) => r.payment_id === providerPaymentId)).toHaveLength(1);
    const keys = new Set(
      refundCalls()
        .filter((r) => r.path.includes(providerPaymentId))
        .map((r) => r.idempotencyKey),
    );
    expect([...keys]).toEqual([`refund_${failed!.id}`]);
    // a processed refund is not asked again
    const done = await detailAction(order.id, {
      intent: "retry-refund",
      version: String(version + 1),
      refundId: failed!.id,
    });
    expect(done.body).toMatchObject({ ok: false, formError: ORDER_ADMIN_MESSAGES.refundDone });
  });

  it("a refund.processed webhook marks the shop's own pending refund processed, once", async () => {
    const { productId } = await stockedProduct(2);
    const { order, providerPaymentId } = await paidOnline(productId, { fake });
    await setStatus(order.id, { status: "cancelled", reason: "Wrong size ordered" });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    // as if the gateway had answered 'pending' at first
    await t.db.update(refunds).set({ status: "pending", processedAt: null }).where(eq(refunds.id, row!.id));
    await t.db
      .update(payments)
      .set({ status: "captured", amountRefundedPaise: 0 })
      .where(eq(payments.providerPaymentId, providerPaymentId));
    expect(await recordRefundWebhook(t.db, "razorpay", row!.providerRefundId!)).toBe(true);
    expect(await recordRefundWebhook(t.db, "razorpay", row!.providerRefundId!)).toBe(true);
    expect(await recordRefundWebhook(t.db, "razorpay", "rfnd_NotOursAtAll01")).toBe(false);
    expect((await t.db.select().from(refunds).where(eq(refunds.id, row!.id)))[0]).toMatchObject({
      status: "processed",
    });
    expect(
      (await t.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0],
    ).toMatchObject({ status: "refunded", amountRefundedPaise: order.totalPaise });
  });
});

/* ================= flagged payments ================= */

describe("payments that succeeded for orders that could not be confirmed", () => {
  /** An online order staff cancelled before its payment arrived: the payment is kept and flagged. */
  async function flagged(stock = 2) {
    const product = await stockedProduct(stock);
    const order = await place(product.productId, { method: "online" });
    const provider = shopPaymentProvider()!;
    const started = await startPayment(t.db, provider, { order, callbackUrl: `${BASE}/cb`, storeName: "Saanjh" });
    if (!started.ok || started.checkout.provider !== "test") throw new Error("no test session");
    expect((await setStatus(order.id, { status: "cancelled", reason: "Not paid in time" })).body).toMatchObject({
      ok: true,
    });
    const providerPaymentId = `pay_Late${Math.random().toString(36).slice(2, 10)}`;
    const { providerOrderId } = started.checkout;
    const reported = {
      id: providerPaymentId,
      orderId: providerOrderId,
      amountPaise: order.totalPaise,
      currency: "INR",
      status: "captured" as const,
      method: "card",
    };
    const settled = await settlePayment(t.db, {
      provider: "test",
      providerOrderId,
      outcome: { kind: "paid", payment: reported },
      source: "page",
    });
    expect(settled.state).toBe("flagged");
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    return { ...product, order: (await orderRow(order.id))!, payment: payment! };
  }

  it("lists them first with their payment, and confirms one through the paid confirmation (messages queued, stock taken again)", async () => {
    const { order, payment, stockNow } = await flagged();
    expect(await stockNow()).toBe(2);
    const list = (await listLoader("")).body;
    const row = list.flagged.find((f) => f.paymentId === payment.id);
    expect(row).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: "cancelled",
      confirmable: true,
      providerPaymentId: payment.providerPaymentId,
      flagReason: "Paid for a cancelled order",
    });

    const stale = await listAction({
      intent: "confirm-payment",
      orderId: order.id,
      version: String(order.version - 1),
      paymentId: payment.id,
    });
    expect(stale.body).toMatchObject({ ok: false, conflict: true });
    const confirmed = await listAction({
      intent: "confirm-payment",
      orderId: order.id,
      version: String(order.version),
      paymentId: payment.id,
    });
    expect(confirmed.body).toMatchObject({ ok: true, message: ORDER_ADMIN_MESSAGES.confirmed });
    const row2 = await orderRow(order.id);
    expect(row2).toMatchObject({ status: "confirmed", cancelledAt: null, cancellationReason: null });
    expect(row2.confirmedAt).toBeInstanceOf(Date);
    expect(await stockNow()).toBe(1);
    const messages = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "order-confirmed"));
    expect(
      messages
        .filter((m) => m.dedupeKey.endsWith(`:${order.orderNumber}`))
        .map((m) => m.channel)
        .sort(),
    ).toEqual(["email", "sms"]);
    expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({
      flaggedAt: null,
      flagReason: "Paid for a cancelled order",
    });
    expect((await listLoader("")).body.flagged.some((f) => f.paymentId === payment.id)).toBe(false);
    // twice: nothing more
    const twice = await listAction({
      intent: "confirm-payment",
      orderId: order.id,
      version: String(row2.version),
      paymentId: payment.id,
    });
    expect(twice.body).toMatchObject({ ok: false, formError: ORDER_ADMIN_MESSAGES.flagGone });
    expect(await stockNow()).toBe(1);
  });

  it("refunds one from the order page; the order stays cancelled and leaves the list", async () => {
    const { order, payment, stockNow } = await flagged();
    const refunded = await detailAction(order.id, {
      intent: "refund-payment",
      version: String(order.version),
      paymentId: payment.id,
    });
    expect(refunded.body).toMatchObject({ ok: true, refund: { message: ORDER_ADMIN_MESSAGES.refundProcessed } });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await stockNow()).toBe(2);
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([
      expect.objectContaining({ status: "processed", requestedBy: staffId }),
    ]);
    expect((await listLoader("")).body.flagged.some((f) => f.paymentId === payment.id)).toBe(false);
    const again = await detailAction(order.id, {
      intent: "refund-payment",
      version: String((await orderRow(order.id)).version),
      paymentId: payment.id,
    });
    expect(again.body).toMatchObject({ ok: false, formError: ORDER_ADMIN_MESSAGES.flagGone });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  it("refuses to confirm when the piece sold out meanwhile, and says to refund", async () => {
    const { order, payment, productId } = await flagged(1);
    await place(productId);
    const refused = await detailAction(order.id, {
      intent: "confirm-payment",
      version: String(order.version),
      paymentId: payment.id,
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { formError: string }).formError).toMatch(/Refund the payment instead\.$/);
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });
});

describe("a prepaid order that came back undelivered", () => {
  it("is closed for status changes, and its payment is refunded once from its page", async () => {
    const { productId, stockNow } = await stockedProduct(3);
    const { order } = await paidOnline(productId);
    const demo = demoCourierProvider({ pickupPincode: async () => "302001" });
    const staff = { id: staffId, name: "Priya Shah" };
    const parcel = await parcelOfOrder(t.db, order.id);
    const booked = await bookShipment(
      t.db,
      staff,
      { orderId: order.id, version: (await orderRow(order.id)).version, courierId: "demo-surface", parcel },
      demo,
    );
    expect(booked.ok).toBe(true);
    const shipment = (await shipmentsOfOrder(t.db, order.id))[0]!;
    const at = (m: number) => new Date(Date.UTC(2026, 10, 27, 8, m));
    await applyScans(
      t.db,
      shipment.id,
      [
        { status: "picked_up", code: "42", activity: "Picked up", location: null, occurredAt: at(1) },
        { status: "rto_initiated", code: "9", activity: "RTO initiated", location: null, occurredAt: at(2) },
        { status: "rto_delivered", code: "10", activity: "RTO delivered", location: null, occurredAt: at(3) },
      ],
      "webhook",
    );
    const back = (await shipmentsOfOrder(t.db, order.id))[0]!;
    expect((await receiveReturnedParcel(t.db, staff, { shipmentId: back.id, version: back.version })).ok).toBe(true);
    expect(await stockNow()).toBe(3);
    expect((await orderRow(order.id)).status).toBe("returned");

    // no status change offered or taken: cancelling would count the pieces back a second time
    expect((await setStatus(order.id, { status: "cancelled", reason: "Came back" })).status).toBe(409);
    expect(await stockNow()).toBe(3);

    const version = String((await orderRow(order.id)).version);
    const refunded = await detailAction(order.id, { intent: "refund-returned", version });
    expect(refunded.status).toBe(200);
    expect((refunded.body as { message: string }).message).toBe(ORDER_ADMIN_MESSAGES.returnedRefunded);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.amountPaise)).toEqual([order.totalPaise]);
    const again = await detailAction(order.id, {
      intent: "refund-returned",
      version: String((await orderRow(order.id)).version),
    });
    expect(again.status).toBe(409);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });
});
