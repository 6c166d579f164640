import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import {
  settleReturn,
  shopPaymentProvider,
  startPayment,
  sweepExpiredPayments,
} from "../../app/modules/checkout/payment-flow.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { getLogger } from "../../app/lib/logger.server";
import { confirmFlaggedPayment } from "../../app/modules/admin/orders/staff-changes.server";
import { openFlaggedPayments } from "../../app/modules/reports/admin-orders.server";
import { ORDER_ADMIN_MESSAGES } from "../../app/modules/orders/admin-orders";
import { findOrderByNumber, type OrderRow } from "../../app/modules/orders/orders.server";
import { orderStatusHistory } from "../../app/modules/orders/schema.server";
import { parseCheckoutCallback } from "../../app/modules/payments/callbacks.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { payments, webhookEvents } from "../../app/modules/payments/schema.server";
import * as callbackRoute from "../../app/routes/api.payments.razorpay.callback";
import type { FakeRazorpay } from "../fakes/razorpay/fake-razorpay";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { setupTestDatabase } from "../setup/test-db";
import { startFakeRazorpayShop, type FakeRazorpayShop } from "../support/fake-razorpay-shop";

/*
 * The checkout's payments with Razorpay, against the local fake that speaks Razorpay's protocol and
 * signs as it does: the payment page's verification, the webhook (tampered, unsigned, repeated, out
 * of order), the redirect-mode callback, and the sweep that asks the gateway before releasing an
 * order.
 */

const t = setupTestDatabase();
let fake: FakeRazorpay;
let webhookUrl = "";
let razorpay: FakeRazorpayShop | undefined;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  razorpay = await startFakeRazorpayShop({ webhook: true });
  ({ fake, webhookUrl } = razorpay);
});

afterAll(() => razorpay?.close());

function provider() {
  const p = shopPaymentProvider();
  if (!p || p.name !== "razorpay") throw new Error("Razorpay is not configured");
  return p;
}

/** An online order awaiting payment, with a Razorpay order opened for it through the API. */
async function unpaidOrder(): Promise<{ order: OrderRow; razorpayOrderId: string }> {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 4, pricePaise: 129_900 });
  expect(await findVariant(t.db, productId, "One Size", "Default")).not.toBeNull();
  const shopper = await createTestShopper(t.db);
  await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 });
  const order = await placeCheckoutOrder(t.db, {
    userId: shopper.id,
    form: checkoutForm({
      firstName: "Ananya",
      lastName: "Das",
      email: "ananya@example.com",
      phone: "9830012345",
      address: "7 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      pincode: "700016",
      paymentMethod: "online",
    }),
  });
  const started = await startPayment(t.db, provider(), {
    order,
    callbackUrl: "http://localhost:3000/api/payments/razorpay/callback",
    storeName: "Saanjh",
  });
  if (!started.ok || started.checkout.provider !== "razorpay") throw new Error("no Razorpay session");
  return { order, razorpayOrderId: started.checkout.options.order_id };
}

const statusOf = async (order: OrderRow) => (await findOrderByNumber(t.db, order.orderNumber))!.status;
const confirmations = async (order: OrderRow) =>
  (await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).filter(
    (h) => h.toStatus === "confirmed",
  ).length;

describe("Razorpay: the payment page", () => {
  it("opens a Razorpay order for the order's own amount and confirms on Checkout's signed result", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    expect(fake.orders.get(razorpayOrderId)).toMatchObject({
      amount: order.totalPaise,
      currency: "INR",
      receipt: order.orderNumber,
    });
    const { response } = fake.pay(razorpayOrderId, { method: "card" });
    const outcome = await settleReturn(t.db, provider(), {
      order,
      result: parseCheckoutCallback({ ...response }),
      source: "page",
    });
    expect(outcome).toEqual({ kind: "confirmed", orderNumber: order.orderNumber });
    expect(await statusOf(order)).toBe("confirmed");
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, razorpayOrderId));
    expect(payment).toMatchObject({
      provider: "razorpay",
      status: "captured",
      providerPaymentId: response.razorpay_payment_id,
      method: "card",
    });
  });

  it("refuses a signature changed by one character, another order's id and an empty one", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    const other = await unpaidOrder();
    const { response } = fake.pay(razorpayOrderId);
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("a") ? "b" : "a"}`;
    for (const bad of [
      { ...response, razorpay_signature: flip(response.razorpay_signature) },
      { ...response, razorpay_order_id: other.razorpayOrderId },
      { ...response, razorpay_signature: "" },
    ]) {
      expect(
        await settleReturn(t.db, provider(), { order, result: parseCheckoutCallback({ ...bad }), source: "page" }),
      ).toMatchObject({ kind: "rejected" });
    }
    expect(await statusOf(order)).toBe("pending_payment");
  });
});

describe("Razorpay: webhooks", () => {
  it("refuses a tampered body and a missing or wrong signature with 400, changing nothing", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    fake.pay(razorpayOrderId);
    const tampered = await fake.sendWebhook("payment.captured", {
      url: webhookUrl,
      orderId: razorpayOrderId,
      tamper: (body) => body.replace(/"amount":(\d+)/, '"amount":100'),
    });
    expect(tampered.status).toBe(400);
    expect(
      (await fake.sendWebhook("payment.captured", { url: webhookUrl, orderId: razorpayOrderId, signature: null }))
        .status,
    ).toBe(400);
    expect(
      (
        await fake.sendWebhook("payment.captured", {
          url: webhookUrl,
          orderId: razorpayOrderId,
          signature: "0".repeat(64),
        })
      ).status,
    ).toBe(400);
    expect(await statusOf(order)).toBe("pending_payment");
    expect(await t.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it("confirms on payment.captured once, however often the same event is delivered", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    fake.pay(razorpayOrderId);
    const eventId = "evt_repeat_0001";
    for (let i = 0; i < 3; i++) {
      const delivery = await fake.sendWebhook("payment.captured", {
        url: webhookUrl,
        orderId: razorpayOrderId,
        eventId,
      });
      expect(delivery.status).toBe(200);
    }
    expect(await statusOf(order)).toBe("confirmed");
    expect(await confirmations(order)).toBe(1);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(1);
    // order.paid for the same payment afterwards: still one confirmation
    expect((await fake.sendWebhook("order.paid", { url: webhookUrl, orderId: razorpayOrderId })).status).toBe(200);
    expect(await confirmations(order)).toBe(1);
  });

  it("moves orders only forward: a capture after a failure confirms; a failure delivered after the capture changes nothing", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    const { payment: attempt } = fake.fail(razorpayOrderId, { description: "Payment was cancelled by the customer" });
    expect(
      (await fake.sendWebhook("payment.failed", { url: webhookUrl, orderId: razorpayOrderId, paymentId: attempt.id }))
        .status,
    ).toBe(200);
    expect(await statusOf(order)).toBe("pending_payment");
    const [failed] = await t.db.select().from(payments).where(eq(payments.providerOrderId, razorpayOrderId));
    expect(failed).toMatchObject({ status: "failed", errorDescription: "Payment was cancelled by the customer" });

    const { payment: paid } = fake.pay(razorpayOrderId);
    expect(
      (await fake.sendWebhook("payment.captured", { url: webhookUrl, orderId: razorpayOrderId, paymentId: paid.id }))
        .status,
    ).toBe(200);
    expect(await statusOf(order)).toBe("confirmed");

    // the first attempt's failure, delivered once more and late
    expect(
      (await fake.sendWebhook("payment.failed", { url: webhookUrl, orderId: razorpayOrderId, paymentId: attempt.id }))
        .status,
    ).toBe(200);
    expect(await statusOf(order)).toBe("confirmed");
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, razorpayOrderId));
    expect(payment).toMatchObject({ status: "captured", providerPaymentId: paid.id });
  });

  it("answers in well under 5 seconds", async () => {
    const { razorpayOrderId } = await unpaidOrder();
    fake.pay(razorpayOrderId);
    const started = performance.now();
    expect((await fake.sendWebhook("payment.captured", { url: webhookUrl, orderId: razorpayOrderId })).status).toBe(
      200,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("Razorpay: a refund made on its dashboard", () => {
  it("is recorded on the payment and the shopper is told once, however often the webhook comes", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    const { payment: paid, response } = fake.pay(razorpayOrderId, { method: "upi" });
    expect(
      await settleReturn(t.db, provider(), { order, result: parseCheckoutCallback({ ...response }), source: "page" }),
    ).toMatchObject({ kind: "confirmed" });
    // the shop owner refunds ₹500 on Razorpay's dashboard, not through the shop
    const answer = await fetch(`${fake.url}/v1/payments/${paid.id}/refund`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ amount: 50_000 }),
    });
    expect(answer.status).toBe(200);
    const refund = (await answer.json()) as { id: string };
    for (let i = 0; i < 2; i++) {
      const delivery = await fake.sendWebhook("refund.processed", { url: webhookUrl, refundId: refund.id });
      expect(JSON.parse(delivery.responseBody)).toEqual({ ok: true, status: "refund-recorded" });
    }
    const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, paid.id));
    expect(row!.amountRefundedPaise).toBe(50_000);
    const sms = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `refund-processed:sms:${order.orderNumber}:${refund.id}`));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain("Rs.500.00");
  });
});

describe("Razorpay: redirect mode and the sweep", () => {
  it("confirms from the cross-site redirect post and sends the shopper to the success page", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    const { response } = fake.pay(razorpayOrderId);
    const request = new Request(`http://localhost:3000/api/payments/razorpay/callback?order=${order.orderNumber}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(fake.url).origin },
      body: new URLSearchParams(response as unknown as Record<string, string>),
    });
    const answer = await callbackRoute
      .action({ request, params: {}, context: {} } as unknown as Parameters<typeof callbackRoute.action>[0])
      .catch((r: Response) => r);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("location")).toBe(`/order-success?order=${order.orderNumber}`);
    expect(await statusOf(order)).toBe("confirmed");
  });

  it("sends a failed redirect back to the payment page with Razorpay's reason, and a forged success nowhere", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    const { error } = fake.fail(razorpayOrderId, { description: "Your payment could not be completed" });
    const failedBody = new URLSearchParams({
      "error[code]": error.code,
      "error[description]": error.description,
      "error[metadata]": JSON.stringify(error.metadata),
    });
    const post = (body: URLSearchParams) =>
      callbackRoute
        .action({
          request: new Request(`http://localhost:3000/api/payments/razorpay/callback?order=${order.orderNumber}`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body,
          }),
          params: {},
          context: {},
        } as unknown as Parameters<typeof callbackRoute.action>[0])
        .catch((r: Response) => r) as Promise<Response>;
    const failed = await post(failedBody);
    expect(failed.headers.get("location")).toBe(
      `/payment?order=${order.orderNumber}&failed=${encodeURIComponent("Your payment could not be completed")}`,
    );
    const forged = await post(
      new URLSearchParams({
        razorpay_payment_id: "pay_forged000001",
        razorpay_order_id: razorpayOrderId,
        razorpay_signature: "f".repeat(64),
      }),
    );
    expect(forged.headers.get("location")).toMatch(/^\/payment\?order=/);
    expect(await statusOf(order)).toBe("pending_payment");
  });

  it("asks Razorpay before releasing an expired order: a capture whose webhook never came confirms it instead", async () => {
    const { order, razorpayOrderId } = await unpaidOrder();
    fake.pay(razorpayOrderId);
    const report = await sweepExpiredPayments(t.db, provider(), {
      now: new Date(order.paymentDueAt!.getTime() + 1_000),
    });
    expect(report.confirmed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order)).toBe("confirmed");
  });

  it("keeps an expired order (and its stock) while Razorpay does not answer, and releases it once it says nothing was paid", async () => {
    const { order } = await unpaidOrder();
    // earlier tests' unpaid orders, out of the way first
    await sweepExpiredPayments(t.db, provider(), { now: new Date(order.paymentDueAt!.getTime() - 1) });
    const later = new Date(order.paymentDueAt!.getTime() + 1_000);
    fake.failNext(503);
    await sweepExpiredPayments(t.db, provider(), { now: later });
    expect(await statusOf(order)).toBe("pending_payment");
    await sweepExpiredPayments(t.db, provider(), { now: later });
    expect(await statusOf(order)).toBe("cancelled");
  });
});

describe("Razorpay: a payment that is not the order's total", () => {
  /** The four ways a payment reaches the shop, each fed the gateway's own record of the payment. */
  const paths: Record<
    string,
    (order: OrderRow, razorpayOrderId: string, response: Record<string, string>) => Promise<unknown>
  > = {
    page: (order, _id, response) =>
      settleReturn(t.db, provider(), { order, result: parseCheckoutCallback({ ...response }), source: "page" }),
    callback: (order, _id, response) =>
      callbackRoute
        .action({
          request: new Request(`http://localhost:3000/api/payments/razorpay/callback?order=${order.orderNumber}`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(fake.url).origin },
            body: new URLSearchParams(response),
          }),
          params: {},
          context: {},
        } as unknown as Parameters<typeof callbackRoute.action>[0])
        .catch((r: Response) => r),
    webhook: async (_order, razorpayOrderId) => {
      const delivery = await fake.sendWebhook("payment.captured", { url: webhookUrl, orderId: razorpayOrderId });
      expect(delivery.status).toBe(200);
      expect(JSON.parse(delivery.responseBody)).toEqual({ ok: true, status: "flagged" });
    },
    sweep: (order) => sweepExpiredPayments(t.db, provider(), { now: new Date(order.paymentDueAt!.getTime() + 1_000) }),
  };
  const reports = [
    {
      name: "a smaller amount",
      pay: { amount: 100 },
      amountPaise: 100,
      currency: "INR",
      words: "Paid ₹1.00; the order's total is ₹1,299.00",
    },
    {
      name: "another currency",
      pay: { currency: "USD" },
      amountPaise: 129_900,
      currency: "USD",
      words: "Paid 1299.00 USD; the order's total is ₹1,299.00",
    },
  ];

  for (const [path, settle] of Object.entries(paths)) {
    for (const report of reports) {
      it(`${path}: ${report.name} never confirms; the payment is recorded as reported, flagged for staff and logged`, async () => {
        const { order, razorpayOrderId } = await unpaidOrder();
        expect(order.totalPaise).toBe(129_900);
        const { payment: paid, response } = fake.pay(razorpayOrderId, report.pay);
        const errors = vi.spyOn(getLogger(), "error");
        try {
          const outcome = await settle(order, razorpayOrderId, response as unknown as Record<string, string>);
          if (path === "page") expect(outcome).toMatchObject({ kind: "flagged", orderNumber: order.orderNumber });
          if (path === "callback")
            expect((outcome as Response).headers.get("location")).not.toMatch(/^\/order-success/);
          expect(
            errors.mock.calls.some(
              ([fields, message]) =>
                JSON.stringify(fields).includes(report.words) && /flagged for staff/.test(String(message)),
            ),
          ).toBe(true);
        } finally {
          errors.mockRestore();
        }
        // the sweep may cancel the lapsed order later; it never confirms it
        expect(await statusOf(order)).toBe("pending_payment");
        expect(await confirmations(order)).toBe(0);
        const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, razorpayOrderId));
        expect(row).toMatchObject({
          status: "captured",
          providerPaymentId: paid.id,
          amountPaise: report.amountPaise,
          currency: report.currency,
          flagReason: report.words,
        });
        expect(row!.flaggedAt).not.toBeNull();

        // on the orders list among the flagged payments, with both amounts, and it cannot confirm the order
        const flagged = (await openFlaggedPayments(t.db)).find((f) => f.paymentId === row!.id);
        expect(flagged).toMatchObject({
          amountPaise: report.amountPaise,
          currency: report.currency,
          expectedPaise: 129_900,
          wrongAmount: true,
          confirmable: false,
        });
        const staff = { id: "staff-test", name: "Test Staff" };
        const refused = await confirmFlaggedPayment(
          t.db,
          staff,
          {
            orderId: order.id,
            version: (await findOrderByNumber(t.db, order.orderNumber))!.version,
            paymentId: row!.id,
          },
          { provider: null },
        );
        expect(refused).toMatchObject({ ok: false, status: 409, formError: ORDER_ADMIN_MESSAGES.wrongAmount });
        expect(await statusOf(order)).toBe("pending_payment");

        // the same payment reported again (a webhook retry, the page after the webhook) changes nothing
        expect((await fake.sendWebhook("payment.captured", { url: webhookUrl, orderId: razorpayOrderId })).status).toBe(
          200,
        );
        expect(await statusOf(order)).toBe("pending_payment");

        // past its time the order lapses unpaid; the shopper is told her money comes back, not that nothing was charged
        if (path === "sweep" && report.currency === "INR") {
          await sweepExpiredPayments(t.db, provider(), { now: new Date(order.paymentDueAt!.getTime() + 60_000) });
          expect(await statusOf(order)).toBe("cancelled");
          const [sms] = await t.db
            .select()
            .from(outboxMessages)
            .where(eq(outboxMessages.dedupeKey, `order-cancelled:sms:${order.orderNumber}`));
          expect(sms?.body).toContain("Your Rs.1.00 will be refunded.");
          expect(sms?.body).not.toContain("Nothing was charged");
        }
      });
    }
  }
});
