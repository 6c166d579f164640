import { sql } from "drizzle-orm";
import { boolean, check, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";

export const couponType = pgEnum("coupon_type", ["percentage", "fixed"]);

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** always upper case */
    code: text("code").notNull(),
    type: couponType("type").notNull(),
    /** percent (1-100) for percentage coupons, paise for fixed ones */
    value: integer("value").notNull(),
    minAmountPaise: integer("min_amount_paise").notNull().default(0),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /** raised by every staff change: a save made against an older version is refused, not merged */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code}) AND length(${t.code}) BETWEEN 3 AND 32`),
    check("coupons_value_positive", sql`${t.value} > 0`),
    check("coupons_percentage_at_most_100", sql`${t.type} <> 'percentage' OR ${t.value} <= 100`),
    check("coupons_min_amount_not_negative", sql`${t.minAmountPaise} >= 0`),
    check("coupons_usage_within_limit", sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
    check("coupons_window_ordered", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`),
  ],
);
