/*
 * The shop's attempt limits on `checkAttempt` (attempts.server.ts), in one table so they can be read
 * and changed together. Why these numbers: docs/decisions/019-order-tracking.md.
 */

const HOUR = 3600;

export const ATTEMPT_RULES = {
  /** /track-order lookups from one client address, whatever the order numbers */
  trackOrderPerAddress: { scope: "track-order:ip", limit: 30, windowSeconds: HOUR },
  /** /track-order lookups of one order number, from whatever addresses */
  trackOrderPerOrderNumber: { scope: "track-order:order", limit: 10, windowSeconds: HOUR },
  /** 'Notify me when it is back' requests from one client address */
  backInStockPerAddress: { scope: "back-in-stock:ip", limit: 30, windowSeconds: HOUR },
  /** photos one signed-in shopper may upload in a day (a return request takes up to 4) */
  shopperPhotosPerUser: { scope: "shopper-photo:user", limit: 20, windowSeconds: 24 * HOUR },
  /** reviews (new or edited) one shopper may send in a day */
  reviewsPerUser: { scope: "review:user", limit: 10, windowSeconds: 24 * HOUR },
  /** reviews from one network address in an hour (several shoppers behind one router are fine) */
  reviewsPerAddress: { scope: "review:ip", limit: 20, windowSeconds: HOUR },
  /** 'Helpful' votes and reports from one shopper in an hour */
  reviewVotesPerUser: { scope: "review-vote:user", limit: 60, windowSeconds: HOUR },
  /** 'Helpful' votes and reports from one network address in an hour */
  reviewVotesPerAddress: { scope: "review-vote:ip", limit: 200, windowSeconds: HOUR },
} as const satisfies Record<string, { scope: string; limit: number; windowSeconds: number }>;
