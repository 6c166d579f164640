import type { FormWithPhotos } from "~/lib/forms";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field, FieldError, Notice } from "~/components/account/field";
import { PhotoPicker } from "~/components/shopper/photo-picker";
import type { FormValues } from "~/components/ui/live-errors";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveErrors } from "~/components/ui/use-live-errors";
import {
  FIT_OPTIONS,
  fitAsked,
  readReviewForm,
  REVIEW_LIMITS,
  type ReviewFit,
  type ReviewStatus,
} from "~/modules/reviews";
import { StarInput } from "./stars";

/*
 * A verified buyer's review of one piece: her stars, how it fitted (beside the size she bought), a
 * title, her words and up to four photos. It posts as a plain form; with JavaScript the same rules the
 * server enforces show as she types. Editing starts from her review and sends the version she started
 * from, so a change made elsewhere in between is refused rather than overwritten.
 */

/** What she sent, put back in the form after a refusal. */
export type ReviewFormValues = FormWithPhotos;

/** The action's answer to a refused post: what was wrong, and everything she sent. */
export interface ReviewFormAnswer {
  message: string;
  fieldErrors: Record<string, string>;
  values: ReviewFormValues;
}

export interface ReviewFormPage {
  product: { id: string; name: string };
  purchase: { size: string; colour: string };
  review: {
    rating: number;
    title: string;
    body: string;
    fit: ReviewFit | null;
    photos: string[];
    status: ReviewStatus;
    version: number;
  } | null;
  needsApproval: boolean;
}

const checkFor = (sizeBought: string) => (values: FormValues) => {
  const read = readReviewForm(values, sizeBought);
  return read.ok ? {} : (read.fieldErrors as Record<string, string>);
};

/** Her review as the form starts: what she sent before a refused post, else her saved review, else empty. */
function startingValues(page: ReviewFormPage, answer: ReviewFormAnswer | null): ReviewFormValues {
  if (answer) return answer.values;
  const r = page.review;
  if (!r) return { fields: {}, photos: [] };
  return {
    fields: { rating: String(r.rating), title: r.title, body: r.body, fit: r.fit ?? "", version: String(r.version) },
    photos: r.photos,
  };
}

export function ReviewForm({ page, answer }: { page: ReviewFormPage; answer: ReviewFormAnswer | null }) {
  const hydrated = useHydrated();
  const [start] = useState(() => startingValues(page, answer));
  const [rating, setRating] = useState(Number(start.fields.rating) || 0);
  const [fit, setFit] = useState(start.fields.fit ?? "");
  const [body, setBody] = useState(start.fields.body ?? "");
  const [photos, setPhotos] = useState(start.photos);
  const [uploading, setUploading] = useState(false);
  const [check] = useState(() => checkFor(page.purchase.size));
  const live = useLiveErrors({ check, server: answer?.fieldErrors, sent: answer?.values.fields });
  const errors = live.errors;
  const sending = useNavigation().state === "submitting";
  const summary = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editing = page.review !== null;

  // a refused post: its message is read out and brought into view
  useEffect(() => {
    if (answer) summary.current?.focus();
  }, [answer]);

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="min-w-0 space-y-12"
      {...live.handlers}
      onSubmit={(event) => {
        if (live.submit(event.currentTarget)) return;
        event.preventDefault();
        // the first field with a message takes the focus once the messages have rendered
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
    >
      {answer ? (
        <div ref={summary} tabIndex={-1} className="focus:outline-none">
          <Notice tone="error">{answer.message}</Notice>
        </div>
      ) : null}
      {start.fields.version ? <input type="hidden" name="version" value={start.fields.version} /> : null}

      <StarInput value={rating} onChange={setRating} error={errors.rating} />
      {fitAsked(page.purchase.size) ? (
        <FitChoice fit={fit} onChoose={setFit} purchase={page.purchase} error={errors.fit} />
      ) : null}

      <section aria-labelledby="words-heading" className="space-y-8">
        <h2 id="words-heading" className="font-display text-2xl text-ink">
          Your review
        </h2>
        <Field
          label="Title"
          name="title"
          required
          maxLength={REVIEW_LIMITS.titleMax}
          defaultValue={start.fields.title ?? ""}
          placeholder="Soft fabric, lovely colour"
          error={errors.title}
        />
        <BodyField value={body} onChange={setBody} error={errors.body} />
        <PhotoPicker
          photos={photos}
          onPhotos={(update) => setPhotos(update)}
          onBusy={setUploading}
          error={errors.photos}
          withoutScript={!hydrated}
          advice="Show the piece as you wore it, or the fabric up close."
          withoutScriptNote="You can send your review without them."
        />
      </section>

      <div className="flex flex-col-reverse gap-4 border-t border-linen pt-8 sm:flex-row sm:items-center sm:justify-between">
        <Link
          to={`/product/${page.product.id}`}
          className="text-xs tracking-[0.16em] text-stone uppercase hover:text-ink"
        >
          Back to the piece
        </Link>
        <div className="flex flex-col gap-2 sm:items-end">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending || uploading}>
            {sending ? "Sending…" : uploading ? "Adding photos…" : editing ? "Save changes" : "Submit review"}
          </button>
          {page.needsApproval || page.review?.status === "hidden" ? (
            <p className="text-xs text-stone">The shop reads it before it shows on the piece&rsquo;s page.</p>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

const OPTION =
  "flex cursor-pointer items-center gap-3 border px-4 py-3.5 text-sm transition-colors hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon";

function FitChoice({
  fit,
  onChoose,
  purchase,
  error,
}: {
  fit: string;
  onChoose: (fit: string) => void;
  purchase: ReviewFormPage["purchase"];
  error: string | undefined;
}) {
  return (
    <fieldset aria-describedby={`fit-bought${error ? " fit-error" : ""}`}>
      <legend className="font-display text-2xl text-ink">How did it fit?</legend>
      <p id="fit-bought" className="mt-2 text-sm text-stone">
        You bought size <span className="text-ink">{purchase.size}</span> · {purchase.colour}
      </p>
      <div className="mt-5 grid gap-2 sm:grid-cols-3">
        {FIT_OPTIONS.map((f) => (
          <label
            key={f.value}
            className={`${OPTION} ${fit === f.value ? "border-ink bg-ivory" : "border-linen bg-white"}`}
          >
            <input
              type="radio"
              name="fit"
              value={f.value}
              checked={fit === f.value}
              onChange={() => onChoose(f.value)}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 accent-maroon focus:outline-none"
            />
            <span className="text-ink">{f.label}</span>
          </label>
        ))}
      </div>
      <FieldError id="fit-error" error={error} />
    </fieldset>
  );
}

const count = new Intl.NumberFormat("en-IN");

function BodyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const over = value.length > REVIEW_LIMITS.bodyMax;
  return (
    <div>
      <label htmlFor="review-body" className="eyebrow block text-ink">
        What did you think?
        <span aria-hidden="true" className="text-maroon">
          {" "}
          *
        </span>
      </label>
      <p id="review-body-hint" className="mt-1.5 text-xs text-stone">
        The fabric, the colour in daylight, how it wore through the day, the occasion.
      </p>
      <textarea
        id="review-body"
        name="body"
        rows={6}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`review-body-hint review-body-count${error ? " body-error" : ""}`}
        className={`mt-2 block w-full border bg-white px-4 py-3 text-base leading-relaxed text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon ${error ? "border-sale" : "border-linen"}`}
      />
      <p id="review-body-count" className={`mt-1.5 text-right text-xs ${over ? "text-sale" : "text-stone"}`}>
        {count.format(value.length)} / {count.format(REVIEW_LIMITS.bodyMax)}
      </p>
      <FieldError id="body-error" error={error} />
    </div>
  );
}
