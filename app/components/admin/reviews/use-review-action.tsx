import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToast } from "~/components/admin/toast";
import { StatusFormError } from "../orders/status-fields";

/*
 * One moderation form of a review card: its fetcher, the answer shown once as a toast, and a refusal
 * kept beside the form. A refusal never resets the form, so a reason or an answer typed stays; when
 * someone else changed the review meanwhile, 'Reload the latest' fetches it and keeps the text.
 */

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

export function useReviewAction(onDone?: () => void) {
  const fetcher = useFetcher<ReviewActionAnswer>();
  const toast = useToast();
  // the answer is read as soon as it arrives, while the list reloads: a review that leaves the tab
  // takes its form with it, and the toast must still say what happened
  const answer = fetcher.state === "submitting" ? undefined : fetcher.data;
  const handled = useRef<ReviewActionAnswer | undefined>(undefined);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast(answer.message);
      done.current?.();
    } else toast(answer.formError, "error");
  }, [answer, toast]);
  const failed = answer && !answer.ok ? answer : null;
  return { fetcher, busy: fetcher.state === "submitting", failed };
}

/** The form's refusal (not a field's: that one shows under its field), with 'Reload' after a conflict. */
export function ActionError({ failed }: { failed: ReturnType<typeof useReviewAction>["failed"] }) {
  const revalidator = useRevalidator();
  if (!failed || Object.keys(failed.fieldErrors).length > 0) return null;
  return (
    <StatusFormError
      message={failed.formError}
      conflict={Boolean(failed.conflict)}
      reloading={revalidator.state !== "idle"}
      onReload={() => void revalidator.revalidate()}
    />
  );
}

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
