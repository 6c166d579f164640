/**
 * Everything 'Our Collections' shows for one address: the list, its facets and what the address
 * asked for that the shop does not have. The list route and the not-found route both answer with it.
 */
import type { Db } from "../../db/client.server";
import { cacheTags } from "../../lib/page-cache.server";
import { parseListFilters } from "./filters-parse";
import { followsPrices, type ListFilters } from "./filters";
import { cachedFacets, listCatalogue } from "./list.server";
import { cardData, CATEGORIES, type ListNotice } from "./types";

/** A category the shop does not have, as the address spelled it (cut short for the notice). */
function unknownCategory(params: URLSearchParams, filters: ListFilters): ListNotice | null {
  const asked = params.get("category")?.trim();
  if (!asked || asked.toLowerCase() === "all") return null;
  if (filters.category && CATEGORIES.some((c) => c.slug === filters.category)) return null;
  return { kind: "category", asked: asked.slice(0, 60) };
}

/** The order a list falls back to when the one asked for is not offered (the Rating sort without ratings). */
function defaultSort(filters: ListFilters): Pick<ListFilters, "sortBy" | "sortChosen"> {
  return { sortBy: filters.search ? "relevance" : "newest", sortChosen: false };
}

export async function loadListPage(db: Db, url: URL, notice: ListNotice | null = null) {
  const filters = parseListFilters(url.searchParams);
  notice ??= unknownCategory(url.searchParams, filters);
  const category = CATEGORIES.find((c) => c.slug === filters.category) ?? null;
  if (!category) filters.category = undefined;
  const facets = cachedFacets(db, filters);
  // only an address that asks for the Rating sort waits for the counts before listing
  if (filters.sortBy === "rating" && (await facets).rated === 0) Object.assign(filters, defaultSort(filters));
  const [list, counts] = await Promise.all([listCatalogue(db, filters), facets]);
  // only what the cards draw travels in the page's hydration data (decision 028)
  return {
    ...list,
    items: list.items.map(cardData),
    filters: { ...filters, page: list.page },
    facets: counts,
    category,
    notice,
  };
}

export type ListPage = Awaited<ReturnType<typeof loadListPage>>;

/**
 * The tags of a list page's copy (decision 044): every list's; its category's lists' (or those that mix
 * categories); the price lists' when a price sort or range orders or picks its pieces; and its cards.
 */
export function listPageTags(page: ListPage): string[] {
  const category = page.category?.slug ?? null;
  return [
    cacheTags.list,
    category ? cacheTags.listOf(category) : cacheTags.mixedList,
    ...(followsPrices(page.filters) ? [cacheTags.priceList(category)] : []),
    ...page.items.map((item) => cacheTags.card(item.id)),
  ];
}
