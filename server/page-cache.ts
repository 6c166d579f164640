import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { NONCE_PLACEHOLDER } from "../app/lib/csp";
import { isSharedPath } from "../app/lib/personal-paths";
import { hasSessionCookie } from "../app/modules/accounts";
import { newNonce, replaceAll } from "./nonce";
import { copyStore, type CopyStore, type Entry, type PurgeScope, type RefreshSource } from "./page-copies";
import { captureRender, renderedOf, type RefreshedPage, type Rendered } from "./render-capture";
import { refreshSource } from "./request-handler";

export type { PurgeScope, RefreshSource } from "./page-copies";
export { CACHE_TAG, type RefreshedPage } from "./render-capture";

/*
 * A shared cache for pages that are the same for every signed-out visitor (docs/decisions/013):
 * the catalogue's list, product pages, the home page and the search suggestions. It behaves like
 * a CDN in front of the shop, inside the process:
 *
 * - only GET requests are looked up or stored: any address for a request without the shop's session
 *   cookie, and the shared addresses (home, lists, product pages, suggestions: isSharedPath) for every
 *   request, since those pages render nothing personal (decision 029);
 * - a response is stored only when it is a 200, sets no cookie and says `s-maxage=N` (N > 0) in its
 *   Cache-Control without `private` or `no-store`; the route decides, as it would for a CDN;
 * - a copy is fresh for N seconds, or `keepSeconds` when that is longer (purges reach every process:
 *   decision 044), then stale for `staleSeconds` (or the route's stale-while-revalidate); a copy whose
 *   answer names no tags is reached by no purge and keeps only its own lifetime (decision 059); a stale copy
 *   is answered at once (`X-Page-Cache: stale`) while one render replaces it in the background
 *   (`refresh`), so nobody waits for a render of a page that has a copy;
 * - `purge(scope)` marks the copies a change touches (by the tags of their Cache-Tag header, or all):
 *   a purged copy is answered for at most `purgeGraceMs` more while it is rendered again, then dropped;
 *   the purged copies visitors have asked for lately are rendered again at once, before anyone asks
 *   (`refreshAheadMs`, at most `refreshAheadMax` a purge), so a change to a busy page is rendered once
 *   and its next visitors get the new copy instead of waiting for a render;
 *   app code reaches it through `purgePageCache` (app/lib/page-cache.server.ts), which also tells the
 *   other processes and instances on the database;
 * - a page is never rendered twice at once in a process: requests for an address with no copy wait
 *   for the render in flight (`shared`), and a stale copy has at most one refresh running;
 * - the copies live in a map bounded by total bytes (least recently used leave first: page-copies.ts).
 *
 * The compression middleware and the nonce middleware run before it, so a render reaches it
 * uncompressed and with the nonce placeholder. A kept copy gets a script nonce of its own (in its body
 * and its Content-Security-Policy: the same for everyone served that copy, as a CDN's copy would be,
 * for as long as the copy is kept) and is kept compressed with brotli, made when it is stored (the
 * rendered body is not kept: decision 056); gzip is made from it on the first hit that asks for gzip and
 * not brotli, and a request that accepts neither gets the brotli copy decompressed. Hits are answered
 * with the kept bytes as they are, so neither compression nor the nonce middleware does any work for
 * them (decision 029).
 */

type Encoding = "br" | "gzip";

/** The encoding to answer with: brotli, then gzip, when the request accepts it (q > 0); else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? (accepted.has("*") ? accepted.get("*")! : 0)) > 0;
  return allows("br") ? "br" : allows("gzip") ? "gzip" : null;
}

/** Bodies shorter than this are kept and answered as they are: compressing them saves next to nothing. */
const COMPRESS_FROM_BYTES = 1024;

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** The copy's own nonce in place of the placeholder, in the body and the policy. */
function withCopyNonce(
  body: Buffer,
  headers: Array<[string, string]>,
): { body: Buffer; headers: Array<[string, string]> } {
  const nonce = newNonce();
  return {
    body: replaceAll(body, Buffer.from(nonce)),
    headers: headers.map(([name, value]) => [name, value.replaceAll(NONCE_PLACEHOLDER, nonce)]),
  };
}

export interface PageCache {
  (req: Request, res: Response, next: NextFunction): void;
  /**
   * Marks the copies a change touches (all without a scope) as purged; answers how many. Those visitors
   * asked for lately are rendered again at once, unless the purge only expires them: an expired copy is
   * still answered and its next visitor starts its render (a price saved every few seconds would otherwise
   * render every price list visited in the last minute each time: decision 059).
   */
  purge(scope?: PurgeScope): number;
  /**
   * A render running now for a page with these tags went wrong after its headers were sent (a part the
   * page streams failed): no copy of it is kept. Copies kept of such pages are made stale (a visit renders
   * them again), none is dropped, and nothing is rendered ahead.
   */
  spoil(tags: readonly string[]): void;
  /** Keeps a copy another process rendered, unless it may be older than a change seen here; answers whether. */
  adopt(copy: SharedCopy): boolean;
  /**
   * Renders an address nobody is waiting for into a copy, unless one is kept and usable or a render of it
   * is running (the warm-up, server/warm-up.ts); answers whether a copy was kept.
   */
  warm(key: string, source: RefreshSource): Promise<boolean>;
  /** how many copies it holds and their size, and how requests were answered since the start */
  readonly stats: {
    entries: number;
    bytes: number;
    hit: number;
    stale: number;
    shared: number;
    rendered: number;
    refreshed: number;
  };
}

/**
 * Everything the page's own idea of its address is made from (React Router builds it from the
 * protocol, `req.hostname` and, behind a trusted proxy, X-Forwarded-Host), so a request with another
 * forwarded host can never fill the copy that other visitors get.
 */
export function cacheKey(req: Request): string {
  const forwarded = req.app?.enabled("trust proxy") ? (req.get("x-forwarded-host") ?? "") : "";
  return `${req.protocol}://${req.hostname}\u0000${req.get("host") ?? ""}\u0000${forwarded}\u0000${req.originalUrl}`;
}

function parseTags(header: string | undefined): string[] {
  return header
    ? header
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
}

/** The `stale-while-revalidate=N` of a Cache-Control, in seconds (0 without one). */
export function staleWhileRevalidate(cacheControl: string | undefined): number {
  const match = /(?:^|,)\s*stale-while-revalidate=(\d+)/.exec(cacheControl?.toLowerCase() ?? "");
  return match ? Number(match[1]) : 0;
}

export function sharedMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl.toLowerCase();
  if (/(?:^|,)\s*(?:private|no-store|no-cache)\b/.test(directives)) return 0;
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(directives);
  return match ? Number(match[1]) : 0;
}

/** Answers with a kept copy, compressed for the request when it accepts an encoding (made once per encoding). */
function replay(
  req: Request,
  res: Response,
  entry: Entry,
  state: "hit" | "stale" | "shared",
  copies: CopyStore,
  now: () => number,
): void {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Age", String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
  res.setHeader("X-Page-Cache", state);
  res.setHeader("Vary", "Accept-Encoding");
  if (entry.body) {
    // a short body, kept as it was rendered
    res.end(entry.body);
    return;
  }
  const brotli = entry.encoded.br!;
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (!encoding) {
    res.end(brotliDecompressSync(brotli));
    return;
  }
  let encoded = entry.encoded[encoding];
  if (!encoded) {
    encoded = entry.encoded[encoding] = encode(brotliDecompressSync(brotli), encoding);
    copies.encodingAdded(cacheKey(req), entry, encoded.length);
  }
  // compression (further out) leaves a response that already has its encoding alone
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(encoded.length));
  res.end(encoded);
}

export interface PageCacheOptions {
  /** the copies' byte budget; 0 turns the cache off */
  maxBytes: number;
  now?: () => number;
  /**
   * How long a copy is answered as fresh, at least (seconds). Purges reach this cache in every process
   * (decision 044), so it may keep a copy longer than the route's s-maxage, which is for caches that
   * are never told of a change (a CDN).
   */
  keepSeconds?: number;
  /** How long after that an expired copy is still answered while one render replaces it (seconds). */
  staleSeconds?: number;
  /** How long a purged copy is still answered while one render replaces it (ms). */
  purgeGraceMs?: number;
  /**
   * Renders an address again with no visitor waiting for it. Without it, nothing is answered stale: an
   * expired or purged copy is rendered again for whoever asks.
   */
  refresh?: (source: RefreshSource) => Promise<RefreshedPage | null>;
  /** A purged copy answered within this long (ms) is rendered again at once; 0 waits for a visitor. */
  refreshAheadMs?: number;
  /** At most this many copies are rendered again at once after one purge (the most recently used). */
  refreshAheadMax?: number;
  /** Hands each copy this process renders to its sibling processes (their `adopt`); none without it. */
  share?: (copy: SharedCopy) => void;
}

/**
 * A copy rendered by another process of this machine, with when its render began (the same clock):
 * kept unless a purge this process saw since then touches it (decision 056).
 */
export interface SharedCopy {
  key: string;
  renderedFrom: number;
  entry: Entry;
}

/**
 * The copy to keep of a render (a 200 with s-maxage and no cookie, with a nonce of its own, compressed),
 * or null; fresh for the route's s-maxage or `keepSeconds`, whichever is longer, then stale as long again.
 */
function entryOf(
  rendered: Rendered,
  source: RefreshSource | null,
  at: number,
  lives: { keepSeconds: number; staleSeconds: number },
): Entry | null {
  const seconds = sharedMaxAge(rendered.cacheControl);
  if (rendered.status !== 200 || seconds <= 0 || rendered.setsCookie) return null;
  // a copy that names what it shows is purged when that changes, and may be kept longer than it asks;
  // one that names nothing (delivery dates by pincode) is reached by no purge: its own lifetime rules
  const tags = parseTags(rendered.cacheTag);
  const purged = tags.length > 0;
  const freshUntil = at + (purged ? Math.max(seconds, lives.keepSeconds) : seconds) * 1000;
  const ownStale = staleWhileRevalidate(rendered.cacheControl);
  const stale = purged ? Math.max(ownStale, lives.staleSeconds) : ownStale;
  const { body, headers } = withCopyNonce(rendered.body, rendered.headers);
  const short = body.length < COMPRESS_FROM_BYTES;
  return {
    status: 200,
    headers,
    body: short ? body : null,
    encoded: short ? {} : { br: encode(body, "br") },
    storedAt: at,
    freshUntil,
    staleUntil: freshUntil + stale * 1000,
    tags,
    purgedUntil: null,
    usedAt: at,
    source,
  };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const {
    maxBytes,
    now = Date.now,
    keepSeconds = 0,
    staleSeconds = 0,
    purgeGraceMs = 1000,
    refresh,
    refreshAheadMs = 60_000,
    refreshAheadMax = 16,
    share,
  } = options;
  const copies = copyStore({ maxBytes, now, purgeGraceMs });
  const pending = new Map<string, Promise<Entry | null>>();
  const counts = { hit: 0, stale: 0, shared: 0, rendered: 0, refreshed: 0 };

  // addresses purged again while their render was running: rendered once more when it ends
  const again = new Map<string, RefreshSource>();

  /** One render of `key` at a time: the others wait for it (or keep answering the stale copy). */
  const begin = (key: string, source: RefreshSource | null) => {
    const startedAt = copies.purgeCount;
    const renderedFrom = now();
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    return (rendered: Rendered | null) => {
      if (pending.get(key) === undefined) return;
      pending.delete(key);
      const entry = rendered ? entryOf(rendered, source, now(), { keepSeconds, staleSeconds }) : null;
      // a render that was running when a change it shows came may hold the data from before it
      if (entry && !copies.purgedSince(startedAt, entry.tags)) {
        copies.store(key, entry);
        share?.({ key, renderedFrom, entry });
      }
      settle(entry);
      const next = again.get(key);
      if (next) {
        again.delete(key);
        refreshInBackground(key, next);
      }
    };
  };

  const refreshInBackground = (key: string, source: RefreshSource) => {
    if (!refresh || pending.has(key)) return;
    const finish = begin(key, source);
    counts.refreshed += 1;
    refresh(source).then(
      (page) => finish(page ? renderedOf(page) : null),
      () => finish(null),
    );
  };

  /** After a purge: the touched copies visitors asked for lately are rendered again now (one at a time each). */
  const refreshAhead = (scope: PurgeScope) => {
    if (!refresh || refreshAheadMs <= 0) return;
    for (const [key, entry] of copies.usedSince(scope, now() - refreshAheadMs, refreshAheadMax)) {
      if (!entry.source) continue;
      // a render already running may hold the data from before this purge: one more after it
      if (pending.has(key)) again.set(key, entry.source);
      else refreshInBackground(key, entry.source);
    }
  };

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    if (maxBytes <= 0 || req.method !== "GET") return next();
    if (hasSessionCookie(req.headers.cookie) && !isSharedPath(req.path)) return next();
    const key = cacheKey(req);
    const found = copies.lookup(key);
    if (found && (found.state === "fresh" || refresh)) {
      counts[found.state === "fresh" ? "hit" : "stale"] += 1;
      replay(req, res, found.entry, found.state === "fresh" ? "hit" : "stale", copies, now);
      if (found.state === "stale") refreshInBackground(key, found.entry.source ?? refreshSource(req));
      return;
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      counts.shared += 1;
      void inFlight.then((entry) => (entry ? replay(req, res, entry, "shared", copies, now) : next()));
      return;
    }

    counts.rendered += 1;
    const finish = begin(key, refresh ? refreshSource(req) : null);
    captureRender(res, finish);
    // a connection closed before the end stores nothing, and lets waiters render for themselves
    res.on("close", () => {
      if (!res.writableEnded) finish(null);
    });
    next();
  }) as PageCache;

  middleware.adopt = ({ key, renderedFrom, entry }: SharedCopy) => {
    if (maxBytes <= 0 || pending.has(key) || copies.purgedAfter(renderedFrom, entry.tags)) return false;
    // a copy of its own rendered since is newer
    const own = copies.peek(key);
    if (own && own.purgedUntil === null && own.storedAt >= entry.storedAt) return false;
    copies.store(key, { ...entry, encoded: { ...entry.encoded }, purgedUntil: null, usedAt: now() });
    return true;
  };
  middleware.warm = async (key, source) => {
    if (maxBytes <= 0 || !refresh || pending.has(key) || copies.answerable(key)) return false;
    const finish = begin(key, source);
    const page = await refresh(source).catch(() => null);
    finish(page ? renderedOf(page) : null);
    return copies.peek(key)?.source === source;
  };
  middleware.spoil = (tags) => {
    if (tags.length > 0) copies.purge({ tags, expire: true });
  };
  middleware.purge = (scope: PurgeScope = null) => {
    const marked = copies.purge(scope);
    if (!scope?.expire) refreshAhead(scope);
    return marked;
  };
  Object.defineProperty(middleware, "stats", {
    get: () => ({ ...copies.stats, ...counts }),
  });
  return middleware;
}
