import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { attemptEvents } from "./schema.server";

/*
 * A generic attempt limiter kept in the database (table `attempt_events`), so a limit holds across
 * app instances and restarts (nothing per-user is kept in process memory). Used by order tracking
 * (per client address and per order number) and the back-in-stock form (per client address).
 * Decision 019.
 */

export interface AttemptRule {
  /** what is limited, e.g. 'track-order:ip' */
  scope: string;
  /** whose attempts, e.g. a client address or an order number */
  key: string;
  /** attempts allowed within the window */
  limit: number;
  windowSeconds: number;
}

export type AttemptResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Attempts older than this are pruned; no rule may have a longer window. */
export const MAX_WINDOW_SECONDS = 24 * 60 * 60;

/** Keys longer than this are cut (an address or an order number is far shorter); the scope is ours. */
const MAX_KEY_LENGTH = 200;

/** A namespace of the two-key advisory locks, so these never meet another module's one-key locks. */
const LOCK_NAMESPACE = 7_240_419;

/** About one attempt in this many also prunes old rows (like the sign-in code limits). */
const PRUNE_EVERY = 100;

/**
 * Records an attempt and says whether it is within `limit` attempts per `windowSeconds` for this
 * scope and key. Race-safe: attempts for one scope and key are serialised by a transaction-scoped
 * advisory lock, so of N simultaneous attempts (on any number of app instances sharing the
 * database) exactly as many pass as the limit leaves room for. A refused attempt is not recorded,
 * so hammering does not push the owner's wait further out; the answer says when the oldest counted
 * attempt leaves the window. Times come from the database's clock, the same for every instance.
 */
export async function checkAttempt(db: Db, rule: AttemptRule): Promise<AttemptResult> {
  const { scope, limit, windowSeconds } = rule;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`checkAttempt: limit must be a whole number from 1 (got ${limit})`);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(
      `checkAttempt: windowSeconds must be a whole number from 1 to ${MAX_WINDOW_SECONDS} (got ${windowSeconds})`,
    );
  }
  // PostgreSQL text cannot hold NUL; a key is typed by visitors in places.
  const key = rule.key.split("\u0000").join("").slice(0, MAX_KEY_LENGTH);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`${scope}|${key}`}::text))`);
    // clock_timestamp(), not now(): now() is when the transaction began, which may be before a
    // transaction that held the lock first recorded its attempt.
    const window = sql`make_interval(secs => ${windowSeconds})`;
    // The limit-th newest attempt within the window: while it is there, the window is full; when it
    // leaves, there is room again.
    const [blocking] = await tx
      .select({
        waitSeconds: sql<number>`ceil(extract(epoch from (${attemptEvents.createdAt} + ${window} - clock_timestamp())))::int`,
      })
      .from(attemptEvents)
      .where(
        and(
          eq(attemptEvents.scope, scope),
          eq(attemptEvents.key, key),
          sql`${attemptEvents.createdAt} > clock_timestamp() - ${window}`,
        ),
      )
      .orderBy(desc(attemptEvents.createdAt))
      .offset(limit - 1)
      .limit(1);
    if (blocking) return { allowed: false as const, retryAfterSeconds: Math.max(1, blocking.waitSeconds) };
    await tx.insert(attemptEvents).values({ scope, key, createdAt: sql`clock_timestamp()` });
    return { allowed: true as const };
  });
  if (result.allowed && Math.random() < 1 / PRUNE_EVERY) await pruneAttempts(db);
  return result;
}

/** Deletes attempts older than the longest window (they no longer count towards any limit); returns how many. */
export async function pruneAttempts(db: Db, olderThanSeconds = MAX_WINDOW_SECONDS): Promise<number> {
  const deleted = await db
    .delete(attemptEvents)
    .where(lt(attemptEvents.createdAt, sql`clock_timestamp() - make_interval(secs => ${olderThanSeconds})`))
    .returning({ id: attemptEvents.id });
  return deleted.length;
}

/** 'Please try again in 12 minutes.' for a Retry-After (whole minutes, at least one). */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
