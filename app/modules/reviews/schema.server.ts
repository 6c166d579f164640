import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { user } from "../accounts/auth-schema.server";
import { products } from "../catalog/schema.server";
import { orderLines, orders } from "../orders/schema.server";

/**
 * A review's life (decision 043): `pending` waits for staff when the shop approves reviews before
 * they show (a setting), `published` shows on the product page and counts in its rating, `hidden`
 * was taken down by staff with a reason its author sees. Editing a hidden review sends it back to
 * the queue.
 */
export const reviewStatus = pgEnum("review_status", ["pending", "published", "hidden"]);

/** How the piece fitted the buyer in the size she bought. */
export const reviewFit = pgEnum("review_fit", ["runs_small", "true_to_size", "runs_large"]);

/** One buyer's review of one product: she may write one, and edit it. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** the delivered order line that makes her a verified buyer (kept if the line goes) */
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    fit: reviewFit("fit"),
    /** the size and colour she bought, from the order line */
    sizeBought: text("size_bought").notNull(),
    colourBought: text("colour_bought").notNull(),
    /** buyers' photos: addresses from the shoppers' upload pipeline, at most 4 */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** how she is named under her review: first name and the initial of the last ('Meera I.') */
    authorName: text("author_name").notNull(),
    status: reviewStatus("status").notNull(),
    /** staff's reason, shown to the author, when hidden */
    hiddenReason: text("hidden_reason"),
    /** the shop's public answer */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    /** set when a shopper reports it; cleared when staff have looked (kept or hidden) */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** raised by every change: a change made against an older version is refused */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reviews_product_user_key").on(t.productId, t.userId),
    index("reviews_product_published_idx")
      .on(t.productId, t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index("reviews_product_helpful_idx")
      .on(t.productId, t.helpfulCount.desc(), t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index("reviews_user_idx").on(t.userId, t.createdAt.desc()),
    index("reviews_queue_idx").on(t.status, t.createdAt.desc()),
    index("reviews_reported_idx")
      .on(t.reportedAt)
      .where(sql`${t.reportedAt} IS NOT NULL`),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_counts_not_negative", sql`${t.helpfulCount} >= 0 AND ${t.reportCount} >= 0`),
    check("reviews_photos_at_most_4", sql`jsonb_array_length(${t.photos}) <= 4`),
  ],
);

/** 'Helpful': one vote per shopper per review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** 'Report': one per shopper per review; a report sends a published review back to the staff's queue. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** The one request for a review sent after an order was delivered (never twice for an order). */
export const reviewInvitations = pgTable("review_invitations", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  /** false when nothing was sent (she had opted out, or had reviewed every piece already) */
  sent: boolean("sent").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Shoppers who asked never to be asked for a review. */
export const reviewOptOuts = pgTable("review_opt_outs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
