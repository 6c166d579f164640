import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { NONCE_PLACEHOLDER } from "../app/lib/csp";
import { isSharedPath } from "../app/lib/personal-paths";
import { hasSessionCookie } from "../app/modules/accounts";
import { newNonce, replaceAll } from "./nonce";
import { copyStore, type CopyStore, type Entry, type PurgeScope } from "./page-copies";

export type { PurgeScope } from "./page-copies";

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
 *   decision 044), then stale for `staleSeconds` (or the route's stale-while-revalidate): a stale copy
 *   is answered at once (`X-Page-Cache: stale`) while one render replaces it in the background
 *   (`refresh`), so nobody waits for a render of a page that has a copy;
 * - `purge(scope)` marks the copies a change touches (by the tags of their Cache-Tag header, or all):
 *   a purged copy is answered for at most `purgeGraceMs` more while it is rendered again, then dropped;
 *   app code reaches it through `purgePageCache` (app/lib/page-cache.server.ts), which also tells the
 *   other processes and instances on the database;
 * - a page is never rendered twice at once in a process: requests for an address with no copy wait
 *   for the render in flight (`shared`), and a stale copy has at most one refresh running;
 * - the copies live in a map bounded by total bytes (least recently used leave first: page-copies.ts).
 *
 * The compression middleware and the nonce middleware run before it, so a render reaches it
 * uncompressed and with the nonce placeholder. A kept copy gets a script nonce of its own (in its body
 * and its Content-Security-Policy: the same for everyone served that copy, as a CDN's copy would be,
 * for as long as the copy is kept) and is compressed once per encoding, on its first hit that asks for it
 * (brotli or gzip, by Accept-Encoding); hits are answered with those bytes as they are, so neither
 * compression nor the nonce middleware does any work for them (decision 029).
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
  /** Marks the copies a change touches (all without a scope) as purged; answers how many. */
  purge(scope?: PurgeScope): number;
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

/** Headers of a stored response that are replayed; the others are set anew by the middleware before it. */
const REPLAYED = [
  "content-type",
  "cache-control",
  "link",
  "x-robots-tag",
  "content-language",
  "content-security-policy",
];

/**
 * Everything the page's own idea of its address is made from (React Router builds it from the
 * protocol, `req.hostname` and, behind a trusted proxy, X-Forwarded-Host), so a request with another
 * forwarded host can never fill the copy that other visitors get.
 */
function cacheKey(req: Request): string {
  const forwarded = req.app?.enabled("trust proxy") ? (req.get("x-forwarded-host") ?? "") : "";
  return `${req.protocol}://${req.hostname}\u0000${req.get("host") ?? ""}\u0000${forwarded}\u0000${req.originalUrl}`;
}

/** A page's tags for purges (`product:<id>`), from its Cache-Tag header (comma-separated). */
export const CACHE_TAG = "cache-tag";

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
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (!encoding || entry.body.length < 1024) {
    res.end(entry.body);
    return;
  }
  let encoded = entry.encoded[encoding];
  if (!encoded) {
    encoded = entry.encoded[encoding] = encode(entry.body, encoding);
    copies.encodingAdded(cacheKey(req), entry, encoded.length);
  }
  // compression (further out) leaves a response that already has its encoding alone
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(encoded.length));
  res.end(encoded);
}

/** What a render leaves for the cache to judge: its status, the headers it set, its body. */
interface Rendered {
  status: number;
  /** the replayed headers (REPLAYED), as the route set them */
  headers: Array<[string, string]>;
  cacheControl: string | undefined;
  cacheTag: string | undefined;
  setsCookie: boolean;
  body: Buffer;
}

/** A render answered by React Router without a visitor (stale-while-revalidate's refresh). */
export interface RefreshedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

function renderedOf(page: RefreshedPage): Rendered {
  const headers: Array<[string, string]> = [];
  for (const name of REPLAYED) {
    const value = page.headers.get(name);
    if (value !== null) headers.push([name, value]);
  }
  return {
    status: page.status,
    headers,
    cacheControl: page.headers.get("cache-control") ?? undefined,
    cacheTag: page.headers.get(CACHE_TAG) ?? undefined,
    setsCookie: page.headers.has("set-cookie"),
    body: page.body,
  };
}

/**
 * Follows a render as it is written out: its body, and its headers as the route set them (its Cache-Tag
 * is taken off the answer: it is for this cache). At its end, `done` gets what was rendered.
 */
function captureRender(res: Response, done: (rendered: Rendered) => void): void {
  const chunks: Buffer[] = [];
  // Headers as the route set them, taken when they are sent: middleware further out may rewrite
  // some on their way out (server/nonce.ts puts the request's own nonce into the CSP).
  const snapshot = () => {
    const headers: Array<[string, string]> = [];
    for (const name of REPLAYED) {
      const value = res.getHeader(name);
      if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    }
    return headers;
  };
  let sentHeaders: Array<[string, string]> | null = null;
  let cacheTag: string | undefined;
  const takeHeaders = () => {
    if (sentHeaders) return sentHeaders;
    cacheTag = res.getHeader(CACHE_TAG)?.toString();
    res.removeHeader(CACHE_TAG);
    return (sentHeaders = snapshot());
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    takeHeaders();
    return writeHead(...args);
  }) as Response["writeHead"];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (encoding as BufferEncoding) || "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const headers = takeHeaders();
    done({
      status: res.statusCode,
      headers,
      cacheControl: res.getHeader("cache-control")?.toString(),
      cacheTag,
      setsCookie: Boolean(res.getHeader("set-cookie")),
      body: Buffer.concat(chunks),
    });
    return end(chunk, ...rest);
  }) as Response["end"];
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
  refresh?: (req: Request) => Promise<RefreshedPage | null>;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { maxBytes, now = Date.now, keepSeconds = 0, staleSeconds = 0, purgeGraceMs = 1000, refresh } = options;
  const copies = copyStore({ maxBytes, now, purgeGraceMs });
  const pending = new Map<string, Promise<Entry | null>>();
  const counts = { hit: 0, stale: 0, shared: 0, rendered: 0, refreshed: 0 };

  /** The copy to keep of a render (a 200 with s-maxage and no cookie, with a nonce of its own), or null. */
  const entryOf = (rendered: Rendered): Entry | null => {
    const seconds = sharedMaxAge(rendered.cacheControl);
    if (rendered.status !== 200 || seconds <= 0 || rendered.setsCookie) return null;
    const storedAt = now();
    const freshUntil = storedAt + Math.max(seconds, keepSeconds) * 1000;
    const stale = Math.max(staleWhileRevalidate(rendered.cacheControl), staleSeconds);
    return {
      status: 200,
      ...withCopyNonce(rendered.body, rendered.headers),
      encoded: {},
      storedAt,
      freshUntil,
      staleUntil: freshUntil + stale * 1000,
      tags: parseTags(rendered.cacheTag),
      purgedUntil: null,
    };
  };

  /** One render of `key` at a time: the others wait for it (or keep answering the stale copy). */
  const begin = (key: string) => {
    const startedAt = copies.purgeCount;
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    return (rendered: Rendered | null) => {
      if (pending.get(key) === undefined) return;
      pending.delete(key);
      const entry = rendered ? entryOf(rendered) : null;
      // a render that was running when a change it shows came may hold the data from before it
      if (entry && !copies.purgedSince(startedAt, entry.tags)) copies.store(key, entry);
      settle(entry);
    };
  };

  const refreshInBackground = (key: string, req: Request) => {
    if (!refresh || pending.has(key)) return;
    const finish = begin(key);
    counts.refreshed += 1;
    refresh(req).then(
      (page) => finish(page ? renderedOf(page) : null),
      () => finish(null),
    );
  };

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    if (maxBytes <= 0 || req.method !== "GET") return next();
    if (hasSessionCookie(req.headers.cookie) && !isSharedPath(req.path)) return next();
    const key = cacheKey(req);
    const found = copies.lookup(key);
    if (found && (found.state === "fresh" || refresh)) {
      counts[found.state === "fresh" ? "hit" : "stale"] += 1;
      replay(req, res, found.entry, found.state === "fresh" ? "hit" : "stale", copies, now);
      if (found.state === "stale") refreshInBackground(key, req);
      return;
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      counts.shared += 1;
      void inFlight.then((entry) => (entry ? replay(req, res, entry, "shared", copies, now) : next()));
      return;
    }

    counts.rendered += 1;
    const finish = begin(key);
    captureRender(res, finish);
    // a connection closed before the end stores nothing, and lets waiters render for themselves
    res.on("close", () => {
      if (!res.writableEnded) finish(null);
    });
    next();
  }) as PageCache;

  middleware.purge = (scope: PurgeScope = null) => copies.purge(scope);
  Object.defineProperty(middleware, "stats", {
    get: () => ({ ...copies.stats, ...counts }),
  });
  return middleware;
}
