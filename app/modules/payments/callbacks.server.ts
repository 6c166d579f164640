import { createHash } from "node:crypto";
import { z } from "zod";
import type { GatewayError, GatewayOrder, GatewayPayment, GatewayRefund } from "./provider";
import {
  RAZORPAY_ID,
  razorpayOrderEntity,
  razorpayPaymentEntity,
  razorpayRefundEntity,
} from "./razorpay-entities.server";
import { verifyWebhookSignature } from "./signatures.server";

/*
 * What Razorpay sends the shop, read into typed values: webhooks (https://razorpay.com/docs/webhooks/payments,
 * .../webhooks/orders, .../webhooks/refunds) and Checkout's result, whether the modal's handler hands it
 * to the page or redirect mode POSTs it to the callback URL
 * (https://razorpay.com/docs/payments/payment-gateway/callback-url).
 */

// ---------------------------------------------------------------------------------------------
// Webhooks

interface EventBase {
  /**
   * The Razorpay order the event concerns ('order_...'), the key to find our payment row by. For
   * refund events it comes from `payload.payment.entity.order_id` (a refund entity has no order id).
   */
  orderId: string | null;
  /** Razorpay's `created_at` of the event */
  createdAt: Date | null;
}

export type RazorpayWebhookEvent =
  | (EventBase & { type: "payment.captured"; payment: GatewayPayment })
  | (EventBase & { type: "payment.failed"; payment: GatewayPayment })
  | (EventBase & { type: "order.paid"; payment: GatewayPayment; order: GatewayOrder })
  | (EventBase & { type: "refund.processed"; refund: GatewayRefund; payment: GatewayPayment })
  /** any other event the account is subscribed to: record it, answer 200, do nothing */
  | { type: "ignored"; event: string }
  /** a genuine (signed) body that is not the documented shape: record it, answer 200, alert someone */
  | { type: "malformed"; event: string | null; problem: string };

const envelope = z.object({
  entity: z.literal("event").optional(),
  event: z.string().min(1),
  created_at: z.number().int().nullish(),
  payload: z.record(z.string(), z.unknown()),
});

/** A webhook's parsed JSON body as one of the events the shop handles. Never throws. */
export function parseWebhookEvent(body: unknown): RazorpayWebhookEvent {
  const outer = envelope.safeParse(body);
  if (!outer.success) {
    const event =
      typeof (body as { event?: unknown } | null)?.event === "string" ? (body as { event: string }).event : null;
    return { type: "malformed", event, problem: "not a Razorpay event envelope (event, payload)" };
  }
  const { event, payload } = outer.data;
  const createdAt = outer.data.created_at ? new Date(outer.data.created_at * 1000) : null;
  // payload.<key>.entity, or a description of what is wrong with it
  const read = <T>(key: string, schema: z.ZodType<T>): T | string => {
    const holder = payload[key];
    const entity = holder && typeof holder === "object" ? (holder as { entity?: unknown }).entity : undefined;
    const parsed = schema.safeParse(entity);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    return `payload.${key}.entity${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message ?? "malformed"}`;
  };

  switch (event) {
    case "payment.captured":
    case "payment.failed": {
      const payment = read("payment", razorpayPaymentEntity);
      if (typeof payment === "string") return { type: "malformed", event, problem: payment };
      return { type: event, payment, orderId: payment.orderId, createdAt };
    }
    case "order.paid": {
      const payment = read("payment", razorpayPaymentEntity);
      if (typeof payment === "string") return { type: "malformed", event, problem: payment };
      const order = read("order", razorpayOrderEntity);
      if (typeof order === "string") return { type: "malformed", event, problem: order };
      return { type: event, payment, order, orderId: order.id, createdAt };
    }
    case "refund.processed": {
      const refund = read("refund", razorpayRefundEntity);
      if (typeof refund === "string") return { type: "malformed", event, problem: refund };
      const payment = read("payment", razorpayPaymentEntity);
      if (typeof payment === "string") return { type: "malformed", event, problem: payment };
      return { type: event, refund, payment, orderId: payment.orderId, createdAt };
    }
    default:
      return { type: "ignored", event };
  }
}

export type WebhookReading =
  | {
      ok: true;
      /**
       * `X-Razorpay-Event-Id` (the body has no event id): record it before acting, so a repeated
       * delivery does nothing. Without the header, 'sha256:' + the body's digest stands in.
       */
      eventId: string;
      /** the `event` field as sent ('payment.captured', or any other for ignored events) */
      eventType: string;
      event: RazorpayWebhookEvent;
      /** the parsed JSON, for webhook_events.payload */
      payload: unknown;
    }
  /** answer 400 and do nothing */
  | { ok: false; reason: "missing_signature" | "bad_signature" | "not_json" };

const EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Verifies and reads one webhook delivery: the raw body as it arrived, the `X-Razorpay-Signature` and
 * `X-Razorpay-Event-Id` headers, and the webhook secret. Nothing is trusted before the signature holds.
 */
export function readRazorpayWebhook(
  delivery: { rawBody: Buffer | string; signature: string | null | undefined; eventId: string | null | undefined },
  webhookSecret: string,
): WebhookReading {
  if (!delivery.signature) return { ok: false, reason: "missing_signature" };
  if (!verifyWebhookSignature(delivery.rawBody, delivery.signature, webhookSecret))
    return { ok: false, reason: "bad_signature" };
  let payload: unknown;
  try {
    payload = JSON.parse(typeof delivery.rawBody === "string" ? delivery.rawBody : delivery.rawBody.toString("utf8"));
  } catch {
    return { ok: false, reason: "not_json" };
  }
  const event = parseWebhookEvent(payload);
  const eventType =
    event.type === "ignored" ? event.event : event.type === "malformed" ? (event.event ?? "unknown") : event.type;
  const eventId =
    delivery.eventId && EVENT_ID.test(delivery.eventId)
      ? delivery.eventId
      : `sha256:${createHash("sha256").update(delivery.rawBody).digest("hex")}`;
  return { ok: true, eventId, eventType, event, payload };
}

// ---------------------------------------------------------------------------------------------
// Checkout's result (the modal's handler, or redirect mode's POST to callback_url)

export type CheckoutResult =
  /** claims a payment: believe it only after verifyPaymentSignature against the STORED order id */
  | { kind: "success"; razorpayPaymentId: string; razorpayOrderId: string; razorpaySignature: string }
  /**
   * Checkout reports a failure. Unsigned: it may inform the shopper ('Payment failed: {description}')
   * but must never move an order. The ids come from `error[metadata]` when Checkout sent them.
   */
  | { kind: "failure"; error: GatewayError; razorpayOrderId: string | null; razorpayPaymentId: string | null }
  | { kind: "invalid"; problem: string };

type FormLike = URLSearchParams | FormData | Record<string, unknown>;

function field(form: FormLike, name: string): string | null {
  let value: unknown;
  if (form instanceof URLSearchParams || (typeof FormData !== "undefined" && form instanceof FormData)) {
    value = (form as URLSearchParams | FormData).get(name);
  } else {
    value = (form as Record<string, unknown>)[name];
  }
  return typeof value === "string" ? value : null;
}

const cut = (value: string | null | undefined, max: number): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

function metadataIds(raw: unknown): { orderId: string | null; paymentId: string | null } {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const id = (v: unknown) => (typeof v === "string" && RAZORPAY_ID.test(v) ? v : null);
  return { orderId: id(record.order_id), paymentId: id(record.payment_id) };
}

/**
 * Checkout's result from a form body (redirect mode's POST, or the payment page posting the modal's
 * result with the same names) or from an object (`{ razorpay_payment_id, ... }` or `{ error: {...} }`).
 * Success: `razorpay_payment_id`, `razorpay_order_id`, `razorpay_signature`. Failure: `error[code]`,
 * `error[description]`, `error[source]`, `error[step]`, `error[reason]`, `error[field]` and
 * `error[metadata]`, a JSON string with `order_id` and `payment_id`. Never throws.
 */
export function parseCheckoutCallback(form: FormLike): CheckoutResult {
  const paymentId = field(form, "razorpay_payment_id");
  const orderId = field(form, "razorpay_order_id");
  const signature = field(form, "razorpay_signature");
  if (paymentId || orderId || signature) {
    if (!paymentId || !orderId || !signature)
      return {
        kind: "invalid",
        problem: "a success result needs razorpay_payment_id, razorpay_order_id and razorpay_signature",
      };
    if (paymentId.length > 100 || orderId.length > 100 || signature.length > 200)
      return { kind: "invalid", problem: "a field is too long" };
    return { kind: "success", razorpayPaymentId: paymentId, razorpayOrderId: orderId, razorpaySignature: signature };
  }

  const nested =
    !(form instanceof URLSearchParams) && !(typeof FormData !== "undefined" && form instanceof FormData)
      ? (form as Record<string, unknown>).error
      : undefined;
  const errorField = (name: string): string | null => {
    if (nested && typeof nested === "object") {
      const v = (nested as Record<string, unknown>)[name];
      return typeof v === "string" ? v : null;
    }
    return field(form, `error[${name}]`);
  };
  const error: GatewayError = {
    code: cut(errorField("code"), 100),
    description: cut(errorField("description"), 500),
    source: cut(errorField("source"), 100),
    step: cut(errorField("step"), 100),
    reason: cut(errorField("reason"), 100),
    field: cut(errorField("field"), 100),
  };
  if (!error.code && !error.description && !error.reason)
    return { kind: "invalid", problem: "neither a payment nor an error" };

  let metadata: unknown;
  if (nested && typeof nested === "object") metadata = (nested as Record<string, unknown>).metadata;
  else {
    metadata = field(form, "error[metadata]");
    // Some form encoders send the object's keys one by one.
    if (metadata === null)
      metadata = {
        order_id: field(form, "error[metadata][order_id]"),
        payment_id: field(form, "error[metadata][payment_id]"),
      };
  }
  const ids = metadataIds(metadata);
  return { kind: "failure", error, razorpayOrderId: ids.orderId, razorpayPaymentId: ids.paymentId };
}
