import { and, eq, gte, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orders } from "../orders/schema.server";
import { session, user } from "./auth-schema.server";
import { CUSTOMER_ROLE, REGISTRATION_WINDOW_MS } from "./auth.server";
import { customerProfiles } from "./schema.server";

/*
 * Numbers verified for a new account whose registration was never completed. The phone plugin makes
 * the account when the code is checked, before anyone can know whether the shopper will register;
 * such an account is no customer (the back office neither lists nor counts it) and is removed once
 * its registration window has passed with no newer code: its bag and wishlist go with it. An account
 * that has an order is kept, whatever else.
 */

/** Removes the accounts of registrations never completed; how many went. */
export async function removeUnfinishedSignUps(db: Db, now = new Date()): Promise<number> {
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
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.userId, user.id)),
        ),
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
