/*
 * The payment provider's shapes that the browser may see too: what a payment page needs to open the
 * gateway, the messages the shopper reads, and the gateway's entities in the shop's terms (integer paise,
 * camelCase, dates). The server side (the providers themselves) is in provider.server.ts;
 * docs/decisions/017 explains the design.
 */

export type PaymentProviderName = "razorpay" | "test";

/** What the checkout and payment pages tell the shopper. */
export const PAYMENT_MESSAGES = {
  /** the gateway could not be reached, timed out, answered 5xx, or refused the shop's keys */
  unavailable: "Payment gateway not available. Please try again later.",
  /** the gateway refused the request (4xx): a bad amount, a bad id */
  initiationFailed: "Payment initiation failed. Please try again.",
  /** payment taken but the order could not be confirmed (flagged for the admin, never refunded silently) */
  orderCreationFailed: "Order creation failed. Please contact support.",
  generic: "Something went wrong. Please try again.",
} as const;

/** 'Payment failed: {description}', with the generic message when the gateway gave no description. */
export function paymentFailedMessage(description: string | null | undefined): string {
  const text = description?.trim();
  return text ? `Payment failed: ${text}` : PAYMENT_MESSAGES.generic;
}

/** What the customer sees of the order on the gateway's form, and what Razorpay keeps with the payment. */
export interface PaymentOrder {
  /** our order number ('ORD-...'): Razorpay's receipt (at most 40 characters) */
  orderNumber: string;
  /** integer paise, > 0: the order's total as the server computed it */
  amountPaise: number;
  currency: "INR";
  customer: { name: string; email: string; phone: string };
  /** one line for the gateway's notes (cut to 256 characters) */
  shippingAddress?: string;
  /** shown on the gateway's form; defaults to the order number */
  description?: string;
}

/**
 * Razorpay Checkout's options as JSON (no functions): the browser adds `handler`, `modal.ondismiss`
 * and the `payment.failed` listener itself. Amount in paise; `order_id` from the Orders API.
 */
export interface RazorpayCheckoutOptions {
  key: string;
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme?: { color: string };
  /** redirect mode only (see razorpayCheckoutOptions) */
  callback_url?: string;
  redirect?: boolean;
}

/** What the payment page needs to take the payment. */
export type PaymentCheckout =
  | {
      provider: "razorpay";
      /** the Checkout script to load (RAZORPAY_CHECKOUT_URL) */
      scriptUrl: string;
      /** modal mode's options; razorpayCheckoutOptions() turns them into redirect mode's */
      options: RazorpayCheckoutOptions;
      /** where redirect mode posts the result (the shop's callback route, given at session creation) */
      callbackUrl: string;
    }
  | {
      /** demo mode: the shop's own TEST MODE page shows the amount with Approve / Decline / Fail with reason */
      provider: "test";
      providerOrderId: string;
      amountPaise: number;
      currency: "INR";
    };

/**
 * The options to pass to `new Razorpay(...)`. Redirect mode (`redirect: true` + `callback_url`) is for
 * browsers that block the modal's pop-ups (in-app browsers of Instagram, Facebook, WhatsApp): Checkout
 * then POSTs the result to the callback URL instead of calling `handler`.
 */
export function razorpayCheckoutOptions(
  checkout: Extract<PaymentCheckout, { provider: "razorpay" }>,
  mode: "modal" | "redirect",
): RazorpayCheckoutOptions {
  if (mode === "modal") return { ...checkout.options };
  return { ...checkout.options, redirect: true, callback_url: checkout.callbackUrl };
}

// In-app browsers of the apps shoppers arrive from; they open pop-ups poorly or not at all.
const IN_APP_BROWSER =
  /\b(Instagram|FBAN|FBAV|FB_IAB|FBIOS|WhatsApp|Snapchat|Line\/|MicroMessenger|LinkedInApp|Twitter)\b|; wv\)/;

/** True for in-app browsers, where redirect mode is the safer choice. */
export function prefersRedirectCheckout(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && IN_APP_BROWSER.test(userAgent));
}

/** A payment's error as the gateway describes it (every field may be missing). */
export interface GatewayError {
  code: string | null;
  description: string | null;
  source: string | null;
  step: string | null;
  reason: string | null;
  field: string | null;
}

export type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

/** A payment at the gateway (Razorpay's payment entity, in paise, camelCase). */
export interface GatewayPayment {
  id: string;
  /** the gateway's order id (Razorpay 'order_...'); null for payments made without an order */
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: GatewayPaymentStatus;
  captured: boolean;
  /** card, netbanking, wallet, upi, emi, ... */
  method: string | null;
  amountRefundedPaise: number;
  email: string | null;
  contact: string | null;
  notes: Record<string, string>;
  /** set on failed payments */
  error: GatewayError | null;
  createdAt: Date;
}

export type GatewayRefundStatus = "pending" | "processed" | "failed";

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  status: GatewayRefundStatus;
  notes: Record<string, string>;
  receipt: string | null;
  createdAt: Date;
}

export type GatewayOrderStatus = "created" | "attempted" | "paid";

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  amountPaidPaise: number;
  amountDuePaise: number;
  currency: string;
  receipt: string | null;
  status: GatewayOrderStatus;
  attempts: number;
  notes: Record<string, string>;
  createdAt: Date;
}

/**
 * The test gateway's failures ('Decline' and 'Fail with reason' on the demo TEST MODE page), in
 * Razorpay's error terms. `declined` is Razorpay's documented bank failure (webhooks/payments sample);
 * `temporary` is the documented gateway failure (orders/fetch-payments sample); `incorrect_otp` is the
 * documented customer failure (errors page).
 */
export const TEST_GATEWAY_FAILURES = {
  declined: {
    label: "Declined by the bank",
    error: {
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      source: "bank",
      step: "payment_authorization",
      reason: "payment_failed",
      field: null,
    },
  },
  incorrect_otp: {
    label: "Wrong OTP",
    error: {
      code: "BAD_REQUEST_ERROR",
      description: "Authentication failed due to incorrect otp",
      source: "customer",
      step: "payment_authentication",
      reason: "invalid_otp",
      field: null,
    },
  },
  temporary: {
    label: "Bank's server down",
    error: {
      code: "BAD_REQUEST_ERROR",
      description:
        "Payment was unsuccessful due to a temporary issue. If amount got deducted, it will be refunded within 5-7 working days.",
      source: "gateway",
      step: "payment_response",
      reason: "payment_failed",
      field: null,
    },
  },
} as const satisfies Record<string, { label: string; error: GatewayError }>;

export type TestGatewayFailure = keyof typeof TEST_GATEWAY_FAILURES;
