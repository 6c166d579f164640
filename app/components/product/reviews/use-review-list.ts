import { useCallback, useEffect, useRef, useState } from "react";
import type { ReviewSort } from "~/modules/reviews";
import type { PublicReview, ReviewPage } from "./types";

export interface ReviewListState {
  reviews: PublicReview[];
  total: number;
  page: number;
  pages: number;
  sort: ReviewSort;
  status: "loading" | "ready" | "error";
  /** the page being added below the shown ones ('Show more reviews'), while it loads */
  more: boolean;
}

/**
 * The product's published reviews from GET /api/products/:id/reviews: the first page in a sort, then
 * more pages appended. A newer request (another sort) cancels the one on its way.
 */
export function useReviewList(productId: string) {
  const [state, setState] = useState<ReviewListState>({
    reviews: [],
    total: 0,
    page: 0,
    pages: 1,
    sort: "newest",
    status: "loading",
    more: false,
  });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    (sort: ReviewSort, page: number) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const append = page > 1;
      setState((s) => (append ? { ...s, more: true } : { ...s, sort, status: "loading", more: false }));
      fetch(`/api/products/${productId}/reviews?sort=${sort}&page=${page}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((r) => {
          if (!r.ok) throw new Error(`reviews answered ${r.status}`);
          return r.json() as Promise<ReviewPage>;
        })
        .then((answer) =>
          setState((s) => ({
            // a review may have moved between pages since the first was read: shown once
            reviews: append
              ? [...s.reviews, ...answer.reviews.filter((r) => !s.reviews.some((o) => o.id === r.id))]
              : answer.reviews,
            total: answer.total,
            page: answer.page,
            pages: answer.pages,
            sort: answer.sort,
            status: "ready",
            more: false,
          })),
        )
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("reviews could not be loaded", error);
          setState((s) => (append ? { ...s, more: false, status: "error" } : { ...s, reviews: [], status: "error" }));
        });
    },
    [productId],
  );

  useEffect(() => () => inFlight.current?.abort(), []);

  /** A vote changed a review's count: shown at once, without loading the list again. */
  const setHelpful = useCallback((reviewId: string, helpfulCount: number) => {
    setState((s) => ({ ...s, reviews: s.reviews.map((r) => (r.id === reviewId ? { ...r, helpfulCount } : r)) }));
  }, []);

  return { state, load, setHelpful };
}
