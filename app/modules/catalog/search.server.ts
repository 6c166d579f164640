import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { productImages, products } from "./schema.server";
import { variantUrl } from "../media";
import { matchCondition, relevanceOrder, searchTerm, withSearchSettings, type SearchMode } from "./match.server";
import { outerProductId } from "./products.server";
import { CATEGORIES } from "./types";
import { SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";

/*
 * Suggestions for the search overlay: the first products of `/products?search=` (the same rule and
 * the same order, from match.server.ts), so 'View all results' continues what the overlay showed.
 * Search is the read side of the catalogue (docs/decisions/008).
 */

interface SuggestionRow extends Record<string, unknown> {
  id: string;
  name: string;
  brand: string;
  category: string;
  price_paise: number;
  image_url: string | null;
}

const categoryNames = new Map(CATEGORIES.map((c) => [c.slug, c.name]));

export async function searchSuggestions(
  db: Db,
  rawTerm: string,
  limit: number = SEARCH_MAX_SUGGESTIONS,
): Promise<SearchSuggestion[]> {
  const term = searchTerm(rawTerm);
  if (!term) return [];
  const cappedLimit = Math.max(1, Math.min(limit, SEARCH_MAX_SUGGESTIONS));

  // One statement: the exact rule's first products, or, only when it finds none, the near
  // spellings' (the same choice as searchMode, without a round trip of its own).
  const branch = (
    mode: SearchMode,
    extra?: SQL,
  ) => sql`(SELECT ${products.id} AS id, ${products.name} AS name, ${products.brand} AS brand,
      ${products.category} AS category, ${products.pricePaise} AS price_paise,
      (SELECT i.url FROM ${productImages} i WHERE i.product_id = ${outerProductId} ORDER BY i.position LIMIT 1) AS image_url
    FROM ${products}
    WHERE ${and(eq(products.isActive, true), matchCondition(term, mode), extra)}
    ORDER BY ${sql.join(relevanceOrder(term, mode), sql`, `)}
    LIMIT ${cappedLimit})`;
  const rows = await withSearchSettings(db, (reader) =>
    queryRows<SuggestionRow>(
      reader,
      sql`WITH exact AS MATERIALIZED ${branch("exact")}
        SELECT * FROM exact
        UNION ALL
        ${branch("near", sql`NOT EXISTS (SELECT 1 FROM exact)`)}`,
    ),
  );

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    categoryName: categoryNames.get(r.category) ?? r.category,
    pricePaise: Number(r.price_paise),
    imageUrl: r.image_url ? variantUrl(r.image_url, 400) : null,
  }));
}
