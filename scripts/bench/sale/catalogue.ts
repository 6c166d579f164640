/*
 * What the sale model's shoppers ask for, as addresses a browser would request:
 *
 * - product pages drawn from a Zipf distribution over the whole catalogue (s = 1.1 by default: with
 *   10,000 pieces the first ten get about 45 % of the views and three quarters of the pieces are
 *   seldom opened), in an order shuffled once per run so the hot pieces are spread over categories;
 * - list pages: a category (some far busier than others: Zipf with s = 0.8 over the categories) with
 *   0, 1 or 2 of the filters its list really offers (its common sizes and colours, the price ranges its
 *   pieces fall in, the sorts, page 2), built with the list's own link builder, so the set of addresses
 *   is the one shoppers clicking through the filters make, not every combination of everything;
 * - search terms typed into the suggestion overlay, most of them a few popular words.
 */
import { CATALOGUE } from "../../../app/db/seed/catalogue";
import { listQuery, normaliseSearchTerm, priceRangesWithin, type ListFilters } from "../../../app/modules/catalog";
import { pick, shuffled, zipfSampler, type Random } from "./random";

export interface SaleCatalogue {
  /** product ids, the most viewed first */
  ranked: string[];
  product(): string;
  listAddress(): string;
  searchTerm(): string;
}

/** The words shoppers type most, the most typed first (their order is their popularity). */
const SEARCH_TERMS = [
  "kurta",
  "saree",
  "silk",
  "lehenga",
  "cotton",
  "anarkali",
  "dupatta",
  "kurti",
  "co-ord",
  "linen",
  "banarasi",
  "chanderi",
  "jhumka",
  "dress",
  "shirt",
  "palazzo",
];
/** How much more a filter-free list is opened than one with a filter, and one than two. */
const FILTER_SHARES = { none: 0.4, one: 0.4 } as const;
const SORTS = ["popular", "price-low", "price-high"] as const;

function byFrequency(values: string[], top: number): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([v]) => v);
}

/** The list's addresses for one category, by how many filters they carry. */
export function listAddresses(category: string): { none: string[]; one: string[]; two: string[] } {
  const pieces = CATALOGUE.filter((t) => t.category === category);
  const sizes = byFrequency(
    pieces.flatMap((t) => t.sizes.filter((s) => s !== "One Size")),
    4,
  );
  const colours = byFrequency(
    pieces.flatMap((t) => t.colours.map((c) => c.name)),
    3,
  );
  // the scratch catalogue prices a piece at 0.6 to 1.5 times its template's price
  const low = Math.min(...pieces.map((t) => t.price * 60));
  const high = Math.max(...pieces.map((t) => t.price * 150));
  const ranges = priceRangesWithin(low, high);
  const address = (f: Partial<ListFilters>) => `/products${listQuery({ category, ...f })}`;
  const sorted = (sortBy: (typeof SORTS)[number]) => ({ sortBy, sortChosen: true });
  const one = [
    ...SORTS.map((s) => address(sorted(s))),
    ...sizes.map((s) => address({ sizes: [s] })),
    ...colours.map((c) => address({ colours: [c] })),
    ...ranges.map((r) => address({ priceRange: r })),
    address({ page: 2 }),
  ];
  const two = [
    ...sizes
      .slice(0, 2)
      .flatMap((s) => [
        address({ sizes: [s], ...sorted("price-low") }),
        ...ranges.slice(0, 1).map((r) => address({ sizes: [s], priceRange: r })),
      ]),
    ...colours.slice(0, 1).flatMap((c) => sizes.slice(0, 1).map((s) => address({ sizes: [s], colours: [c] }))),
  ];
  return { none: [address({})], one, two: two.length > 0 ? two : one };
}

/** The catalogue of `productIds` (with the list pages of `categories`), its products ranked at random by `random`. */
export function saleCatalogue(
  productIds: string[],
  categoryNames: string[],
  random: Random,
  zipfS: number,
): SaleCatalogue {
  if (productIds.length === 0 || categoryNames.length === 0)
    throw new Error("the sale model needs products and categories");
  const ranked = shuffled(productIds, random);
  const productRank = zipfSampler(ranked.length, zipfS, random);
  const categories = shuffled([...new Set(categoryNames)].sort(), random);
  const categoryRank = zipfSampler(categories.length, 0.8, random);
  const lists = new Map(categories.map((c) => [c, listAddresses(c)]));
  const termRank = zipfSampler(SEARCH_TERMS.length, 1, random);
  return {
    ranked,
    product: () => ranked[productRank()]!,
    listAddress: () => {
      const addresses = lists.get(categories[categoryRank()]!)!;
      const r = random();
      return pick(
        random,
        r < FILTER_SHARES.none
          ? addresses.none
          : r < FILTER_SHARES.none + FILTER_SHARES.one
            ? addresses.one
            : addresses.two,
      );
    },
    searchTerm: () => SEARCH_TERMS[termRank()]!,
  };
}

/** The suggestion requests typing `term` letter by letter makes (the overlay asks from its second letter on). */
export function typedQueries(term: string, letters: number): string[] {
  const queries: string[] = [];
  for (let n = 1; n <= Math.min(letters, term.length); n++) {
    const query = normaliseSearchTerm(term.slice(0, n));
    if (query) queries.push(`/api/search/suggest?q=${encodeURIComponent(query)}`);
  }
  return queries;
}
