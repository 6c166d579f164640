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
