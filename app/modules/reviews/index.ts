/**
 * The reviews module's browser-safe face: what a review may say, its messages, the sorts and the
 * fit and rating words the product page and the review form show (decision 043).
 */
export {
  averageRating,
  FIT_LABELS,
  FIT_OPTIONS,
  fitAsked,
  PRIOR_MEAN,
  PRIOR_WEIGHT,
  ratingScore,
  readReviewSort,
  readStaffText,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_SORTS,
  REVIEW_STATUS_LABELS,
  reviewerName,
  type ReviewFit,
  type ReviewInput,
  type ReviewSort,
  type ReviewStatus,
} from "./rules";
export { readReviewForm, reviewFormSchema } from "./form";
export { fitSummaryText, ratingLabel } from "./words";
