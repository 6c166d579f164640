/**
 * The guest wishlist in local storage: a JSON array of product ids (docs/decisions/006).
 * Browser-only; signed-in shoppers' wishlists live in `wishlist_items` (wishlist.server.ts).
 */
export const WISHLIST_STORAGE_KEY = "saanjh.wishlist.v1";
/** Fired on window whenever this tab changes the wishlist, so every heart on the page follows. */
export const WISHLIST_EVENT = "saanjh:wishlist";

export function readLocalWishlist(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(WISHLIST_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === "string"))] : [];
  } catch {
    return [];
  }
}

/** Adds or removes a product; returns true when it is now in the wishlist. */
export function toggleLocalWishlist(productId: string, storage: Storage | undefined = globalThis.localStorage): boolean {
  const ids = readLocalWishlist(storage);
  const has = ids.includes(productId);
  const next = has ? ids.filter((id) => id !== productId) : [...ids, productId];
  storage?.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(next));
  if (typeof window !== "undefined") window.dispatchEvent(new Event(WISHLIST_EVENT));
  return !has;
}
