import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { NONCE_PLACEHOLDER } from "../app/lib/csp";
import { isSharedPath } from "../app/lib/personal-paths";
import { hasSessionCookie } from "../app/modules/accounts";
import { newNonce, replaceAll } from "./nonce";

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
 * - entries live N seconds, in a map bounded by total bytes (least recently used leave first);
 * - simultaneous misses for one address wait for the first render instead of rendering again;
 * - `purge()` empties it; app code reaches it through `pageCacheHandOff` (app/lib/page-cache.server.ts)
 *   after a catalogue write, so the next visitor sees the change at once on this instance.
 *
 * The compression middleware and the nonce middleware run before it, so a render reaches it
 * uncompressed and with the nonce placeholder. A kept copy gets a script nonce of its own (in its body
 * and its Content-Security-Policy: the same for everyone served that copy, as a CDN's copy would be,
 * for at most its s-maxage) and is compressed once per encoding, on its first hit that asks for it
 * (brotli or gzip, by Accept-Encoding); hits are answered with those bytes as they are, so neither
 * compression nor the nonce middleware does any work for them (decision 029).
 */

type Encoding = "br" | "gzip";

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** the body compressed, made on the first hit that accepts each encoding */
  encoded: Partial<Record<Encoding, Buffer>>;
  storedAt: number;
  expiresAt: number;
}

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
  purge(): void;
  /** how many copies it holds, and their size */
  readonly stats: { entries: number; bytes: number };
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

export function sharedMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl.toLowerCase();
  if (/(?:^|,)\s*(?:private|no-store|no-cache)\b/.test(directives)) return 0;
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(directives);
  return match ? Number(match[1]) : 0;
}

/** The kept copies: a map bounded by total bytes, in which the least recently used leave first. */
function copyStore(maxBytes: number, now: () => number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const sizeOf = (entry: Entry) =>
    entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };
  return {
    get stats() {
      return { entries: entries.size, bytes };
    },
    store(key: string, entry: Entry) {
      drop(key);
      if (entry.body.length > maxBytes / 8) return;
      entries.set(key, entry);
      bytes += sizeOf(entry);
      while (bytes > maxBytes) drop(entries.keys().next().value!);
    },
    /** the copy for `key` while it lasts, moved to the end (least recently used leave first) */
    fresh(key: string): Entry | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        drop(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /** an encoding just made for `entry`: counted against the budget while the copy is still kept */
    encodingAdded(key: string, entry: Entry, length: number) {
      if (entries.get(key) !== entry) return;
      bytes += length;
      while (bytes > maxBytes && entries.size > 0) drop(entries.keys().next().value!);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

type CopyStore = ReturnType<typeof copyStore>;

/** Answers with a kept copy, compressed for the request when it accepts an encoding (made once per encoding). */
function replay(
  req: Request,
  res: Response,
  entry: Entry,
  state: "hit" | "shared",
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

/**
 * Follows a render as it is written out: its body, and its headers as the route set them. At its end,
 * `done` gets the copy to keep (a 200 with s-maxage and no cookie, with a nonce of its own) or null.
 */
function captureRender(res: Response, now: () => number, done: (entry: Entry | null) => void): void {
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
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    sentHeaders ??= snapshot();
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
    const seconds = sharedMaxAge(res.getHeader("cache-control")?.toString());
    const cacheable = res.statusCode === 200 && seconds > 0 && !res.getHeader("set-cookie");
    if (cacheable) {
      const copy = withCopyNonce(Buffer.concat(chunks), sentHeaders ?? snapshot());
      const storedAt = now();
      done({ status: 200, ...copy, encoded: {}, storedAt, expiresAt: storedAt + seconds * 1000 });
    } else {
      done(null);
    }
    return end(chunk, ...rest);
  }) as Response["end"];
}

export function createPageCache({ maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }): PageCache {
  const copies = copyStore(maxBytes, now);
  const pending = new Map<string, Promise<Entry | null>>();
  // bumped by purge(): a render that began before a purge may hold old data and is not stored
  let generation = 0;

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    if (maxBytes <= 0 || req.method !== "GET") return next();
    if (hasSessionCookie(req.headers.cookie) && !isSharedPath(req.path)) return next();
    const key = cacheKey(req);
    const hit = copies.fresh(key);
    if (hit) {
      replay(req, res, hit, "hit", copies, now);
      return;
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      void inFlight.then((entry) => (entry ? replay(req, res, entry, "shared", copies, now) : next()));
      return;
    }

    const startedIn = generation;
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(
      key,
      new Promise<Entry | null>((resolve) => {
        settle = resolve;
      }),
    );
    const finish = (entry: Entry | null) => {
      pending.delete(key);
      if (entry && startedIn === generation) copies.store(key, entry);
      settle(entry);
    };
    captureRender(res, now, finish);
    // a connection closed before the end stores nothing, and lets waiters render for themselves
    res.on("close", () => {
      if (pending.has(key) && !res.writableEnded) finish(null);
    });
    next();
  }) as PageCache;

  middleware.purge = () => {
    generation++;
    copies.clear();
  };
  Object.defineProperty(middleware, "stats", {
    get: () => copies.stats,
  });
  return middleware;
}
