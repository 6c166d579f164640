/**
 * The product list: filtering, sorting, counting and paging in SQL (never over the whole catalogue
 * in JavaScript), search by full text plus trigram similarity, and facet counts from the catalogue.
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import {
  matchCondition,
  relevanceOrder,
  searchMode,
  searchTerm,
  withSearchSettings,
  type SearchMode,
  type SearchTerm,
} from "./match.server";
import { PER_PAGE, priceBoundsPaise, type ListFilters } from "./filters";
import { FACET_CACHE_MAX, FACET_TTL_MS, facetCache } from "./facet-cache.server";
import { cardColumns, cardImages, newest } from "./products.server";
import { products } from "./schema.server";
import { MATERIAL_CATEGORIES, type Facets, type FacetValue, type ProductCardView } from "./types";

export type { Facets, FacetValue };

export interface CatalogueList {
  items: ProductCardView[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
}

/** The usual size order (XS to XXL, then the admin's extra sizes); others follow alphabetically. */
const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size", "One Size"];

/** The search of a list request: the term and whether it matched exactly or by near spelling. */
interface ListSearch {
  term: SearchTerm;
  mode: SearchMode;
}

/** Runs a list statement with the search's settings, deciding the search mode first (decision 008). */
async function withListSearch<T>(
  db: Db,
  search: string | undefined,
  run: (db: Db, search: ListSearch | null) => Promise<T>,
): Promise<T> {
  const term = searchTerm(search, 1);
  if (!term) return run(db, null);
  return withSearchSettings(db, async (tx) => run(tx, { term, mode: await searchMode(tx, term) }));
}

/** Conditions of the category and search alone: the base the facets are counted over. */
function baseConditions(f: Pick<ListFilters, "category">, search: ListSearch | null): SQL[] {
  const where: SQL[] = [eq(products.isActive, true)];
  if (f.category) where.push(eq(products.category, f.category));
  if (search) where.push(matchCondition(search.term, search.mode));
  return where;
}

function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

function listConditions(f: ListFilters, search: ListSearch | null): SQL | undefined {
  const where = baseConditions(f, search);
  const { min, max } = priceBoundsPaise(f);
  if (min !== undefined) where.push(gte(products.pricePaise, min));
  if (max !== undefined) where.push(lte(products.pricePaise, max));
  // a size matches only where it is in stock in some colour, as the size facet counts (decision 015)
  if (f.sizes.length > 0) where.push(sql`${products.sizesInStock} && ${textArray(f.sizes)}`);
  if (f.colours.length > 0) where.push(sql`${products.colorNames} && ${textArray(f.colours)}`);
  if (f.occasions.length > 0) where.push(sql`${products.occasions} && ${textArray(f.occasions)}`);
  const madeOf = madeOfCondition(f);
  if (madeOf) where.push(madeOf);
  if (f.types.length > 0) where.push(sql`${products.type} = ANY(${textArray(f.types)})`);
  // the derived flag, which the two partial indexes of the Availability filter key on (decision 015)
  if (f.availability === "in-stock") where.push(eq(products.inStock, true));
  if (f.availability === "out-of-stock") where.push(eq(products.inStock, false));
  return and(...where);
}

/** True for a product of a category whose 'fabric' column holds a material (MATERIAL_CATEGORIES). */
const ofMaterialCategory = sql`${products.category} = ANY(${textArray([...MATERIAL_CATEGORIES])})`;

/**
 * Fabric and Material are one question, what a piece is made of, asked of clothes and of jewellery:
 * ticked values of either match their own kind of product, and a cotton kurta plus silver earrings
 * ticked together show both (as two values of one facet would).
 */
function madeOfCondition(f: Pick<ListFilters, "fabrics" | "materials">): SQL | undefined {
  const either: SQL[] = [];
  if (f.fabrics.length > 0)
    either.push(sql`(${products.fabric} = ANY(${textArray(f.fabrics)}) AND NOT ${ofMaterialCategory})`);
  if (f.materials.length > 0)
    either.push(sql`(${products.fabric} = ANY(${textArray(f.materials)}) AND ${ofMaterialCategory})`);
  return either.length > 0 ? sql`(${sql.join(either, sql` OR `)})` : undefined;
}

/** ORDER BY of each sort; every one ends on id so pages never overlap or skip. */
export function orderBy(f: Pick<ListFilters, "sortBy">, search: ListSearch | null): SQL[] {
  switch (f.sortBy) {
    case "relevance":
      return search ? relevanceOrder(search.term, search.mode) : [newest, asc(products.id)];
    case "popular":
      return [sql`${products.popularity} DESC NULLS LAST`, asc(products.id)];
    case "price-low":
      return [asc(products.pricePaise), asc(products.id)];
    case "price-high":
      return [desc(products.pricePaise), desc(products.id)];
    case "rating":
      // the rating pulled towards a prior by the review count (decision 043), not the bare average
      return [sql`${products.ratingScore} DESC NULLS LAST`, asc(products.id)];
    case "name":
      return [asc(products.name), asc(products.id)];
    case "most-ordered":
      return [sql`${products.orderCount} DESC NULLS LAST`, asc(products.id)];
    case "newest":
    default:
      return [newest, asc(products.id)];
  }
}

/** One page of the list with the total that matches. A page past the end is clamped to the last one. */
export async function listCatalogue(db: Db, f: ListFilters, perPage = PER_PAGE): Promise<CatalogueList> {
  return withListSearch(db, f.search, (db, search) => listInner(db, f, search, perPage));
}

async function listInner(db: Db, f: ListFilters, search: ListSearch | null, perPage: number): Promise<CatalogueList> {
  const where = listConditions(f, search);
  const countOf = sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${where})`;
  const pageRows = (page: number) =>
    db
      // the count rides along as an uncorrelated subquery (computed once): one round trip per page
      .select({ ...cardColumns, images: cardImages, total: countOf })
      .from(products)
      .where(where)
      .orderBy(...orderBy(f, search))
      .limit(perPage)
      .offset((page - 1) * perPage);
  const rows = await pageRows(f.page);
  // only an empty page (nothing matches, or a page past the end) needs a second look
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(where)
        )[0]?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(f.page, pages);
  const found = page === f.page ? rows : total === 0 ? [] : await pageRows(page);
  const items = found.map(({ total: _total, ...card }) => card);
  return { items, total, page, perPage, pages };
}

function sortSizes(values: FacetValue[]): FacetValue[] {
  const rank = (v: string) => {
    const i = SIZE_ORDER.indexOf(v);
    return i === -1 ? SIZE_ORDER.length : i;
  };
  return [...values].sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
}

/**
 * Facet values with their counts over the category and search (not over the other filters, so a
 * ticked value never makes its neighbours vanish). One statement, one pass over the matching rows.
 * Sizes count only where they are in stock, availability by the variants' total (decision 015).
 * What a piece is made of counts as Fabric for clothes and as Material for jewellery.
 */
export async function catalogueFacets(db: Db, f: Pick<ListFilters, "category" | "search">): Promise<Facets> {
  return withListSearch(db, f.search, (db, search) => facetsInner(db, f, search));
}

async function facetsInner(db: Db, f: Pick<ListFilters, "category">, search: ListSearch | null): Promise<Facets> {
  const where = and(...baseConditions(f, search));
  const rows = await queryRows<{ facet: string; value: string; n: number; hex: string | null }>(
    db,
    sql`WITH base AS MATERIALIZED (
          SELECT ${products.sizesInStock} AS sizes, ${products.colors} AS colors, ${products.occasions} AS occasions,
                 ${products.fabric} AS fabric, ${ofMaterialCategory} AS of_material, ${products.type} AS type,
                 ${products.inStock} AS in_stock, ${products.pricePaise} AS price, ${products.rating} IS NOT NULL AS rated
          FROM ${products} WHERE ${where}
        )
        SELECT 'size' AS facet, s AS value, count(*)::int AS n, NULL AS hex FROM base, unnest(sizes) AS s GROUP BY s
        UNION ALL
        SELECT 'colour', c->>'name', count(*)::int, min(c->>'hex') FROM base, jsonb_array_elements(colors) AS c GROUP BY c->>'name'
        UNION ALL
        SELECT 'occasion', o, count(*)::int, NULL FROM base, unnest(occasions) AS o GROUP BY o
        UNION ALL
        SELECT CASE WHEN of_material THEN 'material' ELSE 'fabric' END, fabric, count(*)::int, NULL FROM base WHERE fabric IS NOT NULL GROUP BY 1, 2
        UNION ALL
        SELECT 'type', type, count(*)::int, NULL FROM base WHERE type IS NOT NULL GROUP BY type
        UNION ALL
        SELECT 'stock', CASE WHEN in_stock THEN 'in' ELSE 'out' END, count(*)::int, NULL FROM base GROUP BY 2
        UNION ALL
        SELECT 'price', coalesce(max(price), 0)::text, count(*) FILTER (WHERE rated)::int, NULL FROM base`,
  );
  const pick = (facet: string) =>
    rows
      .filter((r) => r.facet === facet)
      .map((r) => ({ value: r.value, count: Number(r.n), ...(r.hex ? { hex: r.hex } : {}) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const alpha = (values: FacetValue[]) => [...values].sort((a, b) => a.value.localeCompare(b.value));
  const stock = (v: string) => Number(rows.find((r) => r.facet === "stock" && r.value === v)?.n ?? 0);
  const priceRow = rows.find((r) => r.facet === "price");
  return {
    sizes: sortSizes(pick("size")),
    colours: pick("colour"),
    occasions: alpha(pick("occasion")),
    fabrics: alpha(pick("fabric")),
    materials: alpha(pick("material")),
    types: alpha(pick("type")),
    availability: { inStock: stock("in"), outOfStock: stock("out") },
    priceMax: Math.ceil(Number(priceRow?.value ?? 0) / 100),
    // counted beside the highest price: the one row over the whole base
    rated: Number(priceRow?.n ?? 0),
  };
}

/**
 * catalogueFacets through a small in-process cache (60 s, 500 keys). Facet counts are shared,
 * derived and harmless when a minute old; they are the one part of the list page that reads every
 * matching row, so every instance keeps its own copy instead of recounting per request (decision 007).
 */
export function cachedFacets(db: Db, f: Pick<ListFilters, "category" | "search">, now = Date.now()): Promise<Facets> {
  const key = `${f.category ?? ""}\u0000${(f.search ?? "").toLowerCase()}`;
  const hit = facetCache.get(key);
  if (hit && now - hit.at < FACET_TTL_MS) return hit.value;
  const value = catalogueFacets(db, f);
  facetCache.delete(key);
  facetCache.set(key, { at: now, value });
  value.catch(() => facetCache.delete(key));
  if (facetCache.size > FACET_CACHE_MAX) facetCache.delete(facetCache.keys().next().value!);
  return value;
}

/** 'You may also like': the newest other active products of the same category (index products_category_newest_idx). */
export async function listRelated(
  db: Db,
  product: { id: string; category?: string },
  limit = 4,
): Promise<ProductCardView[]> {
  // by the product's id alone (its category looked up in the statement), so the product page runs
  // this beside the product's own query instead of after it
  const category = product.category ?? sql`(SELECT p.category FROM ${products} p WHERE p.id = ${product.id})`;
  return db
    .select({ ...cardColumns, images: cardImages })
    .from(products)
    .where(
      and(eq(products.isActive, true), sql`${products.category} = ${category}`, sql`${products.id} <> ${product.id}`),
    )
    .orderBy(newest, asc(products.id))
    .limit(limit);
}
