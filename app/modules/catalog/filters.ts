/**
 * The product list's state, read from and written to the URL's query string. Shared by the
 * loader (which parses it) and the filter UI (which builds links from it); safe for the browser.
 */

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Popular" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "rating", label: "Rating" },
  { value: "name", label: "Name" },
  { value: "most-ordered", label: "Most Ordered" },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]["value"] | "relevance";

/** The preset ranges with their exact boundaries, in paise (both ends inclusive). */
export const PRICE_RANGES = [
  { value: "under1000", label: "Under ₹1,000", maxPaise: 99_999 },
  { value: "under2000", label: "Under ₹2,000", maxPaise: 199_999 },
  { value: "1000to2000", label: "₹1,000 – ₹2,000", minPaise: 100_000, maxPaise: 200_000 },
  { value: "2000to5000", label: "₹2,000 – ₹5,000", minPaise: 200_000, maxPaise: 500_000 },
  { value: "above5000", label: "Above ₹5,000", minPaise: 500_001 },
] as const satisfies ReadonlyArray<{ value: string; label: string; minPaise?: number; maxPaise?: number }>;
export type PriceRange = (typeof PRICE_RANGES)[number]["value"];

/** The preset ranges a list whose pieces cost `minPaise` to `maxPaise` has pieces in. */
export function priceRangesWithin(minPaise: number, maxPaise: number): PriceRange[] {
  return PRICE_RANGES.filter(
    (r) => ("minPaise" in r ? r.minPaise : 0) <= maxPaise && ("maxPaise" in r ? r.maxPaise : Infinity) >= minPaise,
  ).map((r) => r.value);
}

/** The preset ranges a price in paise falls in (a price on an edge is in both ranges that share it). */
function rangesHolding(paise: number): string {
  return priceRangesWithin(paise, paise).join(",");
}

/** Whether a piece's new price moves it into or out of a preset range: the lists' counts by range change. */
export function movesPriceRange(beforePaise: number, afterPaise: number): boolean {
  return rangesHolding(beforePaise) !== rangesHolding(afterPaise);
}

/** The slider starts at 0 to 3999 and reaches 10000. */
export const PRICE_SLIDER = { min: 0, max: 10_000, defaultMin: 0, defaultMax: 3999, step: 100 } as const;
export const PER_PAGE = 24;
export const COLOURS_BEFORE_MORE = 15;

export const AVAILABILITY = [
  { value: "in-stock", label: "In stock" },
  { value: "out-of-stock", label: "Out of stock" },
] as const;
export type Availability = (typeof AVAILABILITY)[number]["value"];

export interface ListFilters {
  category?: string;
  search?: string;
  sortBy: SortBy;
  /** true when the shopper chose the sort (a search without one sorts by relevance) */
  sortChosen: boolean;
  priceRange?: PriceRange;
  /** rupees, whole */
  minPrice?: number;
  maxPrice?: number;
  sizes: string[];
  colours: string[];
  occasions: string[];
  fabrics: string[];
  materials: string[];
  types: string[];
  availability?: Availability;
  view: "grid" | "list";
  page: number;
}

/** URL parameter names of the multi-value facets. */
export const FACET_PARAMS = {
  sizes: "size",
  colours: "colour",
  occasions: "occasion",
  fabrics: "fabric",
  materials: "material",
  types: "type",
} as const;
export type FacetKey = keyof typeof FACET_PARAMS;

/**
 * The sorts a shopper is offered: 'Rating' only where some product listed has a rating (the shop
 * shows no stars of its own until reviews exist, and a sort by nothing would look broken).
 */
export function offeredSorts(facets: { rated: number }) {
  return SORT_OPTIONS.filter((o) => o.value !== "rating" || facets.rated > 0);
}

/** The price bounds in paise that a preset and a custom range give together (both apply when both are set). */
export function priceBoundsPaise(f: Pick<ListFilters, "priceRange" | "minPrice" | "maxPrice">): {
  min?: number;
  max?: number;
} {
  let min: number | undefined;
  let max: number | undefined;
  const preset = PRICE_RANGES.find((r) => r.value === f.priceRange);
  if (preset && "minPaise" in preset) min = preset.minPaise;
  if (preset && "maxPaise" in preset) max = preset.maxPaise;
  if (f.minPrice !== undefined && f.minPrice > 0) min = Math.max(min ?? 0, f.minPrice * 100);
  if (f.maxPrice !== undefined) max = Math.min(max ?? Number.MAX_SAFE_INTEGER, f.maxPrice * 100);
  return { min, max };
}

/** Whether a sort orders a list by its pieces' prices. */
export function sortsByPrice(sortBy: string): boolean {
  return sortBy === "price-low" || sortBy === "price-high";
}

/** Whether a list's order or members follow its pieces' prices: a sort by price, a preset or custom price range. */
export function followsPrices(f: Pick<ListFilters, "sortBy" | "priceRange" | "minPrice" | "maxPrice">): boolean {
  return sortsByPrice(f.sortBy) || f.priceRange !== undefined || f.minPrice !== undefined || f.maxPrice !== undefined;
}

/** Builds the query string for a filter state; defaults are left out so URLs stay short. */
export function listQuery(f: Partial<ListFilters>): string {
  const p = new URLSearchParams();
  if (f.category) p.set("category", f.category);
  if (f.search) p.set("search", f.search);
  if (f.sortBy && f.sortChosen !== false && f.sortBy !== "relevance" && !(f.sortBy === "newest" && !f.search))
    p.set("sortBy", f.sortBy);
  if (f.priceRange) p.set("priceRange", f.priceRange);
  if (f.minPrice !== undefined) p.set("minPrice", String(f.minPrice));
  if (f.maxPrice !== undefined) p.set("maxPrice", String(f.maxPrice));
  for (const key of Object.keys(FACET_PARAMS) as FacetKey[])
    for (const v of f[key] ?? []) p.append(FACET_PARAMS[key], v);
  if (f.availability) p.set("availability", f.availability);
  if (f.view === "list") p.set("view", "list");
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** True when any filter beyond category and search is set (for 'Clear all'). */
export function hasActiveFilters(f: ListFilters): boolean {
  return Boolean(
    f.priceRange ||
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.availability ||
    (Object.keys(FACET_PARAMS) as FacetKey[]).some((k) => f[k].length > 0),
  );
}
