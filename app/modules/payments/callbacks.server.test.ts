import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseCheckoutCallback, parseWebhookEvent, readRazorpayWebhook } from "./callbacks.server";

/*
 * Payloads shaped as Razorpay's documentation shows them (webhooks/payments, webhooks/orders,
 * webhooks/refunds): Netbanking capture with `notes: []`, a bank failure, order.paid with notes as an
 * object on the payment and `[]` on the order, and a refund with the payment entity beside it.
 */
const capturedPayment = {
  id: "pay_DESlfW9H8K9uqM",
  entity: "payment",
  amount: 100,
  currency: "INR",
  base_amount: 100,
  status: "captured",
  order_id: "order_DESlLckIVRkHWj",
  invoice_id: null,
  international: false,
  method: "netbanking",
  amount_refunded: 0,
  amount_transferred: 0,
  refund_status: null,
  captured: true,
  description: null,
  card_id: null,
  bank: "HDFC",
  wallet: null,
  vpa: null,
  email: "gaurav.kumar@example.com",
  contact: "+919876543210",
  notes: [],
  fee: 2,
  tax: 0,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { bank_transaction_id: "0125836177" },
  created_at: 1567674599,
};

const paymentCaptured = {
  entity: "event",
  account_id: "acc_BFQ7uQEaa7j2z7",
  event: "payment.captured",
  contains: ["payment"],
  payload: { payment: { entity: capturedPayment } },
  created_at: 1567674606,
};

const paymentFailed = {
  entity: "event",
  account_id: "acc_BFQ7uQEaa7j2z7",
  event: "payment.failed",
  contains: ["payment"],
  payload: {
    payment: {
      entity: {
        ...capturedPayment,
        id: "pay_DEAU825sJlCbGa",
        amount: 50000,
        status: "failed",
        order_id: "order_DEATVTRRctwEGb",
        captured: false,
        fee: null,
        tax: null,
        error_code: "BAD_REQUEST_ERROR",
        error_description: "Payment failed",
        error_source: "bank",
        error_step: "payment_authorization",
        error_reason: "payment_failed",
        created_at: 1567610214,
      },
    },
  },
  created_at: 1567610215,
};

const orderPaid = {
  entity: "event",
  account_id: "acc_BFQ7uQEaa7j2z7",
  event: "order.paid",
  contains: ["payment", "order"],
  payload: {
    payment: {
      entity: {
        ...capturedPayment,
        id: "pay_QUg6V5UmtqzQKE",
        amount: 5500,
        order_id: "order_QUg5vtkywCanxg",
        method: "wallet",
        wallet: "airtelmoney",
        notes: { address: "21st Century Business Center", order_number: "ORD-20250101-ABCD" },
        created_at: 1747197130,
      },
    },
    order: {
      entity: {
        id: "order_QUg5vtkywCanxg",
        entity: "order",
        amount: 5500,
        amount_paid: 5500,
        amount_due: 0,
        currency: "INR",
        receipt: null,
        offer_id: null,
        status: "paid",
        attempts: 2,
        notes: [],
        created_at: 1747197098,
      },
    },
  },
  created_at: 1747197134,
};

const refundProcessed = {
  entity: "event",
  account_id: "acc_E7OQJcEANmBHTC",
  event: "refund.processed",
  contains: ["refund", "payment"],
  payload: {
    refund: {
      entity: {
        id: "rfnd_FS8TWyPrCsa0OB",
        entity: "refund",
        amount: 50000,
        currency: "INR",
        payment_id: "pay_FPoJKWQQ8lK13n",
        notes: { comment: "Customer Notes for Webhooks." },
        receipt: null,
        acquirer_data: { arn: "10000000000000" },
        created_at: 1597734071,
        batch_id: null,
        status: "processed",
        speed_processed: "normal",
        speed_requested: "optimum",
      },
    },
    payment: {
      entity: {
        ...capturedPayment,
        id: "pay_FPoJKWQQ8lK13n",
        amount: 500000,
        order_id: "order_FPoIeimWki9j8A",
        method: "card",
        amount_refunded: 50000,
        refund_status: "partial",
        notes: { comment: "Note for refund" },
        created_at: 1597732953,
      },
    },
  },
  created_at: 1597734071,
};

describe("webhook payloads", () => {
  it("reads payment.captured, with notes [] as no notes", () => {
    const event = parseWebhookEvent(paymentCaptured);
    expect(event).toEqual({
      type: "payment.captured",
      orderId: "order_DESlLckIVRkHWj",
      createdAt: new Date(1567674606 * 1000),
      payment: {
        id: "pay_DESlfW9H8K9uqM",
        orderId: "order_DESlLckIVRkHWj",
        amountPaise: 100,
        currency: "INR",
        status: "captured",
        captured: true,
        method: "netbanking",
        amountRefundedPaise: 0,
        email: "gaurav.kumar@example.com",
        contact: "+919876543210",
        notes: {},
        error: null,
        createdAt: new Date(1567674599 * 1000),
      },
    });
  });

  it("reads payment.failed with Razorpay's error fields", () => {
    const event = parseWebhookEvent(paymentFailed);
    if (event.type !== "payment.failed") throw new Error(`got ${event.type}`);
    expect(event.orderId).toBe("order_DEATVTRRctwEGb");
    expect(event.payment).toMatchObject({
      id: "pay_DEAU825sJlCbGa",
      status: "failed",
      captured: false,
      amountPaise: 50000,
    });
    expect(event.payment.error).toEqual({
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      source: "bank",
      step: "payment_authorization",
      reason: "payment_failed",
      field: null,
    });
  });

  it("reads order.paid with both entities, notes as an object on one and [] on the other", () => {
    const event = parseWebhookEvent(orderPaid);
    if (event.type !== "order.paid") throw new Error(`got ${event.type}`);
    expect(event.orderId).toBe("order_QUg5vtkywCanxg");
    expect(event.payment.notes).toEqual({ address: "21st Century Business Center", order_number: "ORD-20250101-ABCD" });
    expect(event.order).toEqual({
      id: "order_QUg5vtkywCanxg",
      amountPaise: 5500,
      amountPaidPaise: 5500,
      amountDuePaise: 0,
      currency: "INR",
      receipt: null,
      status: "paid",
      attempts: 2,
      notes: {},
      createdAt: new Date(1747197098 * 1000),
    });
  });

  it("takes a refund event's order id from the payment entity (the refund has none)", () => {
    const event = parseWebhookEvent(refundProcessed);
    if (event.type !== "refund.processed") throw new Error(`got ${event.type}`);
    expect(event.orderId).toBe("order_FPoIeimWki9j8A");
    expect(event.refund).toEqual({
      id: "rfnd_FS8TWyPrCsa0OB",
      paymentId: "pay_FPoJKWQQ8lK13n",
      amountPaise: 50000,
      currency: "INR",
      status: "processed",
      notes: { comment: "Customer Notes for Webhooks." },
      receipt: null,
      createdAt: new Date(1597734071 * 1000),
    });
    expect(event.payment).toMatchObject({ id: "pay_FPoJKWQQ8lK13n", amountRefundedPaise: 50000 });
  });

  it("ignores events the shop does not handle, and names what is wrong with a broken one", () => {
    expect(parseWebhookEvent({ ...paymentCaptured, event: "payment.authorized" })).toEqual({
      type: "ignored",
      event: "payment.authorized",
    });
    expect(parseWebhookEvent({ ...refundProcessed, event: "refund.created" })).toEqual({
      type: "ignored",
      event: "refund.created",
    });
    const noAmount = structuredClone(paymentCaptured) as { payload: { payment: { entity: Record<string, unknown> } } };
    delete noAmount.payload.payment.entity.amount;
    expect(parseWebhookEvent(noAmount)).toMatchObject({
      type: "malformed",
      event: "payment.captured",
      problem: expect.stringMatching(/^payload\.payment\.entity\.amount: /),
    });
    expect(parseWebhookEvent({ ...orderPaid, payload: { payment: orderPaid.payload.payment } })).toMatchObject({
      type: "malformed",
      event: "order.paid",
      problem: expect.stringMatching(/^payload\.order\.entity/),
    });
    expect(
      parseWebhookEvent({ ...paymentCaptured, payload: { payment: { entity: { ...capturedPayment, notes: "x" } } } }),
    ).toMatchObject({ type: "malformed" });
    expect(parseWebhookEvent(null)).toEqual({ type: "malformed", event: null, problem: expect.any(String) });
    expect(parseWebhookEvent("payment.captured")).toMatchObject({ type: "malformed", event: null });
  });
});

describe("reading a webhook delivery", () => {
  const secret = "webhook-secret-0123";
  const sign = (body: string) => createHmac("sha256", secret).update(body).digest("hex");
  const raw = JSON.stringify(paymentCaptured);

  it("verifies the raw body, then parses it and keeps the event id from the header", () => {
    const reading = readRazorpayWebhook(
      { rawBody: Buffer.from(raw), signature: sign(raw), eventId: "HqKmAlPXQaKTIS" },
      secret,
    );
    expect(reading).toMatchObject({
      ok: true,
      eventId: "HqKmAlPXQaKTIS",
      eventType: "payment.captured",
      event: { type: "payment.captured" },
    });
    if (reading.ok) expect(reading.payload).toEqual(paymentCaptured);
  });

  it("refuses missing and wrong signatures and a tampered body, before parsing anything", () => {
    expect(readRazorpayWebhook({ rawBody: raw, signature: null, eventId: "e1" }, secret)).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(
      readRazorpayWebhook({ rawBody: raw, signature: sign(raw).replace(/^./, "0"), eventId: "e1" }, secret),
    ).toMatchObject({ ok: false });
    const tampered = raw.replace('"amount":100', '"amount":1');
    expect(readRazorpayWebhook({ rawBody: tampered, signature: sign(raw), eventId: "e1" }, secret)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(readRazorpayWebhook({ rawBody: "not json", signature: sign("not json"), eventId: "e1" }, secret)).toEqual({
      ok: false,
      reason: "not_json",
    });
  });

  it("stands in a digest of the body for a missing or unusable event id", () => {
    const first = readRazorpayWebhook({ rawBody: raw, signature: sign(raw), eventId: null }, secret);
    const again = readRazorpayWebhook({ rawBody: raw, signature: sign(raw), eventId: "bad id with spaces" }, secret);
    expect(first.ok && first.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(again.ok && again.eventId).toBe(first.ok && first.eventId);
  });
});

describe("Checkout's result", () => {
  it("reads a success from redirect mode's form POST", () => {
    const form = new URLSearchParams({
      razorpay_payment_id: "pay_29QQoUBi66xm2f",
      razorpay_order_id: "order_9A33XWu170gUtm",
      razorpay_signature: "9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d",
    });
    expect(parseCheckoutCallback(form)).toEqual({
      kind: "success",
      razorpayPaymentId: "pay_29QQoUBi66xm2f",
      razorpayOrderId: "order_9A33XWu170gUtm",
      razorpaySignature: "9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d",
    });
  });

  it("reads a failure's error[...] fields with the ids from error[metadata]'s JSON", () => {
    const form = new FormData();
    form.set("error[code]", "BAD_REQUEST_ERROR");
    form.set("error[description]", "Authentication failed due to incorrect otp");
    form.set("error[source]", "customer");
    form.set("error[step]", "payment_authentication");
    form.set("error[reason]", "invalid_otp");
    form.set("error[metadata]", JSON.stringify({ payment_id: "pay_EDNBKIP31Y4jl8", order_id: "order_DBJKIP31Y4jl8" }));
    expect(parseCheckoutCallback(form)).toEqual({
      kind: "failure",
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "Authentication failed due to incorrect otp",
        source: "customer",
        step: "payment_authentication",
        reason: "invalid_otp",
        field: null,
      },
      razorpayOrderId: "order_DBJKIP31Y4jl8",
      razorpayPaymentId: "pay_EDNBKIP31Y4jl8",
    });
  });

  it("reads the modal's failure object and survives broken metadata", () => {
    expect(
      parseCheckoutCallback({
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Payment failed",
          metadata: { order_id: "order_X1", payment_id: "pay_Y2" },
        },
      }),
    ).toMatchObject({
      kind: "failure",
      error: { description: "Payment failed" },
      razorpayOrderId: "order_X1",
      razorpayPaymentId: "pay_Y2",
    });
    const broken = new URLSearchParams({ "error[description]": "Payment failed", "error[metadata]": "{not json" });
    expect(parseCheckoutCallback(broken)).toMatchObject({
      kind: "failure",
      razorpayOrderId: null,
      razorpayPaymentId: null,
    });
    const nested = new URLSearchParams({ "error[reason]": "payment_failed", "error[metadata][order_id]": "order_Z3" });
    expect(parseCheckoutCallback(nested)).toMatchObject({ kind: "failure", razorpayOrderId: "order_Z3" });
    const long = new URLSearchParams({ "error[description]": "x".repeat(5000) });
    const parsed = parseCheckoutCallback(long);
    expect(parsed.kind === "failure" && parsed.error.description?.length).toBe(500);
  });

  it("calls half a success, or an empty body, invalid", () => {
    expect(
      parseCheckoutCallback(new URLSearchParams({ razorpay_payment_id: "pay_1", razorpay_order_id: "order_1" })),
    ).toMatchObject({ kind: "invalid" });
    expect(parseCheckoutCallback(new URLSearchParams())).toMatchObject({ kind: "invalid" });
    expect(
      parseCheckoutCallback({ razorpay_payment_id: 1, razorpay_order_id: "order_1", razorpay_signature: "a" }),
    ).toMatchObject({ kind: "invalid" });
    const withFile = new FormData();
    withFile.set("razorpay_payment_id", new Blob(["pay_1"]));
    expect(parseCheckoutCallback(withFile)).toMatchObject({ kind: "invalid" });
  });
});
