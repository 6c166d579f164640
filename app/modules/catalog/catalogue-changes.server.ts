/*
 * What a transaction changed in what the shop shows (stock, prices, products), gathered until it
 * commits, and the after-commit work: the page cache's purges in every process (decision 044, with a
 * shopper's order's grace: decision 050), this process's facet counts, the outbox.
 */
import type { Tx } from "../../db/client.server";
import { afterCommit } from "../../db/transaction.server";
import { cacheTags, purgePageCache } from "../../lib/page-cache.server";
import { kickOutbox } from "../messages/index.server";
import { forgetFacets } from "./facet-cache.server";
import { movesPriceRange } from "./filters";

/** What a transaction changed, gathered until it commits. */
interface Changes {
  /** products whose own page changed (stock by size and colour) */
  pages: Set<string>;
  /** products whose card changed too (price, name, pictures, sold out...): every page that shows it */
  cards: Set<string>;
  /** what every list holds or counts changed (a product added, moved or removed) */
  lists: boolean;
  /** the categories whose lists' members or counts changed (a size of one of their pieces sold out or came back) */
  listCategories: Set<string>;
  /** the categories a piece of which has a new price: their lists sorted or filtered by price change order or members */
  priceLists: Set<string>;
  /** the categories a piece of which moved into another preset price range: their lists' counts by range change */
  priceRanges: Set<string>;
  /** the categories a piece joined (added, made active, moved in): their product pages' newest pieces change */
  joined: Set<string>;
  /** too many to name: every copy */
  all: boolean;
  /**
   * How long the purged copies may still be answered while they are rendered again: the least any change
   * allows (a shopper's order ORDER_PURGE_GRACE_MS, anything else, such as staff, none).
   */
  graceMs: number;
}

/**
 * A shopper's order changes stock all day on a sale; the pages of a hot piece are purged with every
 * order. Their copies are answered for up to this long while one render replaces them (decision 050),
 * so shoppers never wait for that render and never see a sold-out size for more than a second.
 */
export const ORDER_PURGE_GRACE_MS = 500;

const changesOf = new WeakMap<Tx, Changes>();

/** More than this many products changed at once (an import): every copy is purged. */
const MANY = 100;

function purgeTags(changes: Changes): string[] {
  const cardTags = [...changes.cards].flatMap((id) => [cacheTags.product(id), cacheTags.card(id)]);
  return [
    ...[...changes.pages].filter((id) => !changes.cards.has(id)).map(cacheTags.product),
    ...cardTags,
    // the home page's new arrivals are streamed after its headers: it cannot name its cards
    ...(changes.cards.size > 0 ? [cacheTags.home] : []),
    // every list; or the lists of the categories whose pieces changed, and those that mix categories
    ...(changes.lists
      ? [cacheTags.list]
      : changes.listCategories.size > 0
        ? [cacheTags.mixedList, ...[...changes.listCategories].map(cacheTags.listOf)]
        : []),
  ];
}

/**
 * What a new price changes beyond the pages that show the piece (those are purged with its card): the
 * lists sorted or filtered by price, of its category and those mixing categories, and, when it crossed a
 * preset range's edge, every list of both (their counts by range). None of them shows the piece's card,
 * so they are only made stale (decision 059): answered as they were while the render their next visitor
 * starts replaces them.
 */
function priceTags(changes: Changes): string[] {
  if (changes.lists || changes.priceLists.size === 0) return [];
  return [
    ...[...changes.priceLists].map(cacheTags.priceList),
    cacheTags.priceList(null),
    ...(changes.priceRanges.size > 0 ? [...[...changes.priceRanges].map(cacheTags.listOf), cacheTags.mixedList] : []),
  ];
}

/**
 * After the transaction has committed: the copies of the pages that show what changed are purged in
 * every process (decision 044), this process's facet counts are forgotten when lists changed (others
 * forget theirs when they hear of it), and the outbox is woken to send the texts a restock queued.
 */
function committed(changes: Changes): void {
  // forgotten first: a purge renders the pages visitors use again at once, and they must count anew
  if (changes.all || changes.lists || changes.listCategories.size > 0 || changes.priceRanges.size > 0) forgetFacets();
  if (changes.all || changes.pages.size + changes.cards.size > MANY) purgePageCache();
  else {
    const tags = purgeTags(changes);
    purgePageCache(changes.graceMs > 0 ? { tags, graceMs: changes.graceMs } : { tags });
    // what shows no changed card, only another order or set of pieces: made stale, not dropped
    const reordered = [...priceTags(changes), ...[...changes.joined].map(cacheTags.related)];
    if (reordered.length > 0) purgePageCache({ tags: reordered, expire: true });
  }
  kickOutbox();
}

function changes(tx: Tx): Changes {
  let found = changesOf.get(tx);
  if (!found) {
    // every change registered lowers the grace to what it allows
    const made: Changes = {
      pages: new Set(),
      cards: new Set(),
      lists: false,
      listCategories: new Set(),
      priceLists: new Set(),
      priceRanges: new Set(),
      joined: new Set(),
      all: false,
      graceMs: Infinity,
    };
    changesOf.set(tx, made);
    afterCommit(tx, () => committed(made));
    found = made;
  }
  return found;
}

/**
 * Stock of these products changed; `availability`: the categories of those among them that sold out, came
 * back, or lost or gained a size (their cards and their categories' lists change; none: only their pages);
 * `cards`: those whose cards changed without that (the variant their quick add puts in the bag sold out or
 * came back); `graceMs`: a shopper's order's grace (none: staff).
 */
export function stockChanged(
  tx: Tx,
  productIds: readonly string[],
  availability: readonly string[],
  options: { graceMs?: number; cards?: readonly string[] } = {},
): void {
  const found = changes(tx);
  found.graceMs = Math.min(found.graceMs, options.graceMs ?? 0);
  const cards = new Set(options.cards ?? []);
  for (const id of productIds) (availability.length > 0 || cards.has(id) ? found.cards : found.pages).add(id);
  for (const category of availability) found.listCategories.add(category);
}

/**
 * For writers of what the shop shows besides stock (a product's name, price, pictures, a product
 * added or removed): the same after-commit work as a stock change, registered on `tx` (one opened
 * by `inTransaction`), for these products' pages and every page showing their cards, and every list
 * unless `lists` is false (a change no list's members, order or counts depend on, such as a new price or
 * picture: a list that does not show the piece yet may take up to PAGE_CACHE_SECONDS to); without
 * products, for every page. Registered several times in one transaction, it runs once.
 */
export function catalogueChanged(tx: Tx, productIds?: readonly string[], options: { lists?: boolean } = {}): void {
  const found = changes(tx);
  found.graceMs = 0;
  if (!productIds) found.all = true;
  else for (const id of productIds) found.cards.add(id);
  if (options.lists !== false) found.lists = true;
}

/**
 * A piece of `category` has a new price (paise, before and after), registered on `tx` besides its
 * `catalogueChanged`: the lists that sort or filter by price are made stale after the commit, and its
 * category's lists too when the price crossed a preset range's edge.
 */
export function priceChanged(tx: Tx, category: string, beforePaise: number, afterPaise: number): void {
  if (beforePaise === afterPaise) return;
  const found = changes(tx);
  found.priceLists.add(category);
  if (movesPriceRange(beforePaise, afterPaise)) found.priceRanges.add(category);
}

/**
 * A piece joined `category` (added to it active, made active, or moved into it), registered on `tx` besides
 * its `catalogueChanged`: the category's product pages, whose "You may also like" shows its newest pieces,
 * are made stale after the commit. A piece that leaves needs nothing more: the pages that show its card go.
 */
export function pieceJoined(tx: Tx, category: string): void {
  changes(tx).joined.add(category);
}
