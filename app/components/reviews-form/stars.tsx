import { useState } from "react";
import { FieldError } from "~/components/account/field";

/*
 * Stars as the buyer gives them (a radio group: arrow keys move between the five, each a 48 px target)
 * and as her account lists them (a row of five, read out as 'Rated 4 out of 5').
 */

export const RATING_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

function Star({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A review's stars, small, for lists. */
export function StarsShown({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={`inline-flex gap-0.5 text-gold ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} filled={n <= rating} className="h-4 w-4" />
      ))}
    </span>
  );
}

/**
 * Her rating: five radios named `rating`. The stars up to the one chosen (or the one under the
 * pointer) are filled, and the word for it shows beside them. Without JavaScript the chosen star is
 * still marked by its own style and the form posts it as any radio.
 */
export function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error: string | undefined;
}) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset aria-describedby={error ? "rating-error" : undefined}>
      <legend className="font-display text-2xl text-ink">Your rating</legend>
      <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="-ml-2 flex" onPointerLeave={() => setHovered(0)}>
          {RATING_WORDS.map((word, i) => {
            const n = i + 1;
            return (
              <label
                key={n}
                // a mouse previews the stars; a finger's tap chooses at once and leaves no hover behind
                onPointerEnter={(e) => {
                  if (e.pointerType === "mouse") setHovered(n);
                }}
                className={`flex h-12 w-12 cursor-pointer items-center justify-center transition-colors has-[:checked]:text-gold has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-maroon ${
                  n <= shown ? "text-gold" : "text-stone/50 hover:text-gold"
                }`}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  aria-invalid={error ? true : undefined}
                  className="sr-only"
                />
                <span className="sr-only">
                  {n} {n === 1 ? "star" : "stars"}: {word}
                </span>
                <Star filled={n <= shown} className="h-8 w-8" />
              </label>
            );
          })}
        </div>
        <p aria-hidden="true" className="min-w-24 text-sm text-ink">
          {shown ? RATING_WORDS[shown - 1] : <span className="text-stone">Choose 1 to 5 stars</span>}
        </p>
      </div>
      <FieldError id="rating-error" error={error} />
    </fieldset>
  );
}
