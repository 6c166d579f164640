import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { getStoreSettings } from "../content/index.server";
import { claimShopperPhotos, releaseShopperPhotos } from "../media/index.server";
import { deliveredPurchasesOf } from "../orders/index.server";
import { fitAsked, REVIEW_MESSAGES, reviewerName, type ReviewFit, type ReviewInput, type ReviewStatus } from "./rules";
import { reviews } from "./schema.server";
import { lockProductReviews, refreshReviewSummary } from "./summary.server";

/*
 * The buyer's side of reviews (decision 043): only a shopper with a delivered order line of the
 * product may review it, once, and edit her review. Checked here, on the server, for every save.
 */

type Conn = Db | Tx;

/** Her own review as her form and her account show it. */
export interface OwnReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  fit: ReviewFit | null;
  photos: string[];
  status: ReviewStatus;
  hiddenReason: string | null;
  reply: string | null;
  sizeBought: string;
  colourBought: string;
  version: number;
  createdAt: string;
}

export interface ReviewEligibility {
  /** the delivered piece that makes her a verified buyer (her newest purchase of it), or null */
  purchase: { orderLineId: string; orderNumber: string; size: string; colour: string } | null;
  review: OwnReview | null;
}

const ownColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  fit: reviews.fit,
  photos: reviews.photos,
  status: reviews.status,
  hiddenReason: reviews.hiddenReason,
  reply: reviews.reply,
  sizeBought: reviews.sizeBought,
  colourBought: reviews.colourBought,
  version: reviews.version,
  createdAt: reviews.createdAt,
};

function ownReview(row: typeof reviews.$inferSelect | (Omit<OwnReview, "createdAt"> & { createdAt: Date })): OwnReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    fit: row.fit,
    photos: row.photos,
    status: row.status,
    hiddenReason: row.hiddenReason,
    reply: row.reply,
    sizeBought: row.sizeBought,
    colourBought: row.colourBought,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether she may review the product (a delivered piece of it), and her review if she wrote one. */
export async function reviewEligibility(db: Conn, userId: string, productId: string): Promise<ReviewEligibility> {
  const [purchases, [review]] = await Promise.all([
    deliveredPurchasesOf(db, userId, productId, 1),
    db
      .select(ownColumns)
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .limit(1),
  ]);
  const p = purchases[0];
  return {
    purchase: p ? { orderLineId: p.orderLineId, orderNumber: p.orderNumber, size: p.size, colour: p.colour } : null,
    review: review ? ownReview(review) : null,
  };
}

export type SaveReviewResult =
  | { ok: true; status: 200 | 201; reviewId: string; reviewStatus: ReviewStatus; message: string }
  | {
      ok: false;
      status: 403 | 404 | 409 | 422;
      message: string;
      fieldErrors?: Partial<Record<keyof ReviewInput, string>>;
    };

/**
 * Writes her review of the product, or her changes to it. Refused when she has no delivered piece of
 * it, when her photos are not hers (or are another review's), or when `expectedVersion` is older
 * than the review. A new review shows at once, or waits for staff when the shop approves reviews
 * first; an edited one waits too when it was hidden (it goes back to the queue).
 */
export async function saveReview(
  db: Db,
  args: { userId: string; userName: string; productId: string; input: ReviewInput; expectedVersion?: number },
  now: Date = new Date(),
): Promise<SaveReviewResult> {
  const settings = await getStoreSettings(db);
  return inTransaction<SaveReviewResult>(db, async (tx, rollBack) => {
    const [purchase] = await deliveredPurchasesOf(tx, args.userId, args.productId, 1);
    if (!purchase) return { ok: false, status: 403, message: REVIEW_MESSAGES.notBuyer };
    // a piece bought in a size says how it fitted; One Size (jewellery) has nothing to say
    if (fitAsked(purchase.size) && args.input.fit === null)
      return { ok: false, status: 422, message: REVIEW_MESSAGES.fit, fieldErrors: { fit: REVIEW_MESSAGES.fit } };
    await lockProductReviews(tx, args.productId);
    const [existing] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, args.productId), eq(reviews.userId, args.userId)))
      .limit(1);
    if (existing && args.expectedVersion !== undefined && existing.version !== args.expectedVersion)
      return { ok: false, status: 409, message: REVIEW_MESSAGES.stale };

    const kept = new Set(existing?.photos ?? []);
    const added = args.input.photos.filter((url) => !kept.has(url));
    const dropped = [...kept].filter((url) => !args.input.photos.includes(url));
    if (!(await claimShopperPhotos(tx, args.userId, added, now)))
      return rollBack({
        ok: false,
        status: 422,
        message: REVIEW_MESSAGES.photos,
        fieldErrors: { photos: "A photo could not be attached. Please add it again." },
      });
    await releaseShopperPhotos(tx, args.userId, dropped);

    const status: ReviewStatus =
      settings.reviewsNeedApproval || existing?.status === "hidden" ? "pending" : "published";
    const values = {
      rating: args.input.rating,
      title: args.input.title,
      body: args.input.body,
      fit: fitAsked(purchase.size) ? args.input.fit : null,
      photos: args.input.photos,
      status,
      publishedAt: status === "published" ? (existing?.publishedAt ?? now) : (existing?.publishedAt ?? null),
      updatedAt: now,
    };
    let reviewId: string;
    if (existing) {
      await tx
        .update(reviews)
        .set({ ...values, editedAt: now, version: sql`${reviews.version} + 1` })
        .where(eq(reviews.id, existing.id));
      reviewId = existing.id;
    } else {
      const [row] = await tx
        .insert(reviews)
        .values({
          ...values,
          productId: args.productId,
          userId: args.userId,
          orderLineId: purchase.orderLineId,
          sizeBought: purchase.size,
          colourBought: purchase.colour,
          authorName: reviewerName(args.userName),
          createdAt: now,
        })
        .returning({ id: reviews.id });
      reviewId = row!.id;
    }
    // the summary changes when a published review is written, edited, or leaves for the queue
    if (status === "published" || existing?.status === "published") await refreshReviewSummary(tx, args.productId);
    const message = existing
      ? status === "published"
        ? REVIEW_MESSAGES.updated
        : REVIEW_MESSAGES.savedPending
      : status === "published"
        ? REVIEW_MESSAGES.saved
        : REVIEW_MESSAGES.savedPending;
    return { ok: true, status: existing ? 200 : 201, reviewId, reviewStatus: status, message };
  });
}
