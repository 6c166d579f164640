import type { ProductCardView } from "./types";
import { DEFAULT_COLOUR, DEFAULT_SIZE, stockOf, type VariantStock } from "./variants";

/** The size quick add prefers. */
export const QUICK_ADD_SIZE = "M";

/**
 * Quick add uses size M when the product has it (else its first size, else One Size), the first
 * colour or Default, quantity 1. `cardColumns` in products.server.ts reads that variant's stock with
 * the same rule in SQL.
 */
export function quickAddLine(
  product: Pick<ProductCardView, "id" | "sizes"> & { colors: ReadonlyArray<{ name: string }> },
): {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
} {
  const size = product.sizes.includes(QUICK_ADD_SIZE) ? QUICK_ADD_SIZE : (product.sizes[0] ?? DEFAULT_SIZE);
  return { productId: product.id, size, colour: product.colors[0]?.name ?? DEFAULT_COLOUR, quantity: 1 };
}

/** The stock of a product's quick-add variant, from its variants (the cart and wishlist know them all). */
export function quickAddStock(
  product: Pick<ProductCardView, "id" | "sizes" | "colors"> & { variants: readonly VariantStock[] },
): number {
  const line = quickAddLine(product);
  return stockOf(product.variants, line.size, line.colour);
}
