import { and, eq, gte, lt, not, notExists, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { session, user } from "./auth-schema.server";
import { CUSTOMER_ROLE, REGISTRATION_WINDOW_MS } from "./auth.server";
import { customerProfiles } from "./schema.server";

/*
 * Numbers verified for a new account whose registration was never completed. The phone plugin makes
 * the account when the code is checked, before anyone can know whether the shopper will register;
 * such an account is no customer (the back office neither lists nor counts it) and is removed once
 * its registration window has passed with no newer code: its bag and wishlist go with it. An account
 * that has an order is kept, whatever else: the orders module, which sits above this one, says which
 * accounts those are (`keep`, a condition on the account's id inside the same statement).
 */

/** A condition on an account's id that keeps the account (for example: it has an order). */
export type KeepAccount = (userId: Column) => SQL;

/** Removes the accounts of registrations never completed, except those `keep` holds on to; how many went. */
export async function removeUnfinishedSignUps(db: Db, keep: KeepAccount, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - REGISTRATION_WINDOW_MS);
  const removed = await db
    .delete(user)
    .where(
      and(
        eq(user.role, CUSTOMER_ROLE),
        lt(user.createdAt, windowStart),
        notExists(
          db
            .select({ one: sql`1` })
            .from(customerProfiles)
            .where(eq(customerProfiles.userId, user.id)),
        ),
        not(keep(user.id)),
        // a code verified again lately: the shopper may be registering now
        notExists(
          db
            .select({ one: sql`1` })
            .from(session)
            .where(and(eq(session.userId, user.id), gte(session.createdAt, windowStart))),
        ),
      ),
    )
    .returning({ id: user.id });
  return removed.length;
}
