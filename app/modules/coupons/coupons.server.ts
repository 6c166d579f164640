import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { normaliseCouponCode, type CouponRule, type CouponTerms } from "../pricing";
import { coupons } from "./schema.server";

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

/** The four coupons every shop starts with (the seed adds them); amounts in paise. */
export const SPEC_COUPONS: NewCoupon[] = [
  {
    code: "SAVE10",
    type: "percentage",
    value: 10,
    minAmountPaise: 50_000,
    description: "10% off orders of ₹500 or more",
  },
  {
    code: "FLAT50",
    type: "fixed",
    value: 5_000,
    minAmountPaise: 20_000,
    description: "₹50 off orders of ₹200 or more",
  },
  {
    code: "WELCOME20",
    type: "percentage",
    value: 20,
    minAmountPaise: 100_000,
    description: "20% off orders of ₹1,000 or more",
  },
  {
    code: "FIRST100",
    type: "fixed",
    value: 10_000,
    minAmountPaise: 80_000,
    description: "₹100 off orders of ₹800 or more",
  },
];

/** Inserts the coupons that do not exist yet; never changes an existing one (the admin may have edited it). */
export async function ensureCoupons(db: Db, list: NewCoupon[] = SPEC_COUPONS): Promise<void> {
  await db
    .insert(coupons)
    .values(list.map((c) => ({ ...c, code: c.code.toUpperCase() })))
    .onConflictDoNothing({ target: coupons.code });
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}

/** The coupon for a code as typed (trimmed, upper-cased), as the pure pricing rules take it. */
export async function findCouponRule(db: Db, code: string): Promise<CouponRule | null> {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return null;
  const row = await findCoupon(db, normalised);
  return row ? couponRuleOf(row) : null;
}

export function couponRuleOf(row: CouponRow): CouponRule {
  return {
    code: row.code,
    type: row.type,
    value: row.value,
    minAmountPaise: row.minAmountPaise,
    isActive: row.isActive,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
  };
}

/** What the browser may know of a coupon: its terms, not the admin's limits. */
export function couponTermsOf(rule: CouponRule): CouponTerms {
  return { code: rule.code, type: rule.type, value: rule.value, minAmountPaise: rule.minAmountPaise };
}

/**
 * Counts one use of a coupon by an order, inside the order's transaction, only while the coupon is
 * active, within its window and under its usage limit: a conditional update, so two checkouts for
 * the last use cannot both get it. False when the coupon could not be used.
 */
export async function claimCouponUse(tx: Tx, code: string, now = new Date()): Promise<boolean> {
  const claimed = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.isActive, true),
        sql`(${coupons.startsAt} IS NULL OR ${coupons.startsAt} <= ${now})`,
        sql`(${coupons.endsAt} IS NULL OR ${coupons.endsAt} > ${now})`,
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return claimed.length > 0;
}

/** Gives a use back (an order cancelled or never paid), never below zero. */
export async function returnCouponUse(tx: Tx, code: string, now = new Date()): Promise<void> {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)`, updatedAt: now })
    .where(eq(coupons.code, code));
}
