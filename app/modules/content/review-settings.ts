import { z } from "zod";
import { wholeNumber } from "../../lib/forms";

/*
 * The store settings' reviews group (decision 043): whether a new review shows at once or waits for
 * staff approval, and how many days after delivery a buyer is asked, once, to review what she bought
 * (or never). The review form and the review requests read these same columns. Safe for the browser.
 */

export const REVIEW_SETTINGS_MESSAGES = {
  requestDays: "Enter whole days from 1 to 60, or choose ‘Never’",
} as const;

/** The group as the form holds it: the days as typed, beside the 'never ask' choice. */
export interface ReviewSettingsValues {
  reviewsNeedApproval: boolean;
  reviewRequestDays: string;
  reviewRequestsNever: boolean;
}

/** The group's columns. */
export interface ReviewSettingsDraft {
  reviewsNeedApproval: boolean;
  /** null: buyers are never asked */
  reviewRequestDays: number | null;
}

export const REVIEW_SETTINGS_LABELS: Record<keyof ReviewSettingsDraft, string> = {
  reviewsNeedApproval: "Reviews wait for approval",
  reviewRequestDays: "Review request after delivery",
};

/** Buyers never asked show the usual week in the days box, ready if 'never' is changed. */
const DEFAULT_REQUEST_DAYS = "7";

export function reviewSettingsValuesOf(row: ReviewSettingsDraft): ReviewSettingsValues {
  return {
    reviewsNeedApproval: row.reviewsNeedApproval,
    reviewRequestDays: row.reviewRequestDays === null ? DEFAULT_REQUEST_DAYS : String(row.reviewRequestDays),
    reviewRequestsNever: row.reviewRequestDays === null,
  };
}

/** The shape of what the editor sends for the group (its rules are reviewSettingsRules'). */
export const reviewSettingsValuesShape = {
  reviewsNeedApproval: z.boolean(),
  reviewRequestDays: z.string().max(40),
  reviewRequestsNever: z.boolean(),
};

const requestDays = wholeNumber(1, 60, REVIEW_SETTINGS_MESSAGES.requestDays);

/** The group's field rules, for the settings schema (the days are checked across fields: reviewRequestDaysProblem). */
export const reviewSettingsRules = {
  reviewsNeedApproval: z.boolean(),
  reviewRequestDays: z.string(),
  reviewRequestsNever: z.boolean(),
};

/** The days are checked only when buyers are asked at all: the message, or null. */
export function reviewRequestDaysProblem(v: { reviewRequestDays: string; reviewRequestsNever: boolean }) {
  if (v.reviewRequestsNever) return null;
  return requestDays.safeParse(v.reviewRequestDays).success ? null : REVIEW_SETTINGS_MESSAGES.requestDays;
}

/** The group's columns from its checked values. */
export function reviewSettingsDraftOf(v: ReviewSettingsValues): ReviewSettingsDraft {
  return {
    reviewsNeedApproval: v.reviewsNeedApproval,
    reviewRequestDays: v.reviewRequestsNever ? null : Number(v.reviewRequestDays.trim()),
  };
}
