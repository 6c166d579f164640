import { lazy, Suspense, useRef } from "react";
import { Link } from "react-router";
import type { ProductDetailView } from "~/modules/catalog";
import { PhotoThumbs } from "./photo-thumbs";
import { ReviewSummaryPanel } from "./review-summary";
import { useMyReview } from "./use-my-review";
import { useNearViewport } from "./use-near-viewport";

// The list and its buttons are their own small script, fetched with the reviews themselves.
const ReviewList = lazy(() => import("./review-list"));

/**
 * The product page's reviews: the summary (drawn on the server, part of the shared page), the
 * buyers' photos, and the reviews themselves, loaded only when the section comes near so they cost
 * the page nothing at load. 'Write a review' / 'Edit your review' appear only for a signed-in
 * shopper the shop says may write or has written one.
 */
export function ReviewsSection({ product }: { product: ProductDetailView }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const mine = useMyReview(product.id, near);
  const summary = product.reviewSummary;
  const hasReviews = summary !== null && product.rating !== null && product.reviewsCount > 0;

  const write =
    mine?.signedIn && (mine.hasReview || mine.canReview) ? (
      <div className="mt-8">
        <Link to={`/product/${product.id}/review`} className="btn-primary w-full sm:w-auto">
          {mine.hasReview ? "Edit your review" : "Write a review"}
        </Link>
        {mine.hasReview && mine.status === "pending" ? (
          <p className="mt-3 text-xs text-stone">Your review will show once the shop has read it.</p>
        ) : null}
        {mine.hasReview && mine.status === "hidden" ? (
          <p className="mt-3 text-xs text-stone">
            Your review is hidden{mine.hiddenReason ? `: ${mine.hiddenReason}` : "."}
          </p>
        ) : null}
      </div>
    ) : null;

  return (
    <section
      ref={ref}
      id="reviews"
      aria-labelledby="reviews-title"
      className="mt-20 scroll-mt-28 border-t border-linen pt-14 sm:mt-24"
    >
      <div className="grid gap-12 lg:grid-cols-[19rem_1fr] lg:gap-20">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="eyebrow">From our buyers</p>
          <h2 id="reviews-title" className="mt-3 font-display text-3xl text-ink sm:text-4xl">
            Reviews
          </h2>
          <div className="mt-8">
            {hasReviews ? (
              <ReviewSummaryPanel rating={product.rating!} count={product.reviewsCount} summary={summary} />
            ) : (
              <p className="text-sm leading-relaxed text-stone">
                Reviews here come only from shoppers who received this piece.
              </p>
            )}
          </div>
          {write}
        </div>

        <div className="min-w-0">
          {hasReviews && summary.photos.length > 0 ? (
            <div className="mb-10">
              <h3 className="text-xs font-medium tracking-[0.2em] text-ink uppercase">Photos from buyers</h3>
              <div className="mt-4">
                <PhotoThumbs
                  urls={summary.photos.map((p) => p.url)}
                  label={(i) => `buyer's photo ${i + 1} of ${summary.photos.length}`}
                />
              </div>
            </div>
          ) : null}
          {hasReviews ? (
            near ? (
              <Suspense
                fallback={
                  <p role="status" className="py-10 text-center text-sm text-stone">
                    Loading reviews...
                  </p>
                }
              >
                <ReviewList productId={product.id} />
              </Suspense>
            ) : (
              <p className="py-10 text-center text-sm text-stone">The reviews load as you scroll to them.</p>
            )
          ) : (
            <div className="border border-dashed border-linen px-6 py-14 text-center">
              <p className="font-display text-2xl text-ink">No reviews yet</p>
              <p className="mx-auto mt-2 max-w-sm text-sm text-stone">
                Bought this piece? Once it has reached you, you can tell other shoppers how it looks and fits.
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
