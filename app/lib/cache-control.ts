/**
 * The shop's Cache-Control answers, in one place (safe for the browser bundle and the Node server).
 *
 * - Pages that are the same for every signed-out visitor (the catalogue: docs/decisions/013) export
 *   `headers = sharedPageHeaders`: they say `public, max-age=0, s-maxage=30`, so the server's shared
 *   page cache (or a CDN in front of the shop) may answer signed-out visitors from a copy up to 30 s
 *   old while browsers always ask again. For a signed-in shopper the root loader marks every page
 *   `private, no-cache`, and `sharedPageHeaders` keeps it so.
 * - Anything personal or one-off (carts, checkout and payment, account pages, answers to forms and
 *   webhooks, refusals) is never kept: `no-store`; documents that name a customer (invoices, the
 *   shopper's own details) say `private, no-store`, so that no shared cache keeps them either.
 */
import type { HeadersFunction } from "react-router";

/** How long a shared copy of a catalogue page may be served (seconds). */
export const SHARED_PAGE_SECONDS = 30;

/** The same for every signed-out visitor: shared caches keep it briefly, browsers ask again each time. */
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}`;
/** A signed-in shopper's page: only the browser may keep it, and it asks again before using it. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";
/** Kept by no one. */
export const NO_STORE = "no-store";
/** Kept by no one, and marked personal for any cache that reads only `private`. */
export const PRIVATE_NO_STORE = "private, no-store";

export const NO_STORE_HEADERS = Object.freeze({ "Cache-Control": NO_STORE });
export const PRIVATE_NO_STORE_HEADERS = Object.freeze({ "Cache-Control": PRIVATE_NO_STORE });

/** For a route whose page is never kept (`export const headers = noStoreHeaders`). */
export const noStoreHeaders: HeadersFunction = () => NO_STORE_HEADERS;

/**
 * For a catalogue page that is the same for every signed-out visitor (see the top of this file). The
 * loader's Cache-Tag (what the page shows, for the server's page cache purges: decision 044) is kept.
 */
export const sharedPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const tags = loaderHeaders.get("Cache-Tag");
  return {
    "Cache-Control": parentHeaders.get("Cache-Control")?.includes("private")
      ? PRIVATE_CACHE_CONTROL
      : SHARED_CACHE_CONTROL,
    ...(tags ? { "Cache-Tag": tags } : {}),
  };
};
