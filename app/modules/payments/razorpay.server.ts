import type { ZodType } from "zod";
import type { GatewayOrder, GatewayPayment, GatewayRefund } from "./provider";
import {
  RAZORPAY_ID,
  razorpayErrorBody,
  razorpayOrderEntity,
  razorpayPaymentCollection,
  razorpayPaymentEntity,
  razorpayRefundEntity,
} from "./razorpay-entities.server";

/*
 * A small typed client for the parts of Razorpay's REST API the shop uses, over fetch (the official
 * SDK cannot be pointed at another address and drops the refund idempotency header: decision 017).
 * Basic auth with the key id and secret; JSON in and out; amounts in paise.
 */

/**
 * Why a call failed, in the terms the checkout shows:
 * - `unavailable`: no answer (network error, timeout), 5xx, 429, or a 2xx body that is not what
 *   Razorpay sends. Show 'Payment gateway not available. Please try again later.'
 * - `unauthorized`: 401/403, the shop's keys were refused. A configuration fault; the shopper can only
 *   try later, so show the same message as `unavailable` (and log it loudly).
 * - `rejected`: any other 4xx (bad amount, unknown id, idempotency key reused with another body).
 *   Show 'Payment initiation failed. Please try again.'; `description` is Razorpay's reason.
 */
export type RazorpayErrorKind = "unavailable" | "unauthorized" | "rejected";

export class RazorpayError extends Error {
  constructor(
    readonly kind: RazorpayErrorKind,
    /** Razorpay's `error.description`, or what went wrong on the way */
    readonly description: string,
    readonly details: {
      /** HTTP status; null when no answer came */
      status: number | null;
      /** Razorpay's `error.code`, e.g. BAD_REQUEST_ERROR, SERVER_ERROR */
      code?: string | null;
      field?: string | null;
      reason?: string | null;
      /** 'POST /v1/orders' */
      request: string;
      cause?: unknown;
    },
  ) {
    super(`Razorpay ${details.request}: ${details.status ?? "no answer"} ${description}`, { cause: details.cause });
    this.name = "RazorpayError";
  }

  get status(): number | null {
    return this.details.status;
  }
}

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a local fake gateway in tests (no trailing slash needed) */
  apiUrl: string;
  /** per request; default 5000 ms */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CreateOrderInput {
  /** integer paise; Razorpay's minimum is 100 (₹1.00) */
  amountPaise: number;
  currency: "INR";
  /** our order number; at most 40 characters */
  receipt: string;
  /** at most 15 pairs of at most 256 characters each */
  notes?: Record<string, string>;
}

export interface RefundInput {
  /** integer paise; omitted = the whole payment (what is left of it) */
  amountPaise?: number;
  /**
   * Sent as `X-Refund-Idempotency`: at least 10 characters of letters, digits, '-' and '_'. Retrying
   * with the same key and the same body returns the same refund; another body with that key is refused.
   */
  idempotencyKey: string;
  notes?: Record<string, string>;
  /** our reference for the refund */
  receipt?: string;
}

export interface RazorpayClient {
  /** POST /v1/orders */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** GET /v1/payments/:id */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** GET /v1/orders/:id/payments: every attempt on the order (failed, authorised, captured) */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** POST /v1/payments/:id/refund with X-Refund-Idempotency */
  refund(paymentId: string, input: RefundInput): Promise<GatewayRefund>;
  /** GET /v1/refunds/:id */
  fetchRefund(refundId: string): Promise<GatewayRefund>;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/** Where and as whom the client calls. */
interface Connection {
  doFetch: typeof fetch;
  apiUrl: string;
  timeoutMs: number;
  authorization: string;
}

/** What a failed answer's status means for the shopper (see RazorpayErrorKind). */
function errorKindOf(status: number): RazorpayErrorKind {
  if (status >= 500 || status === 429) return "unavailable";
  if (status === 401 || status === 403) return "unauthorized";
  return "rejected";
}

/** One request: JSON in and out, under the timeout; the answer checked against `schema`. */
async function call<T>(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  schema: ZodType<T>,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const request = `${method} ${path}`;
  let response: Response;
  let text: string;
  try {
    response = await conn.doFetch(`${conn.apiUrl}${path}`, {
      method,
      headers: {
        authorization: conn.authorization,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(conn.timeoutMs),
    });
    // The body is read under the same timeout: a gateway that sends headers and stalls is unavailable too.
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new RazorpayError(
      "unavailable",
      timedOut ? `no answer within ${conn.timeoutMs} ms` : "could not be reached",
      {
        status: null,
        request,
        cause: error,
      },
    );
  }

  let json: unknown = undefined;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    // handled below: a body that is not JSON
  }

  if (!response.ok) {
    const parsed = razorpayErrorBody.safeParse(json);
    const error = parsed.success ? parsed.data.error : null;
    const status = response.status;
    throw new RazorpayError(errorKindOf(status), error?.description ?? `HTTP ${status}`, {
      status,
      code: error?.code,
      field: error?.field,
      reason: error?.reason,
      request,
    });
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new RazorpayError("unavailable", "answered with a body that is not the expected entity", {
      status: response.status,
      request,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Ids go into paths: anything but Razorpay's id shape is refused before a request is made. */
function idPath(kind: string, id: string, request: string): string {
  if (!RAZORPAY_ID.test(id)) {
    throw new RazorpayError("rejected", `${JSON.stringify(id.slice(0, 40))} is not a valid ${kind} id`, {
      status: null,
      request,
    });
  }
  return encodeURIComponent(id);
}

export function createRazorpayClient(options: RazorpayClientOptions): RazorpayClient {
  const conn: Connection = {
    doFetch: options.fetch ?? fetch,
    apiUrl: options.apiUrl.replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 5000,
    authorization: `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`,
  };

  return {
    async createOrder(input) {
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
        throw new RangeError(
          `createOrder: amountPaise must be a positive whole number of paise (got ${input.amountPaise})`,
        );
      }
      return call(conn, "POST", "/v1/orders", razorpayOrderEntity, {
        amount: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        ...(input.notes ? { notes: input.notes } : {}),
      });
    },

    async fetchPayment(paymentId) {
      return call(
        conn,
        "GET",
        `/v1/payments/${idPath("payment", paymentId, "GET /v1/payments/:id")}`,
        razorpayPaymentEntity,
      );
    },

    async fetchOrderPayments(orderId) {
      return call(
        conn,
        "GET",
        `/v1/orders/${idPath("order", orderId, "GET /v1/orders/:id/payments")}/payments`,
        razorpayPaymentCollection,
      );
    },

    async refund(paymentId, input) {
      if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
        throw new RangeError(
          "refund: idempotencyKey must be at least 10 letters, digits, '-' or '_' (Razorpay's X-Refund-Idempotency)",
        );
      }
      if (input.amountPaise !== undefined && (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)) {
        throw new RangeError(`refund: amountPaise must be a positive whole number of paise (got ${input.amountPaise})`);
      }
      const path = `/v1/payments/${idPath("payment", paymentId, "POST /v1/payments/:id/refund")}/refund`;
      return call(
        conn,
        "POST",
        path,
        razorpayRefundEntity,
        {
          ...(input.amountPaise === undefined ? {} : { amount: input.amountPaise }),
          ...(input.notes ? { notes: input.notes } : {}),
          ...(input.receipt ? { receipt: input.receipt } : {}),
        },
        { "x-refund-idempotency": input.idempotencyKey },
      );
    },

    async fetchRefund(refundId) {
      return call(
        conn,
        "GET",
        `/v1/refunds/${idPath("refund", refundId, "GET /v1/refunds/:id")}`,
        razorpayRefundEntity,
      );
    },
  };
}
