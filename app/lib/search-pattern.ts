/*
 * Searching the back office's lists (customers, coupons, orders) with SQL LIKE.
 */

/** A search term as typed: trimmed, at most 80 characters, LIKE's wildcards taken literally. */
export function searchPattern(raw: string | null | undefined): string | null {
  const term = (raw ?? "").trim().slice(0, 80);
  if (!term) return null;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
