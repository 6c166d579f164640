import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { getSessionUser } from "~/modules/accounts/index.server";
import { isProductId } from "~/modules/catalog/index.server";
import type { ReviewStatus } from "~/modules/reviews";
import { reviewEligibility } from "~/modules/reviews/index.server";
import type { Route } from "./+types/api.products.$id.my-review";

/** What the product page needs to offer 'Write a review' or 'Edit your review'. */
export type MyReviewAnswer =
  | { signedIn: false }
  | {
      signedIn: true;
      /** she received a piece of it: a verified buyer */
      canReview: boolean;
      hasReview: boolean;
      status: ReviewStatus | null;
      hiddenReason: string | null;
    };

/*
 * GET /api/products/:id/my-review: the signed-in shopper's standing with this product's reviews. The
 * product page is one shared copy for everyone, so the personal part comes from here after it loads,
 * and is never kept by a cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return answer({ signedIn: false });
  if (!isProductId(params.id))
    return answer({ signedIn: true, canReview: false, hasReview: false, status: null, hiddenReason: null });
  const { purchase, review } = await reviewEligibility(getDb(), user.id, params.id);
  return answer({
    signedIn: true,
    canReview: purchase !== null,
    hasReview: review !== null,
    status: review?.status ?? null,
    hiddenReason: review?.status === "hidden" ? review.hiddenReason : null,
  });
}

function answer(body: MyReviewAnswer): Response {
  return Response.json(body, { headers: PRIVATE_NO_STORE_HEADERS });
}
