/**
 * The catalogue's addresses the page cache makes before anyone asks for them (decision 057), the most
 * visited first: every category's list (and the whole collection's), then each list with one of the
 * filters it offers, as its own links build them (the sorts, each size, colour, occasion, fabric or
 * material and type it counts, the price ranges its pieces fall in, in stock, its second page), then the
 * product pages of the active pieces, the most popular first. Lists with two filters or more, searches
 * and later pages are left to visitors: there are too many of them to make, and few are asked for.
 */
import { and, asc, count, desc, eq, max, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import {
  FACET_PARAMS,
  listQuery,
  offeredSorts,
  PER_PAGE,
  priceRangesWithin,
  type FacetKey,
  type ListFilters,
} from "./filters";
import { cachedFacets } from "./list.server";
import { products } from "./schema.server";
import { CATEGORIES } from "./types";

/** One list's filtered addresses (the list itself is made before any of them). */
async function filteredLists(db: Db, category: string | undefined): Promise<string[]> {
  const [bounds] = await db
    .select({ min: min(products.pricePaise), max: max(products.pricePaise), n: count() })
    .from(products)
    .where(and(eq(products.isActive, true), category ? eq(products.category, category) : undefined));
  // a list with nothing in it offers no filter worth making
  if (!bounds || bounds.n === 0 || bounds.min === null || bounds.max === null) return [];
  const facets = await cachedFacets(db, { category });
  const address = (f: Partial<ListFilters>) => `/products${listQuery({ category, ...f })}`;
  const addresses = offeredSorts(facets)
    .filter((s) => s.value !== "newest")
    .map((s) => address({ sortBy: s.value, sortChosen: true }));
  for (const key of Object.keys(FACET_PARAMS) as FacetKey[])
    for (const { value } of facets[key]) addresses.push(address({ [key]: [value] }));
  for (const priceRange of priceRangesWithin(bounds.min, bounds.max)) addresses.push(address({ priceRange }));
  if (facets.availability.inStock > 0) addresses.push(address({ availability: "in-stock" }));
  if (bounds.n > PER_PAGE) addresses.push(address({ page: 2 }));
  return addresses;
}

export async function catalogueAddresses(db: Db): Promise<string[]> {
  const lists = [undefined, ...CATEGORIES.map((c) => c.slug)];
  const filtered: string[] = [];
  for (const category of lists) filtered.push(...(await filteredLists(db, category)));
  const pieces = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(sql`${products.popularity} desc nulls last`, desc(products.createdAt), asc(products.id));
  return [
    ...lists.map((category) => `/products${listQuery({ category })}`),
    ...filtered,
    ...pieces.map((p) => `/product/${p.id}`),
  ];
}
