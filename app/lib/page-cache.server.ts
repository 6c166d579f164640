/**
 * The pages' side of the server's shared page cache (server/page-cache.ts, docs/decisions/013).
 *
 * A page that is the same for every signed-out visitor exports `headers = sharedPageHeaders`: it
 * then says `public, max-age=0, s-maxage=30`, so the server's cache (or a CDN in front of the shop)
 * may answer signed-out visitors from a copy up to 30 s old while browsers always ask again. For a
 * signed-in shopper the root loader marks every page `private, no-cache` and this keeps it so.
 */
import type { HeadersFunction } from "react-router";

/** How long a shared copy of a catalogue page may be served (seconds). */
export const SHARED_PAGE_SECONDS = 30;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

export const sharedPageHeaders: HeadersFunction = ({ parentHeaders }) => ({
  "Cache-Control": parentHeaders.get("Cache-Control")?.includes("private")
    ? PRIVATE_CACHE_CONTROL
    : SHARED_CACHE_CONTROL,
});

const PAGE_CACHE = Symbol.for("shop.pageCache");

/**
 * Empties the shared page cache of this process after a write that changes what signed-out visitors
 * see (products, prices, stock, pictures, store settings). Other instances catch up within
 * SHARED_PAGE_SECONDS. A no-op where no server runs (tests, scripts).
 */
export function purgePageCache(): void {
  const cache = (globalThis as Record<symbol, { purge?: () => void } | undefined>)[PAGE_CACHE];
  cache?.purge?.();
}
