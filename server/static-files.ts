import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

/*
 * Scripts, styles, fonts and pictures answered from memory (docs/decisions/045). They are what a phone
 * downloads most, and express.static stat()s, opens and streams the file on every request, behind the
 * compression and nonce middleware: the shop served its 1 KB favicon slower than a cached page.
 *
 * - The client build (build/client: the content-hashed /assets/* and top-level files like
 *   /favicon.svg) is read once at start-up. Text files are compressed in the background, one at a
 *   time off the main thread (gzip, and brotli at a high quality); each is answered from here once done.
 * - Pictures under /media are written while the shop runs (uploads): the ones asked for are kept in a
 *   least-recently-used map bounded by bytes. A kept picture is checked against its file at most once a
 *   second (in the background), so a deleted or rewritten one stops being served within a second.
 * - Every answer is one writeHead and one end of bytes made in advance: ETag, Last-Modified,
 *   Content-Length, Cache-Control (a year and immutable for names that never get other bytes), Vary,
 *   the security headers, and 304 for If-None-Match / If-Modified-Since.
 * - Whatever it does not hold (a file over the size bound, a build file still loading, a Range
 *   request, another method, a path that is not exactly a known name) goes on to the next handler,
 *   express.static as before, with today's answers (404, 405, 403 for `..`). Names are looked up
 *   exactly as they were read from the folder, so no request path ever reaches the file system here.
 */

type Coding = "br" | "gzip";

/** One way of sending a file: its bytes, every header that goes with them, and its 304's headers. */
interface Representation {
  body: Buffer;
  headers: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

interface FileEntry {
  identity: Representation;
  encoded: Partial<Record<Coding, Representation>>;
  /** every ETag this file has been sent with (one per encoding) */
  etags: Set<string>;
  /** Last-Modified in whole seconds, as If-Modified-Since states it */
  modifiedSeconds: number;
  bytes: number;
}

/** Cache-Control for content-hashed names, which never get other bytes. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** the other files of the client build (favicon.svg, robots.txt): revalidated hourly, as before */
export const BUILD_FILE_CACHE = "public, max-age=3600";
/** pictures whose name may one day hold another drawing (the seed's, the home page's) */
export const MEDIA_CACHE = "public, max-age=604800";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ico": "image/x-icon",
  ...Object.fromEntries(["png", "webp", "avif", "gif"].map((ext) => [`.${ext}`, `image/${ext}`])),
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map", ".webmanifest", ".txt", ".xml", ".ico"]);
const PICTURES = new Set([".webp", ".jpg", ".jpeg", ".png", ".avif", ".gif"]);
/** below this, compressing saves less than its headers cost (the compression middleware's threshold too) */
const COMPRESS_FROM = 1024;
/**
 * Brotli's quality for the build's text files (1.4 MB of scripts and styles): 10 took 0.8 s of CPU
 * per process for 2 % more bytes than 11, which took 2 s; 9 gave 7 % more (decision 045).
 */
const BROTLI_QUALITY = 10;
/** A media key as the shop makes them (app/modules/media/storage.server.ts, checkKey): nothing else is looked up. */
const MEDIA_KEY = /^\/media\/([a-z0-9][a-z0-9/_.-]*)$/;
/** Pictures named by a random UUID when stored (uploads, shoppers' photos): such a name never gets other bytes. */
const UUID_NAMED = /^\/media\/(?:products\/uploads|returns\/photos)\/[0-9a-f-]{36}\./;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface StaticFilesOptions {
  /** the client build (build/client), read once at start-up */
  buildDir: string;
  /** the pictures' folder (config.mediaDir), served at /media; null: /media is left to the next handler */
  mediaDir: string | null;
  /** headers every answer carries (server/security.ts: securityHeaderPairs) */
  headers: ReadonlyArray<readonly [string, string]>;
  /** files larger than this are left to the next handler (default 1 MB) */
  maxFileBytes?: number;
  /** the build's files kept, all encodings together (default 32 MB) */
  buildBytes?: number;
  /** pictures kept, in bytes (default 16 MB) */
  mediaBytes?: number;
  /** how old a kept picture's check against its file may get (default 1 s) */
  recheckMs?: number;
  now?: () => number;
}

export interface StaticFiles {
  (req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** settles once the build's files are read and compressed */
  readonly ready: Promise<void>;
  readonly stats: { buildFiles: number; buildBytes: number; mediaFiles: number; mediaBytes: number };
}

/** A file's answers, identity only (encodings are added by compressEntry). Null for a type it does not serve. */
function makeEntry(
  urlPath: string,
  body: Buffer,
  modified: Date,
  cacheControl: string,
  common: StaticFilesOptions["headers"],
): FileEntry | null {
  const ext = path.extname(urlPath).toLowerCase();
  const type = TYPES[ext];
  if (!type) return null;
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const base: OutgoingHttpHeaders = {
    ...Object.fromEntries(common),
    "Content-Type": type,
    "Cache-Control": cacheControl,
    "Last-Modified": modified.toUTCString(),
  };
  const varies = COMPRESSIBLE.has(ext) && body.length >= COMPRESS_FROM;
  if (varies) base.Vary = "Accept-Encoding";
  const etag = `"${hash}"`;
  const conditional = { ...base };
  delete conditional["Content-Type"];
  return {
    identity: {
      body,
      headers: { ...base, ETag: etag, "Content-Length": String(body.length) },
      notModified: { ...conditional, ETag: etag },
    },
    encoded: {},
    etags: new Set([etag]),
    modifiedSeconds: Math.floor(modified.getTime() / 1000),
    bytes: body.length,
  };
}

/** Adds gzip, then brotli, to a text file's entry (in the thread pool); a result that saves little is dropped. */
async function compressEntry(entry: FileEntry): Promise<void> {
  const { body, headers } = entry.identity;
  if (headers.Vary === undefined) return;
  const hash = String(headers.ETag).slice(1, -1);
  const make: Array<[Coding, () => Promise<Buffer>]> = [
    ["gzip", () => gzipAsync(body, { level: 9 })],
    [
      "br",
      () =>
        brotli(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
    ],
  ];
  for (const [coding, compress] of make) {
    const encoded = await compress();
    if (encoded.length >= body.length * 0.95) continue;
    const etag = `"${hash}-${coding === "br" ? "br" : "gz"}"`;
    entry.encoded[coding] = {
      body: encoded,
      headers: { ...headers, ETag: etag, "Content-Encoding": coding, "Content-Length": String(encoded.length) },
      notModified: { ...entry.identity.notModified, ETag: etag },
    };
    entry.etags.add(etag);
    entry.bytes += encoded.length;
  }
}

/** Every file under `dir`, as [url path, file path], dotfiles left out (as express.static does). */
async function listFiles(dir: string, prefix = ""): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    if (item.name.startsWith(".")) continue;
    const file = path.join(dir, item.name);
    const urlPath = `${prefix}/${item.name}`;
    if (item.isDirectory()) found.push(...(await listFiles(file, urlPath)));
    else if (item.isFile()) found.push([urlPath, file]);
  }
  return found;
}

/** Whether a conditional request matches what the client already has. */
function isFresh(req: IncomingMessage, entry: FileEntry): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => entry.etags.has(tag.trim().replace(/^W\//, "")));
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && entry.modifiedSeconds <= Math.floor(since / 1000);
}

let lastAcceptHeader: string | undefined;
let lastAccepted: ReadonlySet<Coding> = new Set();

/** The encodings a request accepts (q > 0, `*` included); the last header's answer is kept (browsers repeat theirs). */
export function acceptedCodings(header: string | undefined): ReadonlySet<Coding> {
  if (header === lastAcceptHeader) return lastAccepted;
  const q = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name) q.set(name.trim(), weight ? Number(weight[1]) : 1);
  }
  const allows = (name: Coding) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  lastAcceptHeader = header;
  lastAccepted = new Set((["br", "gzip"] as const).filter(allows));
  return lastAccepted;
}

/** Answers with a kept file: 304, or the best encoding the request accepts (brotli, gzip, none). */
function send(req: IncomingMessage, res: ServerResponse, entry: FileEntry): void {
  const accepts = acceptedCodings(req.headers["accept-encoding"]);
  const chosen =
    (accepts.has("br") ? entry.encoded.br : undefined) ??
    (accepts.has("gzip") ? entry.encoded.gzip : undefined) ??
    entry.identity;
  if (isFresh(req, entry)) {
    res.writeHead(304, chosen.notModified);
    res.end();
    return;
  }
  res.writeHead(200, chosen.headers);
  if (req.method === "HEAD") res.end();
  else res.end(chosen.body);
}

/**
 * The client build in memory: read at once, each text file entering once its encodings are made
 * (one at a time, so the thread pool stays free for the rest of the start-up). Until then, and for
 * files over the bounds, the next handler serves them as before.
 */
function buildFiles(
  options: Required<Pick<StaticFilesOptions, "buildDir" | "headers" | "maxFileBytes" | "buildBytes">>,
) {
  const entries = new Map<string, FileEntry>();
  let bytes = 0;
  const load = async () => {
    const files = await listFiles(options.buildDir);
    // the top-level files (favicon.svg) first: few and small
    files.sort(([a], [b]) => a.split("/").length - b.split("/").length);
    for (const [urlPath, file] of files) {
      const info = await stat(file);
      if (info.size > options.maxFileBytes || bytes + info.size > options.buildBytes) continue;
      const cacheControl = urlPath.startsWith("/assets/") ? IMMUTABLE : BUILD_FILE_CACHE;
      const entry = makeEntry(urlPath, await readFile(file), info.mtime, cacheControl, options.headers);
      if (!entry) continue;
      await compressEntry(entry);
      if (bytes + entry.bytes > options.buildBytes) continue;
      bytes += entry.bytes;
      entries.set(urlPath, entry);
    }
  };
  return {
    entries,
    get bytes() {
      return bytes;
    },
    ready: load(),
  };
}

interface KeptPicture {
  entry: FileEntry;
  size: number;
  mtimeMs: number;
  checkedAt: number;
}

/** Pictures under /media that were asked for, least recently used leaving first, each checked against its file at most once per `recheckMs`. */
function mediaPictures(
  mediaDir: string,
  options: Required<Pick<StaticFilesOptions, "headers" | "maxFileBytes" | "mediaBytes" | "recheckMs" | "now">>,
) {
  const kept = new Map<string, KeptPicture>();
  const loading = new Map<string, Promise<KeptPicture | null>>();
  let bytes = 0;
  const drop = (urlPath: string) => {
    const picture = kept.get(urlPath);
    if (!picture) return;
    kept.delete(urlPath);
    bytes -= picture.entry.bytes;
  };
  const read = async (urlPath: string, key: string): Promise<KeptPicture | null> => {
    const file = path.join(mediaDir, key);
    const info = await stat(file);
    if (!info.isFile() || info.size > options.maxFileBytes || info.size > options.mediaBytes / 8) return null;
    const cacheControl = UUID_NAMED.test(urlPath) ? IMMUTABLE : MEDIA_CACHE;
    const entry = makeEntry(urlPath, await readFile(file), info.mtime, cacheControl, options.headers);
    if (!entry) return null;
    const picture = { entry, size: info.size, mtimeMs: info.mtimeMs, checkedAt: options.now() };
    drop(urlPath);
    kept.set(urlPath, picture);
    bytes += entry.bytes;
    while (bytes > options.mediaBytes) drop(kept.keys().next().value!);
    return picture;
  };
  const recheck = (urlPath: string, key: string, picture: KeptPicture) => {
    picture.checkedAt = options.now();
    stat(path.join(mediaDir, key)).then(
      (info) => {
        if (info.size !== picture.size || info.mtimeMs !== picture.mtimeMs) drop(urlPath);
      },
      () => drop(urlPath),
    );
  };
  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void, urlPath: string, key: string) => {
    const picture = kept.get(urlPath);
    if (picture) {
      kept.delete(urlPath);
      kept.set(urlPath, picture);
      if (options.now() - picture.checkedAt >= options.recheckMs) recheck(urlPath, key, picture);
      send(req, res, picture.entry);
      return;
    }
    let pending = loading.get(urlPath);
    if (!pending) {
      pending = read(urlPath, key)
        .catch(() => null)
        .finally(() => loading.delete(urlPath));
      loading.set(urlPath, pending);
    }
    void pending.then((loaded) => (loaded ? send(req, res, loaded.entry) : next()));
  };
  return {
    serve,
    get stats() {
      return { files: kept.size, bytes };
    },
  };
}

/**
 * The handler: GET and HEAD of a kept file are answered here, anything else goes to `next`. Mount it
 * before the middleware that would otherwise wrap every response (compression, the script nonce).
 */
export function createStaticFiles(options: StaticFilesOptions): StaticFiles {
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024;
  const build = buildFiles({
    buildDir: options.buildDir,
    headers: options.headers,
    maxFileBytes,
    buildBytes: options.buildBytes ?? 32 * 1024 * 1024,
  });
  const media = options.mediaDir
    ? mediaPictures(options.mediaDir, {
        headers: options.headers,
        maxFileBytes,
        mediaBytes: options.mediaBytes ?? 16 * 1024 * 1024,
        recheckMs: options.recheckMs ?? 1000,
        now: options.now ?? Date.now,
      })
    : null;

  const handler = ((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range !== undefined) return next();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const urlPath = query === -1 ? url : url.slice(0, query);
    const built = build.entries.get(urlPath);
    if (built) return send(req, res, built);
    const key = media ? MEDIA_KEY.exec(urlPath)?.[1] : undefined;
    if (media && key && !key.includes("..") && PICTURES.has(path.extname(key))) {
      media.serve(req, res, next, urlPath, key);
      return;
    }
    next();
  }) as StaticFiles;

  const ready = build.ready.catch((error: unknown) => {
    console.error("The client build could not be read into memory; express.static serves it:", error);
  });
  Object.defineProperty(handler, "ready", { value: ready });
  Object.defineProperty(handler, "stats", {
    get: () => ({
      buildFiles: build.entries.size,
      buildBytes: build.bytes,
      mediaFiles: media?.stats.files ?? 0,
      mediaBytes: media?.stats.bytes ?? 0,
    }),
  });
  return handler;
}
