import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { orders } from "../orders/schema.server";
import { SHIPMENT_STATUSES } from "./states";

/*
 * The shipping module's tables (docs/decisions/041): an order's shipments and the courier's scans of
 * them, the courier's webhook deliveries kept until they are worked, the serviceability answers cached
 * per pincode, and cash-on-delivery confirmations.
 */

export const shipmentStatus = pgEnum("shipment_status", SHIPMENT_STATUSES);

export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 'shiprocket' | 'demo' | 'manual': who carries it (a shipment keeps its provider when the shop changes) */
    provider: text("provider").notNull(),
    status: shipmentStatus("status").notNull().default("draft"),
    /**
     * Our reference at the provider (Shiprocket's `order_id`): the order number, then '-2', '-3' for a
     * later shipment of the same order after one was cancelled. Unique: the provider never sees one twice.
     */
    reference: text("reference").notNull().unique(),
    /** the provider's own ids, set once it has created them (a retry continues from here) */
    providerOrderId: text("provider_order_id"),
    providerShipmentId: text("provider_shipment_id"),
    courierId: text("courier_id"),
    courierName: text("courier_name"),
    /** the air waybill: set once, never assigned twice */
    awb: text("awb"),
    /** the courier's freight as quoted when staff chose it */
    ratePaise: integer("rate_paise"),
    /** the courier's estimated delivery date when chosen, and later as its scans revise it */
    estimatedDelivery: date("estimated_delivery", { mode: "string" }),
    weightGrams: integer("weight_grams").notNull(),
    lengthCm: integer("length_cm").notNull(),
    breadthCm: integer("breadth_cm").notNull(),
    heightCm: integer("height_cm").notNull(),
    /** what the courier collects at the door (0 for a prepaid order) */
    codAmountPaise: integer("cod_amount_paise").notNull().default(0),
    pickupScheduledFor: timestamp("pickup_scheduled_for", { withTimezone: true }),
    pickupToken: text("pickup_token"),
    manifestedAt: timestamp("manifested_at", { withTimezone: true }),
    /** the newest scan's time (the polling fallback asks about shipments silent for too long) */
    lastScanAt: timestamp("last_scan_at", { withTimezone: true }),
    /** when the shop last asked the provider about it */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** delivery attempts that failed, and the newest reason the courier gave */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    failureReason: text("failure_reason"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** returned to origin: when staff marked the parcel received back */
    receivedBackAt: timestamp("received_back_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** the newest provider failure staff were shown, kept until a retry succeeds */
    lastError: text("last_error"),
    createdBy: text("created_by"),
    /** raised by every staff change: a change made against an older version is refused */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // one live shipment per order: two staff shipping the same order at once make one
    uniqueIndex("shipments_one_live_per_order")
      .on(t.orderId)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("shipments_provider_awb").on(t.provider, t.awb),
    index("shipments_order_idx").on(t.orderId, t.createdAt),
    // the polling fallback: shipments on their way, by how long they have been silent
    index("shipments_in_flight_idx")
      .on(t.lastCheckedAt)
      .where(
        sql`${t.status} IN ('awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rto_initiated')`,
      ),
    check(
      "shipments_package_positive",
      sql`${t.weightGrams} > 0 AND ${t.lengthCm} > 0 AND ${t.breadthCm} > 0 AND ${t.heightCm} > 0 AND ${t.codAmountPaise} >= 0`,
    ),
  ],
);

/** The courier's scans of a shipment, as it reported them, each once. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** what the scan means in the shop's terms; null for a scan that changes nothing (e.g. 'Reached hub') */
    status: shipmentStatus("status"),
    /** the provider's status code or label, for the record */
    code: text("code"),
    /** the courier's words ('Consignee not available'), shown to the shopper as they are */
    activity: text("activity").notNull(),
    location: text("location"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** 'webhook' | 'poll' | 'staff' | 'demo' */
    source: text("source").notNull(),
    /** the same scan delivered twice (webhook replays, a poll after a webhook) is kept once */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipment_events_dedupe").on(t.shipmentId, t.dedupeKey),
    index("shipment_events_shipment_idx").on(t.shipmentId, t.occurredAt),
  ],
);

/**
 * The courier's webhook deliveries: stored and answered at once, worked after (so a slow database or a
 * message to send never makes the courier wait or retry). One row per distinct delivery.
 */
export const shippingInbox = pgTable(
  "shipping_inbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("shipping_inbox_pending_idx")
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);

/**
 * The courier service's serviceability answer per pincode, shared by every process and kept a few
 * hours (days are counted from dispatch, so the dates shown move on with the calendar).
 */
export const deliveryEstimates = pgTable("delivery_estimates", {
  pincode: text("pincode").primaryKey(),
  serviceable: boolean("serviceable").notNull(),
  codAvailable: boolean("cod_available").notNull(),
  /** working days from dispatch, fastest and usual courier; null when not serviceable */
  minDays: integer("min_days"),
  maxDays: integer("max_days"),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const codConfirmationStatus = pgEnum("cod_confirmation_status", [
  "awaiting",
  "confirmed",
  "checked_by_staff",
  "declined",
]);

/**
 * A cash-on-delivery order above the store's threshold waits for the shopper to confirm it (a link in
 * an SMS) before it ships; after the set time unconfirmed orders are flagged on the orders list.
 */
export const codConfirmations = pgTable(
  "cod_confirmations",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: codConfirmationStatus("status").notNull().default("awaiting"),
    /** SHA-256 of the link's secret; the secret itself is only in the message */
    tokenHash: text("token_hash").notNull().unique(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
    /** after this an unconfirmed order is flagged for staff */
    flagAfter: timestamp("flag_after", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** the staff member who checked it by hand */
    checkedBy: text("checked_by"),
  },
  (t) => [
    index("cod_confirmations_awaiting_idx")
      .on(t.flagAfter)
      .where(sql`${t.status} = 'awaiting'`),
  ],
);
