import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** stored lower-cased */
    email: text("email").notNull(),
    source: text("source").notNull().default("footer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.email),
    check("newsletter_subscribers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/** One row (id = 1): what the shop owner can change without a deploy. */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: smallint("id").primaryKey().default(1),
    storeName: text("store_name").notNull(),
    tagline: text("tagline").notNull().default(""),
    supportEmail: text("support_email").notNull().default(""),
    supportPhone: text("support_phone").notNull().default(""),
    /** messaging-app support number in international form without '+', e.g. 919812345678; empty hides the button */
    whatsappNumber: text("whatsapp_number").notNull().default(""),
    instagramUrl: text("instagram_url").notNull().default(""),
    facebookUrl: text("facebook_url").notNull().default(""),
    youtubeUrl: text("youtube_url").notNull().default(""),
    address: text("address").notNull().default(""),
    codEnabled: boolean("cod_enabled").notNull().default(true),
    codFeePaise: integer("cod_fee_paise").notNull().default(0),
    /** cash on delivery only up to this total; null: no maximum */
    codMaxOrderPaise: integer("cod_max_order_paise"),
    /** the most an order's pieces may come to (its subtotal): every order column and sum stays far inside its type */
    maxOrderPaise: integer("max_order_paise").notNull().default(50_000_000),
    /** an unpaid online order keeps its stock this long */
    paymentTimeoutMinutes: integer("payment_timeout_minutes").notNull().default(30),
    prepaidDiscountPercent: integer("prepaid_discount_percent").notNull().default(0),
    /** a staff session ends after this many hours without a request */
    staffSessionHours: integer("staff_session_hours").notNull().default(12),
    /** the shop's GST registration (15 characters), printed on tax invoices; empty until set */
    gstin: text("gstin").notNull().default(""),
    /** the state the shop is registered in: a billing address in it pays CGST + SGST, others IGST */
    shopState: text("shop_state").notNull().default(""),
    /** the registered (legal) name on invoices; empty: the store name */
    legalName: text("legal_name").notNull().default(""),
    /** working days between an order and its dispatch, added to the courier's estimate for the shopper */
    dispatchDays: integer("dispatch_days").notNull().default(1),
    /** a cash-on-delivery order above this total waits for the shopper's confirmation; null: never asked */
    codConfirmAbovePaise: integer("cod_confirm_above_paise"),
    /** an unconfirmed cash-on-delivery order is flagged for staff after this many hours */
    codConfirmHours: integer("cod_confirm_hours").notNull().default(24),
    /** days after delivery a piece may be returned for store credit or a refund */
    returnWindowDays: integer("return_window_days").notNull().default(7),
    /** days after delivery a piece may be exchanged for another size or colour */
    exchangeWindowDays: integer("exchange_window_days").notNull().default(15),
    /** category slugs whose pieces cannot be returned or exchanged */
    nonReturnableCategories: text("non_returnable_categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** a refund to the payment only for a fault (damaged, not as pictured); other reasons: exchange or credit */
    refundsOnlyForFaults: boolean("refunds_only_for_faults").notNull().default(true),
    /** store credit can be spent for this many days after it is issued; null: it never expires */
    storeCreditValidityDays: integer("store_credit_validity_days").default(365),
    /** new reviews wait for staff approval before they show; false: they show at once */
    reviewsNeedApproval: boolean("reviews_need_approval").notNull().default(false),
    /** days after delivery a buyer is asked, once, to review what she bought; null: never asked */
    reviewRequestDays: integer("review_request_days").default(7),
    /** raised by every change: a save made against an older version is refused, not merged */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_prepaid_discount_range", sql`${t.prepaidDiscountPercent} BETWEEN 0 AND 50`),
    check(
      "store_settings_cod_amounts",
      sql`${t.codFeePaise} >= 0 AND (${t.codMaxOrderPaise} IS NULL OR ${t.codMaxOrderPaise} > 0)`,
    ),
    check("store_settings_max_order_range", sql`${t.maxOrderPaise} BETWEEN 100 AND 1000000000`),
    check("store_settings_payment_timeout_range", sql`${t.paymentTimeoutMinutes} BETWEEN 5 AND 1440`),
    check("store_settings_staff_session_range", sql`${t.staffSessionHours} BETWEEN 1 AND 168`),
    check(
      "store_settings_return_windows_range",
      sql`${t.returnWindowDays} BETWEEN 0 AND 90 AND ${t.exchangeWindowDays} BETWEEN 0 AND 90 AND (${t.storeCreditValidityDays} IS NULL OR ${t.storeCreditValidityDays} BETWEEN 30 AND 3650)`,
    ),
    check(
      "store_settings_review_request_days_range",
      sql`${t.reviewRequestDays} IS NULL OR ${t.reviewRequestDays} BETWEEN 1 AND 60`,
    ),
    check("store_settings_dispatch_days_range", sql`${t.dispatchDays} BETWEEN 0 AND 30`),
    check(
      "store_settings_cod_confirm_range",
      sql`(${t.codConfirmAbovePaise} IS NULL OR ${t.codConfirmAbovePaise} >= 0) AND ${t.codConfirmHours} BETWEEN 1 AND 168`,
    ),
  ],
);
