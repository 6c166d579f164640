import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../app/db/client.server";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { picturePlan, seedDatabase } from "../../app/db/seed/seed.server";
import { findCoupon } from "../../app/modules/coupons/coupons.server";
import { getStoreSettings } from "../../app/modules/content/settings.server";
import { DEMO_WHATSAPP_DIGITS } from "../../app/modules/content/settings-form";
import { getProduct } from "../../app/modules/catalog/products.server";
import { freeShippingHint, shippingFor } from "../../app/modules/pricing/pricing";
import { findProductIdBySlug } from "../../app/modules/catalog/products.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { seedVariantStock } from "../../app/db/seed/variant-stock";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();

// One product from each of a few categories keeps the test quick; the e2e run seeds the whole catalogue.
const SAMPLE = ["kurtas", "sarees", "accessories"].map(
  (c) => CATALOGUE.find((p) => p.category === c && p.colours.length > 1) ?? CATALOGUE.find((p) => p.category === c)!,
);

async function counts() {
  const rows = await queryRows<{ products: number; images: number; coupons: number; categories: number }>(
    t.db,
    sql`
    select (select count(*)::int from products) as products,
           (select count(*)::int from product_images) as images,
           (select count(*)::int from coupons) as coupons,
           (select count(*)::int from categories) as categories`,
  );
  return rows[0]!;
}

describe("the seed", () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), "seed-media-"));
  const storage = localDiskStorage(mediaDir);

  it("creates categories, the spec's coupons, settings and demo products with real pictures", async () => {
    const result = await seedDatabase(t.db, {
      storage,
      demoCatalogue: true,
      products: SAMPLE,
      now: new Date("2026-11-01T00:00:00Z"),
    });
    const expectedImages = SAMPLE.reduce((n, p) => n + picturePlan(p).length, 0);
    expect(result).toMatchObject({ productsCreated: SAMPLE.length, productsSkipped: 0, imagesCreated: expectedImages });
    expect(await counts()).toEqual({ products: SAMPLE.length, images: expectedImages, coupons: 4, categories: 11 });

    expect(await findCoupon(t.db, "save10")).toMatchObject({
      code: "SAVE10",
      type: "percentage",
      value: 10,
      minAmountPaise: 50_000,
    });
    expect(await findCoupon(t.db, "FLAT50")).toMatchObject({ type: "fixed", value: 5_000, minAmountPaise: 20_000 });
    expect(await findCoupon(t.db, "WELCOME20")).toMatchObject({
      type: "percentage",
      value: 20,
      minAmountPaise: 100_000,
    });
    expect(await findCoupon(t.db, "FIRST100")).toMatchObject({ type: "fixed", value: 10_000, minAmountPaise: 80_000 });
    expect((await getStoreSettings(t.db)).storeName).toBe("Saanjh");
    // the demo shop's product pages show the WhatsApp button, with a number the settings mark as one to replace
    expect((await getStoreSettings(t.db)).whatsappNumber).toBe(DEMO_WHATSAPP_DIGITS);

    const seedProduct = SAMPLE[0]!;
    const id = await findProductIdBySlug(t.db, seedProduct.slug);
    const product = await getProduct(t.db, id!);
    expect(product).toMatchObject({
      name: seedProduct.name,
      pricePaise: seedProduct.price * 100,
      stock: seedProduct.stock,
    });
    // its stock sits on its sizes and colours as the seed's rule says, with a SKU each
    expect(product!.variants.map(({ size, colour, stock }) => ({ size, colour, stock }))).toEqual(
      seedVariantStock(seedProduct),
    );
    expect(product!.variants.every((v) => v.sku.startsWith(`${product!.sku}-`))).toBe(true);
    expect(new Date(product!.createdAt).getTime()).toBe(
      new Date("2026-11-01T00:00:00Z").getTime() - seedProduct.addedDaysAgo * 86_400_000,
    );

    // Each picture exists in every width and as a thumbnail, and is a real WebP of the stated size.
    const first = product!.images[0]!;
    expect(first.url).toMatch(/^\/media\/products\/.+-w800\.webp$/);
    const file = path.join(mediaDir, first.url.replace(/^\/media\//, ""));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: first.width, height: first.height });
    expect(first.width).toBe(800);
    expect(first.height).toBe(1067);
    const stats = await sharp(file).stats();
    // a drawn picture, not a flat box: the channels vary
    expect(stats.channels[0]!.stdev).toBeGreaterThan(8);
    const folder = readdirSync(path.dirname(file));
    expect(folder.filter((f) => f.startsWith("1-front"))).toEqual(
      expect.arrayContaining(["1-front-w400.webp", "1-front-w800.webp", "1-front-w1200.webp", "1-front-thumb.webp"]),
    );
    expect(await sharp(path.join(path.dirname(file), "1-front-thumb.webp")).metadata()).toMatchObject({
      width: 300,
      height: 300,
    });

    // Banners and collection tiles for the home page.
    const site = readdirSync(path.join(mediaDir, "site"));
    expect(site).toEqual(
      expect.arrayContaining([
        "banner-1-desktop-w1920.webp",
        "banner-5-mobile-w800.webp",
        "collection-kurtas-back-w900.webp",
      ]),
    );
  });

  it("seeds no ratings (the demo shop has no reviews) and pieces under ₹500 that a bag pays shipping for, with drawn pictures", async () => {
    const small = CATALOGUE.filter((p) => p.price < 500);
    expect(small.map((p) => p.type)).toEqual(expect.arrayContaining(["Earrings", "Necklace", "Dupatta"]));
    await seedDatabase(t.db, { storage, demoCatalogue: true, products: small, now: new Date("2026-11-01T00:00:00Z") });
    const seeded = await queryRows<{ slug: string; rating: number | null; reviews: number }>(
      t.db,
      sql`select slug, rating, reviews_count as reviews from products`,
    );
    expect(seeded.length).toBe(SAMPLE.length + small.length);
    expect(seeded.every((p) => p.rating === null && Number(p.reviews) === 0)).toBe(true);
    for (const piece of small) {
      const product = (await getProduct(t.db, (await findProductIdBySlug(t.db, piece.slug))!))!;
      // alone in a bag it is charged ₹40 shipping, with the hint of what is left to free shipping
      expect(shippingFor(product.pricePaise), piece.slug).toBe(4_000);
      expect(freeShippingHint(product.pricePaise), piece.slug).toBe(
        `Add ₹${500 - piece.price} more for free shipping!`,
      );
      expect(product.stock, piece.slug).toBeGreaterThan(0);
      expect(product.images.length, piece.slug).toBe(picturePlan(piece).length);
      const file = path.join(mediaDir, product.images[0]!.url.replace(/^\/media\//, ""));
      expect((await sharp(file).stats()).channels[0]!.stdev, piece.slug).toBeGreaterThan(8);
    }
  });

  it("gives a live shop's first start no WhatsApp number: no made-up number ever reaches a live shop", async () => {
    await t.db.execute(sql`DELETE FROM store_settings`);
    await seedDatabase(t.db, { storage, demoCatalogue: false });
    expect((await getStoreSettings(t.db)).whatsappNumber).toBe("");
    // a demo shop that starts again keeps what its staff set (the seed only fills a new settings row)
    await seedDatabase(t.db, { storage, demoCatalogue: true, products: [] });
    expect((await getStoreSettings(t.db)).whatsappNumber).toBe("");
  });

  it("is idempotent: running it again duplicates nothing", async () => {
    const before = await counts();
    const again = await seedDatabase(t.db, { storage, demoCatalogue: true, products: SAMPLE });
    expect(again).toMatchObject({
      productsCreated: 0,
      productsSkipped: SAMPLE.length,
      imagesCreated: 0,
      siteImagesCreated: 0,
    });
    expect(await counts()).toEqual(before);
  });

  it("seeds a fresh database over pictures already drawn without drawing them again", async () => {
    const [first] = SAMPLE;
    const id = await findProductIdBySlug(t.db, first!.slug);
    const drawn = (await getProduct(t.db, id!))!.images;
    await t.db.execute(sql`DELETE FROM products WHERE slug = ${first!.slug}`);
    const again = await seedDatabase(t.db, {
      storage,
      demoCatalogue: true,
      products: [first!],
      now: new Date("2026-11-01T00:00:00Z"),
    });
    expect(again).toMatchObject({ productsCreated: 1, imagesCreated: 0, imagesReused: picturePlan(first!).length });
    const kept = (await getProduct(t.db, (await findProductIdBySlug(t.db, first!.slug))!))!.images;
    expect(kept).toEqual(drawn);
  });
});
