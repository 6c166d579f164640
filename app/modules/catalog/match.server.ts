/**
 * The one search rule, shared by the suggestion overlay and the product list (docs/decisions/008):
 *
 * - **Exact** (tried first): the products table's weighted full-text `search_vector` against a
 *   prefix tsquery ('kur' and 'Kurtas' both find kurtas), or, from three letters or digits in a
 *   row, a case-insensitive substring of the name or brand, or a category whose name or slug
 *   contains the term. Every branch is served by an index (GIN on the vector, trigram GIN on name
 *   and brand, btree on category), combined by a BitmapOr. Ordered by where the term was found,
 *   then newest (decision 046, SEARCH_TIER); the suggestions find their first eight in that order
 *   from product_search_words (search.server.ts) without ranking every match.
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
import { normaliseSearchTerm, prefixTsQuery, SEARCH_MIN_CHARS, searchWords } from "./search-terms";

export type SearchMode = "exact" | "near";

export interface SearchTerm {
  /** the trimmed, length-capped term */
  readonly text: string;
  /** the words of the term (letters and digits, at most 8) */
  readonly words: string[];
  /** prefix tsquery text built from letters and digits only, or null when the term has no words */
  readonly tsQuery: string | null;
  /** the same with each word kept to the name ('kur:*A'), and to the name, brand, category and type ('kur:*AB') */
  readonly tsQueryName: string | null;
  readonly tsQueryLabels: string | null;
  /**
   * ILIKE pattern of the whole term with LIKE's wildcards escaped, or null when the term has no
   * three letters or digits in a row: a trigram index cannot find a shorter piece inside a word (it
   * would read every name), and two letters inside words match nearly everything (decision 046)
   */
  readonly like: string | null;
  /** categories whose name or slug contains the term (the catalogue's categories are fixed in code); none without `like` */
  readonly categorySlugs: string[];
}

/** The term as searched, or null when shorter than `minChars` (the overlay waits for 2; the list searches any). */
export function searchTerm(raw: string | null | undefined, minChars = SEARCH_MIN_CHARS): SearchTerm | null {
  const text = normaliseSearchTerm(raw, minChars);
  if (!text) return null;
  const lower = text.toLowerCase();
  const inside = /[\p{L}\p{M}\p{N}]{3}/u.test(text);
  return {
    text,
    words: searchWords(text),
    tsQuery: prefixTsQuery(text),
    tsQueryName: prefixTsQuery(text, "A"),
    tsQueryLabels: prefixTsQuery(text, "AB"),
    like: inside ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    categorySlugs: inside
      ? CATEGORIES.filter((c) => c.name.toLowerCase().includes(lower) || c.slug.includes(lower)).map((c) => c.slug)
      : [],
  };
}

function tsQuery(term: SearchTerm): SQL | null {
  return term.tsQuery ? sql`to_tsquery('english', ${term.tsQuery})` : null;
}

/**
 * The exact rule's matches that the full text may not find: the term inside a word of the name or
 * brand ('irror' in Mirror-Work), or a category whose name or slug holds it. From three letters or
 * digits in a row (`like`); below that, false.
 */
export function insideWordCondition(term: SearchTerm): SQL {
  if (term.like === null) return sql`false`;
  const branches: SQL[] = [sql`${products.name} ILIKE ${term.like}`, sql`${products.brand} ILIKE ${term.like}`];
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

/** True for a product the full text finds (every word of the term starts a word of its vector). */
export function fullTextCondition(term: SearchTerm): SQL {
  const q = tsQuery(term);
  return q ? sql`(${products.searchVector} @@ ${q})` : sql`false`;
}

/** The condition of a mode over `products`. */
export function matchCondition(term: SearchTerm, mode: SearchMode): SQL {
  if (mode === "near") {
    // trigrams are made of letters and digits: a term without any is near nothing (and its index
    // scan would read every row)
    if (!/[\p{L}\p{N}]/u.test(term.text)) return sql`false`;
    return sql`(${term.text} <% ${products.name} OR ${term.text} <% ${products.brand})`;
  }
  if (!term.tsQuery) return insideWordCondition(term);
  if (term.like === null) return fullTextCondition(term);
  return sql`(${fullTextCondition(term)} OR ${insideWordCondition(term)})`;
}

/**
 * The tiers of the exact rule's order (decision 046), by where the full text found the term: every
 * word starts a word of the name (1); of the name, brand, category or type (2); of anything in the
 * vector, the description included (3); not found by the full text, only inside a word or by a
 * category's name (4). product_search_words.tier holds 1-3 per word and product.
 */
export const SEARCH_TIER = { name: 1, labels: 2, anywhere: 3, insideWord: 4 } as const;

/** The tier of a product that matches the exact rule (SEARCH_TIER). */
export function searchTier(term: SearchTerm): SQL {
  if (!term.tsQuery || !term.tsQueryName || !term.tsQueryLabels) return sql`${SEARCH_TIER.insideWord}::int`;
  const v = products.searchVector;
  return sql`(CASE WHEN ${v} @@ to_tsquery('english', ${term.tsQueryName}) THEN ${SEARCH_TIER.name}::int
    WHEN ${v} @@ to_tsquery('english', ${term.tsQueryLabels}) THEN ${SEARCH_TIER.labels}::int
    WHEN ${v} @@ to_tsquery('english', ${term.tsQuery}) THEN ${SEARCH_TIER.anywhere}::int
    ELSE ${SEARCH_TIER.insideWord}::int END)`;
}

/** How close a near spelling is, higher first. */
export function nearSimilarity(term: SearchTerm): SQL {
  return sql`greatest(word_similarity(${term.text}, ${products.name}), word_similarity(${term.text}, ${products.brand}) * 0.8)`;
}

/**
 * The order of search results: the tier (exact) or the similarity (near), then newest (as the
 * list's default), then id for stable pages.
 */
export function relevanceOrder(term: SearchTerm, mode: SearchMode): SQL[] {
  const first = mode === "near" ? sql`${nearSimilarity(term)} DESC` : sql`${searchTier(term)} ASC`;
  return [first, sql`${products.createdAt} DESC NULLS LAST`, sql`${products.id} ASC`];
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
