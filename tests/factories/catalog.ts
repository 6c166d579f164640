import type { Db } from "../../app/db/client.server";
import type { SeedProduct } from "../../app/db/seed/types";
import { seedVariantStock } from "../../app/db/seed/variant-stock";
import {
  createProduct,
  ensureCategories,
  type NewProductImage,
  type NewProductInput,
} from "../../app/modules/catalog/products.server";

/*
 * Factories shared by the tests and the demo seed: one place that knows how a valid product looks.
 */

let sequence = 0;

/** A valid product with sensible defaults; pass overrides for what the test cares about. */
export function productInput(overrides: Partial<NewProductInput> = {}): NewProductInput {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}`;
  return {
    slug: `test-product-${unique}`,
    sku: `TEST-${unique.toUpperCase()}`,
    name: `Test Cotton Kurta ${sequence}`,
    brand: "Test Label",
    category: "kurtas",
    description: "A plain cotton kurta used by the tests.",
    details: "Straight fit, mandarin collar, three-quarter sleeves.",
    pricePaise: 149_900,
    originalPricePaise: null,
    sizes: ["S", "M", "L"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    stock: 25,
    fabric: "Cotton",
    material: "100% cotton",
    fit: "Regular",
    care: "Machine wash cold",
    occasions: ["Casual"],
    type: "Kurta",
    rating: 4.2,
    reviewsCount: 10,
    orderCount: 5,
    ...overrides,
  };
}

/** Inserts a product (creating the categories first) and returns its id. */
export async function createTestProduct(
  db: Db,
  overrides: Partial<NewProductInput> = {},
  images: NewProductImage[] = [],
): Promise<string> {
  await ensureCategories(db);
  return createProduct(db, productInput(overrides), images);
}

/** The stock-keeping unit the demo catalogue gives a product: category initials plus a number. */
export function seedSku(product: SeedProduct, index: number): string {
  const prefix = product.category
    .split("-")
    .map((part) => part.slice(0, 3).toUpperCase())
    .join("");
  return `${prefix}-${String(1001 + index)}`;
}

/** Turns a demo catalogue entry into the product factory's input (rupees become paise; the stock sits on sizes and colours with gaps). */
export function seedProductInput(product: SeedProduct, index: number, now: Date): NewProductInput {
  const createdAt = new Date(now.getTime() - product.addedDaysAgo * 86_400_000);
  return productInput({
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
    stock: undefined,
    variantStock: seedVariantStock(product),
    fabric: product.fabric,
    material: product.material,
    fit: product.fit,
    care: product.care,
    occasions: product.occasions,
    type: product.type,
    badge: product.badge ?? null,
    // the demo shop has no reviews: its made-up standing only ranks 'Popular', and shows no stars
    rating: null,
    reviewsCount: 0,
    popularity: Math.round(product.orderCount * 2 + product.reviewsCount * 5 + product.rating * 20),
    orderCount: product.orderCount,
    createdAt,
  });
}
