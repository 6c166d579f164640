import { FIT_LABELS } from "~/modules/reviews";
import { PhotoThumbs } from "./photo-thumbs";
import { ReviewFeedback } from "./review-feedback";
import { Stars, starsLabel } from "./stars";
import type { PublicReview } from "./types";

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** One published review as anyone reads it. Its words are shown as typed: text, never markup. */
export function ReviewItem({
  review,
  signInTo,
  onHelpful,
}: {
  review: PublicReview;
  signInTo: string;
  onHelpful: (count: number) => void;
}) {
  const bought = [review.sizeBought, review.colourBought].filter(Boolean).join(" · ");
  return (
    <article className="border-b border-linen py-8 first:pt-2" aria-labelledby={`review-${review.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <Stars rating={review.rating} label={starsLabel(review.rating)} size="h-3.5 w-3.5" />
        <p className="text-xs text-stone">
          <time dateTime={review.publishedAt}>{dayFormat.format(new Date(review.publishedAt))}</time>
          {review.edited ? <span> · Edited</span> : null}
        </p>
      </div>
      <h3 id={`review-${review.id}`} className="mt-3 font-display text-xl leading-snug text-ink">
        {review.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone">
        <span className="font-medium text-ink">{review.authorName}</span>
        <span className="inline-flex items-center gap-1 text-leaf">
          <svg viewBox="0 0 16 16" className="h-3 w-3" aria-hidden="true" focusable="false">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          Verified buyer
        </span>
      </p>
      <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-ink/85">{review.body}</p>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-xs text-stone">
        {bought ? (
          <div className="flex gap-1">
            <dt>Size bought:</dt>
            <dd className="text-ink">{bought}</dd>
          </div>
        ) : null}
        {review.fit ? (
          <div className="flex gap-1">
            <dt>Fit:</dt>
            <dd className="text-ink">{FIT_LABELS[review.fit]}</dd>
          </div>
        ) : null}
      </dl>
      {review.photos.length > 0 ? (
        <div className="mt-4">
          <PhotoThumbs
            urls={review.photos}
            size="h-20 w-20"
            label={(i) => `photo ${i + 1} of ${review.photos.length} from ${review.authorName}`}
          />
        </div>
      ) : null}
      {review.reply ? (
        <div className="mt-5 border-l-2 border-maroon/60 bg-sand/50 px-4 py-3">
          <p className="text-[0.68rem] font-medium tracking-[0.2em] text-maroon uppercase">Response from Saanjh</p>
          <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-ink/85">{review.reply}</p>
        </div>
      ) : null}
      <ReviewFeedback
        reviewId={review.id}
        helpfulCount={review.helpfulCount}
        signInTo={signInTo}
        onHelpful={onHelpful}
      />
    </article>
  );
}
