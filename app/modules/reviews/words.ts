/*
 * The words a product card and the product page's summary say of a rating (decision 043). A file of
 * their own: every storefront page loads them, and nothing else of the reviews module.
 */
import type { ReviewSummary } from "../catalog";

/** 'Most buyers found it true to size', or null until three buyers said how it fitted. */
export function fitSummaryText(fit: ReviewSummary["fit"] | null | undefined): string | null {
  if (!fit) return null;
  const total = fit.runsSmall + fit.trueToSize + fit.runsLarge;
  if (total < 3) return null;
  const top = [
    { n: fit.trueToSize, text: "Most buyers found it true to size" },
    { n: fit.runsSmall, text: "Most buyers found it runs small: consider a size up" },
    { n: fit.runsLarge, text: "Most buyers found it runs large: consider a size down" },
  ].sort((a, b) => b.n - a.n)[0]!;
  return top.n * 2 > total ? top.text : "Buyers are divided on the fit: check the size chart";
}

/** '4.5 out of 5 stars from 12 reviews', for screen readers and titles. */
export function ratingLabel(rating: number, count: number): string {
  return `${rating.toFixed(1)} out of 5 stars from ${count} ${count === 1 ? "review" : "reviews"}`;
}
