import type { Db } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { storeReviewSummary } from "../../app/modules/catalog/products.server";
import { ratingScore } from "../../app/modules/reviews/rules";
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
    orderCount: 5,
    ...overrides,
  };
}

/** A test product's standing as if its reviews had been published: an average over `reviewsCount` (10) reviews. */
export interface TestRating {
  rating?: number | null;
  reviewsCount?: number;
}

/**
 * Inserts a product (creating the categories first) and returns its id. A `rating` is kept the way
 * the reviews module keeps a product's summary (average, count and the Rating sort's score), without
 * writing the reviews themselves.
 */
export async function createTestProduct(
  db: Db,
  overrides: Partial<NewProductInput> & TestRating = {},
  images: NewProductImage[] = [],
): Promise<string> {
  await ensureCategories(db);
  const { rating, reviewsCount, ...input } = overrides;
  const id = await createProduct(db, productInput(input), images);
  if (rating != null) await rateTestProduct(db, id, rating, reviewsCount ?? 10);
  return id;
}

async function rateTestProduct(db: Db, productId: string, rating: number, count: number): Promise<void> {
  const stars = Math.min(5, Math.max(1, Math.round(rating))) - 1;
  const histogram: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  histogram[stars] = count;
  await inTransaction(db, (tx) =>
    storeReviewSummary(tx, productId, {
      rating,
      count,
      score: ratingScore(rating * count, count),
      summary: { stars: histogram, fit: { runsSmall: 0, trueToSize: 0, runsLarge: 0 }, photos: [], featured: [] },
    }),
  );
}
