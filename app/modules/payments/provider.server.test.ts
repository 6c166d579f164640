import { describe, expect, it, vi } from "vitest";
import { parseConfig, testGatewaySecret } from "../../config.server";
import { parseCheckoutCallback } from "./callbacks.server";
import type { GatewayPayment, PaymentOrder } from "./provider";
import { PaymentGatewayError, paymentProviderFor, razorpayProvider, testGatewayProvider } from "./provider.server";
import { RazorpayError, type RazorpayClient } from "./razorpay.server";
import { signPayment, verifyPaymentSignature } from "./signatures.server";

const ORDER: PaymentOrder = {
  orderNumber: "ORD-20260101-K7Q2XM",
  amountPaise: 129_900,
  currency: "INR",
  customer: { name: "Priya Shah", email: "priya@example.com", phone: "+919876543210" },
  shippingAddress: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
};
const CALLBACK = "https://shop.example.com/payment/razorpay/callback?order=ORD-20260101-K7Q2XM";

describe("test gateway (demo mode)", () => {
  const secret = testGatewaySecret("demo-auth-secret-0123456789abcdefghij");
  const gateway = testGatewayProvider({ keySecret: secret });

  it("opens a session on a fresh gateway order id for the TEST MODE page", async () => {
    const session = await gateway.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    expect(session).toEqual({
      provider: "test",
      providerOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 129_900,
      currency: "INR",
      checkout: { provider: "test", providerOrderId: session.providerOrderId, amountPaise: 129_900, currency: "INR" },
    });
    const other = await gateway.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    expect(other.providerOrderId).not.toBe(session.providerOrderId);
  });

  it("signs Approve in Razorpay's format: the same verification accepts it, and only for its order", async () => {
    const { providerOrderId } = await gateway.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const approved = gateway.approve(providerOrderId);
    expect(approved.razorpayPaymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(approved.razorpaySignature).toBe(signPayment(providerOrderId, approved.razorpayPaymentId, secret));
    expect(
      verifyPaymentSignature(
        {
          razorpayOrderId: providerOrderId,
          razorpayPaymentId: approved.razorpayPaymentId,
          signature: approved.razorpaySignature,
        },
        secret,
      ),
    ).toBe(true);

    // the page posts the three fields; the same parser and the same verdict as Razorpay's redirect
    const posted = parseCheckoutCallback(
      new URLSearchParams({
        razorpay_payment_id: approved.razorpayPaymentId,
        razorpay_order_id: approved.razorpayOrderId,
        razorpay_signature: approved.razorpaySignature,
      }),
    );
    const base = { providerOrderId };
    expect(await gateway.verifyReturn({ ...base, result: posted })).toEqual({
      outcome: "paid",
      providerPaymentId: approved.razorpayPaymentId,
      payment: null,
      captured: true,
    });

    const { providerOrderId: another } = await gateway.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    expect(await gateway.verifyReturn({ ...base, providerOrderId: another, result: posted })).toMatchObject({
      outcome: "rejected",
      reason: "order_mismatch",
    });
    expect(
      await gateway.verifyReturn({
        ...base,
        providerOrderId: another,
        result: { ...approved, razorpayOrderId: another },
      }),
    ).toMatchObject({
      outcome: "rejected",
      reason: "bad_signature",
    });
    // another shop's test gateway (another AUTH_SECRET) signs differently
    const foreign = testGatewayProvider({
      keySecret: testGatewaySecret("another-auth-secret-0123456789abcdef"),
    }).approve(providerOrderId);
    expect(await gateway.verifyReturn({ ...base, result: foreign })).toMatchObject({
      outcome: "rejected",
      reason: "bad_signature",
    });
  });

  it("answers Decline and Fail with Razorpay's failure shape, which never counts as paid", async () => {
    const { providerOrderId } = await gateway.createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    const declined = gateway.decline(providerOrderId);
    expect(declined).toMatchObject({
      kind: "failure",
      razorpayOrderId: providerOrderId,
      error: { description: "Payment failed", reason: "payment_failed" },
    });
    const otp = gateway.fail(providerOrderId, "incorrect_otp");
    expect(otp.error.description).toBe("Authentication failed due to incorrect otp");
    const verdict = await gateway.verifyReturn({ providerOrderId, result: otp });
    expect(verdict).toEqual({ outcome: "failed", error: otp.error, providerPaymentId: otp.razorpayPaymentId });
  });

  it("refunds without state: the same idempotency key gives the same refund id", async () => {
    const input = { providerPaymentId: "pay_AAAAAAAAAAAAAA", amountPaise: 5000, idempotencyKey: "refund-ORD-1-0001" };
    const first = await gateway.refund(input);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      amountPaise: 5000,
      status: "processed",
    });
    expect((await gateway.refund(input)).id).toBe(first.id);
    expect((await gateway.refund({ ...input, idempotencyKey: "refund-ORD-1-0002" })).id).not.toBe(first.id);
    await expect(gateway.refund({ ...input, idempotencyKey: "short" })).rejects.toThrow(RangeError);
  });

  it("is what demo mode's configuration selects, and nothing in cash-on-delivery-only live mode", () => {
    const demo = parseConfig({ AUTH_SECRET: "demo-auth-secret-0123456789abcdefghij" });
    expect(paymentProviderFor(demo.payments)?.name).toBe("test");
    expect(paymentProviderFor({ provider: "none", online: false })).toBeNull();
  });
});

describe("razorpay provider (client stubbed)", () => {
  const KEY_SECRET = "k".repeat(24);
  const options = {
    keyId: "rzp_test_A1b2C3d4E5f6G7",
    keySecret: KEY_SECRET,
    apiUrl: "https://api.razorpay.com",
    checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
  };
  const payment = (over: Partial<GatewayPayment> = {}): GatewayPayment => ({
    id: "pay_29QQoUBi66xm2f",
    orderId: "order_DaZlswtdcn9UNV",
    amountPaise: ORDER.amountPaise,
    currency: "INR",
    status: "captured",
    captured: true,
    method: "upi",
    amountRefundedPaise: 0,
    email: null,
    contact: null,
    notes: {},
    error: null,
    createdAt: new Date(0),
    ...over,
  });
  const stub = (over: Partial<RazorpayClient> = {}): RazorpayClient => ({
    createOrder: vi.fn(async () => ({
      id: "order_DaZlswtdcn9UNV",
      amountPaise: ORDER.amountPaise,
      amountPaidPaise: 0,
      amountDuePaise: ORDER.amountPaise,
      currency: "INR",
      receipt: ORDER.orderNumber,
      status: "created" as const,
      attempts: 0,
      notes: {},
      createdAt: new Date(0),
    })),
    fetchPayment: vi.fn(async () => payment()),
    fetchOrderPayments: vi.fn(async () => [payment()]),
    refund: vi.fn(),
    fetchRefund: vi.fn(),
    ...over,
  });
  const success = {
    kind: "success" as const,
    razorpayOrderId: "order_DaZlswtdcn9UNV",
    razorpayPaymentId: "pay_29QQoUBi66xm2f",
    razorpaySignature: signPayment("order_DaZlswtdcn9UNV", "pay_29QQoUBi66xm2f", KEY_SECRET),
  };
  const verifyInput = { providerOrderId: "order_DaZlswtdcn9UNV", result: success };

  it("creates the Razorpay order with the order number as receipt and hands the browser Checkout's options", async () => {
    const client = stub();
    const session = await razorpayProvider(options, client).createPaymentSession(ORDER, { callbackUrl: CALLBACK });
    expect(client.createOrder).toHaveBeenCalledWith({
      amountPaise: 129_900,
      currency: "INR",
      receipt: "ORD-20260101-K7Q2XM",
      notes: { order_number: "ORD-20260101-K7Q2XM", address: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001" },
    });
    expect(session).toEqual({
      provider: "razorpay",
      providerOrderId: "order_DaZlswtdcn9UNV",
      amountPaise: 129_900,
      currency: "INR",
      checkout: {
        provider: "razorpay",
        scriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
        callbackUrl: CALLBACK,
        options: {
          key: "rzp_test_A1b2C3d4E5f6G7",
          amount: 129_900,
          currency: "INR",
          name: "Saanjh",
          description: "Order ORD-20260101-K7Q2XM",
          order_id: "order_DaZlswtdcn9UNV",
          prefill: { name: "Priya Shah", email: "priya@example.com", contact: "+919876543210" },
          notes: { order_number: "ORD-20260101-K7Q2XM", address: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001" },
          theme: { color: "#7a2333" },
        },
      },
    });
    expect(JSON.stringify(session)).not.toContain(KEY_SECRET);
  });

  it("turns the client's errors into the two messages the shopper sees", async () => {
    const failing = (error: Error) =>
      razorpayProvider(options, stub({ createOrder: vi.fn(async () => Promise.reject(error)) }));
    const unavailable = await failing(
      new RazorpayError("unavailable", "no answer within 5000 ms", { status: null, request: "POST /v1/orders" }),
    )
      .createPaymentSession(ORDER, { callbackUrl: CALLBACK })
      .catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(PaymentGatewayError);
    expect((unavailable as PaymentGatewayError).userMessage).toBe(
      "Payment gateway not available. Please try again later.",
    );
    const keys = await failing(
      new RazorpayError("unauthorized", "Authentication failed", { status: 401, request: "POST /v1/orders" }),
    )
      .createPaymentSession(ORDER, { callbackUrl: CALLBACK })
      .catch((e: unknown) => e);
    expect((keys as PaymentGatewayError).userMessage).toBe("Payment gateway not available. Please try again later.");
    const rejected = await failing(
      new RazorpayError("rejected", "The amount must be at least INR 1.00", {
        status: 400,
        request: "POST /v1/orders",
      }),
    )
      .createPaymentSession(ORDER, { callbackUrl: CALLBACK })
      .catch((e: unknown) => e);
    expect((rejected as PaymentGatewayError).userMessage).toBe("Payment initiation failed. Please try again.");
  });

  it("accepts a signed result after checking Razorpay's payment against the stored order", async () => {
    const client = stub();
    expect(await razorpayProvider(options, client).verifyReturn(verifyInput)).toEqual({
      outcome: "paid",
      providerPaymentId: "pay_29QQoUBi66xm2f",
      payment: payment(),
      captured: true,
    });
    expect(client.fetchPayment).toHaveBeenCalledWith("pay_29QQoUBi66xm2f");
  });

  it("hands Razorpay's payment as fetched, whatever its amount, currency or status, to the settlement rule", async () => {
    for (const over of [
      { amountPaise: 100 },
      { currency: "USD" },
      { orderId: "order_Other000000001" },
      { status: "failed" as const, captured: false },
    ]) {
      const verdict = await razorpayProvider(
        options,
        stub({ fetchPayment: vi.fn(async () => payment(over)) }),
      ).verifyReturn(verifyInput);
      expect(verdict, JSON.stringify(over)).toEqual({
        outcome: "paid",
        providerPaymentId: "pay_29QQoUBi66xm2f",
        payment: payment(over),
        captured: payment(over).captured,
      });
    }
    const authorised = await razorpayProvider(
      options,
      stub({ fetchPayment: vi.fn(async () => payment({ status: "authorized", captured: false })) }),
    ).verifyReturn(verifyInput);
    expect(authorised).toMatchObject({ outcome: "paid", captured: false });
  });

  it("never asks Razorpay about a result whose signature fails", async () => {
    const client = stub();
    const verdict = await razorpayProvider(options, client).verifyReturn({
      ...verifyInput,
      result: { ...success, razorpaySignature: "0".repeat(64) },
    });
    expect(verdict).toMatchObject({ outcome: "rejected", reason: "bad_signature" });
    expect(client.fetchPayment).not.toHaveBeenCalled();
  });

  it("refuses a signed result for a payment Razorpay says does not exist", async () => {
    const unknown = stub({
      fetchPayment: vi.fn(async () =>
        Promise.reject(
          new RazorpayError("rejected", "The id provided does not exist", {
            status: 400,
            request: "GET /v1/payments/:id",
          }),
        ),
      ),
    });
    expect(await razorpayProvider(options, unknown).verifyReturn(verifyInput)).toMatchObject({
      outcome: "rejected",
      reason: "not_paid",
    });
  });

  it("accepts on the signature alone when the payment cannot be fetched", async () => {
    const down = stub({
      fetchPayment: vi.fn(async () =>
        Promise.reject(new RazorpayError("unavailable", "could not be reached", { status: null, request: "GET" })),
      ),
    });
    expect(await razorpayProvider(options, down).verifyReturn(verifyInput)).toEqual({
      outcome: "paid",
      providerPaymentId: "pay_29QQoUBi66xm2f",
      payment: null,
      captured: null,
    });
  });
});
