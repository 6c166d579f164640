/*
 * The page cache's kept copies (server/page-cache.ts): a map bounded by total bytes, in which the least
 * recently used leave first, and what a purge does to them (docs/decisions/044).
 *
 * A copy is
 * - fresh until `freshUntil`: answered as it is;
 * - stale after that, until `staleUntil`: still answered, while one render replaces it
 *   (stale-while-revalidate);
 * - purged (a change of what it shows: a price, stock, a setting): answered for at most the purge's grace
 *   (its `graceMs`, else `purgeGraceMs`) while one render replaces it, so a shopper never sees a sold-out
 *   size as available for longer than that; a later purge with less grace shortens it;
 * - expired by a purge (`expire`: a change that moves pieces in lists without changing what any card shows,
 *   a new price in a list sorted or filtered by price): stale at once, answered while one render replaces it
 *   until its own `staleUntil`, as if its time were up;
 * - gone after that, or once it is over the byte budget (what counts is what is kept: a copy is kept
 *   compressed).
 *
 * A purge names tags (a product page says `product:<id>` in its Cache-Tag header) or, without tags, every
 * copy. A render that was running when a purge that touches it came is not kept: it may hold the data from
 * before the change (`purgedSince`).
 */

export interface Entry {
  status: number;
  headers: Array<[string, string]>;
  /** the body as rendered, kept only when it is too short to be worth compressing (null otherwise) */
  body: Buffer | null;
  /**
   * The body compressed: brotli made when the copy is stored (the body itself is then not kept, so a copy
   * takes a fifth of the memory and the budget holds five times as many pages), gzip made from it on the
   * first hit that asks for gzip and not brotli.
   */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** what the copy shows (its Cache-Tag header), for purges by tag */
  tags: readonly string[];
  /** until when a purge that touched this copy lets it be answered; null while none has */
  purgedUntil: number | null;
  /** when it was last answered (or stored): a purge renders the copies visitors use again at once */
  usedAt: number;
  /** how to render its address again with no visitor (null where the cache cannot refresh) */
  source: RefreshSource | null;
}

/**
 * An address to render again without a visitor: the page's URL and the first visitor's headers without
 * cookies or credentials (made by `refreshSource` in request-handler.ts).
 */
export interface RefreshSource {
  url: string;
  headers: Array<[string, string]>;
}

/**
 * Every copy, or those showing any of these tags; `graceMs`: how long a purged copy may still be answered
 * while it is rendered again (the store's `purgeGraceMs` when absent); `expire`: the copies are only made
 * stale, answered while rendered again for as long as their own stale window allows (no grace applies).
 */
export type PurgeScope = { tags: readonly string[]; graceMs?: number; expire?: boolean } | null;

/** How many purges are remembered for renders in flight; a render older than all of them is not kept. */
const PURGE_LOG = 512;

const touches = (scope: PurgeScope, tags: readonly string[]) =>
  scope === null || scope.tags.some((tag) => tags.includes(tag));

/**
 * The last purges, in order, with when each came (the store's clock): a render that began before some
 * of them, here or in another process, is not kept if one of them touches what it shows.
 */
function purgeLog(now: () => number) {
  let count = 0;
  const scopes: PurgeScope[] = [];
  const times: number[] = [];
  // when the last purge no longer remembered came
  let forgottenUntil = -Infinity;
  return {
    get count() {
      return count;
    },
    record(scope: PurgeScope) {
      count += 1;
      scopes.push(scope);
      times.push(now());
      if (scopes.length > PURGE_LOG) {
        scopes.shift();
        forgottenUntil = times.shift()!;
      }
    },
    /** Whether a purge since the `since`-th touches a copy with these tags. */
    since(since: number, tags: readonly string[]): boolean {
      const missed = count - since;
      if (missed <= 0) return false;
      if (missed > scopes.length) return true;
      return scopes.slice(scopes.length - missed).some((scope) => touches(scope, tags));
    },
    /** Whether a purge that came at or after `at` touches a copy with these tags. */
    after(at: number, tags: readonly string[]): boolean {
      if (at <= forgottenUntil) return true;
      return scopes.some((scope, i) => times[i]! >= at && touches(scope, tags));
    },
  };
}

/**
 * The addresses of the copies that show each tag: a purge of a piece finds its few copies among
 * thousands without looking at the others.
 */
function tagIndex() {
  const byTag = new Map<string, Set<string>>();
  return {
    add(key: string, tags: readonly string[]) {
      for (const tag of tags) {
        const keys = byTag.get(tag);
        if (keys) keys.add(key);
        else byTag.set(tag, new Set([key]));
      }
    },
    remove(key: string, tags: readonly string[]) {
      for (const tag of tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
    /** the addresses showing any of these tags */
    keysOf(tags: readonly string[]): Set<string> {
      const keys = new Set<string>();
      for (const tag of tags) for (const key of byTag.get(tag) ?? []) keys.add(key);
      return keys;
    },
    clear: () => byTag.clear(),
  };
}

export function copyStore(options: { maxBytes: number; now: () => number; purgeGraceMs: number }) {
  const { maxBytes, now, purgeGraceMs } = options;
  const entries = new Map<string, Entry>();
  const byTag = tagIndex();
  // the order in which copies were stored or answered, for "the most recently used first"
  const recency = new WeakMap<Entry, number>();
  let uses = 0;
  let bytes = 0;
  const purges = purgeLog(now);

  const sizeOf = (entry: Entry) =>
    (entry.body?.length ?? 0) + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
    byTag.remove(key, entry.tags);
  };
  /** The copies a purge with this scope touches, as [address, copy] (in no particular order for tags). */
  const touched = (scope: PurgeScope): Array<[string, Entry]> => {
    if (scope === null) return [...entries];
    return [...byTag.keysOf(scope.tags)].map((key) => [key, entries.get(key)!]);
  };
  const usableUntil = (entry: Entry) =>
    entry.purgedUntil === null ? entry.staleUntil : Math.min(entry.staleUntil, entry.purgedUntil);

  return {
    get stats() {
      return { entries: entries.size, bytes };
    },
    /** how many purges have happened: a render notes it when it begins */
    get purgeCount() {
      return purges.count;
    },
    store(key: string, entry: Entry) {
      drop(key);
      if (sizeOf(entry) > maxBytes / 8) return;
      entries.set(key, entry);
      recency.set(entry, ++uses);
      bytes += sizeOf(entry);
      byTag.add(key, entry.tags);
      while (bytes > maxBytes) drop(entries.keys().next().value!);
    },
    /**
     * The copy for `key` while it may be answered, moved to the end (least recently used leave first):
     * `fresh`, or `stale` (expired or purged, within its grace: answer it and render a new one).
     */
    lookup(key: string): { entry: Entry; state: "fresh" | "stale" } | null {
      const entry = entries.get(key);
      if (!entry) return null;
      const at = now();
      if (usableUntil(entry) <= at) {
        drop(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      recency.set(entry, ++uses);
      entry.usedAt = at;
      return { entry, state: entry.purgedUntil === null && at < entry.freshUntil ? "fresh" : "stale" };
    },
    /** an encoding just made for `entry`: counted against the budget while the copy is still kept */
    encodingAdded(key: string, entry: Entry, length: number) {
      if (entries.get(key) !== entry) return;
      bytes += length;
      while (bytes > maxBytes && entries.size > 0) drop(entries.keys().next().value!);
    },
    /** Marks the copies the change touches (every copy without tags); answers how many. */
    purge(scope: PurgeScope): number {
      purges.record(scope);
      const until = scope?.expire ? Infinity : now() + Math.max(0, scope?.graceMs ?? purgeGraceMs);
      let marked = 0;
      for (const [, entry] of touched(scope)) {
        if (entry.purgedUntil === null) marked += 1;
        entry.purgedUntil = Math.min(entry.purgedUntil ?? until, until);
      }
      return marked;
    },
    /**
     * The copies a purge with this scope touches that were answered since `since`, most recently used
     * first, at most `limit`: the ones worth rendering again before anyone asks.
     */
    usedSince(scope: PurgeScope, since: number, limit: number): Array<[string, Entry]> {
      if (limit <= 0) return [];
      return touched(scope)
        .filter(([, entry]) => entry.usedAt >= since)
        .sort(([, a], [, b]) => recency.get(b)! - recency.get(a)!)
        .slice(0, limit);
    },
    /** Whether a purge since the `count`-th touches a copy with these tags (a render begun then may be old). */
    purgedSince(count: number, tags: readonly string[]): boolean {
      return purges.since(count, tags);
    },
    /**
     * Whether a purge that came at or after `at` (this store's clock) touches a copy with these tags: a
     * copy another process began to render then may be older than a change this process already saw.
     */
    purgedAfter(at: number, tags: readonly string[]): boolean {
      return purges.after(at, tags);
    },
    /** Whether the copy kept for `key` (if any) may still be answered: not purged and not past its stale time. */
    answerable(key: string): boolean {
      const entry = entries.get(key);
      return entry !== undefined && entry.purgedUntil === null && entry.staleUntil > now();
    },
    /** The copy kept for `key`, without answering it (nothing moves, nothing expires). */
    peek(key: string): Entry | undefined {
      return entries.get(key);
    },
    clear() {
      entries.clear();
      byTag.clear();
      bytes = 0;
    },
  };
}

export type CopyStore = ReturnType<typeof copyStore>;
