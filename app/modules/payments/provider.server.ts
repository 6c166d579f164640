import { createHmac, randomBytes } from "node:crypto";
import type { PaymentsConfig } from "../../config.server";
import { getLogger } from "../../lib/logger.server";
import type { CheckoutResult } from "./callbacks.server";
import {
  PAYMENT_MESSAGES,
  TEST_GATEWAY_FAILURES,
  type GatewayError,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentCheckout,
  type PaymentOrder,
  type PaymentProviderName,
  type TestGatewayFailure,
} from "./provider";
import { createRazorpayClient, RazorpayError, type RazorpayClient } from "./razorpay.server";
import { signPayment, verifyPaymentSignature } from "./signatures.server";

/*
 * The payment provider the checkout calls (docs/decisions/017). Two implementations behind one
 * interface: `razorpay` (Orders API + Checkout + signature) and `test` (demo mode: the shop's own TEST
 * MODE page, signing its results in Razorpay's format with a local secret). Both return results in
 * the same shapes, and both are verified by the same function: verifyPaymentSignature.
 *
 * Cash on delivery has no provider: it never touches a gateway.
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

const DEFAULT_STORE_NAME = "Saanjh";
const THEME_COLOR = "#7a2333";
// Razorpay's notes: at most 15 pairs of at most 256 characters.
const NOTE_MAX = 256;

function assertAmount(order: PaymentOrder): void {
  if (!Number.isSafeInteger(order.amountPaise) || order.amountPaise <= 0) {
    throw new RangeError(
      `createPaymentSession: amountPaise must be a positive whole number of paise (got ${order.amountPaise})`,
    );
  }
}

function notesFor(order: PaymentOrder): Record<string, string> {
  const notes: Record<string, string> = { order_number: order.orderNumber };
  if (order.shippingAddress?.trim()) notes.address = order.shippingAddress.trim().slice(0, NOTE_MAX);
  return notes;
}

function toGatewayError(error: unknown, action: string): PaymentGatewayError {
  if (error instanceof RazorpayError) {
    const kind = error.kind === "rejected" ? "rejected" : "unavailable";
    const log = getLogger();
    const fields = {
      status: error.status,
      code: error.details.code,
      field: error.details.field,
      reason: error.details.reason,
      request: error.details.request,
    };
    if (error.kind === "unauthorized")
      log.error(fields, `payments: Razorpay refused the shop's keys while trying to ${action}: ${error.description}`);
    else if (kind === "unavailable")
      log.warn(fields, `payments: Razorpay unavailable while trying to ${action}: ${error.description}`);
    else log.warn(fields, `payments: Razorpay refused to ${action}: ${error.description}`);
    return new PaymentGatewayError(kind, `${action}: ${error.message}`, { cause: error });
  }
  return new PaymentGatewayError(
    "unavailable",
    `${action}: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}

/** The checks shared by both gateways: result shape, order id, signature. */
function checkSignedResult(
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

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  apiUrl: string;
  checkoutUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function razorpayProvider(
  options: RazorpayProviderOptions,
  client: RazorpayClient = createRazorpayClient(options),
): PaymentProvider {
  return {
    name: "razorpay",

    async createPaymentSession(order, session) {
      assertAmount(order);
      let created;
      try {
        created = await client.createOrder({
          amountPaise: order.amountPaise,
          currency: order.currency,
          receipt: order.orderNumber,
          notes: notesFor(order),
        });
      } catch (error) {
        throw toGatewayError(error, `create a Razorpay order for ${order.orderNumber}`);
      }
      if (created.currency !== "INR")
        throw new PaymentGatewayError("rejected", `Razorpay opened order ${created.id} in ${created.currency}`);
      return {
        provider: "razorpay",
        providerOrderId: created.id,
        // as Razorpay reported its order: the caller checks it against the order's total
        amountPaise: created.amountPaise,
        currency: created.currency,
        checkout: {
          provider: "razorpay",
          scriptUrl: options.checkoutUrl,
          callbackUrl: session.callbackUrl,
          options: {
            key: options.keyId,
            amount: order.amountPaise,
            currency: order.currency,
            name: session.storeName ?? DEFAULT_STORE_NAME,
            description: order.description ?? `Order ${order.orderNumber}`,
            order_id: created.id,
            prefill: { name: order.customer.name, email: order.customer.email, contact: order.customer.phone },
            notes: notesFor(order),
            theme: { color: THEME_COLOR },
          },
        },
      };
    },

    async verifyReturn(input) {
      const checked = checkSignedResult(input, options.keySecret);
      if (checked.outcome !== "signed") return checked;
      let payment: GatewayPayment;
      try {
        payment = await client.fetchPayment(checked.providerPaymentId);
      } catch (error) {
        if (error instanceof RazorpayError && error.kind === "rejected") {
          // A signature made with our key for a payment Razorpay does not know: refuse, and look into it.
          getLogger().error(
            {
              providerOrderId: input.providerOrderId,
              providerPaymentId: checked.providerPaymentId,
              status: error.status,
            },
            `payments: signature holds but Razorpay refuses the payment: ${error.description}`,
          );
          return { outcome: "rejected", reason: "not_paid", detail: `Razorpay: ${error.description}` };
        }
        getLogger().warn(
          { err: error, providerOrderId: input.providerOrderId, providerPaymentId: checked.providerPaymentId },
          "payments: signature holds but the payment could not be fetched; accepting on the signature",
        );
        return { outcome: "paid", providerPaymentId: checked.providerPaymentId, payment: null, captured: null };
      }
      return { outcome: "paid", providerPaymentId: payment.id, payment, captured: payment.captured };
    },

    async refund(input) {
      try {
        return await client.refund(input.providerPaymentId, {
          amountPaise: input.amountPaise,
          idempotencyKey: input.idempotencyKey,
          notes: input.notes,
        });
      } catch (error) {
        if (error instanceof RangeError) throw error;
        throw toGatewayError(error, `refund ${input.providerPaymentId}`);
      }
    },

    async findPayments(providerOrderId) {
      try {
        return await client.fetchOrderPayments(providerOrderId);
      } catch (error) {
        throw toGatewayError(error, `list the payments of ${providerOrderId}`);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The test gateway (demo mode only; the configuration refuses it in live mode)

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

/**
 * The provider the configuration selects, or null when the shop takes cash on delivery alone
 * (`provider: "none"`). Check `config.online` before offering online payment at checkout: with
 * PAYMENTS=cod-only a configured Razorpay is still returned, for webhooks and refunds.
 */
export function paymentProviderFor(config: PaymentsConfig): PaymentProvider | null {
  switch (config.provider) {
    case "razorpay":
      return razorpayProvider(config);
    case "test":
      return testGatewayProvider({ keySecret: config.keySecret });
    case "none":
      return null;
  }
}
