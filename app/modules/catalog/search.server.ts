import { createHash } from "node:crypto";
import { fillPlaceholders, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { queryRows, searchReaderOf, type Db } from "../../db/client.server";
import { productImages, products, productSearchWords } from "./schema.server";
import { variantUrl } from "../media";
import {
  fullTextCondition,
  insideWordCondition,
  matchCondition,
  nearSimilarity,
  SEARCH_TIER,
  searchTier,
  searchTerm,
  withSearchSettings,
  type SearchTerm,
} from "./match.server";
import { CATEGORIES } from "./types";
import { SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";

/*
 * Suggestions for the search overlay: the first products of `/products?search=` (the same rule and
 * the same order, from match.server.ts), so 'View all results' continues what the overlay showed.
 * Search is the read side of the catalogue (docs/decisions/008).
 *
 * A one-word term (what a shopper has typed so far: 'ku', 'kurta') takes its first products from
 * product_search_words (decision 046): the catalogue's words that start with the term's stem, walked
 * one by one on their btree, and for each its first few products in the search's order, so the
 * statement reads a few dozen index entries however many products match. On PostgreSQL it is a
 * prepared statement, planned once per connection (planning it cost more than running it). Only
 * when it finds fewer than eight does a second statement look inside words and categories, and for
 * near spellings when nothing matched. A term of several words runs the list's own statement with
 * a limit, the near spellings in the same statement.
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

/**
 * What the overlay shows of the products of CTE `picked` (id, part, key, created_at), in the order
 * of part, key, newest, id.
 */
function shown(picked: SQL): SQL {
  return sql`${picked}
    SELECT p.id, p.name, p.brand, p.category, p.price_paise,
      (SELECT i.url FROM ${productImages} i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_url
    FROM picked JOIN ${products} p ON p.id = picked.id
    ORDER BY picked.part, picked.key, picked.created_at DESC NULLS LAST, picked.id`;
}

/**
 * The first `n` full-text matches of a one-word term in the search's order, from
 * product_search_words. For each word of the catalogue that starts with the term's stem (none for a
 * word that is not searched, such as 'the'), its first `n` products: a product comes first by its
 * best word, and fewer than `n` products come before it in that word's list, so these lists hold the
 * first `n` matches; when they hold fewer, they are every match. The statement's text is the same
 * for every word (`word` may be a placeholder).
 */
export function byWordsStatement(word: string | Placeholder, n: number): SQL {
  const w = productSearchWords;
  // the stem, and the first text after all the texts that start with it ('kurta' -> 'kurtb'): the
  // stem of letters and digits is ASCII, and the words compare byte by byte
  const stem = sql`(SELECT s FROM stem)`;
  const after = sql`(SELECT after FROM stem)`;
  return shown(sql`WITH RECURSIVE stem AS MATERIALIZED (
      SELECT s COLLATE "C" AS s, (left(s, -1) || chr(ascii(right(s, 1)) + 1)) COLLATE "C" AS after
      FROM unnest(tsvector_to_array(to_tsvector('english', ${word}))) AS s LIMIT 1),
    words (word) AS (
      SELECT (SELECT ${w.word} FROM ${w} WHERE ${w.word} >= ${stem} AND ${w.word} < ${after} ORDER BY ${w.word} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${w.word} FROM ${w} WHERE ${w.word} > words.word AND ${w.word} < ${after} ORDER BY ${w.word} LIMIT 1)
      FROM words WHERE words.word IS NOT NULL),
    picked AS MATERIALIZED (
      SELECT first.product_id AS id, 0 AS part, min(first.tier)::float8 AS key, first.created_at
      FROM words, LATERAL (
        SELECT ${w.productId}, ${w.tier}, ${w.createdAt} FROM ${w} WHERE ${w.word} = words.word
        ORDER BY ${w.tier}, ${w.createdAt} DESC NULLS LAST, ${w.productId} LIMIT ${n}) AS first
      GROUP BY first.product_id, first.created_at
      ORDER BY key, first.created_at DESC NULLS LAST, id LIMIT ${n})`);
}

/** CTE `picked`: `exact` (id, key, created_at), else, when `near` allows, the near spellings. */
function exactOrNear(term: SearchTerm, exact: SQL, n: number, near: boolean): SQL {
  if (!near) return sql`WITH picked AS (SELECT 0 AS part, * FROM (${exact}) AS exact)`;
  return sql`WITH exact AS MATERIALIZED (${exact}),
    near AS MATERIALIZED (
      SELECT ${products.id} AS id, -${nearSimilarity(term)} AS key, ${products.createdAt} AS created_at
      FROM ${products}
      WHERE NOT EXISTS (SELECT 1 FROM exact) AND ${products.isActive} AND ${matchCondition(term, "near")}
      ORDER BY key, created_at DESC NULLS LAST, id LIMIT ${n}),
    picked AS (SELECT 0 AS part, * FROM exact UNION ALL SELECT 1 AS part, * FROM near)`;
}

/**
 * After a one-word term's full-text matches (`found` of them, fewer than `n`): the products found
 * only inside a word or by category (tier 4), newest first, then, when nothing matched at all, the
 * near spellings.
 */
export function insideWordsStatement(term: SearchTerm, n: number, found: number): SQL {
  const exact = sql`SELECT ${products.id} AS id, ${SEARCH_TIER.insideWord}::float8 AS key, ${products.createdAt} AS created_at
    FROM ${products}
    WHERE ${products.isActive} AND ${insideWordCondition(term)} AND NOT ${fullTextCondition(term)}
    ORDER BY ${products.createdAt} DESC NULLS LAST, ${products.id} LIMIT ${n - found}`;
  return shown(exactOrNear(term, exact, n, found === 0));
}

/** Any other term: the list's statement (match.server.ts) with a limit, else the near spellings. */
export function listStatement(term: SearchTerm, n: number): SQL {
  const exact = sql`SELECT ${products.id} AS id, ${searchTier(term)}::float8 AS key, ${products.createdAt} AS created_at
    FROM ${products} WHERE ${products.isActive} AND ${matchCondition(term, "exact")}
    ORDER BY key, created_at DESC NULLS LAST, id LIMIT ${n}`;
  return shown(exactOrNear(term, exact, n, true));
}

const dialect = new PgDialect();

/** How the statements reach the database: the one-word statement by its word, any other as it is. */
interface SearchRunner {
  byWords(word: string, n: number): Promise<SuggestionRow[]>;
  run(statement: SQL): Promise<SuggestionRow[]>;
}

/** The one-word statement as PostgreSQL receives it, made once per limit: its text is the same for every word. */
const byWordsQueries = new Map<number, { name: string; text: string; params: unknown[] }>();

function byWordsQuery(n: number): { name: string; text: string; params: unknown[] } {
  let query = byWordsQueries.get(n);
  if (!query) {
    const { sql: text, params } = dialect.sqlToQuery(byWordsStatement(sql.placeholder("word"), n));
    query = { name: `suggest_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`, text, params };
    byWordsQueries.set(n, query);
  }
  return query;
}

/**
 * Runs search statements: on PostgreSQL on the search reader, the one-word statement as a prepared
 * statement, so each connection plans it once; on PGlite in one transaction with the search settings.
 */
async function withSearchRunner<T>(db: Db, work: (runner: SearchRunner) => Promise<T>): Promise<T> {
  const client = (searchReaderOf(db) as { $client?: unknown } | undefined)?.$client;
  if (!(client instanceof pg.Pool)) {
    return withSearchSettings(db, (tx) => {
      const run = (statement: SQL) => queryRows<SuggestionRow>(tx, statement);
      return work({ byWords: (word, n) => run(byWordsStatement(word, n)), run });
    });
  }
  return work({
    byWords: async (word, n) => {
      const { name, text, params } = byWordsQuery(n);
      return (await client.query<SuggestionRow>({ name, text, values: fillPlaceholders(params, { word }) })).rows;
    },
    run: async (statement) => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return (await client.query<SuggestionRow>({ text, values: params })).rows;
    },
  });
}

async function suggestionRows(db: Db, term: SearchTerm, n: number): Promise<SuggestionRow[]> {
  const [word, ...more] = term.words;
  return withSearchRunner(db, async (runner) => {
    if (word === undefined || more.length > 0) return runner.run(listStatement(term, n));
    const found = await runner.byWords(word, n);
    // the words found them all; whether anything else matches is asked only when they found too few
    // and the term can be looked for inside words, or they found nothing (near spellings)
    if (found.length >= n || (found.length > 0 && term.like === null)) return found;
    return [...found, ...(await runner.run(insideWordsStatement(term, n, found.length)))];
  });
}

export async function searchSuggestions(
  db: Db,
  rawTerm: string,
  limit: number = SEARCH_MAX_SUGGESTIONS,
): Promise<SearchSuggestion[]> {
  const term = searchTerm(rawTerm);
  if (!term) return [];
  const cappedLimit = Math.max(1, Math.min(limit, SEARCH_MAX_SUGGESTIONS));
  const rows = await suggestionRows(db, term, cappedLimit);

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
