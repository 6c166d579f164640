import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import {
  PaymentGatewayError,
  type PaymentProvider,
  paymentProviderFor,
  requestRefunds,
  requestReturnRefund,
  settleRefunds,
} from "../../app/modules/payments/index.server";
import { testGatewayProvider } from "../../app/modules/payments/test-gateway.server";
import { payments, refunds } from "../../app/modules/payments/schema.server";
import type { StaffOrderDetail } from "../../app/modules/reports/admin-orders.server";
import { returnRequests } from "../../app/modules/returns/schema.server";
import { getConfig } from "../../app/config.server";
import { PaymentsPanel } from "../../app/components/admin/orders/payments-panel";
import * as detailRoute from "../../app/routes/admin.orders.$id";
import { createTestOrder, createTestShopper } from "../factories/orders";
import { routeRequest, type RouteArgs, settle, signedInStaff } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { startFakeRazorpayShop, type FakeRazorpayShop } from "../support/fake-razorpay-shop";

/*
 * A return's refund (decision 042) through the payments module's face, as the returns module calls it:
 * the accepted pieces' worth refunded against the order's captured gateway payments oldest first, never
 * more than each has left; asked twice (one after the other or at the same time) it makes one set of
 * rows; the gateway is asked after the commit with the row's own idempotency key, so a replay refunds
 * once; a later whole-order refund gives back only what is left; cash on delivery, an unpaid order and a
 * payment still flagged for staff get nothing. Staff see each return's refund on the order's page.
 */

const t = setupTestDatabase();
const gateway = testGatewayProvider({ keySecret: "return-refunds-test-secret" });
let staff: { id: string; cookie: string };

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  staff = await signedInStaff(
    t.db,
    { name: "Priya Shah", email: "priya.returns@example.com", password: "kesar-mango-42" },
    "203.0.113.90",
  );
});

interface TestPayment {
  amountPaise: number;
  provider?: "test" | "razorpay" | "cod";
  status?: "created" | "captured";
  refundedPaise?: number;
  flagged?: boolean;
  providerPaymentId?: string;
}

/** A delivered order of two ₹1,499 kurtas with the given payments, oldest first. */
async function deliveredOrder(list: TestPayment[], paymentMethod: "online" | "cod" = "online") {
  const shopper = await createTestShopper(t.db);
  const order = await createTestOrder(t.db, shopper.id, {
    status: "delivered",
    paymentMethod,
    lines: [{ name: "Indigo Cotton Kurta", unitPricePaise: 149_900, quantity: 2 }],
  });
  const ids: string[] = [];
  for (const [i, p] of list.entries()) {
    const captured = (p.status ?? "captured") === "captured";
    const [row] = await t.db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: p.provider ?? "test",
        providerOrderId: p.provider === "cod" ? null : `order_Ret${randomUUID().slice(0, 10)}`,
        providerPaymentId: captured ? (p.providerPaymentId ?? `pay_Ret${randomUUID().slice(0, 10)}`) : null,
        amountPaise: p.amountPaise,
        amountRefundedPaise: p.refundedPaise ?? 0,
        status: p.status ?? "captured",
        method: "upi",
        capturedAt: captured ? new Date(Date.now() - 86_400_000 + i * 60_000) : null,
        flaggedAt: p.flagged ? new Date() : null,
        flagReason: p.flagged ? "Payment arrived after the order lapsed" : null,
        createdAt: new Date(Date.now() - 86_400_000 + i * 60_000),
      })
      .returning({ id: payments.id });
    ids.push(row!.id);
  }
  return { order, shopper, paymentIds: ids };
}

/** A return request of the order, as the returns module writes one. */
async function returnOf(order: { id: string; orderNumber: string }, userId: string, n = 1): Promise<string> {
  const [row] = await t.db
    .insert(returnRequests)
    .values({
      returnNumber: `${order.orderNumber}-R${n}`,
      orderId: order.id,
      userId,
      status: "received",
      resolution: "refund",
      reason: "damaged",
    })
    .returning({ id: returnRequests.id });
  return row!.id;
}

const ask = (orderId: string, returnId: string, amountPaise: number) =>
  inTransaction(t.db, (tx) => requestReturnRefund(tx, { orderId, returnId, amountPaise, requestedBy: staff.id }));

/** The order page's Payments card as staff read it. */
function paymentsCardText(detail: StaffOrderDetail): string {
  const path = `/admin/orders/${detail.order.id}`;
  const Stub = createRoutesStub([{ path, Component: () => createElement(PaymentsPanel, { detail }) }]);
  return renderToString(createElement(Stub, { initialEntries: [path] }))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

const staffPage = async (orderId: string) =>
  (
    await settle<StaffOrderDetail>(() =>
      detailRoute.loader({
        request: routeRequest(`/admin/orders/${orderId}`, staff.cookie),
        params: { id: orderId },
        context: {},
      } as unknown as RouteArgs<typeof detailRoute.loader>),
    )
  ).body;

describe("a return's refund through the test gateway", () => {
  it("refunds one piece's worth, tells the shopper it is for the returned pieces, and settles once", async () => {
    const { order, shopper, paymentIds } = await deliveredOrder([{ amountPaise: 299_800 }]);
    const returnId = await returnOf(order, shopper.id);

    const asked = await ask(order.id, returnId, 149_900);
    expect(asked.refundablePaise).toBe(149_900);
    expect(asked.refunds).toHaveLength(1);
    expect(asked.refunds[0]).toMatchObject({
      paymentId: paymentIds[0],
      amountPaise: 149_900,
      status: "pending",
      purpose: `return:${returnId}`,
      requestedBy: staff.id,
    });

    const [sms] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `refund-issued:sms:${order.orderNumber}:${asked.refunds[0]!.id}`));
    expect(sms!.body).toContain("Rs.1,499.00");
    expect(sms!.body).toContain("refund for your return from");
    expect(sms!.body).toContain("to your UPI");
    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `refund-issued:email:${order.orderNumber}:${asked.refunds[0]!.id}`));
    expect(email!.subject).toContain("your return");
    expect(email!.body).toContain(`for the pieces you returned from your order ${order.orderNumber}`);

    const ids = asked.refunds.map((r) => r.id);
    const [first] = await settleRefunds(t.db, ids, { provider: gateway });
    expect(first).toMatchObject({ state: "processed", refund: { amountPaise: 149_900 } });
    expect(first!.refund.providerRefundId).toMatch(/^rfnd_/);
    // settled again (a second press, a retry): already processed, nothing more refunded
    const [again] = await settleRefunds(t.db, ids, { provider: gateway });
    expect(again!.refund.providerRefundId).toBe(first!.refund.providerRefundId);
    expect(await paymentRow(paymentIds[0]!)).toMatchObject({ amountRefundedPaise: 149_900, status: "captured" });
    const processed = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.dedupeKey, `refund-processed:sms:${order.orderNumber}:%`));
    expect(processed).toHaveLength(1);
    expect(processed[0]!.body).toMatch(/return/);

    // staff see it on the order's page, named by its return, beside the payment
    const page = await staffPage(order.id);
    const paid = page.payments.find((p) => p.id === paymentIds[0])!;
    expect(paid.refund).toBeNull();
    expect(paid.returnRefunds).toEqual([
      expect.objectContaining({ amountPaise: 149_900, status: "processed", returnNumber: `${order.orderNumber}-R1` }),
    ]);
  });

  it("spreads a refund over the payments oldest first, each at most what it has left, and says how much it placed", async () => {
    const { order, shopper, paymentIds } = await deliveredOrder([
      { amountPaise: 100_000, refundedPaise: 20_000 },
      { amountPaise: 50_000 },
    ]);
    const first = await ask(order.id, await returnOf(order, shopper.id, 1), 120_000);
    expect(first.refundablePaise).toBe(120_000);
    expect(first.refunds.map((r) => [r.paymentId, r.amountPaise])).toEqual([
      [paymentIds[0], 80_000],
      [paymentIds[1], 40_000],
    ]);
    // the first return's refunds are not sent yet: they still hold their money
    const second = await ask(order.id, await returnOf(order, shopper.id, 2), 50_000);
    expect(second.refundablePaise).toBe(10_000);
    expect(second.refunds.map((r) => [r.paymentId, r.amountPaise])).toEqual([[paymentIds[1], 10_000]]);
    const third = await ask(order.id, await returnOf(order, shopper.id, 3), 1_000);
    expect(third).toEqual({ refunds: [], refundablePaise: 0 });
  });

  it("makes one set of rows when the same return is refunded twice at once, and again later", async () => {
    const { order, shopper, paymentIds } = await deliveredOrder([{ amountPaise: 60_000 }, { amountPaise: 240_000 }]);
    const returnId = await returnOf(order, shopper.id);
    const [a, b] = await Promise.all([ask(order.id, returnId, 149_900), ask(order.id, returnId, 149_900)]);
    expect(a.refundablePaise).toBe(149_900);
    expect(b.refundablePaise).toBe(149_900);
    expect(a.refunds.map((r) => r.id).sort()).toEqual(b.refunds.map((r) => r.id).sort());
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.paymentId, r.amountPaise]).sort()).toEqual(
      [
        [paymentIds[0], 60_000],
        [paymentIds[1], 89_900],
      ].sort(),
    );
    const later = await ask(order.id, returnId, 149_900);
    expect(later.refunds.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const issued = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.dedupeKey, `refund-issued:sms:${order.orderNumber}:%`));
    expect(issued).toHaveLength(2);
  });

  it("never gives back more than the payment: a later whole-order refund takes only what the returns left", async () => {
    const { order, shopper, paymentIds } = await deliveredOrder([{ amountPaise: 299_800 }]);
    const settled = await ask(order.id, await returnOf(order, shopper.id, 1), 149_900);
    await settleRefunds(
      t.db,
      settled.refunds.map((r) => r.id),
      { provider: gateway },
    );
    const pending = await ask(order.id, await returnOf(order, shopper.id, 2), 50_000);
    expect(pending.refundablePaise).toBe(50_000);

    const whole = await inTransaction(t.db, (tx) => requestRefunds(tx, { orderId: order.id, requestedBy: staff.id }));
    expect(whole.map((r) => [r.purpose, r.amountPaise])).toEqual([["order", 99_900]]);
    // asked again: the payment has its whole-order refund already
    expect(await inTransaction(t.db, (tx) => requestRefunds(tx, { orderId: order.id, requestedBy: null }))).toEqual([]);
    const outcomes = await settleRefunds(
      t.db,
      [...pending.refunds, ...whole].map((r) => r.id),
      { provider: gateway },
    );
    expect(outcomes.map((o) => o.state)).toEqual(["processed", "processed"]);
    expect(await paymentRow(paymentIds[0]!)).toMatchObject({ amountRefundedPaise: 299_800, status: "refunded" });
    expect(await ask(order.id, await returnOf(order, shopper.id, 3), 10_000)).toEqual({
      refunds: [],
      refundablePaise: 0,
    });

    const page = await staffPage(order.id);
    const paid = page.payments.find((p) => p.id === paymentIds[0])!;
    expect(paid.refund).toMatchObject({ amountPaise: 99_900, status: "processed" });
    expect(paid.returnRefunds.map((r) => [r.returnNumber, r.amountPaise])).toEqual([
      [`${order.orderNumber}-R1`, 149_900],
      [`${order.orderNumber}-R2`, 50_000],
    ]);
    const card = paymentsCardText(page);
    expect(card).toContain(`Refund of ₹1,499 · Return ${order.orderNumber}-R1`);
    expect(card).toContain(`Refund of ₹500 · Return ${order.orderNumber}-R2`);
    expect(card).toContain("Refund of ₹999");
  });

  it("gives nothing for cash on delivery, an unpaid payment or a payment still flagged for staff", async () => {
    const cases = [
      await deliveredOrder([{ amountPaise: 299_800, provider: "cod", status: "created" }], "cod"),
      await deliveredOrder([{ amountPaise: 299_800, provider: "cod" }], "cod"),
      await deliveredOrder([{ amountPaise: 299_800, status: "created" }]),
      await deliveredOrder([{ amountPaise: 299_800, flagged: true }]),
      await deliveredOrder([]),
    ];
    for (const { order, shopper } of cases) {
      expect(await ask(order.id, await returnOf(order, shopper.id), 149_900)).toEqual({
        refunds: [],
        refundablePaise: 0,
      });
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    }
  });

  it("refuses an amount that is not a positive whole number of paise", async () => {
    const { order, shopper } = await deliveredOrder([{ amountPaise: 299_800 }]);
    const returnId = await returnOf(order, shopper.id);
    for (const amount of [0, -100, 10.5, Number.NaN])
      await expect(ask(order.id, returnId, amount)).rejects.toThrow(RangeError);
  });
});

describe("a return's refund through Razorpay (the fake)", () => {
  let shop: FakeRazorpayShop | undefined;

  beforeAll(async () => {
    shop = await startFakeRazorpayShop();
  });
  afterAll(() => shop?.close());

  it("asks Razorpay for a partial refund and, when the answer was lost, again with the same key: one refund", async () => {
    const fake = shop!.fake;
    const fakeOrder = fake.createOrder({ amount: 299_800, receipt: "returns-test" });
    const { payment: paid } = fake.pay(fakeOrder.id);
    const { order, shopper, paymentIds } = await deliveredOrder([
      { amountPaise: 299_800, provider: "razorpay", providerPaymentId: paid.id },
    ]);
    const asked = await ask(order.id, await returnOf(order, shopper.id), 149_900);
    const ids = asked.refunds.map((r) => r.id);
    const razorpay = paymentProviderFor(getConfig().payments)!;
    expect(razorpay.name).toBe("razorpay");

    // Razorpay makes the refund but its answer never arrives: recorded as failed, to be tried again
    const lostAnswer: PaymentProvider = {
      ...razorpay,
      async refund(input) {
        await razorpay.refund(input);
        throw new PaymentGatewayError("unavailable", "refund: the connection was reset");
      },
    };
    const [lost] = await settleRefunds(t.db, ids, { provider: lostAnswer });
    expect(lost).toMatchObject({ state: "failed" });
    // tried again (default provider: the shop's configured Razorpay), and once more after it is processed
    const [retried] = await settleRefunds(t.db, ids);
    expect(retried).toMatchObject({ state: "processed" });
    await settleRefunds(t.db, ids);

    const calls = fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/payments/${paid.id}/refund`);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`refund_${ids[0]}`]));
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === paid.id);
    expect(made.map((r) => r.amount)).toEqual([149_900]);
    expect(fake.payments.get(paid.id)).toMatchObject({ amount_refunded: 149_900, refund_status: "partial" });
    expect(retried!.refund.providerRefundId).toBe(made[0]!.id);
    expect(await paymentRow(paymentIds[0]!)).toMatchObject({ amountRefundedPaise: 149_900, status: "captured" });
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.paymentId, paymentIds[0]!)));
    expect(row).toMatchObject({ status: "processed", errorDescription: null });
  });
});
