import type { CheckoutResult } from "./callbacks.server";
import {
  PAYMENT_MESSAGES,
  type GatewayError,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentCheckout,
  type PaymentOrder,
  type PaymentProviderName,
} from "./provider";
import { verifyPaymentSignature } from "./signatures.server";

/*
 * What every payment provider answers to (provider.server.ts has the two that exist), and the checks
 * both make: a positive amount, and Checkout's result against the stored order id and the signature.
 */

/** Thrown by createPaymentSession and refund; `userMessage` is what the shopper is told. */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: "unavailable" | "rejected",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PaymentGatewayError";
  }

  /** 'Payment gateway not available. Please try again later.' or 'Payment initiation failed. Please try again.' */
  get userMessage(): string {
    return this.kind === "unavailable" ? PAYMENT_MESSAGES.unavailable : PAYMENT_MESSAGES.initiationFailed;
  }
}

export interface PaymentSession {
  provider: PaymentProviderName;
  /** store on payments.provider_order_id: the one id every later check is made against */
  providerOrderId: string;
  amountPaise: number;
  currency: "INR";
  /** hand to the payment page as it is (JSON; no secrets) */
  checkout: PaymentCheckout;
}

export interface CreateSessionOptions {
  /**
   * Absolute address of the shop's route that receives redirect mode's POST. It may carry a query
   * (`?order=ORD-...`): Razorpay keeps it, and the POST has no session cookie to go by.
   */
  callbackUrl: string;
  /** the store's name on the gateway's form (store settings); default 'Saanjh' */
  storeName?: string;
}

export interface VerifyReturnInput {
  /** payments.provider_order_id as the shop stored it, never the id the browser sent */
  providerOrderId: string;
  /** parseCheckoutCallback(...) of what the browser or redirect mode sent */
  result: CheckoutResult;
}

export type ReturnRejection =
  /** not a result at all (parseCheckoutCallback said invalid) */
  | "invalid_result"
  /** the browser named another Razorpay order than the one stored */
  | "order_mismatch"
  /** the signature does not hold for the stored order id and this payment id */
  | "bad_signature"
  /** signed, but Razorpay does not know the payment */
  | "not_paid";

export type ReturnVerdict =
  | {
      outcome: "paid";
      providerPaymentId: string;
      /**
       * Razorpay's payment as fetched after the signature held: its order, amount, currency and status
       * are for `judgePayment` (payments/settlement.ts) to judge, through settlePayment. Null when it
       * could not be fetched (gateway unreachable: the signature alone proves a payment on the Razorpay
       * order the shop created, and payment.captured will arrive by webhook) and for the test gateway,
       * which has no API.
       */
      payment: GatewayPayment | null;
      /** true when captured; false when only authorised (auto-capture follows); null when unknown */
      captured: boolean | null;
    }
  /** Checkout reported a failure: unsigned, so it only informs the shopper and never moves an order */
  | { outcome: "failed"; error: GatewayError; providerPaymentId: string | null }
  /** refuse: nothing happens to the order; log `detail` */
  | { outcome: "rejected"; reason: ReturnRejection; detail: string };

export interface ProviderRefundInput {
  providerPaymentId: string;
  /** paise to refund; required (the shop always knows what it gives back) */
  amountPaise: number;
  /** the same key returns the same refund on a retry; at least 10 of [A-Za-z0-9_-] */
  idempotencyKey: string;
  notes?: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** creates the gateway's order for our order; throws PaymentGatewayError */
  createPaymentSession(order: PaymentOrder, options: CreateSessionOptions): Promise<PaymentSession>;
  /** decides whether Checkout's result is a genuine payment of this order; throws nothing */
  verifyReturn(input: VerifyReturnInput): Promise<ReturnVerdict>;
  /** throws PaymentGatewayError */
  refund(input: ProviderRefundInput): Promise<GatewayRefund>;
  /**
   * Every payment attempt on a gateway order (for the sweep of abandoned orders: was anything
   * captured meanwhile?). Throws PaymentGatewayError; the test gateway keeps no record and answers [].
   */
  findPayments(providerOrderId: string): Promise<GatewayPayment[]>;
}

export function assertAmount(order: PaymentOrder): void {
  if (!Number.isSafeInteger(order.amountPaise) || order.amountPaise <= 0) {
    throw new RangeError(
      `createPaymentSession: amountPaise must be a positive whole number of paise (got ${order.amountPaise})`,
    );
  }
}

/** The checks shared by both gateways: result shape, order id, signature. */
export function checkSignedResult(
  input: VerifyReturnInput,
  keySecret: string,
): ReturnVerdict | { outcome: "signed"; providerPaymentId: string } {
  const { result } = input;
  if (result.kind === "invalid") return { outcome: "rejected", reason: "invalid_result", detail: result.problem };
  if (result.kind === "failure")
    return { outcome: "failed", error: result.error, providerPaymentId: result.razorpayPaymentId };
  if (result.razorpayOrderId !== input.providerOrderId) {
    return {
      outcome: "rejected",
      reason: "order_mismatch",
      detail: `result names ${result.razorpayOrderId}, the order has ${input.providerOrderId}`,
    };
  }
  const genuine = verifyPaymentSignature(
    {
      razorpayOrderId: input.providerOrderId,
      razorpayPaymentId: result.razorpayPaymentId,
      signature: result.razorpaySignature,
    },
    keySecret,
  );
  if (!genuine)
    return {
      outcome: "rejected",
      reason: "bad_signature",
      detail: `signature does not hold for ${input.providerOrderId} / ${result.razorpayPaymentId}`,
    };
  return { outcome: "signed", providerPaymentId: result.razorpayPaymentId };
}
