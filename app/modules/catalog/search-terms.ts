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
 * The words of a term as the full-text search reads them: lower case, accents dropped, letters and
 * digits only, at most 8 ('Block-Print kurta' -> block, print, kurta).
 */
export function searchWords(term: string): string[] {
  return term
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A prefix tsquery text ('kur:* & blo:*') from the words of a term, or null when it has no words.
 * Only letters and digits survive, so the result is always a valid to_tsquery input. `weights`
 * ('A', 'AB') keeps a word to the parts of the search vector of those weights ('kur:*A': in the name).
 */
export function prefixTsQuery(term: string, weights: "" | "A" | "AB" = ""): string | null {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*${weights}`).join(" & ") : null;
}

export function productsSearchHref(term: string): string {
  return `/products?search=${encodeURIComponent(term.trim())}`;
}
