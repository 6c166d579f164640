import { createHmac, timingSafeEqual } from "node:crypto";
import { RAZORPAY_ID } from "./razorpay-entities.server";

/*
 * Razorpay's two signatures (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/integration-steps,
 * https://razorpay.com/docs/webhooks/validate-test):
 * - a payment: hex HMAC-SHA256(order_id + "|" + payment_id) with the key secret, sent by Checkout
 *   (handler response or redirect-mode POST) as `razorpay_signature`;
 * - a webhook: hex HMAC-SHA256(raw request body) with the webhook secret, in `X-Razorpay-Signature`.
 * Both are compared in constant time. Every malformed input is simply "not genuine": these functions
 * return false and never throw, so a route can call them on anything a client sent.
 */

/** Razorpay sends 64 lowercase hex digits; anything else is not a signature it made. */
const SIGNATURE = /^[0-9a-f]{64}$/;

function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

function sameSignature(expectedHex: string, given: unknown): boolean {
  if (typeof given !== "string" || !SIGNATURE.test(given)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(given, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface PaymentSignatureInput {
  /**
   * The Razorpay order id the SHOP stored when it created the order (payments.provider_order_id), never
   * the `razorpay_order_id` the browser sent back: that is how a payment for another order is refused.
   */
  razorpayOrderId: string;
  /** `razorpay_payment_id` from Checkout */
  razorpayPaymentId: string;
  /** `razorpay_signature` from Checkout */
  signature: string;
}

/**
 * Checkout's payment signature. Ids must look like Razorpay's ('order_...', 'pay_...'): a '|' inside
 * an id could make one signature fit two different pairs.
 */
export function verifyPaymentSignature(input: PaymentSignatureInput, keySecret: string): boolean {
  const { razorpayOrderId, razorpayPaymentId, signature } = input ?? ({} as PaymentSignatureInput);
  if (typeof keySecret !== "string" || keySecret === "") return false;
  if (typeof razorpayOrderId !== "string" || typeof razorpayPaymentId !== "string") return false;
  if (!RAZORPAY_ID.test(razorpayOrderId) || !RAZORPAY_ID.test(razorpayPaymentId)) return false;
  return sameSignature(hmacHex(keySecret, `${razorpayOrderId}|${razorpayPaymentId}`), signature);
}

/**
 * The signature Checkout would send for this order and payment. Used by the demo-mode test gateway,
 * which signs its results exactly as Razorpay does so that one verification path serves both.
 */
export function signPayment(razorpayOrderId: string, razorpayPaymentId: string, keySecret: string): string {
  if (!keySecret) throw new Error("signPayment: empty key secret");
  return hmacHex(keySecret, `${razorpayOrderId}|${razorpayPaymentId}`);
}

/**
 * A webhook's `X-Razorpay-Signature` over the raw body, byte for byte as it arrived (parsing and
 * re-serialising the JSON would change it). Missing, repeated or malformed headers are false.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signatureHeader: string | null | undefined,
  webhookSecret: string,
): boolean {
  if (typeof webhookSecret !== "string" || webhookSecret === "") return false;
  if (typeof signatureHeader !== "string") return false;
  if (typeof rawBody !== "string" && !Buffer.isBuffer(rawBody)) return false;
  return sameSignature(hmacHex(webhookSecret, rawBody), signatureHeader);
}
