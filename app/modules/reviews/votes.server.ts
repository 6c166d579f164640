import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { isUuid } from "../../lib/ids";
import { cacheTags, purgePageCache } from "../../lib/page-cache.server";
import { REVIEW_MESSAGES } from "./rules";
import { reviewReports, reviews, reviewVotes } from "./schema.server";

/*
 * 'Helpful' and 'Report' (decision 043): one of each per shopper per review, kept as rows whose
 * primary key is the pair, so a second vote (or two sent at once) counts once.
 */

export type VoteResult =
  | { ok: true; status: 200; helpfulCount: number; message: string }
  | { ok: false; status: 404 | 409 | 422; message: string; helpfulCount?: number };

async function publishedReview(db: Db, reviewId: string) {
  if (!isUuid(reviewId)) return null;
  const [row] = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      userId: reviews.userId,
      helpfulCount: reviews.helpfulCount,
    })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")))
    .limit(1);
  return row ?? null;
}

/** Her 'Helpful' on a published review that is not her own; a second one changes nothing. */
export async function voteHelpful(db: Db, args: { userId: string; reviewId: string }): Promise<VoteResult> {
  const review = await publishedReview(db, args.reviewId);
  if (!review) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
  if (review.userId === args.userId) return { ok: false, status: 422, message: REVIEW_MESSAGES.ownReview };
  return inTransaction<VoteResult>(db, async (tx) => {
    const [added] = await tx
      .insert(reviewVotes)
      .values({ reviewId: review.id, userId: args.userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewVotes.reviewId });
    if (!added) {
      const [now] = await tx.select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, review.id));
      return { ok: false, status: 409, message: REVIEW_MESSAGES.alreadyVoted, helpfulCount: now?.n ?? 0 };
    }
    const [row] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, review.id))
      .returning({ n: reviews.helpfulCount });
    // the piece's reviews, whose count (and 'Most helpful' order) changed, in every process
    afterCommit(tx, () => purgePageCache({ tags: [cacheTags.reviews(review.productId)] }));
    return { ok: true, status: 200, helpfulCount: row?.n ?? 0, message: REVIEW_MESSAGES.voted };
  });
}

export type ReportResult =
  { ok: true; status: 200; message: string } | { ok: false; status: 404 | 409 | 422; message: string };

/** Her report of a published review: it goes back to the staff's queue (it stays shown until they decide). */
export async function reportReview(
  db: Db,
  args: { userId: string; reviewId: string; reason: string },
  now: Date = new Date(),
): Promise<ReportResult> {
  const review = await publishedReview(db, args.reviewId);
  if (!review) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
  if (review.userId === args.userId) return { ok: false, status: 422, message: REVIEW_MESSAGES.ownReview };
  const reason = args.reason.replace(/\s+/g, " ").trim().slice(0, 300);
  return inTransaction<ReportResult>(db, async (tx) => {
    const [added] = await tx
      .insert(reviewReports)
      .values({ reviewId: review.id, userId: args.userId, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ reviewId: reviewReports.reviewId });
    if (!added) return { ok: false, status: 409, message: REVIEW_MESSAGES.alreadyReported };
    await tx
      .update(reviews)
      .set({
        reportCount: sql`${reviews.reportCount} + 1`,
        reportedAt: sql`coalesce(${reviews.reportedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(reviews.id, review.id));
    return { ok: true, status: 200, message: REVIEW_MESSAGES.reported };
  });
}
