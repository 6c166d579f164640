import { createHmac, randomBytes } from "node:crypto";
import type { CheckoutResult } from "./callbacks.server";
import { TEST_GATEWAY_FAILURES, type TestGatewayFailure } from "./provider";
import { assertAmount, checkSignedResult, type PaymentProvider } from "./provider-contract.server";
import { signPayment } from "./signatures.server";

/* The test gateway: demo mode only (the configuration refuses it in live mode). */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 'prefix_' and 14 random letters and digits, the shape of Razorpay's ids. */
function gatewayId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = "";
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

export interface TestGatewayProvider extends PaymentProvider {
  readonly name: "test";
  /**
   * The TEST MODE page's three answers, made on the server when the page's form is posted. Approve
   * returns a success result signed exactly as Razorpay's Checkout would sign it, to go through
   * verifyReturn like any other; Decline and Fail return Checkout's failure shape.
   */
  approve(providerOrderId: string): Extract<CheckoutResult, { kind: "success" }>;
  decline(providerOrderId: string): Extract<CheckoutResult, { kind: "failure" }>;
  fail(providerOrderId: string, failure: TestGatewayFailure): Extract<CheckoutResult, { kind: "failure" }>;
}

export function testGatewayProvider(options: { keySecret: string }): TestGatewayProvider {
  if (!options.keySecret) throw new Error("testGatewayProvider: empty key secret");
  const failure = (
    providerOrderId: string,
    which: TestGatewayFailure,
  ): Extract<CheckoutResult, { kind: "failure" }> => ({
    kind: "failure",
    error: { ...TEST_GATEWAY_FAILURES[which].error },
    razorpayOrderId: providerOrderId,
    razorpayPaymentId: gatewayId("pay"),
  });
  return {
    name: "test",

    async createPaymentSession(order) {
      assertAmount(order);
      const providerOrderId = gatewayId("order");
      return {
        provider: "test",
        providerOrderId,
        amountPaise: order.amountPaise,
        currency: order.currency,
        checkout: { provider: "test", providerOrderId, amountPaise: order.amountPaise, currency: order.currency },
      };
    },

    async verifyReturn(input) {
      const checked = checkSignedResult(input, options.keySecret);
      if (checked.outcome !== "signed") return checked;
      return { outcome: "paid", providerPaymentId: checked.providerPaymentId, payment: null, captured: true };
    },

    async refund(input) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(input.idempotencyKey)) {
        throw new RangeError("refund: idempotencyKey must be at least 10 letters, digits, '-' or '_'");
      }
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
        throw new RangeError(`refund: amountPaise must be a positive whole number of paise (got ${input.amountPaise})`);
      }
      // No state: the refund's id is derived from the key, so a retry answers the same refund.
      const digest = createHmac("sha256", options.keySecret).update(`refund|${input.idempotencyKey}`).digest("hex");
      let id = "";
      for (let i = 0; i < 14; i++) id += BASE62[Number.parseInt(digest.slice(i * 2, i * 2 + 2), 16) % 62];
      return {
        id: `rfnd_${id}`,
        paymentId: input.providerPaymentId,
        amountPaise: input.amountPaise,
        currency: "INR",
        status: "processed",
        notes: input.notes ?? {},
        receipt: null,
        createdAt: new Date(),
      };
    },

    async findPayments() {
      return [];
    },

    approve(providerOrderId) {
      const razorpayPaymentId = gatewayId("pay");
      return {
        kind: "success",
        razorpayOrderId: providerOrderId,
        razorpayPaymentId,
        razorpaySignature: signPayment(providerOrderId, razorpayPaymentId, options.keySecret),
      };
    },

    decline(providerOrderId) {
      return failure(providerOrderId, "declined");
    },

    fail(providerOrderId, which) {
      return failure(providerOrderId, which);
    },
  };
}
