import { describe, expect, it } from "vitest";
import { signPayment, verifyPaymentSignature, verifyWebhookSignature } from "./signatures.server";

// Known answers computed with `openssl dgst -sha256 -hmac <secret>`, not with the code under test.
const KEY_SECRET = "w2Kx9Lq7Rt4Vb8Nc1Zp5Hs3F";
const ORDER = "order_DaZlswtdcn9UNV";
const PAYMENT = "pay_29QQoUBi66xm2f";
const GENUINE = "6df2186c763bac611dbc710cc7aea7a72a1c4d3ef3708fadc65aca0ff0ac10d5";

const WEBHOOK_SECRET = "webhook-secret-0123";
const WEBHOOK_BODY = '{"entity":"event","event":"payment.captured"}';
const WEBHOOK_SIGNATURE = "d924b909103d35105dd3dc7cafc1e9245690d32b0357cb115725d37a41c3292d";

const verify = (signature: unknown, order = ORDER, payment = PAYMENT, secret = KEY_SECRET) =>
  verifyPaymentSignature(
    { razorpayOrderId: order, razorpayPaymentId: payment, signature: signature as string },
    secret,
  );

/** The same signature with one hex digit changed. */
function oneCharacterChanged(signature: string, at: number): string {
  const c = signature[at]!;
  return signature.slice(0, at) + (c === "0" ? "1" : "0") + signature.slice(at + 1);
}

describe("payment signature (Checkout's razorpay_signature)", () => {
  it("accepts Razorpay's signature of order_id|payment_id", () => {
    expect(verify(GENUINE)).toBe(true);
    expect(signPayment(ORDER, PAYMENT, KEY_SECRET)).toBe(GENUINE);
  });

  it("refuses the signature with any one character changed", () => {
    for (const at of [0, 31, 63]) expect(verify(oneCharacterChanged(GENUINE, at)), `position ${at}`).toBe(false);
  });

  it("refuses a genuine signature presented for another order or another payment", () => {
    expect(verify(GENUINE, "order_DaZlswtdcn9UNW")).toBe(false);
    expect(verify(GENUINE, ORDER, "pay_29QQoUBi66xm2g")).toBe(false);
    // a signature made for another order is not valid for this one either
    expect(verify(signPayment("order_OtherOrder00001", PAYMENT, KEY_SECRET))).toBe(false);
  });

  it("refuses a signature made with another secret", () => {
    expect(verify(signPayment(ORDER, PAYMENT, "another-secret-0123456789"))).toBe(false);
    expect(verify(GENUINE, ORDER, PAYMENT, "another-secret-0123456789")).toBe(false);
  });

  it("answers false, without throwing, to empty, malformed and wrongly sized input", () => {
    expect(verify("")).toBe(false);
    expect(verify(GENUINE.toUpperCase())).toBe(false);
    expect(verify(GENUINE.slice(0, 62))).toBe(false);
    expect(verify(`${GENUINE}00`)).toBe(false);
    expect(verify(`${GENUINE.slice(0, 63)}g`)).toBe(false);
    expect(verify(` ${GENUINE.slice(1)}`)).toBe(false);
    expect(verify(Buffer.from(GENUINE, "hex").toString("base64"))).toBe(false);
    expect(verify(undefined)).toBe(false);
    expect(verify(null)).toBe(false);
    expect(verify(12345)).toBe(false);
    expect(verify(GENUINE, "")).toBe(false);
    expect(verify(GENUINE, ORDER, "")).toBe(false);
    expect(verify(GENUINE, ORDER, PAYMENT, "")).toBe(false);
    expect(verifyPaymentSignature(undefined as never, KEY_SECRET)).toBe(false);
  });

  it("refuses ids that are not Razorpay's shape, so '|' cannot move between the two ids", () => {
    // 'order_A|pay_B' + '|' + 'C' and 'order_A' + '|' + 'pay_B|C' are the same message
    const sig = signPayment("order_A", "pay_B|C", KEY_SECRET);
    expect(verify(sig, "order_A|pay_B", "C")).toBe(false);
    expect(verify(sig, "order_A", "pay_B|C")).toBe(false);
  });
});

describe("webhook signature (X-Razorpay-Signature over the raw body)", () => {
  it("accepts the signature of the raw body, as a string or as bytes", () => {
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(true);
  });

  it("refuses a tampered body, even one that parses to the same JSON", () => {
    expect(verifyWebhookSignature(WEBHOOK_BODY.replace("captured", "failed"), WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(
      false,
    );
    expect(
      verifyWebhookSignature(JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 2), WEBHOOK_SIGNATURE, WEBHOOK_SECRET),
    ).toBe(false);
    expect(verifyWebhookSignature(`${WEBHOOK_BODY}\n`, WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(false);
  });

  it("refuses a missing, malformed or foreign signature and an empty secret", () => {
    expect(verifyWebhookSignature(WEBHOOK_BODY, null, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, "", WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, oneCharacterChanged(WEBHOOK_SIGNATURE, 10), WEBHOOK_SECRET)).toBe(
      false,
    );
    expect(verifyWebhookSignature(WEBHOOK_BODY, `${WEBHOOK_SIGNATURE}, ${WEBHOOK_SIGNATURE}`, WEBHOOK_SECRET)).toBe(
      false,
    );
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, "another-webhook-secret")).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, "")).toBe(false);
    expect(verifyWebhookSignature(undefined as never, WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(false);
  });
});
