import type { ReviewSummary } from "~/modules/catalog";
import { fitSummaryText, ratingLabel } from "~/modules/reviews";
import { Stars } from "./stars";

/**
 * The product's rating at a glance: the average, how many reviews, how the stars are spread (5 down
 * to 1) and what buyers said of the fit. Drawn on the server from the summary kept with the product.
 */
export function ReviewSummaryPanel({
  rating,
  count,
  summary,
}: {
  rating: number;
  count: number;
  summary: ReviewSummary;
}) {
  const fit = fitSummaryText(summary.fit);
  return (
    <div>
      <div className="flex items-end gap-4">
        <p className="font-display text-6xl leading-none text-ink">{rating.toFixed(1)}</p>
        <div className="pb-1">
          <Stars rating={rating} label={ratingLabel(rating, count)} size="h-4 w-4" />
          <p className="mt-1.5 text-xs tracking-[0.14em] text-stone uppercase">
            {count} {count === 1 ? "review" : "reviews"}
          </p>
        </div>
      </div>
      <ul className="mt-7 space-y-2" aria-label="Ratings by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.stars[stars - 1] ?? 0;
          const share = count > 0 ? Math.round((n / count) * 100) : 0;
          return (
            <li key={stars} className="grid grid-cols-[3.25rem_1fr_2rem] items-center gap-3 text-xs text-stone">
              <span aria-hidden="true">{stars} star</span>
              <span
                role="img"
                aria-label={`${stars} ${stars === 1 ? "star" : "stars"}: ${n} ${n === 1 ? "review" : "reviews"}`}
                className="block h-1.5 overflow-hidden rounded-full bg-linen"
              >
                <span className="block h-full rounded-full bg-gold" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className="text-right tabular-nums">
                {n}
              </span>
            </li>
          );
        })}
      </ul>
      {fit ? (
        <p className="mt-6 border-l-2 border-gold pl-3 text-sm leading-relaxed text-ink/85">
          <span className="sr-only">Fit: </span>
          {fit}
        </p>
      ) : null}
    </div>
  );
}
