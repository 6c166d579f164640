import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type Db } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import type { Actor } from "../../app/modules/audit/index.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { addLine } from "../../app/modules/cart/cart.server";
import {
  settlePayment,
  shopPaymentProvider,
  startPayment,
  sweepExpiredPayments,
} from "../../app/modules/checkout/payment-flow.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import type { StatusChange } from "../../app/modules/orders/admin-orders";
import { findOrderByNumber, type OrderRow } from "../../app/modules/orders/orders.server";
import {
  changeOrderStatus,
  refundFlaggedPayment,
  retryRefund,
  type ChangeDeps,
} from "../../app/modules/admin/orders/staff-changes.server";
import type { PaymentProvider } from "../../app/modules/payments/provider.server";
import { markRefundProcessed } from "../../app/modules/payments/refunds.server";
import { payments, refunds } from "../../app/modules/payments/schema.server";
import type { FakeRazorpay } from "../fakes/razorpay/fake-razorpay";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { TEST_BASE } from "../factories/sessions";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";
import { startFakeRazorpayShop, type FakeRazorpayShop } from "../support/fake-razorpay-shop";

/*
 * The shopper is told of every change to her order that she did not make herself: cancelled by staff
 * (with the reason) or lapsed unpaid, a refund when it is decided and when the gateway has processed
 * it (after staff's request, a retry or the refund.processed webhook), shipped (and a new tracking
 * number), delivered. Each test reads the outbox as the worker will send it: the words of the SMS and
 * of the e-mail's subject, text and HTML, to the order's own phone and address, queued once, and
 * nothing when the change's transaction rolls back.
 */

const t = setupTestDatabase();
countPageCachePurges();
let staff: Actor;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  const created = await createStaffAccount(t.db, getAuth(), {
    name: "Priya Shah",
    email: "priya.updates@example.com",
    password: "kesar-mango-42",
  });
  staff = { id: created.userId, name: "Priya Shah" };
});

/* ---------- orders ---------- */

let shopperCount = 0;

async function place(method: "cod" | "online"): Promise<OrderRow> {
  shopperCount += 1;
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 5, pricePaise: 149_900 });
  const shopper = await createTestShopper(t.db);
  await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 });
  return placeCheckoutOrder(t.db, {
    userId: shopper.id,
    form: checkoutForm({
      email: `meera.${shopperCount}@example.com`,
      phone: `98765 ${String(43200 + shopperCount)}`,
      address: "12 Kamarajar Salai",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600004",
      paymentMethod: method,
    }),
  });
}

/** An online order paid through the configured gateway: the test gateway, or the fake Razorpay. */
async function paidOnline(options: { fake?: FakeRazorpay; method?: string } = {}): Promise<OrderRow> {
  const order = await place("online");
  const provider = shopPaymentProvider()!;
  const started = await startPayment(t.db, provider, {
    order,
    callbackUrl: `${TEST_BASE}/api/payments/razorpay/callback`,
    storeName: "Saanjh",
  });
  if (!started.ok) throw new Error(started.message);
  const providerOrderId =
    started.checkout.provider === "razorpay" ? started.checkout.options.order_id : started.checkout.providerOrderId;
  const method = options.method ?? "upi";
  const id = options.fake
    ? options.fake.pay(providerOrderId, { method }).payment.id
    : `pay_Test${Math.random().toString(36).slice(2, 12)}`;
  const payment = {
    id,
    orderId: providerOrderId,
    amountPaise: order.totalPaise,
    currency: "INR",
    status: "captured" as const,
    method,
  };
  expect(
    (
      await settlePayment(t.db, {
        provider: provider.name,
        providerOrderId,
        outcome: { kind: "paid", payment },
        source: "page",
      })
    ).state,
  ).toBe("confirmed");
  return (await findOrderByNumber(t.db, order.orderNumber))!;
}

const current = async (order: OrderRow) => (await findOrderByNumber(t.db, order.orderNumber))!;

async function setStatus(order: OrderRow, change: StatusChange, deps: ChangeDeps = {}, db: Db = t.db) {
  const { version } = (await findOrderByNumber(db, order.orderNumber))!;
  return changeOrderStatus(db, staff, { orderId: order.id, version, change }, deps);
}

const cancel = (reason: string): StatusChange => ({ status: "cancelled", reason });
const orderUrl = (order: OrderRow) => `${TEST_BASE}/account/orders/${order.orderNumber}`;

/* ---------- the outbox ---------- */

interface Row {
  kind: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
}

/** The order's messages after the confirmation, as the worker will send them. */
async function updatesOf(order: OrderRow, kind?: string): Promise<Row[]> {
  const rows = await t.db
    .select({
      kind: outboxMessages.kind,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      html: outboxMessages.html,
    })
    .from(outboxMessages)
    .where(
      and(like(outboxMessages.dedupeKey, `%:${order.orderNumber}%`), kind ? eq(outboxMessages.kind, kind) : undefined),
    )
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.kind), asc(outboxMessages.channel));
  return rows.filter((r) => r.kind !== "order-confirmed");
}

/** One message of `kind`: its text and its e-mail, each to the order's own phone and address, once. */
async function messageOf(
  order: OrderRow,
  kind: string,
): Promise<{ sms: string; subject: string; text: string; html: string }> {
  const rows = await updatesOf(order, kind);
  expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
    ["email", order.customerEmail],
    ["sms", order.customerPhone],
  ]);
  const [email, sms] = rows as [Row, Row];
  return { sms: sms.body, subject: email.subject!, text: email.body, html: email.html! };
}

const kindsOf = async (order: OrderRow) => (await updatesOf(order)).map((r) => `${r.kind}/${r.channel}`);

/** The HTML's visible text, roughly. */
function visible(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<div style="display:none[^>]*>[^<]*<\/div>/, "")
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

class Rollback extends Error {}

/** Runs `work` in a transaction that then rolls back, as a failure after the change would. */
async function rolledBack(work: (db: Db) => Promise<unknown>): Promise<void> {
  await expect(
    inTransaction(t.db, async (tx) => {
      await work(tx as unknown as Db);
      throw new Rollback("rolled back");
    }),
  ).rejects.toThrow(Rollback);
}

/* ================= staff changes, test gateway ================= */

describe("cancelled by staff", () => {
  it("tells the shopper why, and announces the refund when it is decided and when the gateway has processed it, each once", async () => {
    const order = await paidOnline({ method: "upi" });
    const answer = await setStatus(order, cancel("We could not deliver to your pincode"));
    expect(answer).toMatchObject({ ok: true, refunds: [{ state: "processed" }] });
    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
      "refund-processed/email",
      "refund-processed/sms",
    ]);

    const cancelled = await messageOf(order, "order-cancelled");
    expect(cancelled.sms).toBe(
      `Saanjh: order ${order.orderNumber} cancelled: We could not deliver to your pincode. ${orderUrl(order)}`,
    );
    expect(cancelled.subject).toBe(`Your Saanjh order ${order.orderNumber} has been cancelled`);
    expect(cancelled.text).toMatch(/^Hello Meera Iyer,$/m);
    expect(cancelled.text).toMatch(/^Reason: +We could not deliver to your pincode\.$/m);
    expect(cancelled.text).toContain(
      "The ₹1,499.00 you paid is being refunded in full: a separate message tells you where it goes and when.",
    );
    expect(visible(cancelled.html)).toContain(
      `Your order has been cancelled We are sorry: your order ${order.orderNumber} has been cancelled. Reason We could not deliver to your pincode.`,
    );
    expect(cancelled.html).toContain(`href="${orderUrl(order)}"`);

    const issued = await messageOf(order, "refund-issued");
    expect(issued.sms).toBe(
      `Saanjh: refunding Rs.1,499.00 for order ${order.orderNumber} to your UPI, usually within 7 working days. ${orderUrl(order)}`,
    );
    expect(issued.subject).toBe(`Your refund of ₹1,499.00 for Saanjh order ${order.orderNumber} has started`);
    expect(issued.text).toMatch(/^Refunded to: +The UPI account you paid with$/m);
    expect(issued.text).toMatch(/^Usually shows within: +7 working days$/m);
    expect(visible(issued.html)).toContain(
      "Amount ₹1,499.00 Refunded to The UPI account you paid with Usually shows within 7 working days",
    );

    const processed = await messageOf(order, "refund-processed");
    expect(processed.sms).toBe(
      `Saanjh: your refund of Rs.1,499.00 for order ${order.orderNumber} has been sent to your UPI. Details: ${orderUrl(order)}`,
    );
    expect(processed.subject).toBe(`Your refund of ₹1,499.00 for Saanjh order ${order.orderNumber} has been sent`);
    expect(processed.text).toContain(
      `Your refund of ₹1,499.00 for order ${order.orderNumber} has been processed and sent to the UPI account you paid with.`,
    );
    expect(visible(processed.html)).toContain("Your refund has been sent");

    // a second save, and a retry of the processed refund, queue nothing more
    expect(await setStatus(order, cancel("We could not deliver to your pincode"))).toMatchObject({ ok: false });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(
      await retryRefund(t.db, staff, {
        orderId: order.id,
        version: (await current(order)).version,
        refundId: refund!.id,
      }),
    ).toMatchObject({ ok: false });
    expect(await markRefundProcessed(t.db, refund!.id, refund!.providerRefundId)).toBe(false);
    expect(await updatesOf(order)).toHaveLength(6);
  });

  it("tells a cash-on-delivery shopper nothing is due, and sends no refund message", async () => {
    const order = await place("cod");
    expect(await setStatus(order, cancel("Out of stock"))).toMatchObject({ ok: true, refunds: [] });
    expect(await kindsOf(order)).toEqual(["order-cancelled/email", "order-cancelled/sms"]);
    const { sms, text } = await messageOf(order, "order-cancelled");
    expect(sms).toBe(
      `Saanjh: order ${order.orderNumber} has been cancelled: Out of stock. Details: ${orderUrl(order)}`,
    );
    expect(text).toContain("Nothing is due: the order was to be paid on delivery.");
    expect(text).not.toMatch(/refund/i);
  });

  it("tells the shopper of an online order cancelled before it was paid that nothing was charged", async () => {
    const order = await place("online");
    expect(await setStatus(order, cancel("Not paid"))).toMatchObject({ ok: true });
    const { sms, text } = await messageOf(order, "order-cancelled");
    expect(sms).toBe(
      `Saanjh: order ${order.orderNumber} has been cancelled: Not paid. Nothing was charged. Details: ${orderUrl(order)}`,
    );
    expect(text).toContain("Nothing was charged for this order.");
    expect(await kindsOf(order)).toEqual(["order-cancelled/email", "order-cancelled/sms"]);
  });

  it("queues nothing when the cancellation's transaction rolls back, and once when it commits", async () => {
    const order = await paidOnline();
    await rolledBack((db) => setStatus(order, cancel("Out of stock"), { provider: null }, db));
    expect((await current(order)).status).toBe("confirmed");
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await updatesOf(order)).toEqual([]);

    expect(await setStatus(order, cancel("Out of stock"))).toMatchObject({ ok: true });
    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
      "refund-processed/email",
      "refund-processed/sms",
    ]);
  });

  it("announces the refund of a flagged payment (paid after staff cancelled), once", async () => {
    const order = await place("online");
    const provider = shopPaymentProvider()!;
    const started = await startPayment(t.db, provider, { order, callbackUrl: `${TEST_BASE}/cb`, storeName: "Saanjh" });
    if (!started.ok || started.checkout.provider !== "test") throw new Error("no test session");
    await setStatus(order, cancel("Not paid in time"));
    const { providerOrderId } = started.checkout;
    const reported = {
      id: `pay_Late${Math.random().toString(36).slice(2, 10)}`,
      orderId: providerOrderId,
      amountPaise: order.totalPaise,
      currency: "INR",
      status: "captured" as const,
      method: "card",
    };
    expect(
      (
        await settlePayment(t.db, {
          provider: "test",
          providerOrderId,
          outcome: { kind: "paid", payment: reported },
          source: "page",
        })
      ).state,
    ).toBe("flagged");
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, reported.id));

    const input = { orderId: order.id, version: (await current(order)).version, paymentId: payment!.id };
    expect(await refundFlaggedPayment(t.db, staff, input)).toMatchObject({
      ok: true,
      refunds: [{ state: "processed" }],
    });
    expect(
      await refundFlaggedPayment(t.db, staff, { ...input, version: (await current(order)).version }),
    ).toMatchObject({ ok: false });
    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
      "refund-processed/email",
      "refund-processed/sms",
    ]);
    expect((await messageOf(order, "refund-issued")).sms).toBe(
      `Saanjh: Rs.1,499.00 refund for ${order.orderNumber} to your card, usually in 7 working days. ${orderUrl(order)}`,
    );
    expect((await messageOf(order, "refund-processed")).text).toContain(
      "has been processed and sent to the card you paid with.",
    );
  });
});

describe("shipped", () => {
  it("texts and e-mails the courier, the tracking number and the links; a new tracking number is sent once more, a repeated save or a rollback never", async () => {
    const order = await place("cod");
    const ship = (courier: string, trackingNumber: string): StatusChange => ({
      status: "shipped",
      courier,
      trackingNumber,
      note: null,
    });
    // a rollback after the change queues nothing
    await rolledBack((db) => setStatus(order, ship("Blue Dart", "BD123456789IN"), {}, db));
    expect((await current(order)).status).toBe("confirmed");
    expect(await updatesOf(order)).toEqual([]);

    expect(await setStatus(order, ship("Blue Dart", "BD123456789IN"))).toMatchObject({ ok: true });
    const shipped = await messageOf(order, "order-shipped");
    expect(shipped.sms).toBe(
      `Saanjh: order ${order.orderNumber} has shipped with Blue Dart, tracking number BD123456789IN. Track: ${orderUrl(order)}`,
    );
    expect(shipped.subject).toBe(`Your Saanjh order ${order.orderNumber} has shipped`);
    expect(shipped.text).toMatch(/^Courier: +Blue Dart$/m);
    expect(shipped.text).toMatch(/^Tracking number: +BD123456789IN$/m);
    expect(shipped.text).toContain(
      `Track your order: ${orderUrl(order)}\nTrack without signing in: ${TEST_BASE}/track-order`,
    );
    expect(visible(shipped.html)).toContain("Courier Blue Dart Tracking number BD123456789IN");
    expect(shipped.html).toContain(`href="${TEST_BASE}/track-order"`);

    // the same tracking saved again is refused and sends nothing; a new number is sent once
    expect(await setStatus(order, ship("Blue Dart", "BD123456789IN"))).toMatchObject({ ok: false });
    expect(await setStatus(order, ship("Delhivery", "1234567890123"))).toMatchObject({ ok: true });
    expect(await setStatus(order, ship("Delhivery", "1234567890123"))).toMatchObject({ ok: false });
    const rows = await updatesOf(order, "order-shipped");
    expect(rows.map((r) => r.channel)).toEqual(["email", "sms", "email", "sms"]);
    expect(rows[3]!.body).toBe(
      `Saanjh: new tracking for order ${order.orderNumber}: Delhivery, tracking number 1234567890123. Track: ${orderUrl(order)}`,
    );
    expect(rows[2]!.subject).toBe(`New tracking number for your Saanjh order ${order.orderNumber}`);
    expect(rows[2]!.body).toMatch(/^Tracking number: +1234567890123$/m);
  });
});

describe("delivered", () => {
  it("is announced once, with the order's link and the return policy", async () => {
    const order = await place("cod");
    await setStatus(order, { status: "shipped", courier: "Blue Dart", trackingNumber: "BD7", note: null });
    await rolledBack((db) => setStatus(order, { status: "delivered", note: null }, {}, db));
    expect(await updatesOf(order, "order-delivered")).toEqual([]);

    expect(await setStatus(order, { status: "delivered", note: null })).toMatchObject({ ok: true });
    const delivered = await messageOf(order, "order-delivered");
    expect(delivered.sms).toBe(
      `Saanjh: order ${order.orderNumber} has been delivered. We hope you love it! Your order: ${orderUrl(order)}`,
    );
    expect(delivered.subject).toBe(`Your Saanjh order ${order.orderNumber} has been delivered`);
    expect(delivered.text).toContain(`Your order ${order.orderNumber} has been delivered. We hope you love it.`);
    expect(delivered.html).toContain(`href="${TEST_BASE}/return-policy"`);
    // completed, then delivered again by mistake: still one text and one e-mail
    await setStatus(order, { status: "completed", note: null });
    await setStatus(order, { status: "delivered", note: null });
    expect(await updatesOf(order, "order-delivered")).toHaveLength(2);
    // a status the shopper is not told of
    expect(await kindsOf(order)).toEqual([
      "order-shipped/email",
      "order-shipped/sms",
      "order-delivered/email",
      "order-delivered/sms",
    ]);
  });
});

/* ================= the sweep of unpaid orders ================= */

describe("lapsed unpaid", () => {
  it("says the order was not paid in time and nothing was charged, links to the shop, once; nothing on a rollback", async () => {
    const order = await place("online");
    const later = new Date(order.paymentDueAt!.getTime() + 1_000);
    await rolledBack((db) => sweepExpiredPayments(db, null, { now: later }));
    expect((await current(order)).status).toBe("pending_payment");
    expect(await updatesOf(order)).toEqual([]);

    await sweepExpiredPayments(t.db, null, { now: later });
    expect((await current(order)).status).toBe("cancelled");
    const lapsed = await messageOf(order, "order-cancelled");
    expect(lapsed.sms).toBe(
      `Saanjh: order ${order.orderNumber} was not paid in time, so it has been cancelled. Nothing was charged. Shop again: ${TEST_BASE}`,
    );
    expect(lapsed.subject).toBe(`Your Saanjh order ${order.orderNumber} was not paid in time`);
    expect(lapsed.text).toContain(
      `Your order ${order.orderNumber} has been cancelled because its online payment was not completed in time.`,
    );
    expect(lapsed.text).toContain("Nothing was charged.");
    expect(lapsed.text).toContain(`Shop again: ${TEST_BASE}\nThe cancelled order: ${orderUrl(order)}`);
    expect(lapsed.html).toContain(`href="${TEST_BASE}"`);

    await sweepExpiredPayments(t.db, null, { now: new Date(later.getTime() + 60_000) });
    expect(await updatesOf(order)).toHaveLength(2);
  });
});

/* ================= Razorpay: a refund processed later ================= */

describe("a refund Razorpay processes later", () => {
  let fake: FakeRazorpay;
  let webhookUrl = "";
  let razorpay: FakeRazorpayShop | undefined;

  beforeAll(async () => {
    razorpay = await startFakeRazorpayShop({ webhook: true });
    ({ fake, webhookUrl } = razorpay);
  });

  afterAll(() => razorpay?.close());

  /** Razorpay as configured, except that it answers every refund 'pending', as it does for normal-speed refunds. */
  function pendingRefunds(): PaymentProvider {
    const real = shopPaymentProvider()!;
    return {
      name: real.name,
      createPaymentSession: (order, options) => real.createPaymentSession(order, options),
      verifyReturn: (input) => real.verifyReturn(input),
      findPayments: (id) => real.findPayments(id),
      refund: async (input) => ({ ...(await real.refund(input)), status: "pending" }),
    };
  }

  it("is announced as processed once, by the refund.processed webhook, however often it comes; nothing on a rollback", async () => {
    const order = await paidOnline({ fake, method: "netbanking" });
    expect(await setStatus(order, cancel("Out of stock"), { provider: pendingRefunds() })).toMatchObject({
      ok: true,
      refunds: [{ state: "pending" }],
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: "pending", provider: "razorpay" });
    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
    ]);
    expect((await messageOf(order, "refund-issued")).text).toMatch(/^Refunded to: +The bank account you paid from$/m);

    await rolledBack((db) => markRefundProcessed(db, refund!.id, refund!.providerRefundId));
    expect(await updatesOf(order, "refund-processed")).toEqual([]);

    const eventId = `evt_refund_${refund!.id.slice(0, 8)}`;
    for (const id of [eventId, eventId, `${eventId}_again`]) {
      const delivery = await fake.sendWebhook("refund.processed", {
        url: webhookUrl,
        refundId: refund!.providerRefundId!,
        eventId: id,
      });
      expect(delivery.status).toBe(200);
    }
    expect((await t.db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({
      status: "processed",
    });
    const processed = await messageOf(order, "refund-processed");
    expect(processed.sms).toBe(
      `Saanjh: your refund of Rs.1,499.00 for ${order.orderNumber} has been sent to your bank account. ${orderUrl(order)}`,
    );
    expect(processed.text).toContain(
      `Your refund of ₹1,499.00 for order ${order.orderNumber} has been processed and sent to the bank account you paid from.`,
    );
  });

  it("is announced once when staff retry a failed refund, and the webhook after it adds nothing", async () => {
    const order = await paidOnline({ fake });
    fake.failNext(500, { times: 1 });
    expect(await setStatus(order, cancel("Damaged in the workshop"))).toMatchObject({
      ok: true,
      refunds: [{ state: "failed" }],
    });
    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
    ]);

    const [failed] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const retried = await retryRefund(t.db, staff, {
      orderId: order.id,
      version: (await current(order)).version,
      refundId: failed!.id,
    });
    expect(retried).toMatchObject({ ok: true, refunds: [{ state: "processed" }] });
    const [done] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(
      (await fake.sendWebhook("refund.processed", { url: webhookUrl, refundId: done!.providerRefundId! })).status,
    ).toBe(200);

    expect(await kindsOf(order)).toEqual([
      "order-cancelled/email",
      "order-cancelled/sms",
      "refund-issued/email",
      "refund-issued/sms",
      "refund-processed/email",
      "refund-processed/sms",
    ]);
    expect((await messageOf(order, "refund-processed")).sms).toContain(
      `Rs.1,499.00 for order ${order.orderNumber} has been sent to your UPI.`,
    );
  });
});
