/*
 * What the page cache (page-cache.ts) takes of a render: the status, the headers it replays and the
 * body of a visitor's render as it is written out, or of a render made with no visitor (a refresh).
 */
import type { Response } from "express";

/** Headers of a stored response that are replayed; the others are set anew by the middleware before it. */
export const REPLAYED = [
  "content-type",
  "cache-control",
  "link",
  "x-robots-tag",
  "content-language",
  "content-security-policy",
];

/** A page's tags for purges (`product:<id>`), from its Cache-Tag header (comma-separated). */
export const CACHE_TAG = "cache-tag";

/** What a render leaves for the cache to judge: its status, the headers it set, its body. */
export interface Rendered {
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

export function renderedOf(page: RefreshedPage): Rendered {
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
export function captureRender(res: Response, done: (rendered: Rendered) => void): void {
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
