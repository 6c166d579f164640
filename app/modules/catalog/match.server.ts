/**
 * The one search rule, shared by the suggestion overlay and the product list (docs/decisions/008):
 *
 * - **Exact** (tried first): the products table's weighted full-text `search_vector` against a
 *   prefix tsquery ('kur' and 'Kurtas' both find kurtas), or a case-insensitive substring of the
 *   name or brand, or a category whose name or slug contains the term. Every
 *   branch is served by an index (GIN on the vector, trigram GIN on name and brand, btree on
 *   category), combined by a BitmapOr; ranked by 'name contains the term' plus the full-text rank.
 * - **Near spellings** (only when nothing matches exactly): trigram word similarity on name and
 *   brand ('kurtha' finds kurtas, 'neelgr' the brand Neelgar), ranked by that similarity.
 *
 * Trying the exact rule first keeps the common search cheap: word_similarity is costly per row and
 * would be computed over thousands of loosely similar products for a term that matches well anyway.
 */
import { sql, type SQL } from "drizzle-orm";
import { SEARCH_SESSION_SETTINGS, searchReaderOf, type Db } from "../../db/client.server";
import { products } from "./schema.server";
import { CATEGORIES } from "./types";
import { normaliseSearchTerm, prefixTsQuery, SEARCH_MIN_CHARS } from "./search-terms";

export type SearchMode = "exact" | "near";

export interface SearchTerm {
  /** the trimmed, length-capped term */
  readonly text: string;
  /** prefix tsquery text built from letters and digits only, or null when the term has no words */
  readonly tsQuery: string | null;
  /** ILIKE pattern of the whole term with LIKE's wildcards escaped */
  readonly like: string;
  /** categories whose name or slug contains the term (the catalogue's categories are fixed in code) */
  readonly categorySlugs: string[];
}

/** The term as searched, or null when shorter than `minChars` (the overlay waits for 2; the list searches any). */
export function searchTerm(raw: string | null | undefined, minChars = SEARCH_MIN_CHARS): SearchTerm | null {
  const text = normaliseSearchTerm(raw, minChars);
  if (!text) return null;
  const lower = text.toLowerCase();
  return {
    text,
    tsQuery: prefixTsQuery(text),
    like: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    categorySlugs: CATEGORIES.filter((c) => c.name.toLowerCase().includes(lower) || c.slug.includes(lower)).map(
      (c) => c.slug,
    ),
  };
}

function tsQuery(term: SearchTerm): SQL | null {
  return term.tsQuery ? sql`to_tsquery('english', ${term.tsQuery})` : null;
}

/** The condition of a mode over `products`. */
export function matchCondition(term: SearchTerm, mode: SearchMode): SQL {
  if (mode === "near") return sql`(${term.text} <% ${products.name} OR ${term.text} <% ${products.brand})`;
  const q = tsQuery(term);
  const branches: SQL[] = [];
  if (q) branches.push(sql`${products.searchVector} @@ ${q}`);
  branches.push(sql`${products.name} ILIKE ${term.like}`, sql`${products.brand} ILIKE ${term.like}`);
  if (term.categorySlugs.length > 0) {
    branches.push(
      sql`${products.category} = ANY(ARRAY[${sql.join(
        term.categorySlugs.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[])`,
    );
  }
  return sql`(${sql.join(branches, sql` OR `)})`;
}

/** Relevance of a matching product, higher first. */
export function relevance(term: SearchTerm, mode: SearchMode): SQL {
  if (mode === "near") {
    return sql`greatest(word_similarity(${term.text}, ${products.name}), word_similarity(${term.text}, ${products.brand}) * 0.8)`;
  }
  const q = tsQuery(term);
  const rank = q ? sql`ts_rank(${products.searchVector}, ${q}) * 2` : sql`0`;
  return sql`((${products.name} ILIKE ${term.like})::int + ${rank})`;
}

/** The order of search results: relevance, then newest (as the list's default), then id for stable pages. */
export function relevanceOrder(term: SearchTerm, mode: SearchMode): SQL[] {
  return [sql`${relevance(term, mode)} DESC`, sql`${products.createdAt} DESC NULLS LAST`, sql`${products.id} ASC`];
}

/**
 * Runs search statements with the search settings (SEARCH_SESSION_SETTINGS: the trigram threshold
 * of `<%`, 0.5, lets one wrong letter through, 'kurtha' -> 'kurta' is 0.57; and no sequential
 * scans). The planner prices ILIKE and word_similarity far too cheaply and would read all 10,000
 * rows of the benchmark's catalogue (20-80 ms) instead of combining the indexes (3-7 ms); plans in
 * docs/performance/007. On PostgreSQL the statements go to the search reader, whose sessions start
 * with those settings (no transaction, decision 030); on PGlite, one connection shared by all, a
 * transaction sets them for its own statements alone.
 */
export async function withSearchSettings<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  const reader = searchReaderOf(db);
  if (reader) return run(reader);
  return db.transaction(async (tx) => {
    const settings = Object.entries(SEARCH_SESSION_SETTINGS).map(
      ([name, value]) => sql`set_config(${name}, ${value}, true)`,
    );
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return run(tx as unknown as Db);
  });
}

/** 'exact' when any active product matches the exact rule, else 'near' (call inside withSearchSettings). */
export async function searchMode(db: Db, term: SearchTerm): Promise<SearchMode> {
  const result = (await db.execute(
    sql`SELECT EXISTS (SELECT 1 FROM ${products} WHERE ${products.isActive} AND ${matchCondition(term, "exact")}) AS found`,
  )) as unknown as { rows: Array<{ found: boolean }> };
  return result.rows[0]?.found ? "exact" : "near";
}
