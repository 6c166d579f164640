import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { deliveredPurchasesOf } from "../orders/index.server";
import { REVIEW_LIMITS, type ReviewFit, type ReviewSort, type ReviewStatus } from "./rules";
import { reviews } from "./schema.server";

/*
 * Reviews as shoppers read them (decision 043): the product page's list, loaded after the page and
 * paged, and a shopper's own reviews and the pieces still waiting for one.
 */

type Conn = Db | Tx;

/** A published review as anyone may see it: nothing that names the buyer beyond 'Meera I.'. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  fit: ReviewFit | null;
  sizeBought: string;
  colourBought: string;
  photos: string[];
  authorName: string;
  publishedAt: string;
  edited: boolean;
  helpfulCount: number;
  reply: string | null;
  repliedAt: string | null;
}

export interface ReviewPage {
  reviews: PublicReview[];
  total: number;
  page: number;
  pages: number;
  sort: ReviewSort;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One page of a product's published reviews, in the order asked for. */
export async function listPublishedReviews(
  db: Conn,
  productId: string,
  opts: { sort: ReviewSort; page: number },
): Promise<ReviewPage> {
  const where = and(
    eq(reviews.productId, productId),
    eq(reviews.status, "published"),
    opts.sort === "photos" ? sql`jsonb_array_length(${reviews.photos}) > 0` : undefined,
  );
  const order =
    opts.sort === "helpful"
      ? [desc(reviews.helpfulCount), desc(reviews.publishedAt), desc(reviews.id)]
      : [desc(reviews.publishedAt), desc(reviews.id)];
  const size = REVIEW_LIMITS.pageSize;
  const [[counted], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(where),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        fit: reviews.fit,
        sizeBought: reviews.sizeBought,
        colourBought: reviews.colourBought,
        photos: reviews.photos,
        authorName: reviews.authorName,
        publishedAt: reviews.publishedAt,
        editedAt: reviews.editedAt,
        helpfulCount: reviews.helpfulCount,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((Math.max(1, opts.page) - 1) * size),
  ]);
  const total = counted?.n ?? 0;
  return {
    reviews: rows.map(({ editedAt, publishedAt, repliedAt, ...r }) => ({
      ...r,
      publishedAt: (publishedAt ?? new Date(0)).toISOString(),
      edited: editedAt !== null,
      repliedAt: iso(repliedAt),
    })),
    total,
    page: Math.max(1, opts.page),
    pages: Math.max(1, Math.ceil(total / size)),
    sort: opts.sort,
  };
}

/** Her review as her account lists it. */
export interface ShopperReviewRow {
  id: string;
  productId: string;
  rating: number;
  title: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  reply: string | null;
  createdAt: string;
}

/** A delivered piece she has not reviewed yet. */
export interface PieceToReview {
  productId: string;
  name: string;
  imageUrl: string | null;
  size: string;
  colour: string;
  orderNumber: string;
  deliveredAt: string;
}

/** Her reviews (newest first) and the delivered pieces still waiting for one (one per product). */
export async function shopperReviews(
  db: Conn,
  userId: string,
): Promise<{ written: ShopperReviewRow[]; waiting: PieceToReview[] }> {
  const [written, purchases] = await Promise.all([
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        rating: reviews.rating,
        title: reviews.title,
        status: reviews.status,
        hiddenReason: reviews.hiddenReason,
        reply: reviews.reply,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt))
      .limit(100),
    deliveredPurchasesOf(db, userId),
  ]);
  const reviewed = new Set(written.map((r) => r.productId));
  const waiting = new Map<string, PieceToReview>();
  for (const p of purchases) {
    if (reviewed.has(p.productId) || waiting.has(p.productId)) continue;
    waiting.set(p.productId, {
      productId: p.productId,
      name: p.name,
      imageUrl: p.imageUrl,
      size: p.size,
      colour: p.colour,
      orderNumber: p.orderNumber,
      deliveredAt: p.deliveredAt.toISOString(),
    });
  }
  return {
    written: written.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    waiting: [...waiting.values()],
  };
}

/** Of these products, the ones she has reviewed (her order page's 'Write a review' / 'Edit your review'). */
export async function reviewedProductIds(
  db: Conn,
  userId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}
