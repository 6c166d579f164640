import { z } from "zod";
import type { GatewayError, GatewayOrder, GatewayPayment, GatewayRefund } from "./provider";

/*
 * Razorpay's order, payment and refund entities, as its API answers and its webhooks carry them
 * (https://razorpay.com/docs/api/orders/entity, .../payments/entity, .../refunds/entity), read into the
 * shop's terms. Unknown fields are ignored; a missing required field makes the whole entity malformed.
 */

/** `notes` is an object of strings, or `[]` when empty (PHP's empty array). */
const notes = z
  .union([z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), z.array(z.unknown()).max(0)])
  .nullish()
  .transform((value): Record<string, string> => {
    if (!value || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [key, v] of Object.entries(value)) if (v !== null) out[key] = String(v);
    return out;
  });

const text = z
  .string()
  .nullish()
  .transform((v) => (v === undefined || v === null || v === "" ? null : v));
const paise = z.number().int().min(0);
const unixSeconds = z
  .number()
  .int()
  .min(0)
  .transform((s) => new Date(s * 1000));

const paymentSchema = z.object({
  id: z.string().min(1),
  entity: z.literal("payment").optional(),
  amount: paise,
  currency: z.string().min(1),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  order_id: text,
  method: text,
  captured: z.boolean().nullish(),
  amount_refunded: paise.nullish(),
  email: text,
  contact: text,
  notes,
  error_code: text,
  error_description: text,
  error_source: text,
  error_step: text,
  error_reason: text,
  created_at: unixSeconds,
});

const orderSchema = z.object({
  id: z.string().min(1),
  entity: z.literal("order").optional(),
  amount: paise,
  amount_paid: paise.nullish(),
  amount_due: paise.nullish(),
  currency: z.string().min(1),
  receipt: text,
  status: z.enum(["created", "attempted", "paid"]),
  attempts: z.number().int().min(0).nullish(),
  notes,
  created_at: unixSeconds,
});

const refundSchema = z.object({
  id: z.string().min(1),
  entity: z.literal("refund").optional(),
  amount: paise,
  currency: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(["pending", "processed", "failed"]),
  notes,
  receipt: text,
  created_at: unixSeconds,
});

export const razorpayPaymentEntity = paymentSchema.transform((p): GatewayPayment => {
  const error: GatewayError | null =
    p.error_code || p.error_description || p.error_reason
      ? {
          code: p.error_code,
          description: p.error_description,
          source: p.error_source,
          step: p.error_step,
          reason: p.error_reason,
          field: null,
        }
      : null;
  return {
    id: p.id,
    orderId: p.order_id,
    amountPaise: p.amount,
    currency: p.currency,
    status: p.status,
    captured: p.captured ?? p.status === "captured",
    method: p.method,
    amountRefundedPaise: p.amount_refunded ?? 0,
    email: p.email,
    contact: p.contact,
    notes: p.notes,
    error,
    createdAt: p.created_at,
  };
});

export const razorpayOrderEntity = orderSchema.transform((o): GatewayOrder => ({
  id: o.id,
  amountPaise: o.amount,
  amountPaidPaise: o.amount_paid ?? 0,
  amountDuePaise: o.amount_due ?? o.amount - (o.amount_paid ?? 0),
  currency: o.currency,
  receipt: o.receipt,
  status: o.status,
  attempts: o.attempts ?? 0,
  notes: o.notes,
  createdAt: o.created_at,
}));

export const razorpayRefundEntity = refundSchema.transform((r): GatewayRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount,
  currency: r.currency,
  status: r.status,
  notes: r.notes,
  receipt: r.receipt,
  createdAt: r.created_at,
}));

/** `{ entity: "collection", count, items: [...] }` */
export const razorpayPaymentCollection = z.object({ items: z.array(razorpayPaymentEntity) }).transform((c) => c.items);

/** Razorpay's error body: `{ "error": { code, description, field, source, step, reason, metadata } }`. */
export const razorpayErrorBody = z.object({
  error: z.object({
    code: text,
    description: text,
    field: text,
    source: text,
    step: text,
    reason: text,
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});

/** Razorpay's ids: a prefix, an underscore and letters or digits ('order_DaZlswtdcn9UNV'). */
export const RAZORPAY_ID = /^[a-z]+_[A-Za-z0-9]+$/;
