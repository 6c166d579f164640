import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { outerProductId } from "../catalog/list.server";
import { productImages, products } from "../catalog/schema.server";
import { CATEGORIES } from "../catalog/types";
import { variantUrl } from "../media/images";
import { matchCondition, relevanceOrder, searchMode, searchTerm, withSearchSettings } from "./match.server";
import { SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";

/*
 * Suggestions for the search overlay: the first products of `/products?search=` (the same rule and
 * the same order, from match.server.ts), so 'View all results' continues what the overlay showed.
 * Search is the read side of the catalogue and has no tables of its own (docs/decisions/008).
 */

const categoryNames = new Map(CATEGORIES.map((c) => [c.slug, c.name]));

export async function searchSuggestions(
  db: Db,
  rawTerm: string,
  limit: number = SEARCH_MAX_SUGGESTIONS,
): Promise<SearchSuggestion[]> {
  const term = searchTerm(rawTerm);
  if (!term) return [];
  const cappedLimit = Math.max(1, Math.min(limit, SEARCH_MAX_SUGGESTIONS));

  const rows = await withSearchSettings(db, async (tx) => {
    const mode = await searchMode(tx, term);
    return tx
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        category: products.category,
        pricePaise: products.pricePaise,
        imageUrl: sql<string | null>`(SELECT i.url FROM ${productImages} i WHERE i.product_id = ${outerProductId} ORDER BY i.position LIMIT 1)`,
      })
      .from(products)
      .where(and(eq(products.isActive, true), matchCondition(term, mode)))
      .orderBy(...relevanceOrder(term, mode))
      .limit(cappedLimit);
  });

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    categoryName: categoryNames.get(r.category) ?? r.category,
    pricePaise: Number(r.pricePaise),
    imageUrl: r.imageUrl ? variantUrl(r.imageUrl, 400) : null,
  }));
}
