import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRazorpayClient, RazorpayError, type RazorpayClient } from "../../app/modules/payments/razorpay.server";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay/fake-razorpay";

/*
 * The shop's Razorpay client against the local fake Razorpay: what a caller sees for orders,
 * payments, refunds (idempotent), and for a gateway that is down, slow or refuses the request.
 */

let fake: FakeRazorpay;
let client: RazorpayClient;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  client = createRazorpayClient({ keyId: fake.keyId, keySecret: fake.keySecret, apiUrl: fake.url, timeoutMs: 1000 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => fake.reset());

async function rejection(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RazorpayError)) throw new Error(`expected a RazorpayError, got ${String(error)}`);
  return error;
}

describe("orders", () => {
  it("creates an order in paise with the receipt and notes, over Basic auth and JSON", async () => {
    const order = await client.createOrder({
      amountPaise: 129_900,
      currency: "INR",
      receipt: "ORD-20260101-K7Q2XM",
      notes: { order_number: "ORD-20260101-K7Q2XM" },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 129_900,
      amountPaidPaise: 0,
      amountDuePaise: 129_900,
      currency: "INR",
      receipt: "ORD-20260101-K7Q2XM",
      status: "created",
      attempts: 0,
      notes: { order_number: "ORD-20260101-K7Q2XM" },
      createdAt: expect.any(Date),
    });
    expect(fake.orders.get(order.id)).toMatchObject({
      amount: 129_900,
      currency: "INR",
      receipt: "ORD-20260101-K7Q2XM",
    });
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: "/v1/orders",
        authorization: `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString("base64")}`,
        idempotencyKey: undefined,
        contentType: "application/json",
        body: {
          amount: 129_900,
          currency: "INR",
          receipt: "ORD-20260101-K7Q2XM",
          notes: { order_number: "ORD-20260101-K7Q2XM" },
        },
      },
    ]);
  });

  it("reports Razorpay's 400 as 'rejected' with its description and field", async () => {
    const error = await rejection(client.createOrder({ amountPaise: 50, currency: "INR", receipt: "ORD-1" }));
    expect(error.kind).toBe("rejected");
    expect(error.status).toBe(400);
    expect(error.description).toBe("The amount must be at least INR 1.00");
    expect(error.details).toMatchObject({ code: "BAD_REQUEST_ERROR", field: "amount", request: "POST /v1/orders" });
    await expect(client.createOrder({ amountPaise: 12.5, currency: "INR", receipt: "ORD-1" })).rejects.toThrow(
      RangeError,
    );
  });

  it("reports refused keys as 'unauthorized', never as the shopper's fault", async () => {
    const wrong = createRazorpayClient({ keyId: fake.keyId, keySecret: "not-the-secret-0123456789", apiUrl: fake.url });
    const error = await rejection(wrong.createOrder({ amountPaise: 10_000, currency: "INR", receipt: "ORD-1" }));
    expect(error).toMatchObject({ kind: "unauthorized", description: "Authentication failed" });
    expect(error.status).toBe(401);
    expect(fake.orders.size).toBe(0);
  });
});

describe("payments", () => {
  it("fetches a payment and every attempt on an order, newest first", async () => {
    const order = await client.createOrder({ amountPaise: 49_900, currency: "INR", receipt: "ORD-2" });
    const failed = fake.fail(order.id, {
      description: "Authentication failed due to incorrect otp",
      reason: "invalid_otp",
      source: "customer",
      step: "payment_authentication",
    });
    const paid = fake.pay(order.id, { method: "card", email: "priya@example.com", contact: "+919876543210" });

    expect(await client.fetchPayment(paid.payment.id)).toEqual({
      id: paid.payment.id,
      orderId: order.id,
      amountPaise: 49_900,
      currency: "INR",
      status: "captured",
      captured: true,
      method: "card",
      amountRefundedPaise: 0,
      email: "priya@example.com",
      contact: "+919876543210",
      notes: {},
      error: null,
      createdAt: expect.any(Date),
    });
    const attempts = await client.fetchOrderPayments(order.id);
    expect(attempts.map((p) => [p.id, p.status])).toEqual(
      expect.arrayContaining([
        [paid.payment.id, "captured"],
        [failed.payment.id, "failed"],
      ]),
    );
    expect(attempts.find((p) => p.status === "failed")?.error).toEqual({
      code: "BAD_REQUEST_ERROR",
      description: "Authentication failed due to incorrect otp",
      source: "customer",
      step: "payment_authentication",
      reason: "invalid_otp",
      field: null,
    });
  });

  it("answers 'rejected' for an unknown id, and refuses a malformed id without a request", async () => {
    expect(await rejection(client.fetchPayment("pay_DoesNotExist01"))).toMatchObject({
      kind: "rejected",
      description: "The id provided does not exist",
    });
    const before = fake.requests.length;
    expect(await rejection(client.fetchPayment("../orders"))).toMatchObject({ kind: "rejected", status: null });
    expect(await rejection(client.fetchOrderPayments("order_x/../../v1"))).toMatchObject({ kind: "rejected" });
    expect(fake.requests.length).toBe(before);
  });
});

describe("refunds", () => {
  async function capturedPayment(amountPaise = 100_000) {
    const order = await client.createOrder({ amountPaise, currency: "INR", receipt: "ORD-3" });
    return fake.pay(order.id).payment;
  }

  it("sends X-Refund-Idempotency: the same key twice makes one refund and returns it both times", async () => {
    const payment = await capturedPayment();
    const input = { amountPaise: 30_000, idempotencyKey: "refund-ORD-3-0001", notes: { reason: "size exchange" } };
    const first = await client.refund(payment.id, input);
    const again = await client.refund(payment.id, input);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: payment.id,
      amountPaise: 30_000,
      status: "processed",
      notes: { reason: "size exchange" },
    });
    expect(fake.refunds.size).toBe(1);
    expect(fake.payments.get(payment.id)?.amount_refunded).toBe(30_000);
    expect(fake.requests.filter((r) => r.path.endsWith("/refund")).map((r) => r.idempotencyKey)).toEqual([
      "refund-ORD-3-0001",
      "refund-ORD-3-0001",
    ]);
    expect(await client.fetchRefund(first.id)).toEqual(first);
  });

  it("refuses another amount under a used key, and a key Razorpay would refuse, without refunding", async () => {
    const payment = await capturedPayment();
    await client.refund(payment.id, { amountPaise: 10_000, idempotencyKey: "refund-ORD-3-0002" });
    const reused = await rejection(
      client.refund(payment.id, { amountPaise: 20_000, idempotencyKey: "refund-ORD-3-0002" }),
    );
    expect(reused).toMatchObject({
      kind: "rejected",
      description: "Different request with the same idempotency key has already been processed.",
    });
    expect(reused.status).toBe(409);
    await expect(client.refund(payment.id, { amountPaise: 100, idempotencyKey: "short" })).rejects.toThrow(RangeError);
    await expect(client.refund(payment.id, { amountPaise: 100, idempotencyKey: "has spaces in it" })).rejects.toThrow(
      RangeError,
    );
    expect(fake.refunds.size).toBe(1);
  });

  it("refunds what is left when no amount is given, then refuses a second full refund", async () => {
    const payment = await capturedPayment(25_000);
    await client.refund(payment.id, { amountPaise: 5_000, idempotencyKey: "refund-ORD-3-0003" });
    const rest = await client.refund(payment.id, { idempotencyKey: "refund-ORD-3-0004" });
    expect(rest.amountPaise).toBe(20_000);
    expect((await client.fetchPayment(payment.id)).status).toBe("refunded");
    expect(await rejection(client.refund(payment.id, { idempotencyKey: "refund-ORD-3-0005" }))).toMatchObject({
      kind: "rejected",
      description: "The payment has been fully refunded already.",
    });
  });
});

describe("a gateway that is down or slow", () => {
  it("reports 5xx as 'unavailable'", async () => {
    fake.failNext(503);
    const error = await rejection(client.createOrder({ amountPaise: 10_000, currency: "INR", receipt: "ORD-4" }));
    expect(error.kind).toBe("unavailable");
    expect(error.status).toBe(503);
    fake.failNext(500);
    expect((await rejection(client.fetchPayment("pay_Anything000001"))).kind).toBe("unavailable");
  });

  it("gives up after the timeout and reports 'unavailable'", async () => {
    fake.delayNext(3000);
    const started = Date.now();
    const error = await rejection(client.createOrder({ amountPaise: 10_000, currency: "INR", receipt: "ORD-5" }));
    expect(error).toMatchObject({ kind: "unavailable", description: "no answer within 1000 ms" });
    expect(error.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("reports a closed port and a body that is not Razorpay's as 'unavailable'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = createRazorpayClient({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      apiUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
    });
    expect(await rejection(nobody.fetchPayment("pay_Anything000001"))).toMatchObject({
      kind: "unavailable",
      description: "could not be reached",
    });

    const html: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    });
    await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
    try {
      const proxied = createRazorpayClient({
        keyId: fake.keyId,
        keySecret: fake.keySecret,
        apiUrl: `http://127.0.0.1:${(html.address() as AddressInfo).port}`,
      });
      expect(await rejection(proxied.fetchPayment("pay_Anything000001"))).toMatchObject({
        kind: "unavailable",
        status: 200,
      });
    } finally {
      await new Promise((resolve) => html.close(resolve));
    }
  });
});
