import type { Db } from "../../app/db/client.server";
import {
  createProduct,
  ensureCategories,
  type NewProductImage,
  type NewProductInput,
} from "../../app/modules/catalog/products.server";

/*
 * Product factories for the tests: one place that knows how a valid product looks. The demo seed
 * makes its products from the demo catalogue (app/db/seed/product-input.ts).
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
