/** One five-pointed star on a 20-unit square, drawn by its outline so it scales crisply. */
const STAR_PATH = "M10 1.6l2.47 5.3 5.8.72-4.28 3.98 1.12 5.74L10 14.5l-5.11 2.84 1.12-5.74L1.73 7.62l5.8-.72L10 1.6z";

function StarRow({ size }: { size: string }) {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 20 20" className={`${size} shrink-0`} aria-hidden="true" focusable="false">
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </>
  );
}

/**
 * Five stars filled to `rating` (a fraction fills part of a star), read by screen readers as `label`
 * ('4.5 out of 5 stars from 12 reviews'): the drawing itself says nothing.
 */
export function Stars({ rating, label, size = "h-4 w-4" }: { rating: number; label: string; size?: string }) {
  const filled = `${Math.max(0, Math.min(5, rating)) * 20}%`;
  return (
    <span role="img" aria-label={label} className="relative inline-flex shrink-0 align-middle">
      <span className="flex gap-0.5 text-linen">
        <StarRow size={size} />
      </span>
      <span className="absolute inset-y-0 left-0 flex gap-0.5 overflow-hidden text-gold" style={{ width: filled }}>
        <StarRow size={size} />
      </span>
    </span>
  );
}

/** '5 out of 5 stars' for one review. */
export function starsLabel(rating: number): string {
  return `${rating} out of 5 stars`;
}
