import { ratingLabel } from "~/modules/reviews";
import { Stars } from "./stars";

/** The product's average and count under its name, a link down to the reviews; nothing before the first. */
export function RatingLink({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count <= 0) return null;
  return (
    <a
      href="#reviews"
      className="mt-3 inline-flex items-center gap-2 text-xs text-stone underline-offset-4 hover:text-ink hover:underline"
    >
      <Stars rating={rating} label={ratingLabel(rating, count)} size="h-3.5 w-3.5" />
      <span aria-hidden="true" className="tabular-nums">
        {rating.toFixed(1)} · {count} {count === 1 ? "review" : "reviews"}
      </span>
    </a>
  );
}
