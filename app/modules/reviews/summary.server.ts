import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { purgePageCache } from "../../lib/page-cache.server";
import type { ReviewSummary } from "../catalog";
import { storeReviewSummary } from "../catalog/index.server";
import { averageRating, ratingScore } from "./rules";
import { reviews } from "./schema.server";

/*
 * The summary a product keeps of its published reviews (decision 043), recomputed from the reviews
 * themselves inside every transaction that publishes, edits or hides one. Writers of one product's
 * reviews take its review lock first, so two publishing at once are counted one after the other and
 * the summary always matches the published reviews; the page cache is emptied after the commit.
 */

const PHOTO_STRIP = 12;
const FEATURED = 5;

/** Serialises the summary's writers of one product (a transaction-scoped advisory lock). */
export async function lockProductReviews(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reviews:${productId}`}, 0))`);
}

/** Recomputes and stores the product's summary; the caller holds lockProductReviews. */
export async function refreshReviewSummary(tx: Tx, productId: string): Promise<void> {
  const published = and(eq(reviews.productId, productId), eq(reviews.status, "published"));
  // one statement after another: a transaction is one connection
  const [totals] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      s1: sql<number>`count(*) filter (where ${reviews.rating} = 1)::int`,
      s2: sql<number>`count(*) filter (where ${reviews.rating} = 2)::int`,
      s3: sql<number>`count(*) filter (where ${reviews.rating} = 3)::int`,
      s4: sql<number>`count(*) filter (where ${reviews.rating} = 4)::int`,
      s5: sql<number>`count(*) filter (where ${reviews.rating} = 5)::int`,
      small: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_small')::int`,
      true: sql<number>`count(*) filter (where ${reviews.fit} = 'true_to_size')::int`,
      large: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_large')::int`,
    })
    .from(reviews)
    .where(published);
  const photoRows = await tx
    .select({ id: reviews.id, photos: reviews.photos })
    .from(reviews)
    .where(and(published, sql`jsonb_array_length(${reviews.photos}) > 0`))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(PHOTO_STRIP);
  const featured = await tx
    .select({
      author: reviews.authorName,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      publishedAt: reviews.publishedAt,
    })
    .from(reviews)
    .where(published)
    .orderBy(desc(reviews.helpfulCount), desc(reviews.publishedAt), desc(reviews.id))
    .limit(FEATURED);
  const t = totals!;
  const summary: ReviewSummary | null =
    t.count === 0
      ? null
      : {
          stars: [t.s1, t.s2, t.s3, t.s4, t.s5],
          fit: { runsSmall: t.small, trueToSize: t.true, runsLarge: t.large },
          photos: photoRows.flatMap((r) => r.photos.map((url) => ({ url, reviewId: r.id }))).slice(0, PHOTO_STRIP),
          featured: featured.map((f) => ({
            author: f.author,
            rating: f.rating,
            title: f.title,
            body: f.body.length > 500 ? `${f.body.slice(0, 497).trimEnd()}...` : f.body,
            publishedAt: (f.publishedAt ?? new Date()).toISOString(),
          })),
        };
  await storeReviewSummary(tx, productId, {
    rating: averageRating(t.sum, t.count),
    count: t.count,
    score: ratingScore(t.sum, t.count),
    summary,
  });
  afterCommit(tx, purgePageCache);
}

/**
 * Recomputes the summaries of several products in one transaction, each under its lock: for reviews
 * written in bulk outside this module (the demo seed's buyers), so their products' stars are still
 * counted by the code above.
 */
export async function refreshReviewSummaries(db: Db, productIds: readonly string[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const productId of [...new Set(productIds)].sort()) {
      await lockProductReviews(tx, productId);
      await refreshReviewSummary(tx, productId);
    }
  });
}
