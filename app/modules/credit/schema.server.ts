import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../accounts/auth-schema.server";

/**
 * Store credit (decision 042): an append-only ledger per customer. `issued` (a return resolved as
 * credit), `spent` (part of an order's payment), `restored` (an order that spent it was cancelled or
 * lapsed), `expired` (past its validity), `adjusted` (staff, with a reason). Entries are never changed
 * or deleted; the balance is their sum.
 */
export const storeCreditKind = pgEnum("store_credit_kind", ["issued", "spent", "restored", "expired", "adjusted"]);

/**
 * One row per customer with credit: the lock two checkouts spending at once take in turn, and the
 * running balance, which always equals the sum of the customer's entries and never goes below zero.
 */
export const storeCreditAccounts = pgTable(
  "store_credit_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "restrict" }),
    balancePaise: integer("balance_paise").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_credit_accounts_balance_not_negative", sql`${t.balancePaise} >= 0`)],
);

export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => storeCreditAccounts.userId, { onDelete: "restrict" }),
    kind: storeCreditKind("kind").notNull(),
    /** positive adds to the balance, negative takes from it */
    amountPaise: integer("amount_paise").notNull(),
    /** the balance after this entry (never negative) */
    balanceAfterPaise: integer("balance_after_paise").notNull(),
    /** what the customer reads beside it ('Return ORD-…-R1', 'Order ORD-…', staff's reason) */
    reason: text("reason").notNull(),
    /** the return or order it belongs to, when any (ids of other modules' rows, not foreign keys) */
    returnId: uuid("return_id"),
    orderId: uuid("order_id"),
    /** issued credit can be spent until then (the store's validity setting); null: no end */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** the staff member for an adjustment */
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entries_user_idx").on(t.userId, t.createdAt),
    index("store_credit_entries_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    check("store_credit_entries_amount_not_zero", sql`${t.amountPaise} <> 0`),
    check("store_credit_entries_balance_not_negative", sql`${t.balanceAfterPaise} >= 0`),
  ],
);
