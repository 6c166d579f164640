import { useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { readStaffText, REVIEW_LIMITS } from "~/modules/reviews";
import type { StaffReviewRow } from "~/modules/reviews/index.server";
import { LABEL, control } from "../returns/return-format";
import { ActionError, ReviewFields, useReviewAction } from "./use-review-action";

/*
 * What staff may do with one review, each its own form posting the intent, the review and the version
 * the page shows: publish it (waiting or hidden), keep it (a report cleared), hide it with a reason its
 * author reads, answer it in public, change or remove that answer. A reason or an answer is checked
 * here with the same rule the server applies, so its message shows before anything is sent.
 */

type Review = StaffReviewRow;

const SUMMARY =
  "flex cursor-pointer list-none items-center justify-between gap-3 py-1 text-xs font-medium tracking-[0.18em] text-stone uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon [&::-webkit-details-marker]:hidden";

/** A one-button form: publish, or keep after a report. */
function OneStep({
  review,
  intent,
  label,
  busyLabel,
  hint,
  primary,
}: {
  review: Review;
  intent: "publish" | "keep";
  label: string;
  busyLabel: string;
  hint: string;
  primary?: boolean;
}) {
  const { fetcher, busy, failed } = useReviewAction();
  return (
    <fetcher.Form method="post" className="space-y-2" aria-label={`${label}: ${review.title}`} data-testid={intent}>
      <ReviewFields intent={intent} reviewId={review.id} version={review.version} />
      <button
        type="submit"
        disabled={busy}
        className={`${primary ? "btn-primary" : "btn-outline"} w-full !py-2.5 text-xs disabled:opacity-50`}
      >
        {busy ? busyLabel : label}
      </button>
      <p className="text-xs text-stone">{hint}</p>
      <ActionError failed={failed} />
    </fetcher.Form>
  );
}

/** A form with one text (the reason to hide, or the shop's answer), opened from its summary line. */
function TextForm({
  review,
  kind,
  summary,
  label,
  hint,
  submit,
  busyLabel,
  danger,
}: {
  review: Review;
  kind: "reason" | "reply";
  summary: string;
  label: string;
  hint: string;
  submit: string;
  busyLabel: string;
  danger?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typedError, setTypedError] = useState<string | null>(null);
  const { fetcher, busy, failed } = useReviewAction(() => setOpen(false));
  const error = typedError ?? failed?.fieldErrors[kind] ?? null;
  const max = kind === "reason" ? REVIEW_LIMITS.reasonMax : REVIEW_LIMITS.replyMax;
  return (
    <details
      open={open || Boolean(failed)}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group border-t border-linen pt-3"
    >
      <summary className={SUMMARY}>
        {summary}
        <span
          aria-hidden="true"
          className="text-base leading-none font-normal transition-transform group-open:rotate-45"
        >
          +
        </span>
      </summary>
      <fetcher.Form
        method="post"
        noValidate
        className="mt-2 space-y-2.5"
        aria-label={`${summary}: ${review.title}`}
        data-testid={kind === "reason" ? "hide" : "reply"}
        onSubmit={(e) => {
          // the server's own rule, run first: a message at once, nothing sent
          const text = new FormData(e.currentTarget).get(kind);
          const read = readStaffText(text, kind);
          if (read.ok) return setTypedError(null);
          e.preventDefault();
          setTypedError(read.error);
          e.currentTarget.querySelector("textarea")?.focus();
        }}
      >
        <ReviewFields intent={kind === "reason" ? "hide" : "reply"} reviewId={review.id} version={review.version} />
        <div>
          <label htmlFor={`${id}-${kind}`} className={LABEL}>
            {label}
            <span className="text-maroon" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <textarea
            id={`${id}-${kind}`}
            name={kind}
            rows={kind === "reply" ? 4 : 3}
            maxLength={max}
            defaultValue={kind === "reply" ? (review.reply ?? "") : ""}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            onChange={() => setTypedError(null)}
            className={`${control(error ?? undefined)} text-sm`}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-stone">
            {hint}
          </p>
          {error ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-sale">
              {error}
            </p>
          ) : null}
        </div>
        <ActionError failed={failed} />
        <button
          type="submit"
          disabled={busy}
          className={`w-full !py-2.5 text-xs disabled:opacity-50 ${
            danger ? "btn-outline !border-sale !text-sale hover:!bg-sale hover:!text-white" : "btn-primary"
          }`}
        >
          {busy ? busyLabel : submit}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** Removes the shop's answer, after asking. */
function RemoveReply({ review }: { review: Review }) {
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, failed } = useReviewAction(() => setAsking(false));
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="space-y-2"
      aria-label={`Remove the answer: ${review.title}`}
      data-testid="remove-reply"
      onSubmit={(e) => {
        if (asking) return;
        e.preventDefault();
        setAsking(true);
      }}
    >
      <ReviewFields intent="remove-reply" reviewId={review.id} version={review.version} />
      <button
        type="submit"
        disabled={busy}
        className="text-xs font-medium tracking-[0.18em] text-sale uppercase underline-offset-4 hover:underline disabled:opacity-50"
      >
        {busy ? "Removing..." : "Remove answer"}
      </button>
      <ActionError failed={failed} />
      <ConfirmDialog
        open={asking}
        eyebrow="Review"
        title="Remove the shop's answer?"
        confirmLabel="Remove answer"
        busyLabel="Removing..."
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          if (form.current) fetcher.submit(form.current);
        }}
      >
        <p>Shoppers will no longer see it under {review.authorName}&apos;s review. You can write a new one later.</p>
      </ConfirmDialog>
    </fetcher.Form>
  );
}

/** The forms that fit the review's state; pending and reported reviews lead with their decision. */
export function ReviewActions({ review }: { review: Review }) {
  const canPublish = review.status !== "published";
  const canHide = review.status !== "hidden";
  return (
    <div className="space-y-3" data-testid="review-actions">
      {canPublish ? (
        <OneStep
          review={review}
          intent="publish"
          label={review.status === "hidden" ? "Publish again" : "Publish"}
          busyLabel="Publishing..."
          hint="It shows on the product page and counts in its rating."
          primary
        />
      ) : null}
      {review.reported && review.status === "published" ? (
        <OneStep
          review={review}
          intent="keep"
          label="Keep it published"
          busyLabel="Saving..."
          hint="The report is cleared; the review stays as it is."
          primary
        />
      ) : null}
      {canHide ? (
        <TextForm
          review={review}
          kind="reason"
          summary="Hide this review"
          label="Why it is hidden"
          hint="Its author sees this with the review in their account. The review leaves the product page and its rating."
          submit="Hide review"
          busyLabel="Hiding..."
          danger
        />
      ) : null}
      {review.status !== "hidden" || review.reply ? (
        <TextForm
          review={review}
          kind="reply"
          summary={review.reply ? "Edit the shop's answer" : "Answer publicly"}
          label="The shop's answer"
          hint="Shown under the review on the product page, signed by the shop."
          submit={review.reply ? "Save answer" : "Publish answer"}
          busyLabel="Saving..."
        />
      ) : null}
      {review.reply ? <RemoveReply review={review} /> : null}
    </div>
  );
}
