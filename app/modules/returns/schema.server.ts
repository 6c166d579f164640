import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { user } from "../accounts/auth-schema.server";
import { productVariants } from "../catalog/schema.server";
import { orderLines, orders } from "../orders/schema.server";

/**
 * A return's life (decision 042): the shopper asks (`requested`); staff approve or decline; the pieces
 * come back by a reverse pickup (`pickup_scheduled`, `picked_up`) and are `received` and inspected piece
 * by piece; the return is `resolved` by an exchange, store credit or a refund for the accepted pieces.
 * The shopper may withdraw a request until it is picked up (`cancelled`).
 */
export const returnStatus = pgEnum("return_status", [
  "requested",
  "approved",
  "declined",
  "pickup_scheduled",
  "picked_up",
  "received",
  "resolved",
  "cancelled",
]);

/** What the shopper asked for, in the order she is offered them. */
export const returnResolution = pgEnum("return_resolution", ["exchange", "store_credit", "refund"]);

export const returnReason = pgEnum("return_reason", [
  "too_small",
  "too_large",
  "colour_not_as_shown",
  "damaged",
  "not_as_pictured",
  "changed_mind",
  "other",
]);

export const returnInspection = pgEnum("return_inspection", ["pending", "accepted", "rejected"]);

/** Where a cash-on-delivery refund goes: shown in full only to staff paying it, masked to everyone else. */
export type RefundDestination =
  { kind: "upi"; upiId: string } | { kind: "bank"; accountName: string; accountNumber: string; ifsc: string };

export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the order number and the request's place among its returns: ORD-…-R1, ORD-…-R2 */
    returnNumber: text("return_number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    status: returnStatus("status").notNull().default("requested"),
    resolution: returnResolution("resolution").notNull(),
    reason: returnReason("reason").notNull(),
    /** the shopper's own words (optional) */
    details: text("details").notNull().default(""),
    /** the shopper's photos: media paths from the upload pipeline */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** a cash-on-delivery refund's destination (full, for staff) and how it is shown to the shopper */
    refundTo: jsonb("refund_to").$type<RefundDestination>(),
    refundToMasked: text("refund_to_masked"),
    /** staff's reference for a cash-on-delivery refund paid by hand (the UPI or bank transfer's id) */
    payoutReference: text("payout_reference"),
    /** staff's reason, shown to the shopper, when declined */
    declineReason: text("decline_reason"),
    /** the reverse pickup: who carries it, the provider's ids and the courier's AWB */
    pickupProvider: text("pickup_provider"),
    pickupProviderOrderId: text("pickup_provider_order_id"),
    pickupCourier: text("pickup_courier"),
    pickupAwb: text("pickup_awb"),
    /** the exchange's new order (zero value), once shipped */
    exchangeOrderId: uuid("exchange_order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** what the resolution gave back (refund to the payment, or store credit) */
    refundedPaise: integer("refunded_paise").notNull().default(0),
    creditedPaise: integer("credited_paise").notNull().default(0),
    /** the GST credit note for the accepted pieces */
    creditNoteId: uuid("credit_note_id"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    pickupScheduledAt: timestamp("pickup_scheduled_at", { withTimezone: true }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** raised by every change: a change made against an older version is refused */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("return_requests_order_idx").on(t.orderId, t.createdAt),
    index("return_requests_user_idx").on(t.userId, t.createdAt.desc()),
    index("return_requests_status_idx").on(t.status, t.createdAt.desc()),
    check("return_requests_amounts", sql`${t.refundedPaise} >= 0 AND ${t.creditedPaise} >= 0`),
    check("return_requests_refund_to_masked", sql`(${t.refundTo} IS NULL) = (${t.refundToMasked} IS NULL)`),
  ],
);

/** The pieces of one order line that a return takes back, and (exchange) what they become. */
export const returnLines = pgTable(
  "return_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** exchange: the size and colour wanted instead, held from the request until shipped or released */
    exchangeVariantId: uuid("exchange_variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    exchangeSize: text("exchange_size"),
    exchangeColour: text("exchange_colour"),
    /** pieces of the exchange variant taken from stock for this line (given back if it does not go ahead) */
    heldQuantity: integer("held_quantity").notNull().default(0),
    inspection: returnInspection("inspection").notNull().default("pending"),
    /** pieces accepted at inspection (0..quantity); the rest were rejected */
    acceptedQuantity: integer("accepted_quantity").notNull().default(0),
    inspectionNote: text("inspection_note"),
    inspectionPhotos: jsonb("inspection_photos").$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("return_lines_return_line_key").on(t.returnId, t.orderLineId),
    index("return_lines_order_line_idx").on(t.orderLineId),
    check(
      "return_lines_quantities",
      sql`${t.quantity} > 0 AND ${t.heldQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.acceptedQuantity} BETWEEN 0 AND ${t.quantity}`,
    ),
  ],
);

/** Every step of a return: from, to, who, when and why (the audit trail the shopper's page shows). */
export const returnEvents = pgTable(
  "return_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    fromStatus: returnStatus("from_status"),
    toStatus: returnStatus("to_status").notNull(),
    /** 'customer' | 'staff' | 'system' | 'courier' */
    actorKind: text("actor_kind").notNull(),
    actorUserId: text("actor_user_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("return_events_return_idx").on(t.returnId, t.createdAt)],
);
