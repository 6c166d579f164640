/**
 * The pages' side of the server's shared page cache (server/page-cache.ts, docs/decisions/013 and 044);
 * the Cache-Control answers that let a page be kept there are in cache-control.ts, the tags a page
 * carries for purges are made by `cacheTags` below.
 */
import { processSlot } from "./process-singleton";

/**
 * Every copy (null), or the copies that carry any of these tags; `graceMs`: how long a purged copy may
 * still be answered while one render replaces it (the cache's own, 0 in the shop, when absent);
 * `expire`: the copies are only made stale, as if their time were up (answered while one render replaces
 * them, within their own stale window), for a change that moves pieces in lists and shows on no card.
 */
export type PurgeScope = { tags: readonly string[]; graceMs?: number; expire?: boolean } | null;

/**
 * Where the server puts its page cache's purge when it starts (server/index.ts); the app reaches it
 * here, though the server and the app bundle are separate copies of this file.
 */
export const pageCacheHandOff = processSlot<{
  purge?: (scope: PurgeScope) => void;
  spoil?: (tags: readonly string[]) => void;
}>("pageCache");

/** Where boot puts the sender of purges to the other processes and instances (page-cache-bus.server.ts). */
export const purgeAnnouncer = processSlot<{ announce(scope: PurgeScope): void }>("pageCacheAnnouncer");

/**
 * The tags of a page (its Cache-Tag header), by what it shows:
 * - `product:<id>`: the product's own page (its stock by size and colour, everything about it);
 * - `card:<id>`: a page that shows the product's card (name, price, picture, sold out, rating);
 * - `list`: a list of products with filters and counts, whose members and counts follow the catalogue
 *   (every list has it: a purge of every list names it);
 * - `list:<category>`: a list of one category, whose members and counts change only with its pieces;
 * - `list-mixed`: a list whose pieces may come from any category (no category chosen, the home page's
 *   new arrivals, search suggestions): a size selling out anywhere may change it;
 * - `list-price:<category>`, `list-price-mixed`: a list whose order or members follow prices (a sort by
 *   price, a price range), of one category or mixed: a new price of a piece it does not show changes it;
 * - `related:<category>`: a product page of that category, whose "You may also like" shows its newest
 *   pieces: a piece added to it (or made active, or moved into it) changes them;
 * - `fit:<id>`: the product's page, whose fit advice follows its size returns (a request or its decline);
 * - `home`: the home page, whose new arrivals come after its headers (it cannot name their cards).
 */
export const cacheTags = {
  product: (id: string) => `product:${id}`,
  card: (id: string) => `card:${id}`,
  list: "list",
  listOf: (category: string) => `list:${category}`,
  mixedList: "list-mixed",
  /** a list sorted or filtered by price, of this category or (null) of several */
  priceList: (category: string | null) => (category ? `list-price:${category}` : "list-price-mixed"),
  home: "home",
  related: (category: string) => `related:${category}`,
  /** a product page's fit advice, from its size returns */
  fit: (productId: string) => `fit:${productId}`,
  /** a piece's published reviews as the product page's list asks for them */
  reviews: (productId: string) => `reviews:${productId}`,
};

/** The Cache-Tag header of a page that shows these tags (at most 200 cards: a longer page is tagged `list`). */
export function cacheTagHeader(tags: readonly string[]): Record<string, string> {
  return tags.length === 0 ? {} : { "Cache-Tag": tags.slice(0, 200).join(",") };
}

/**
 * After a write that changes what visitors see (products, prices, stock, pictures, reviews, store
 * settings): marks the copies that show it in this process's shared page cache (every copy without a
 * scope) and tells the other processes and instances on the same database (PostgreSQL NOTIFY). A copy
 * with no tags is touched only by a purge of every copy. A no-op where no server runs (tests, scripts).
 */
export function purgePageCache(scope: PurgeScope = null): void {
  pageCacheHandOff.get()?.purge?.(scope);
  purgeAnnouncer.get()?.announce(scope);
}

/**
 * A part of a page streamed after its headers failed (the home page's New Arrivals): this process's page
 * cache keeps no copy of the render running now for pages with these tags, so the next visitor gets a
 * new render instead of the failure. Nothing is told to the other processes: their copies are good.
 */
export function spoilRenders(tags: readonly string[]): void {
  pageCacheHandOff.get()?.spoil?.(tags);
}
