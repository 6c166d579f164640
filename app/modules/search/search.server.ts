import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { variantUrl } from "../media/images";
import { normaliseSearchTerm, prefixTsQuery, SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";

/*
 * Product search for the overlay: PostgreSQL full text (the products table's weighted, generated
 * `search_vector`, prefix-matched so 'kur' finds kurtas and stemmed so 'Kurtas' does too) plus
 * pg_trgm word similarity on name and brand for misspellings ('kurtha', 'chandri'), plus a plain
 * case-insensitive substring match on name, brand and category (spec section 5). All three use
 * the GIN indexes of the products table. Reads the catalogue's tables directly: search is the
 * read side of the catalogue and has no tables of its own (docs/decisions/008).
 */

/** word_similarity threshold for the `<%` operator: 0.5 lets one wrong letter through ('kurtha' -> 'kurta'). */
const WORD_SIMILARITY_THRESHOLD = 0.5;

interface SuggestionRow extends Record<string, unknown> {
  id: string;
  name: string;
  brand: string;
  category: string;
  category_name: string | null;
  price_paise: number;
  image_url: string | null;
}

export async function searchSuggestions(
  db: Db,
  rawTerm: string,
  limit: number = SEARCH_MAX_SUGGESTIONS,
): Promise<SearchSuggestion[]> {
  const term = normaliseSearchTerm(rawTerm);
  if (!term) return [];
  const tsQuery = prefixTsQuery(term);
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const cappedLimit = Math.max(1, Math.min(limit, SEARCH_MAX_SUGGESTIONS));

  const rows = await db.transaction(async (tx) => {
    // SET LOCAL keeps the threshold to this transaction (pooled connections are shared).
    await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    const result = (await tx.execute(sql`
      WITH q AS (
        SELECT ${tsQuery === null ? sql`NULL::tsquery` : sql`to_tsquery('english', ${tsQuery})`} AS tsq,
               ${term}::text AS term
      )
      SELECT p.id, p.name, p.brand, p.category, c.name AS category_name, p.price_paise,
             (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url
      FROM products p
      CROSS JOIN q
      LEFT JOIN categories c ON c.slug = p.category
      WHERE p.is_active
        AND (
          (q.tsq IS NOT NULL AND p.search_vector @@ q.tsq)
          OR q.term <% p.name
          OR q.term <% p.brand
          OR p.name ILIKE ${like}
          OR p.brand ILIKE ${like}
          OR p.category ILIKE ${like}
        )
      ORDER BY
        (CASE WHEN p.name ILIKE ${like} THEN 1 ELSE 0 END)
          + coalesce(ts_rank(p.search_vector, q.tsq), 0) * 2
          + greatest(word_similarity(q.term, p.name), word_similarity(q.term, p.brand)) DESC,
        p.order_count DESC,
        p.created_at DESC,
        p.id
      LIMIT ${cappedLimit}
    `)) as unknown as { rows: SuggestionRow[] };
    return result.rows;
  });

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    categoryName: r.category_name ?? r.category,
    pricePaise: Number(r.price_paise),
    imageUrl: r.image_url ? variantUrl(r.image_url, 400) : null,
  }));
}
