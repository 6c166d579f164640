import { ActionError, useActionAnswer } from "../use-action-answer";

/* The moderation forms of a review card: their intents, their answer, and their hidden fields. */

export const REVIEW_INTENTS = ["publish", "hide", "keep", "reply", "remove-reply"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

export type ReviewActionAnswer =
  | { ok: true; intent: ReviewIntent; reviewId: string; message: string }
  | {
      ok: false;
      intent: ReviewIntent | null;
      reviewId?: string;
      formError: string;
      fieldErrors: Partial<Record<"reason" | "reply", string>>;
      /** the review changed since the page was loaded */
      conflict?: boolean;
    };

/** A moderation form's fetcher, its answer as a toast, and its refusal (use-action-answer.tsx). */
export function useReviewAction(onDone?: () => void) {
  return useActionAnswer<ReviewActionAnswer>(onDone);
}

export { ActionError };

/** The hidden fields every moderation form sends. */
export function ReviewFields({
  intent,
  reviewId,
  version,
}: {
  intent: ReviewIntent;
  reviewId: string;
  version: number;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}
