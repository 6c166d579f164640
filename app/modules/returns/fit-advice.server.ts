import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../../db/client.server";
import { afterCommit } from "../../db/transaction.server";
import { isUuid } from "../../lib/ids";
import { cacheTags, purgePageCache } from "../../lib/page-cache.server";
import { processSlot } from "../../lib/process-singleton";
import { fitAdviceAllowed } from "../catalog/index.server";
import { orderLineIdsOfProduct } from "../orders/index.server";
import { CLOSED_WITHOUT_RETURN } from "./rules";
import { returnLines, returnRequests } from "./schema.server";

/*
 * Fit advice on the product page (decision 042, 'Fit advice'): when the shoppers who sent a product
 * back for its size mostly found it too small (or too large), the page says so beside the sizes, so
 * the next shopper picks the size that fits and the return never happens.
 */

/** Fewer size returns than this say nothing: two or three shoppers are not a pattern. */
export const FIT_ADVICE_MIN_REQUESTS = 5;
/** The share of the size returns that must lean one way, in tenths (7 of 10: 70 %). */
export const FIT_ADVICE_SHARE_TENTHS = 7;

export const FIT_ADVICE = {
  small: "Runs small: most shoppers took one size up",
  large: "Runs large: most shoppers took one size down",
} as const;

export interface SizeReturnCounts {
  /** return requests of the product with the reason 'too small', not declined or withdrawn */
  tooSmall: number;
  /** the same with the reason 'too large' */
  tooLarge: number;
}

/**
 * The rule: at least FIT_ADVICE_MIN_REQUESTS size returns in all, and at least 70 % of them one way.
 * Compared in whole numbers (too small x 10 >= all x 7), so exactly 7 of 10 is a lean.
 */
export function fitAdviceFrom({ tooSmall, tooLarge }: SizeReturnCounts): string | null {
  const all = tooSmall + tooLarge;
  if (all < FIT_ADVICE_MIN_REQUESTS) return null;
  if (tooSmall * 10 >= all * FIT_ADVICE_SHARE_TENTHS) return FIT_ADVICE.small;
  if (tooLarge * 10 >= all * FIT_ADVICE_SHARE_TENTHS) return FIT_ADVICE.large;
  return null;
}

const SIZE_REASONS = ["too_small", "too_large"] as const;

/** Whether a return's reason is a size ('too small', 'too large'): only those count for fit advice. */
export function isSizeReason(reason: string): boolean {
  return (SIZE_REASONS as readonly string[]).includes(reason);
}

/**
 * The product page's fit advice, or null (too few size returns, no lean, or staff turned it off for
 * the product). One statement: the product's order lines (order_lines_product_idx), their return
 * lines (return_lines_order_line_idx) and requests (primary key); a request with several pieces of
 * the product counts once. The page is shared and kept up to 30 s (decision 029), so this runs at
 * most once per product and 30 s per server process under load.
 */
export async function fitAdviceOf(db: Db, productId: string, now = Date.now()): Promise<string | null> {
  if (!isUuid(productId)) return null;
  const [counts, [allowed]] = await Promise.all([
    sizeReturnCounts(db, productId, now),
    queryRows<{ yes: boolean }>(db, sql`select ${fitAdviceAllowed(productId)} as yes`),
  ]);
  return allowed?.yes ? fitAdviceFrom(counts) : null;
}

/**
 * The counts behind the advice, kept per product for the page cache's span (30 s) in this process, so
 * an uncached product page does not count a popular product's order lines on every render (decision
 * 042). A return written here forgets them at once; another process's within the 30 s.
 */
const MEMO_MS = 30_000;
const MEMO_MAX = 5_000;
const memo = processSlot<Map<string, { at: number; counts: SizeReturnCounts }>>("fitAdviceCounts");

/** Forgets the kept counts (a return request was made, declined or withdrawn in this or another process). */
export function forgetFitAdvice(): void {
  memo.clear();
}

/** Whether a purge names a product page's fit advice: the process that hears it forgets its kept counts. */
export function namesFitAdvice(tags: readonly string[]): boolean {
  return tags.some((tag) => tag.startsWith(cacheTags.fit("")));
}

/**
 * After `tx` commits: the kept counts are forgotten, and when the return was for a size (`reason`), the
 * product pages of these pieces are made stale in every process, which forget their counts too
 * (app/page-cache-purges.server.ts): their advice may have changed. Made stale, not dropped: the next
 * visitor is answered the page as it was while one render with the new advice replaces it.
 */
export function sizeReturnsChanged(tx: Tx, reason: string, productIds: ReadonlyArray<string | null>): void {
  const pages = [...new Set(productIds.filter((id) => id !== null))];
  afterCommit(tx, () => {
    forgetFitAdvice();
    if (isSizeReason(reason) && pages.length > 0) purgePageCache({ tags: pages.map(cacheTags.fit), expire: true });
  });
}

async function sizeReturnCounts(db: Db, productId: string, now: number): Promise<SizeReturnCounts> {
  const kept = memo.get() ?? memo.set(new Map());
  const hit = kept.get(productId);
  if (hit && now - hit.at < MEMO_MS) return hit.counts;
  const counted = (reason: (typeof SIZE_REASONS)[number]) =>
    sql<number>`count(distinct ${returnRequests.id}) filter (where ${returnRequests.reason} = ${reason})`.mapWith(
      Number,
    );
  const [row] = await db
    .select({ tooSmall: counted("too_small"), tooLarge: counted("too_large") })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(
      and(
        sql`${returnLines.orderLineId} in (${orderLineIdsOfProduct(productId)})`,
        inArray(returnRequests.reason, [...SIZE_REASONS]),
        notInArray(returnRequests.status, [...CLOSED_WITHOUT_RETURN]),
      ),
    );
  const counts = row ?? { tooSmall: 0, tooLarge: 0 };
  if (kept.size >= MEMO_MAX) kept.delete(kept.keys().next().value!);
  kept.set(productId, { at: now, counts });
  return counts;
}
