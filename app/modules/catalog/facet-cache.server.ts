import type { Facets } from "./types";

/*
 * The in-process cache of facet counts (decision 007): kept apart from list.server.ts so the stock
 * module can empty it after a stock change without importing the list queries.
 */

export const FACET_TTL_MS = 60_000;
export const FACET_CACHE_MAX = 500;

export const facetCache = new Map<string, { at: number; value: Promise<Facets> }>();

/** Forgets every cached count (after stock changed: sizes count only where they have stock). */
export function forgetFacets(): void {
  facetCache.clear();
}
