/*
 * What a review may say and how reviews add up (decision 043). Pure and browser-safe: the review form
 * checks the same rules the server enforces, and the summary a product keeps is computed here.
 */
import { DEFAULT_SIZE } from "../catalog";

export const REVIEW_LIMITS = {
  titleMax: 120,
  bodyMin: 10,
  bodyMax: 2000,
  photosMax: 4,
  reasonMax: 300,
  replyMax: 1000,
  /** reviews shown per page of the product page's list */
  pageSize: 6,
} as const;

export const FIT_OPTIONS = [
  { value: "runs_small", label: "Runs small" },
  { value: "true_to_size", label: "True to size" },
  { value: "runs_large", label: "Runs large" },
] as const;
export type ReviewFit = (typeof FIT_OPTIONS)[number]["value"];

export type ReviewStatus = "pending" | "published" | "hidden";

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  published: "Published",
  hidden: "Hidden",
};

export const REVIEW_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "helpful", label: "Most helpful" },
  { value: "photos", label: "With photos" },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]["value"];

export function readReviewSort(value: string | null): ReviewSort {
  return REVIEW_SORTS.find((s) => s.value === value)?.value ?? "newest";
}

export const REVIEW_MESSAGES = {
  rating: "Please choose from 1 to 5 stars.",
  title: "Please give your review a title.",
  titleLong: `Please keep the title to ${REVIEW_LIMITS.titleMax} characters.`,
  body: `Please write at least ${REVIEW_LIMITS.bodyMin} characters about the piece.`,
  bodyLong: `Please keep your review to ${REVIEW_LIMITS.bodyMax} characters.`,
  fit: "Please choose how it fitted.",
  photos: `You can add up to ${REVIEW_LIMITS.photosMax} photos.`,
  signIn: "Please sign in to write a review.",
  notBuyer: "Only shoppers who received this piece can review it.",
  notFound: "This review could not be found.",
  stale: "This review was changed elsewhere. Please reload the page and try again.",
  tooMany: "You have written as many reviews as we take in a day.",
  tooManyFromNetwork: "Too many reviews from your network.",
  tooManyVotes: "You have sent a lot of feedback on reviews.",
  saved: "Thank you! Your review is published.",
  savedPending: "Thank you! Your review will show once the shop has read it.",
  updated: "Your review is updated.",
  voted: "Thank you for your feedback.",
  alreadyVoted: "You have already marked this review helpful.",
  ownReview: "You cannot vote on your own review.",
  reported: "Thank you. The shop will look at this review.",
  alreadyReported: "You have already reported this review.",
  voteSignIn: "Please sign in to mark a review helpful.",
  reportSignIn: "Please sign in to report a review.",
  reason: "Please say why the review is hidden: its author will see this.",
  reasonLong: `Please keep the reason to ${REVIEW_LIMITS.reasonMax} characters.`,
  replyEmpty: "Please write the answer.",
  replyLong: `Please keep the answer to ${REVIEW_LIMITS.replyMax} characters.`,
} as const;

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
  /** null for a piece bought without a size (One Size) */
  fit: ReviewFit | null;
  photos: string[];
}

/** Collapses runs of spaces and strips characters no one types (controls), keeping line breaks. */
export function cleanText(value: string, keepLines: boolean): string {
  // eslint-disable-next-line no-control-regex
  const noControls = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  return keepLines
    ? noControls
        .replace(/\r\n?/g, "\n")
        .replace(/[ \t]+/g, " ")
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : noControls.replace(/\s+/g, " ").trim();
}

/** Whether the form asks how the piece fitted: only when it was bought in a size. */
export function fitAsked(sizeBought: string): boolean {
  return sizeBought !== DEFAULT_SIZE;
}

/** A staff reason or answer: trimmed, its message when empty or too long. */
export function readStaffText(
  value: unknown,
  kind: "reason" | "reply",
): { ok: true; text: string } | { ok: false; error: string } {
  const text = cleanText(typeof value === "string" ? value : "", true);
  const max = kind === "reason" ? REVIEW_LIMITS.reasonMax : REVIEW_LIMITS.replyMax;
  if (!text) return { ok: false, error: kind === "reason" ? REVIEW_MESSAGES.reason : REVIEW_MESSAGES.replyEmpty };
  if (text.length > max)
    return { ok: false, error: kind === "reason" ? REVIEW_MESSAGES.reasonLong : REVIEW_MESSAGES.replyLong };
  return { ok: true, text };
}

/** 'Meera I.': the first name and the initial of the last, from the account's name. */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A verified buyer";
  const first = parts[0]!.slice(0, 40);
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/*
 * The Rating sort's score (decision 043): a Bayesian average, the published stars plus PRIOR_WEIGHT
 * imaginary reviews of PRIOR_MEAN stars. One 5-star review scores (5 + 5 x 3.5) / 6 = 3.75; a
 * hundred reviews averaging 4.6 score (460 + 17.5) / 105 = 4.55, so the many rank first.
 */
export const PRIOR_MEAN = 3.5;
export const PRIOR_WEIGHT = 5;

export function ratingScore(starsSum: number, count: number): number | null {
  if (count <= 0) return null;
  return (starsSum + PRIOR_WEIGHT * PRIOR_MEAN) / (count + PRIOR_WEIGHT);
}

/** The average shown with one decimal (4.46 → 4.5). */
export function averageRating(starsSum: number, count: number): number | null {
  return count > 0 ? Math.round((starsSum / count) * 10) / 10 : null;
}

export const FIT_LABELS: Record<ReviewFit, string> = {
  runs_small: "Runs small",
  true_to_size: "True to size",
  runs_large: "Runs large",
};
