import { Link } from "react-router";
import { variantUrl } from "~/modules/media";
import { STATUS_TONE_CLASSES } from "~/modules/orders";
import { FIT_LABELS, REVIEW_STATUS_LABELS, type ReviewStatus } from "~/modules/reviews";
import type { StaffReviewRow } from "~/modules/reviews/index.server";
import { formatDate } from "../orders/dates";
import { Photos } from "../returns/return-request";
import { ReviewActions } from "./review-actions";

/*
 * One review as staff judge it: the product it is about, the stars, title and text as the buyer wrote
 * them (plain text: React escapes it), how it fitted in the size she bought, her photos, who wrote it
 * and when, its state and reports, and the shop's public answer; the decisions beside it.
 */

const TONE: Record<ReviewStatus, string> = {
  pending: STATUS_TONE_CLASSES.yellow,
  published: STATUS_TONE_CLASSES.green,
  hidden: "bg-stone/10 text-stone ring-stone/30",
};

const PILL =
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset";

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span data-status={status} className={`${PILL} ${TONE[status]}`}>
      {REVIEW_STATUS_LABELS[status]}
    </span>
  );
}

/** Five stars, the given number filled; read out as '4 out of 5 stars'. */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-0.5 ${className}`}
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`h-4 w-4 ${n <= rating ? "fill-gold text-gold" : "fill-none text-stone/40"}`}
        >
          <path
            stroke="currentColor"
            strokeWidth="1.2"
            strokeLinejoin="round"
            d="M10 1.8l2.47 5.3 5.8.7-4.28 3.98 1.1 5.74L10 14.7l-5.09 2.82 1.1-5.74L1.73 7.8l5.8-.7z"
          />
        </svg>
      ))}
    </span>
  );
}

function ProductLine({ review }: { review: StaffReviewRow }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="h-16 w-12 shrink-0 overflow-hidden border border-linen bg-sand">
        {review.productImage ? (
          <img
            src={variantUrl(review.productImage, 400)}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0">
        <Link
          to={`/product/${review.productId}`}
          className="line-clamp-2 font-display text-lg leading-snug text-ink underline-offset-4 hover:text-maroon hover:underline"
          data-testid="review-product"
        >
          {review.productName}
        </Link>
        <Link
          to={`/admin/products/${review.productId}`}
          className="text-xs text-stone underline-offset-4 hover:text-ink hover:underline"
        >
          Edit product
        </Link>
      </div>
    </div>
  );
}

export function ReviewCard({ review }: { review: StaffReviewRow }) {
  const titleId = `review-${review.id}-title`;
  const bought = [review.sizeBought, review.colourBought].filter(Boolean).join(", ");
  return (
    <article
      aria-labelledby={titleId}
      data-testid="admin-review"
      data-review-id={review.id}
      className="grid border border-linen bg-ivory lg:grid-cols-[minmax(0,1fr)_19rem]"
    >
      <div className="min-w-0 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <ProductLine review={review} />
          <div className="flex flex-wrap items-center gap-2">
            {review.reported ? (
              <span className={`${PILL} ${STATUS_TONE_CLASSES.red}`} data-testid="review-reported">
                Reported ({review.reportCount})
              </span>
            ) : null}
            <ReviewStatusBadge status={review.status} />
          </div>
        </div>

        <div className="mt-5 border-t border-linen pt-4">
          <Stars rating={review.rating} />
          <h2 id={titleId} className="mt-2 text-base font-medium break-words text-ink">
            {review.title}
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-ink/85">{review.body}</p>
          <p className="mt-3 flex flex-wrap gap-x-2 gap-y-1 text-xs text-stone">
            {review.fit ? (
              <span>
                Fit: <span className="text-ink">{FIT_LABELS[review.fit]}</span>
              </span>
            ) : null}
            {review.fit && bought ? <span aria-hidden="true">·</span> : null}
            {bought ? (
              <span>
                Bought in <span className="text-ink">{bought}</span>
              </span>
            ) : null}
          </p>
          {review.photos.length > 0 ? (
            <div className="mt-3">
              <Photos photos={review.photos} label="Buyer's photo" />
            </div>
          ) : null}
          <p className="mt-4 text-xs text-stone">
            <span className="text-ink">{review.authorName}</span>, verified buyer ·{" "}
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            {review.helpfulCount > 0 ? <> · {review.helpfulCount} found it helpful</> : null}
          </p>
        </div>

        {review.status === "hidden" && review.hiddenReason ? (
          <p className="mt-4 border-l-2 border-stone/40 bg-sand/50 px-3.5 py-2.5 text-sm text-ink">
            <span className="block text-[0.65rem] font-medium tracking-[0.18em] text-stone uppercase">
              Why it is hidden (its author sees this)
            </span>
            <span className="break-words whitespace-pre-line">{review.hiddenReason}</span>
          </p>
        ) : null}
        {review.reply ? (
          <div className="mt-4 border-l-2 border-gold bg-white/70 px-3.5 py-2.5" data-testid="review-reply">
            <p className="text-[0.65rem] font-medium tracking-[0.18em] text-stone uppercase">The shop&apos;s answer</p>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.reply}</p>
          </div>
        ) : null}
      </div>
      <div className="border-t border-linen bg-sand/30 p-4 sm:p-5 lg:border-t-0 lg:border-l">
        <ReviewActions review={review} />
      </div>
    </article>
  );
}
