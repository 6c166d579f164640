/**
 * The guest wishlist in local storage: a JSON array of product ids (docs/decisions/006).
 * Browser-only; signed-in shoppers' wishlists live in `wishlist_items` (wishlist.server.ts).
 */
export const WISHLIST_STORAGE_KEY = "saanjh.wishlist.v1";
/** Fired on window whenever this tab changes the wishlist, so every heart on the page follows. */
const WISHLIST_EVENT = "saanjh:wishlist";

function parseIds(raw: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === "string"))] : [];
  } catch {
    return [];
  }
}

function rawWishlist(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(WISHLIST_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function readLocalWishlist(storage: Storage | undefined = globalThis.localStorage): string[] {
  return parseIds(rawWishlist(storage));
}

function write(ids: string[] | null, storage: Storage | undefined): void {
  if (ids === null) storage?.removeItem(WISHLIST_STORAGE_KEY);
  else storage?.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
  if (typeof window !== "undefined") window.dispatchEvent(new Event(WISHLIST_EVENT));
}

/** Adds or removes a product; returns true when it is now in the wishlist. */
export function toggleLocalWishlist(
  productId: string,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  const ids = readLocalWishlist(storage);
  const has = ids.includes(productId);
  write(has ? ids.filter((id) => id !== productId) : [...ids, productId], storage);
  return !has;
}

export function addLocalWishlistIds(
  productIds: readonly string[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  const ids = readLocalWishlist(storage);
  write([...ids, ...productIds.filter((id) => !ids.includes(id))], storage);
}

export function removeFromLocalWishlist(
  productId: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  write(
    readLocalWishlist(storage).filter((id) => id !== productId),
    storage,
  );
}

export function clearLocalWishlist(storage: Storage | undefined = globalThis.localStorage): void {
  write([], storage);
}

/** After the merge on sign-in the local copy is removed. */
export function removeLocalWishlist(storage: Storage | undefined = globalThis.localStorage): void {
  write(null, storage);
}

/* useSyncExternalStore: the same array while the stored text is the same. */
const EMPTY: string[] = [];
// An empty wishlist is the server's own array, so hydration is not followed by a second render (decision 047).
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: EMPTY };

export function localWishlistSnapshot(): string[] {
  const raw = rawWishlist(globalThis.localStorage);
  if (raw !== cached.raw) cached = { raw, ids: parseIds(raw) };
  return cached.ids;
}

export function serverWishlistSnapshot(): string[] {
  return EMPTY;
}

export function subscribeLocalWishlist(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === WISHLIST_STORAGE_KEY) onChange();
  };
  window.addEventListener(WISHLIST_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(WISHLIST_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
