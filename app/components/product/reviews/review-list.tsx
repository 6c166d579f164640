import { useEffect, useId } from "react";
import { readReviewSort, REVIEW_SORTS } from "~/modules/reviews";
import { ReviewItem } from "./review-item";
import { useReviewList } from "./use-review-list";

/**
 * The published reviews, loaded from the shop once the section is near (this file comes with them,
 * as its own small script): a sort, the reviews, and 'Show more reviews' adding the next page below.
 */
export default function ReviewList({ productId }: { productId: string }) {
  const { state, load, setHelpful } = useReviewList(productId);
  const sortId = useId();
  useEffect(() => load("newest", 1), [load]);
  const signInTo = `/product/${productId}#reviews`;
  const firstLoad = state.status === "loading" && state.reviews.length === 0;

  return (
    <div aria-busy={state.status === "loading" || state.more}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-linen pb-4">
        <p className="text-xs tracking-[0.14em] text-stone uppercase" aria-live="polite">
          {state.status === "ready" || state.reviews.length > 0
            ? `Showing ${state.reviews.length} of ${state.total} ${state.total === 1 ? "review" : "reviews"}`
            : ""}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-xs tracking-[0.14em] text-stone uppercase">
            Sort by
          </label>
          <select
            id={sortId}
            value={state.sort}
            onChange={(e) => load(readReviewSort(e.currentTarget.value), 1)}
            className="border border-linen bg-ivory py-1.5 pr-8 pl-3 text-sm text-ink focus:border-ink"
          >
            {REVIEW_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {firstLoad || (state.status === "loading" && !state.more) ? (
        <p role="status" className="py-10 text-center text-sm text-stone">
          Loading reviews...
        </p>
      ) : null}
      {state.status === "error" ? (
        <div role="alert" className="py-8 text-center text-sm text-stone">
          <p>The reviews could not be loaded.</p>
          <button
            type="button"
            onClick={() => load(state.sort, state.reviews.length > 0 ? state.page + 1 : 1)}
            className="btn-outline mt-4 !px-5 !py-2.5"
          >
            Try again
          </button>
        </div>
      ) : null}
      {state.status === "ready" && state.reviews.length === 0 ? (
        <p className="py-10 text-center text-sm text-stone">
          {state.sort === "photos" ? "No reviews with photos yet." : "No reviews yet."}
        </p>
      ) : null}

      {state.status !== "loading" || state.more ? (
        <div>
          {state.reviews.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              signInTo={signInTo}
              onHelpful={(count) => setHelpful(review.id, count)}
            />
          ))}
        </div>
      ) : null}

      {state.status !== "error" && state.page < state.pages && state.reviews.length > 0 ? (
        <div className="mt-8 text-center">
          <button
            type="button"
            onClick={() => load(state.sort, state.page + 1)}
            disabled={state.more}
            className="btn-outline"
          >
            {state.more ? "Loading more reviews..." : "Show more reviews"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
