import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { orders } from "../orders/schema.server";

export const paymentStatus = pgEnum("payment_status", ["created", "authorized", "captured", "failed", "refunded"]);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 'razorpay' | 'test' | 'cod' */
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id"),
    providerPaymentId: text("provider_payment_id"),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: paymentStatus("status").notNull().default("created"),
    method: text("method"),
    errorDescription: text("error_description"),
    /** the gateway's whole error (code, source, step, reason) when a payment failed */
    error: jsonb("error"),
    /** Checkout's signature over order id | payment id, kept for the record */
    signature: text("signature"),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    /** a payment that succeeded for an order that could not be confirmed: kept for staff, never lost */
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    flagReason: text("flag_reason"),
    amountRefundedPaise: integer("amount_refunded_paise").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    index("payments_flagged_idx")
      .on(t.flaggedAt)
      .where(sql`${t.flaggedAt} IS NOT NULL`),
    check("payments_refund_within_amount", sql`${t.amountRefundedPaise} BETWEEN 0 AND ${t.amountPaise}`),
    uniqueIndex("payments_provider_order_key").on(t.provider, t.providerOrderId),
    uniqueIndex("payments_provider_payment_key").on(t.provider, t.providerPaymentId),
    check("payments_amount_not_negative", sql`${t.amountPaise} >= 0`),
  ],
);

export const refundStatus = pgEnum("refund_status", ["pending", "processed", "failed"]);

/**
 * A refund asked of the payment provider. At most one per payment (refunds are whole, on
 * cancellation), so asking twice finds the first; the provider's refund id is kept once known.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    amountPaise: integer("amount_paise").notNull(),
    status: refundStatus("status").notNull().default("pending"),
    errorDescription: text("error_description"),
    /** the staff member who asked for it; null when the shop did (a flagged payment) */
    requestedBy: text("requested_by"),
    /**
     * What the refund is for: 'order' (the whole payment, when a paid order is cancelled or a flagged
     * payment refunded) or 'return:<return id>' (the accepted pieces of a return). One of each per payment.
     */
    purpose: text("purpose").notNull().default("order"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("refunds_payment_purpose_key").on(t.paymentId, t.purpose),
    uniqueIndex("refunds_provider_refund_key").on(t.provider, t.providerRefundId),
    index("refunds_order_idx").on(t.orderId),
    check("refunds_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Refunds made on the gateway's own dashboard rather than by the shop, as the gateway reported them:
 * each is added to its payment's refunded amount once, however many times it is reported.
 */
export const gatewayRefunds = pgTable(
  "gateway_refunds",
  {
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id").notNull(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountPaise: integer("amount_paise").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerRefundId] }),
    index("gateway_refunds_payment_idx").on(t.paymentId),
  ],
);

/** Gateway webhooks already handled: a repeated delivery of the same event id does nothing. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
