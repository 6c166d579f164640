/**
 * How a demo catalogue entry becomes a product: its stock-keeping unit, and the input the
 * catalogue's createProduct takes (rupees become paise; the stock sits on sizes and colours with gaps).
 */
import type { createProduct } from "~/modules/catalog/index.server";
import type { SeedProduct } from "./types";
import { seedVariantStock } from "./variant-stock";

type NewProductInput = Parameters<typeof createProduct>[1];

/** The stock-keeping unit the demo catalogue gives a product: category initials plus a number. */
export function seedSku(product: SeedProduct, index: number): string {
  const prefix = product.category
    .split("-")
    .map((part) => part.slice(0, 3).toUpperCase())
    .join("");
  return `${prefix}-${String(1001 + index)}`;
}

/** A demo catalogue entry as the catalogue's new product; `index` is its place in the demo catalogue. */
export function seedProductInput(product: SeedProduct, index: number, now: Date): NewProductInput {
  return {
    slug: product.slug,
    sku: seedSku(product, index),
    name: product.name,
    brand: product.brand,
    category: product.category,
    description: product.description,
    details: product.details,
    pricePaise: product.price * 100,
    originalPricePaise: product.originalPrice ? product.originalPrice * 100 : null,
    sizes: product.sizes,
    colors: product.colours,
    variantStock: seedVariantStock(product),
    fabric: product.fabric,
    material: product.material,
    fit: product.fit,
    care: product.care,
    occasions: product.occasions,
    type: product.type,
    badge: product.badge ?? null,
    // the catalogue's made-up standing only ranks 'Popular'; stars come from the demo reviews
    popularity: Math.round(product.orderCount * 2 + product.reviewsCount * 5 + product.rating * 20),
    orderCount: product.orderCount,
    createdAt: new Date(now.getTime() - product.addedDaysAgo * 86_400_000),
  };
}
