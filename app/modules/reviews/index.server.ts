/**
 * The reviews module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  accountReviewsUrl,
  reviewRequestsOff,
  sendReviewRequests,
  setReviewRequestsOff,
  startReviewRequests,
  stopReviewRequests,
} from "./invitations.server";
export {
  countReviewsWaiting,
  listReviewsForStaff,
  type ModerationAction,
  type ModerationResult,
  moderateReview,
  parseStaffReviewParams,
  STAFF_REVIEW_PAGE_SIZE,
  STAFF_REVIEW_TABS,
  type StaffReviewRow,
  type StaffReviewTab,
} from "./moderation.server";
export {
  listPublishedReviews,
  type PieceToReview,
  type PublicReview,
  reviewedProductIds,
  type ReviewPage,
  shopperReviews,
  type ShopperReviewRow,
} from "./read.server";
export { refreshReviewSummaries } from "./summary.server";
export { type ReportResult, reportReview, type VoteResult, voteHelpful } from "./votes.server";
export {
  type OwnReview,
  reviewEligibility,
  type ReviewEligibility,
  saveReview,
  type SaveReviewResult,
} from "./write.server";
