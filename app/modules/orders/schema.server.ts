import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { user } from "../accounts/auth-schema.server";
import { productVariants, products } from "../catalog/schema.server";

export const orderStatus = pgEnum("order_status", [
  "pending_payment",
  "confirmed",
  "pending",
  "processing",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
  /** the parcel came back undelivered (returned to origin) and staff received it */
  "returned",
]);

export const paymentMethod = pgEnum("payment_method", ["online", "cod"]);

export interface BillingInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'ORD-' plus a timestamp-based suffix, shown to shoppers */
    orderNumber: text("order_number").notNull().unique(),
    /** orders outlive nothing: a shopper with orders cannot be deleted */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    billing: jsonb("billing").$type<BillingInfo>().notNull(),
    status: orderStatus("status").notNull().default("pending_payment"),
    paymentMethod: paymentMethod("payment_method").notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    shippingPaise: integer("shipping_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    /** the store's prepaid discount on online payments (a setting, 0 by default) */
    prepaidDiscountPaise: integer("prepaid_discount_paise").notNull().default(0),
    /** the store's cash-on-delivery fee (a setting, 0 by default) */
    codFeePaise: integer("cod_fee_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    couponCode: text("coupon_code"),
    noteToSeller: text("note_to_seller"),
    /** the same checkout completed twice returns the same order */
    checkoutKey: text("checkout_key").notNull().unique(),
    cancellationReason: text("cancellation_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** an unpaid online order gives its stock and coupon use back after this (the payment timeout setting) */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** set with the 'shipped' status; shown on /track-order and in the account */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    /** the part of the total paid with store credit (the rest is paid online or at the door) */
    storeCreditPaise: integer("store_credit_paise").notNull().default(0),
    /** an exchange's order (zero value): the order whose returned pieces it replaces */
    exchangeOfOrderId: uuid("exchange_of_order_id").references((): AnyPgColumn => orders.id, {
      onDelete: "restrict",
    }),
    /** raised by every staff change: a change made against an older version is refused, not lost */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    // the abandoned-payment sweep reads only the unpaid online orders
    index("orders_payment_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'pending_payment'`),
    // the admin's order search: number, customer name, e-mail and phone in one trigram index
    index("orders_search_trgm").using(
      "gin",
      sql`(lower(${t.orderNumber} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail} || ' ' || ${t.customerPhone})) gin_trgm_ops`,
    ),
    index("orders_payment_method_created_idx").on(t.paymentMethod, t.createdAt.desc()),
    // the orders that used a coupon (the admin's coupon detail)
    index("orders_coupon_code_idx")
      .on(t.couponCode, t.createdAt.desc())
      .where(sql`${t.couponCode} IS NOT NULL`),
    check("orders_store_credit_range", sql`${t.storeCreditPaise} BETWEEN 0 AND ${t.totalPaise}`),
    index("orders_exchange_of_idx")
      .on(t.exchangeOfOrderId)
      .where(sql`${t.exchangeOfOrderId} IS NOT NULL`),
    check(
      "orders_amounts_consistent",
      sql`${t.subtotalPaise} >= 0 AND ${t.shippingPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.prepaidDiscountPaise} >= 0 AND ${t.codFeePaise} >= 0 AND ${t.totalPaise} = ${t.subtotalPaise} + ${t.shippingPaise} + ${t.codFeePaise} - ${t.discountPaise} - ${t.prepaidDiscountPaise} AND ${t.totalPaise} >= 0`,
    ),
  ],
);

/** A snapshot of what was bought, at the price paid: later catalogue edits never change it. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** the size and colour whose stock this line took (and gives back on cancellation) */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    sku: text("sku").notNull(),
    imageUrl: text("image_url"),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalPaise: integer("line_total_paise").notNull(),
    noteToSeller: text("note_to_seller"),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_total_consistent", sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    /** 'customer' | 'staff' | 'system' | 'gateway' */
    actorKind: text("actor_kind").notNull(),
    actorUserId: text("actor_user_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);
