/**
 * The guest cart in the browser's local storage. Browser-only helpers; the server never reads them.
 * Key and shape are shared with the cart issue's full implementation (docs/decisions/004).
 */
export const CART_STORAGE_KEY = "saanjh.cart.v1";

export interface LocalCartLine {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
}

export function readLocalCart(storage: Storage | undefined = globalThis.localStorage): LocalCartLine[] {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (l): l is LocalCartLine =>
        typeof l === "object" && l !== null && typeof (l as LocalCartLine).productId === "string" && Number.isInteger((l as LocalCartLine).quantity),
    );
  } catch {
    return [];
  }
}

export function localCartCount(lines: LocalCartLine[]): number {
  return lines.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
}

/** Tells this tab's listeners (the header badge's `storage` listener) that the cart changed; other tabs get the real event. */
function announce(key: string): void {
  if (typeof window === "undefined") return;
  try {
    window.dispatchEvent(new StorageEvent("storage", { key }));
  } catch {
    window.dispatchEvent(new Event("storage"));
  }
}

export const LINE_DEFAULTS = { size: "One Size", colour: "Default", quantity: 1 } as const;

/**
 * Adds a line to the guest cart: the same product, size and colour raise the quantity (spec: the
 * cartId productId-size-colour). The quantity never goes above `stock`. Returns the line's new quantity.
 */
export function addLocalLine(
  line: { productId: string; size?: string; colour?: string; quantity?: number },
  stock: number,
  storage: Storage | undefined = globalThis.localStorage,
): number {
  const size = line.size || LINE_DEFAULTS.size;
  const colour = line.colour || LINE_DEFAULTS.colour;
  const add = Math.max(1, Math.floor(line.quantity ?? LINE_DEFAULTS.quantity));
  const lines = readLocalCart(storage);
  const existing = lines.find((l) => l.productId === line.productId && l.size === size && l.colour === colour);
  const quantity = Math.min(stock, (existing?.quantity ?? 0) + add);
  if (quantity <= 0) return existing?.quantity ?? 0;
  if (existing) existing.quantity = quantity;
  else lines.push({ productId: line.productId, size, colour, quantity });
  storage?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  announce(CART_STORAGE_KEY);
  return quantity;
}
