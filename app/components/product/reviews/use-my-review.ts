import { useEffect, useState } from "react";
import { useShopperView } from "~/components/shopper/use-shopper";
import type { MyReviewAnswer } from "./types";

/**
 * Whether to offer 'Write a review' or 'Edit your review'. The product page is one shared copy, so
 * this is asked after it loads, only when `active` (the section is near) and only for a signed-in
 * shopper: a guest never sends the request.
 */
export function useMyReview(productId: string, active: boolean): MyReviewAnswer | null {
  const userId = useShopperView().user?.id ?? null;
  const [answer, setAnswer] = useState<{ key: string; value: MyReviewAnswer } | null>(null);
  const key = `${productId}:${userId}`;
  useEffect(() => {
    if (!active || !userId) return;
    const controller = new AbortController();
    fetch(`/api/products/${productId}/my-review`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((r) => (r.ok ? (r.json() as Promise<MyReviewAnswer>) : null))
      .then((value) => {
        if (value) setAnswer({ key, value });
      })
      .catch(() => {
        // without the answer the page simply offers nothing: the account's reviews page still does
      });
    return () => controller.abort();
  }, [active, userId, productId, key]);
  return userId && answer?.key === key ? answer.value : null;
}
