/*
 * The shapes the reviews' addresses answer with. Types only: nothing of the server files reaches the
 * browser bundle.
 */
export type { PublicReview, ReviewPage } from "~/modules/reviews/index.server";
export type { MyReviewAnswer } from "~/routes/api.products.$id.my-review";
export type { ReviewActionAnswer } from "~/routes/api.reviews.$id";
