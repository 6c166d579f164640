/** How a typed search term becomes a query, for the product list, the suggestions and the overlay. */

export const SEARCH_MIN_CHARS = 2;
/** longer input is cut: nobody types a 100-character product name, and it bounds the work per request */
export const SEARCH_MAX_CHARS = 80;

/**
 * Trims, collapses spaces and cuts the term; returns null when it is shorter than `minChars` (the
 * overlay waits for 2 characters; the list searches for any).
 */
export function normaliseSearchTerm(raw: string | null | undefined, minChars = SEARCH_MIN_CHARS): string | null {
  const term = (raw ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_CHARS);
  return term.length >= Math.max(1, minChars) ? term : null;
}

/**
 * A prefix tsquery text ('kur:* & blo:*') from the words of a term, or null when it has no words.
 * Only letters and digits survive, so the result is always a valid to_tsquery input.
 */
export function prefixTsQuery(term: string): string | null {
  const words = term
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

export function productsSearchHref(term: string): string {
  return `/products?search=${encodeURIComponent(term.trim())}`;
}
