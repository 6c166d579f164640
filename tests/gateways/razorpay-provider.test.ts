import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  parseCheckoutCallback,
  readRazorpayWebhook,
  type WebhookReading,
} from "../../app/modules/payments/callbacks.server";
import type { PaymentOrder } from "../../app/modules/payments/provider";
import {
  PaymentGatewayError,
  razorpayProvider,
  type PaymentProvider,
} from "../../app/modules/payments/provider.server";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay/fake-razorpay";

/*
 * The razorpay provider end to end against the fake: a session, Checkout's result through the same
 * parser and verifier the routes will use, refunds, and webhooks as the fake signs and sends them,
 * read by readRazorpayWebhook in a stand-in for the shop's webhook route.
 */

const ORDER: PaymentOrder = {
  orderNumber: "ORD-20260101-K7Q2XM",
  amountPaise: 129_900,
  currency: "INR",
  customer: { name: "Priya Shah", email: "priya@example.com", phone: "+919876543210" },
  shippingAddress: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
};
const CALLBACK = "https://shop.example.com/payment/razorpay/callback";

let fake: FakeRazorpay;
let provider: PaymentProvider;
let receiver: Server;
let webhookUrl = "";
const received: Array<{ status: number; reading: WebhookReading }> = [];

beforeAll(async () => {
  fake = await startFakeRazorpay();
  provider = razorpayProvider({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    apiUrl: fake.url,
    checkoutUrl: fake.checkoutUrl,
    timeoutMs: 1000,
  });
  // What the webhook route will do: verify the raw body, answer 400 to anything not genuine.
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reading = readRazorpayWebhook(
      {
        rawBody: Buffer.concat(chunks),
        signature: req.headers["x-razorpay-signature"] as string | undefined,
        eventId: req.headers["x-razorpay-event-id"] as string | undefined,
      },
      fake.webhookSecret,
    );
    const status = reading.ok ? 200 : 400;
    received.push({ status, reading });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/razorpay/webhook`;
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  fake.reset();
  received.length = 0;
});

describe("razorpay provider against the fake gateway", () => {
  it("opens a session on a new Razorpay order and accepts the payment Checkout returns", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    expect(fake.orders.get(session.providerOrderId)).toMatchObject({
      amount: 129_900,
      receipt: "ORD-20260101-K7Q2XM",
      status: "created",
    });
    if (session.checkout.provider !== "razorpay") throw new Error("expected Razorpay's checkout");
    expect(session.checkout.scriptUrl).toBe(fake.checkoutUrl);
    expect(session.checkout.options).toMatchObject({
      key: fake.keyId,
      amount: 129_900,
      order_id: session.providerOrderId,
    });

    const { response } = fake.pay(session.providerOrderId);
    const verdict = await provider.verifyReturn({
      providerOrderId: session.providerOrderId,
      result: parseCheckoutCallback(new URLSearchParams({ ...response })),
    });
    expect(verdict).toMatchObject({
      outcome: "paid",
      providerPaymentId: response.razorpay_payment_id,
      captured: true,
      payment: { amountPaise: 129_900 },
    });
  });

  it("refuses a genuine payment of one order presented for another", async () => {
    const mine = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const cheap = await provider.createPaymentSession(
      { ...ORDER, orderNumber: "ORD-20260101-CHEAP1", amountPaise: 100 },
      { callbackUrl: CALLBACK },
    );
    const { response } = fake.pay(cheap.providerOrderId);
    const base = { providerOrderId: mine.providerOrderId };
    expect(await provider.verifyReturn({ ...base, result: parseCheckoutCallback({ ...response }) })).toMatchObject({
      outcome: "rejected",
      reason: "order_mismatch",
    });
    expect(
      await provider.verifyReturn({
        ...base,
        result: parseCheckoutCallback({ ...response, razorpay_order_id: mine.providerOrderId }),
      }),
    ).toMatchObject({ outcome: "rejected", reason: "bad_signature" });
  });

  it("passes a failure from Checkout through as 'failed', naming Razorpay's description", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const { error } = fake.fail(session.providerOrderId);
    const form = new URLSearchParams({
      "error[code]": error.code,
      "error[description]": error.description,
      "error[source]": error.source,
      "error[step]": error.step,
      "error[reason]": error.reason,
      "error[metadata]": JSON.stringify(error.metadata),
    });
    expect(
      await provider.verifyReturn({ providerOrderId: session.providerOrderId, result: parseCheckoutCallback(form) }),
    ).toMatchObject({
      outcome: "failed",
      error: { description: "Payment failed" },
      providerPaymentId: error.metadata.payment_id,
    });
  });

  it("says 'Payment gateway not available' when the gateway is down and 'Payment initiation failed' when it refuses", async () => {
    fake.failNext(502);
    const down = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(PaymentGatewayError);
    expect((down as PaymentGatewayError).userMessage).toBe("Payment gateway not available. Please try again later.");
    fake.delayNext(3000);
    const slow = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK }).catch((e: unknown) => e);
    expect((slow as PaymentGatewayError).userMessage).toBe("Payment gateway not available. Please try again later.");
    const refused = await provider
      .createPaymentSession({ ...ORDER, orderNumber: "ORD-".padEnd(41, "X") }, { callbackUrl: CALLBACK })
      .catch((e: unknown) => e);
    expect((refused as PaymentGatewayError).userMessage).toBe("Payment initiation failed. Please try again.");
  });

  it("refunds idempotently and lists an order's payments", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    fake.fail(session.providerOrderId);
    const { payment } = fake.pay(session.providerOrderId);
    expect((await provider.findPayments(session.providerOrderId)).map((p) => p.status).sort()).toEqual([
      "captured",
      "failed",
    ]);
    const input = {
      providerPaymentId: payment.id,
      amountPaise: 129_900,
      idempotencyKey: "refund-ORD-20260101-K7Q2XM-1",
    };
    const first = await provider.refund(input);
    expect(await provider.refund(input)).toEqual(first);
    expect(fake.refunds.size).toBe(1);
  });
});

describe("webhooks from the fake, read as the webhook route will read them", () => {
  it("delivers payment.captured, order.paid, payment.failed and refund.processed, signed over the raw body", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const failed = fake.fail(session.providerOrderId);
    const paid = fake.pay(session.providerOrderId);
    const refund = await provider.refund({
      providerPaymentId: paid.payment.id,
      amountPaise: 29_900,
      idempotencyKey: "refund-ORD-20260101-K7Q2XM-2",
    });

    await fake.sendWebhook("payment.failed", {
      url: webhookUrl,
      paymentId: failed.payment.id,
      eventId: "evt-failed-1",
    });
    await fake.sendWebhook("payment.captured", {
      url: webhookUrl,
      orderId: session.providerOrderId,
      eventId: "evt-captured-1",
    });
    await fake.sendWebhook("order.paid", { url: webhookUrl, orderId: session.providerOrderId, eventId: "evt-paid-1" });
    await fake.sendWebhook("refund.processed", { url: webhookUrl, refundId: refund.id, eventId: "evt-refund-1" });

    expect(received.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const events = received.map((r) => (r.reading.ok ? { id: r.reading.eventId, event: r.reading.event } : null));
    expect(events).toEqual([
      {
        id: "evt-failed-1",
        event: expect.objectContaining({
          type: "payment.failed",
          orderId: session.providerOrderId,
          payment: expect.objectContaining({ id: failed.payment.id, status: "failed" }),
        }),
      },
      {
        id: "evt-captured-1",
        event: expect.objectContaining({
          type: "payment.captured",
          orderId: session.providerOrderId,
          payment: expect.objectContaining({ id: paid.payment.id, amountPaise: 129_900 }),
        }),
      },
      {
        id: "evt-paid-1",
        event: expect.objectContaining({
          type: "order.paid",
          orderId: session.providerOrderId,
          order: expect.objectContaining({ status: "paid", receipt: ORDER.orderNumber }),
        }),
      },
      {
        id: "evt-refund-1",
        event: expect.objectContaining({
          type: "refund.processed",
          orderId: session.providerOrderId,
          refund: expect.objectContaining({ id: refund.id, amountPaise: 29_900 }),
        }),
      },
    ]);
  });

  it("is refused when tampered with, unsigned, or signed with another secret", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    fake.pay(session.providerOrderId);
    const base = { url: webhookUrl, orderId: session.providerOrderId };
    const tampered = await fake.sendWebhook("payment.captured", {
      ...base,
      tamper: (raw) => raw.replace('"amount":129900', '"amount":100'),
    });
    expect(tampered.rawBody).toContain('"amount":100');
    const unsigned = await fake.sendWebhook("payment.captured", { ...base, signature: null });
    const foreign = await fake.sendWebhook("payment.captured", { ...base, secret: "some-other-webhook-secret" });
    expect([tampered.status, unsigned.status, foreign.status]).toEqual([400, 400, 400]);
    expect(received.map((r) => (r.reading.ok ? "ok" : r.reading.reason))).toEqual([
      "bad_signature",
      "missing_signature",
      "bad_signature",
    ]);
  });

  it("sends the same event id on a redelivery, for the route to do nothing the second time", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    fake.pay(session.providerOrderId);
    for (let i = 0; i < 3; i++)
      await fake.sendWebhook("payment.captured", {
        url: webhookUrl,
        orderId: session.providerOrderId,
        eventId: "evt-repeat-1",
      });
    expect(new Set(received.map((r) => r.reading.ok && r.reading.eventId))).toEqual(new Set(["evt-repeat-1"]));
  });

  it("sends the webhooks of a payment by itself when told where the shop listens", async () => {
    const auto = await startFakeRazorpay({ webhookUrl });
    try {
      const order = auto.createOrder({ amount: 50_000 });
      auto.fail(order.id);
      auto.pay(order.id);
      await auto.settled();
      expect(auto.webhooks.map((w) => [w.event, w.status])).toEqual([
        ["payment.failed", 200],
        ["payment.captured", 200],
        ["order.paid", 200],
      ]);
    } finally {
      await auto.close();
    }
  });

  it("can be driven over HTTP by a test in another process", async () => {
    const session = await provider.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const control = (path: string, body?: unknown) =>
      fetch(`${fake.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect(await (await control("/_fake/health")).json()).toEqual({ ok: true });
    const failed = (await (
      await control(`/_fake/orders/${session.providerOrderId}/fail`, { description: "Your bank declined it" })
    ).json()) as { error: { description: string } };
    expect(failed.error.description).toBe("Your bank declined it");
    const paid = (await (await control(`/_fake/orders/${session.providerOrderId}/pay`, {})).json()) as {
      response: { razorpay_payment_id: string };
    };
    const delivery = (await (
      await control("/_fake/webhooks", {
        event: "payment.captured",
        url: webhookUrl,
        paymentId: paid.response.razorpay_payment_id,
        eventId: "evt-http-1",
      })
    ).json()) as {
      status: number;
    };
    expect(delivery.status).toBe(200);
    expect(received[0]?.reading).toMatchObject({
      ok: true,
      eventId: "evt-http-1",
      event: { type: "payment.captured" },
    });
    const state = (await (await control("/_fake/state")).json()) as { payments: Array<{ status: string }> };
    expect(state.payments.map((p) => p.status).sort()).toEqual(["captured", "failed"]);
    await control("/_fake/reset", {});
    expect(fake.orders.size).toBe(0);
  });
});
