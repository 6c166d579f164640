import type { ProductCardView } from "./types";

/** Spec: quick add uses size M when the product has it (else its first size, else One Size), the first colour or Default, quantity 1. */
export function quickAddLine(product: Pick<ProductCardView, "id" | "sizes" | "colors">): {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
} {
  const size = product.sizes.includes("M") ? "M" : (product.sizes[0] ?? "One Size");
  return { productId: product.id, size, colour: product.colors[0]?.name ?? "Default", quantity: 1 };
}
