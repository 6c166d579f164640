import { gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { startPeriodic, stopPeriodic } from "../../lib/periodic.server";
import { expireLocked, lockAccount, stillValidSql } from "./ledger.server";
import { storeCreditAccounts as accounts, storeCreditEntries as entries } from "./schema.server";

/**
 * Writes off the credit past its validity, first in, first out (decision 042): for each customer
 * whose balance is more than the credit added that is still valid, one `expired` entry for the
 * difference. Each customer in a transaction of their own, under the account's lock, so a checkout
 * spending at the same moment waits and sees what is left. Returns how many customers lost credit.
 */
export async function expireStoreCredit(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .innerJoin(entries, sql`${entries.userId} = ${accounts.userId}`)
    .where(gt(accounts.balancePaise, 0))
    .groupBy(accounts.userId, accounts.balancePaise)
    .having(sql`${accounts.balancePaise} > ${stillValidSql(now)}`);
  let expired = 0;
  for (const { userId } of due) {
    const paise = await inTransaction(db, async (tx) => expireLocked(tx, await lockAccount(tx, userId, now), now));
    if (paise > 0) expired += 1;
  }
  return expired;
}

const HOUR_MS = 3_600_000;

/** Writes off expired credit now and then every `everyMs` (several instances may: each customer is locked). */
export function startStoreCreditExpiry(db: Db, everyMs = HOUR_MS): void {
  startPeriodic("store-credit-expiry", everyMs, () =>
    expireStoreCredit(db)
      .then((customers) => {
        if (customers) getLogger().info({ customers }, "store credit: expired credit written off");
      })
      .catch((error: unknown) =>
        getLogger().error({ err: error }, "store credit: expiry failed; it runs again in an hour"),
      ),
  );
}

/** Stops the expiry round and waits for one in progress (graceful shutdown). */
export function stopStoreCreditExpiry(): Promise<void> {
  return stopPeriodic("store-credit-expiry");
}
