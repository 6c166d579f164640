/**
 * The catalogue's addresses the page cache makes before anyone asks for them (decision 057), the most
 * visited first: every category's list (and the whole collection's); the search overlay's suggestions
 * for what shoppers start typing (every beginning, from two letters, of the words the pieces' names use
 * most); each list with one of the filters it offers, as its own links build them (the sorts, each size,
 * colour, occasion, fabric or material and type it counts, the price ranges its pieces fall in, in stock,
 * its second page); the product pages of the active pieces, the most popular first; last, each list with
 * a size and a second choice (a sort by price, a price range or a colour), the commonest two-filter lists. Other
 * combinations, searches and later pages are left to visitors: there are too many of them to make, and
 * few are asked for.
 */
import { and, asc, count, desc, eq, max, min, sql } from "drizzle-orm";
import { SEARCH_MIN_CHARS } from "./search-terms";
import type { Db } from "../../db/client.server";
import {
  FACET_PARAMS,
  listQuery,
  offeredSorts,
  PER_PAGE,
  priceRangesWithin,
  sortsByPrice,
  type FacetKey,
  type ListFilters,
} from "./filters";
import { cachedFacets } from "./list.server";
import { products } from "./schema.server";
import { CATEGORIES } from "./types";

/** How many of the names' commonest words have their beginnings' suggestions made. */
export const WARM_SUGGESTION_WORDS = 120;

/**
 * A name's words as a shopper types them: lower case, split at spaces, a hyphen kept ('co-ord'), no
 * punctuation around them, no numbers.
 */
function typedWords(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((word) => word.length >= SEARCH_MIN_CHARS && !/^\d+$/.test(word)),
  );
}

/**
 * The suggestion addresses the overlay asks for as a shopper types the commonest words of these names
 * (the active pieces', by how many pieces use them), each beginning from two letters, in lower case.
 */
function suggestionAddresses(names: readonly string[]): string[] {
  const uses = new Map<string, number>();
  for (const name of names) for (const word of typedWords(name)) uses.set(word, (uses.get(word) ?? 0) + 1);
  const words = [...uses]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, WARM_SUGGESTION_WORDS)
    .map(([word]) => word);
  const typed = new Set<string>();
  for (const word of words) for (let n = SEARCH_MIN_CHARS; n <= word.length; n++) typed.add(word.slice(0, n));
  return [...typed].map((term) => `/api/search/suggest?q=${encodeURIComponent(term)}`);
}

interface ListFacets {
  category: string | undefined;
  sizes: string[];
  sorts: ListFilters["sortBy"][];
  colours: string[];
  priceRanges: NonNullable<ListFilters["priceRange"]>[];
}

/** One list's filtered addresses (the list itself is made before any of them), and what they filter by. */
async function filteredLists(
  db: Db,
  category: string | undefined,
): Promise<{ one: string[]; facets: ListFacets | null }> {
  const [bounds] = await db
    .select({ min: min(products.pricePaise), max: max(products.pricePaise), n: count() })
    .from(products)
    .where(and(eq(products.isActive, true), category ? eq(products.category, category) : undefined));
  // a list with nothing in it offers no filter worth making
  if (!bounds || bounds.n === 0 || bounds.min === null || bounds.max === null) return { one: [], facets: null };
  const facets = await cachedFacets(db, { category });
  const sorts = offeredSorts(facets)
    .filter((s) => s.value !== "newest")
    .map((s) => s.value);
  const priceRanges = priceRangesWithin(bounds.min, bounds.max);
  const address = (f: Partial<ListFilters>) => listAddress(category, f);
  const addresses = sorts.map((sortBy) => address({ sortBy, sortChosen: true }));
  for (const key of Object.keys(FACET_PARAMS) as FacetKey[])
    for (const { value } of facets[key]) addresses.push(address({ [key]: [value] }));
  for (const priceRange of priceRanges) addresses.push(address({ priceRange }));
  if (facets.availability.inStock > 0) addresses.push(address({ availability: "in-stock" }));
  if (bounds.n > PER_PAGE) addresses.push(address({ page: 2 }));
  const values = (key: FacetKey) => facets[key].map((f) => f.value);
  return {
    one: addresses,
    facets: { category, sizes: values("sizes"), sorts, colours: values("colours"), priceRanges },
  };
}

const listAddress = (category: string | undefined, f: Partial<ListFilters>) =>
  `/products${listQuery({ category, ...f })}`;

/** A list with one of its sizes and a sort by price, a price range or a colour: the commonest second choices. */
function twoFilterLists({ category, sizes, sorts, colours, priceRanges }: ListFacets): string[] {
  return sizes.flatMap((size) => [
    ...sorts.filter(sortsByPrice).map((sortBy) => listAddress(category, { sizes: [size], sortBy, sortChosen: true })),
    ...priceRanges.map((priceRange) => listAddress(category, { sizes: [size], priceRange })),
    ...colours.map((colour) => listAddress(category, { sizes: [size], colours: [colour] })),
  ]);
}

export async function catalogueAddresses(db: Db): Promise<string[]> {
  const lists = [undefined, ...CATEGORIES.map((c) => c.slug)];
  const filtered: string[] = [];
  const twoFilters: string[] = [];
  for (const category of lists) {
    const { one, facets } = await filteredLists(db, category);
    filtered.push(...one);
    if (facets) twoFilters.push(...twoFilterLists(facets));
  }
  const pieces = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(sql`${products.popularity} desc nulls last`, desc(products.createdAt), asc(products.id));
  return [
    ...lists.map((category) => listAddress(category, {})),
    ...suggestionAddresses(pieces.map((p) => p.name)),
    ...filtered,
    ...pieces.map((p) => `/product/${p.id}`),
    ...twoFilters,
  ];
}
