/**
 * The pages' side of the server's shared page cache (server/page-cache.ts, docs/decisions/013); the
 * Cache-Control answers that let a page be kept there are in cache-control.ts.
 */
import { processSlot } from "./process-singleton";

/**
 * Where the server puts its page cache's purge when it starts (server/index.ts); the app reaches it
 * here, though the server and the app bundle are separate copies of this file.
 */
export const pageCacheHandOff = processSlot<{ purge?: () => void }>("pageCache");

/**
 * Empties the shared page cache of this process after a write that changes what signed-out visitors
 * see (products, prices, stock, pictures, store settings). Other instances catch up within
 * SHARED_PAGE_SECONDS (cache-control.ts). A no-op where no server runs (tests, scripts).
 */
export function purgePageCache(): void {
  pageCacheHandOff.get()?.purge?.();
}
