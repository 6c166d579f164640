/**
 * Reads the product list's state from the URL (the loader's side of filters.ts). Kept apart so the
 * filter UI, which only builds links, loads no validation library in the browser.
 */
import { z } from "zod";
import { FACET_PARAMS, PRICE_RANGES, SORT_OPTIONS, type ListFilters, type PriceRange, type SortBy } from "./filters";

const facetValue = z.string().trim().min(1).max(60);
/** Price filter values are parsed as integers, default 0. */
const rupees = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : Number.parseInt(String(v), 10)),
  z.number().int().min(0).max(10_000_000).optional().catch(0),
);

const schema = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(60)
    .optional()
    .catch(undefined),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s ? s : undefined))
    .catch(undefined),
  sortBy: z
    .enum(SORT_OPTIONS.map((o) => o.value) as [SortBy, ...SortBy[]])
    .optional()
    .catch(undefined),
  priceRange: z
    .enum(PRICE_RANGES.map((r) => r.value) as [PriceRange, ...PriceRange[]])
    .optional()
    .catch(undefined),
  minPrice: rupees,
  maxPrice: rupees,
  availability: z.enum(["in-stock", "out-of-stock"]).optional().catch(undefined),
  view: z.enum(["grid", "list"]).catch("grid"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

function multi(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => facetValue.safeParse(v))
    .flatMap((r) => (r.success ? [r.data] : []));
  return [...new Set(values)].slice(0, 30);
}

export function parseListFilters(params: URLSearchParams): ListFilters {
  const single = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? undefined]));
  const parsed = schema.parse({ ...single, view: single.view ?? "grid", page: single.page ?? 1 });
  let { minPrice, maxPrice } = parsed;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const sortBy: SortBy = parsed.sortBy ?? (parsed.search ? "relevance" : "newest");
  return {
    category: parsed.category === "all" ? undefined : parsed.category,
    search: parsed.search,
    sortBy,
    sortChosen: parsed.sortBy !== undefined,
    priceRange: parsed.priceRange,
    minPrice,
    maxPrice,
    sizes: multi(params, FACET_PARAMS.sizes),
    colours: multi(params, FACET_PARAMS.colours),
    occasions: multi(params, FACET_PARAMS.occasions),
    fabrics: multi(params, FACET_PARAMS.fabrics),
    materials: multi(params, FACET_PARAMS.materials),
    types: multi(params, FACET_PARAMS.types),
    availability: parsed.availability,
    view: parsed.view,
    page: parsed.page,
  };
}
