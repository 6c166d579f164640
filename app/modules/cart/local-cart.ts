import { applyLineChange, LINE_DEFAULTS, sameVariant, type CartLine, type LineChange } from "./lines";

/**
 * The guest cart in the browser's local storage. Browser-only helpers; the server never reads them.
 * Key and shape are decision 004's: `saanjh.cart.v1` = `[{productId, size, colour, quantity}]`.
 * The applied coupon code of a guest is kept beside it (decision 012).
 */
export const CART_STORAGE_KEY = "saanjh.cart.v1";
const COUPON_STORAGE_KEY = "saanjh.coupon.v1";

export type LocalCartLine = CartLine;

function parseLines(raw: string | null | undefined): LocalCartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (l): l is LocalCartLine =>
          typeof l === "object" &&
          l !== null &&
          typeof (l as LocalCartLine).productId === "string" &&
          Number.isInteger((l as LocalCartLine).quantity) &&
          (l as LocalCartLine).quantity > 0,
      )
      .map((l) => ({
        productId: l.productId,
        size: typeof l.size === "string" && l.size ? l.size : LINE_DEFAULTS.size,
        colour: typeof l.colour === "string" && l.colour ? l.colour : LINE_DEFAULTS.colour,
        quantity: l.quantity,
      }));
  } catch {
    return [];
  }
}

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readLocalCart(storage: Storage | undefined = globalThis.localStorage): LocalCartLine[] {
  return parseLines(safeGet(storage, CART_STORAGE_KEY));
}

/** Tells this tab's listeners that a key changed; other tabs get the browser's own `storage` event. */
function announce(key: string): void {
  if (typeof window === "undefined") return;
  try {
    window.dispatchEvent(new StorageEvent("storage", { key }));
  } catch {
    window.dispatchEvent(new Event("storage"));
  }
}

function writeLines(lines: LocalCartLine[], storage: Storage | undefined): void {
  storage?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  announce(CART_STORAGE_KEY);
}

export interface LocalAddResult {
  /** the line's quantity now */
  quantity: number;
  /** true when the stock stopped the quantity short of what was asked */
  capped: boolean;
}

/**
 * Adds a line to the guest cart: the same product, size and colour (one cartId,
 * productId-size-colour) raise the quantity. The quantity never goes above `stock`.
 */
export function addLocalLine(
  line: { productId: string; size?: string; colour?: string; quantity?: number },
  stock: number,
  storage: Storage | undefined = globalThis.localStorage,
): LocalAddResult {
  const variant = {
    productId: line.productId,
    size: line.size || LINE_DEFAULTS.size,
    colour: line.colour || LINE_DEFAULTS.colour,
  };
  const wanted = Math.max(1, Math.floor(line.quantity ?? LINE_DEFAULTS.quantity));
  const before = readLocalCart(storage);
  const previous = before.find((l) => sameVariant(l, variant))?.quantity ?? 0;
  const after = applyLineChange(before, { intent: "add", line: { ...variant, quantity: wanted }, stock });
  const quantity = after.find((l) => sameVariant(l, variant))?.quantity ?? 0;
  if (quantity !== previous) writeLines(after, storage);
  return { quantity, capped: quantity < previous + wanted };
}

/** Applies an update, remove or clear to the guest cart. */
export function changeLocalCart(
  change: Exclude<LineChange, { intent: "add" }>,
  storage: Storage | undefined = globalThis.localStorage,
): LocalCartLine[] {
  const after = applyLineChange(readLocalCart(storage), change);
  writeLines(after, storage);
  return after;
}

export function readLocalCoupon(storage: Storage | undefined = globalThis.localStorage): string | null {
  return safeGet(storage, COUPON_STORAGE_KEY) || null;
}

export function writeLocalCoupon(code: string | null, storage: Storage | undefined = globalThis.localStorage): void {
  if (code) storage?.setItem(COUPON_STORAGE_KEY, code);
  else storage?.removeItem(COUPON_STORAGE_KEY);
  announce(COUPON_STORAGE_KEY);
}

/** After the merge on sign-in: the local copies are removed. */
export function removeLocalCart(storage: Storage | undefined = globalThis.localStorage): void {
  storage?.removeItem(CART_STORAGE_KEY);
  storage?.removeItem(COUPON_STORAGE_KEY);
  announce(CART_STORAGE_KEY);
}

/*
 * A subscription for React's useSyncExternalStore: the same array while the stored text is the
 * same, so components re-render only when the cart really changed (here or in another tab).
 */
const EMPTY: LocalCartLine[] = [];
// An empty cart is the server's own array: the same answer as the server's keeps React from drawing
// every reader again right after hydration (decision 047).
let cached: { raw: string | null; lines: LocalCartLine[] } = { raw: null, lines: EMPTY };

export function localCartSnapshot(): LocalCartLine[] {
  const raw = safeGet(globalThis.localStorage, CART_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, lines: parseLines(raw) };
  return cached.lines;
}

export function serverCartSnapshot(): LocalCartLine[] {
  return EMPTY;
}

export function subscribeLocalCart(onChange: () => void): () => void {
  const listener = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === undefined || key === null || key === CART_STORAGE_KEY || key === COUPON_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

/** Strings compare by value, so the coupon needs no cache. */
export function localCouponSnapshot(): string | null {
  return readLocalCoupon();
}
