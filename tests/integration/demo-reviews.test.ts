import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { DEMO_SHOPPER, seedDemoOrders } from "../../app/db/seed/demo-orders.server";
import { seedDemoReviews } from "../../app/db/seed/demo-reviews.server";
import { seedProductInput } from "../../app/db/seed/product-input";
import { seedDatabase } from "../../app/db/seed/seed.server";
import { ensureDemoShopper } from "../../app/modules/accounts/index.server";
import { createProduct, getProduct } from "../../app/modules/catalog/index.server";
import { productVariants } from "../../app/modules/catalog/schema.server";
import { isOrderNumber } from "../../app/modules/checkout";
import { applyDemoTaxIdentity } from "../../app/modules/invoices/index.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { deliveredPurchasesOf } from "../../app/modules/orders/index.server";
import { orders } from "../../app/modules/orders/schema.server";
import { reviewedProductIds, reviewEligibility } from "../../app/modules/reviews/index.server";
import { reviews, reviewVotes } from "../../app/modules/reviews/schema.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The demo shop's first start shows real reviews: written by demo buyers with delivered orders of the
 * pieces, each product's stars counted from its published reviews, a few buyers' photos, and the demo
 * shopper with a delivered piece still waiting for her review.
 */

const t = setupTestDatabase();
// the demo shopper's three pieces, the products whose buyers post photos, and a spread of the rest
const SLUGS = new Set([
  "neel-dabu-print-cotton-kurta",
  "shyama-ikat-handloom-a-line-kurta",
  "gulnaar-chanderi-kurta-set-with-dupatta",
  "rani-pink-banarasi-silk-lehenga-set",
  "champa-block-print-tiered-maxi-dress",
  "mor-oxidised-jhumkas",
  "pochampally-ikat-silk-saree",
  "parvat-chevron-cotton-kurti",
  "roz-cotton-lycra-straight-pants",
  "pista-chanderi-silk-unstitched-suit",
  "shabnam-satin-pyjama-set",
  "kora-linen-relaxed-shirt",
]);

async function stockTotal() {
  const [row] = await t.db.select({ n: sql<number>`sum(${productVariants.stock})::int` }).from(productVariants);
  return row!.n;
}

describe("the demo buyers' reviews", () => {
  it("are honest: delivered buyers only, stars counted from the published reviews, photos stored; once", async () => {
    setDatabase(t.database);
    const root = mkdtempSync(path.join(tmpdir(), "demo-reviews-media-"));
    const storage = localDiskStorage(root);
    await seedDatabase(t.db, { storage, demoCatalogue: false });
    await applyDemoTaxIdentity(t.db);
    // the products without pictures: the reviews do not need them, and drawing them is slow
    const now = new Date();
    for (const [index, product] of CATALOGUE.entries())
      if (SLUGS.has(product.slug)) await createProduct(t.db, seedProductInput(product, index, now));
    expect(await seedDemoOrders(t.db)).toBe(2);
    const stockBefore = await stockTotal();

    const started = Date.now();
    const result = await seedDemoReviews(t.db, storage);
    const ms = Date.now() - started;
    expect(result.reviews).toBeGreaterThan(40);
    expect(result.photos).toBeGreaterThanOrEqual(6);
    expect(ms).toBeLessThan(20_000);
    // the past's orders took no stock
    expect(await stockTotal()).toBe(stockBefore);

    const all = await t.db.select().from(reviews);
    const productIds = [...new Set(all.map((r) => r.productId))];
    expect(productIds.length).toBeGreaterThanOrEqual(8);
    for (const id of productIds) {
      const mine = all.filter((r) => r.productId === id && r.status === "published");
      const product = (await getProduct(t.db, id))!;
      const sum = mine.reduce((s, r) => s + r.rating, 0);
      expect(product.reviewsCount).toBe(mine.length);
      expect(product.rating).toBe(Math.round((sum / mine.length) * 10) / 10);
      expect(product.reviewSummary!.stars).toEqual(
        [1, 2, 3, 4, 5].map((s) => mine.filter((r) => r.rating === s).length),
      );
      expect(product.reviewSummary!.photos.length).toBe(mine.flatMap((r) => r.photos).length);
    }
    // the averages are mostly good, not all perfect
    const averages = await Promise.all(productIds.map(async (id) => (await getProduct(t.db, id))!.rating!));
    expect(averages.filter((a) => a >= 3.8 && a <= 4.9).length).toBeGreaterThan(productIds.length / 2);
    expect(all.some((r) => r.rating <= 3)).toBe(true);

    for (const review of all) {
      // every author received the piece: the review names her delivered line
      const bought = await deliveredPurchasesOf(t.db, review.userId, review.productId);
      expect(bought.map((b) => b.orderLineId)).toContain(review.orderLineId);
      const line = bought.find((b) => b.orderLineId === review.orderLineId)!;
      expect([review.sizeBought, review.colourBought]).toEqual([line.size, line.colour]);
      expect(review.publishedAt!.getTime()).toBeGreaterThan(line.deliveredAt.getTime());
      expect(review.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      const [votes] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewVotes)
        .where(eq(reviewVotes.reviewId, review.id));
      expect(review.helpfulCount).toBe(votes!.n);
      expect(review.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    }
    expect(all.filter((r) => r.reply).length).toBeGreaterThanOrEqual(1);

    // the photos are stored like a shopper's: the file, its widths and thumbnail, her attached upload
    const withPhotos = all.filter((r) => r.photos.length > 0);
    for (const review of withPhotos)
      for (const url of review.photos) {
        const [upload] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.url, url));
        expect(upload).toMatchObject({ uploadedBy: review.userId });
        expect(upload!.attachedAt).not.toBeNull();
        const file = url.replace(/^\/media\//, "");
        expect(existsSync(path.join(root, file))).toBe(true);
        expect(existsSync(path.join(root, file.replace(/-w\d+\.webp$/, "-thumb.webp")))).toBe(true);
      }

    const numbers = await t.db.select({ n: orders.orderNumber }).from(orders);
    expect(numbers.every((o) => isOrderNumber(o.n))).toBe(true);

    // the demo shopper wrote one review and has a delivered piece waiting for hers
    const meera = await ensureDemoShopper(t.db, DEMO_SHOPPER);
    const hers = all.filter((r) => r.userId === meera);
    expect(hers).toHaveLength(1);
    expect(hers[0]).toMatchObject({ authorName: "Meera I.", status: "published" });
    const received = await deliveredPurchasesOf(t.db, meera);
    const reviewed = await reviewedProductIds(
      t.db,
      meera,
      received.map((p) => p.productId),
    );
    const waiting = received.filter((p) => !reviewed.has(p.productId));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    const eligibility = await reviewEligibility(t.db, meera, waiting[0]!.productId);
    expect(eligibility.purchase).not.toBeNull();
    expect(eligibility.review).toBeNull();

    // a second start writes nothing more
    expect(await seedDemoReviews(t.db, storage)).toMatchObject({ reviews: 0, orders: 0 });
    const [again] = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(again!.n).toBe(all.length);
    const [pending] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.status, "pending")));
    expect(pending!.n).toBe(0);
  }, 120_000);
});
