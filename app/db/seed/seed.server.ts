import { ensureCoupons } from "~/modules/coupons/index.server";
import { ensureStoreSettings } from "~/modules/content/index.server";
import { applyDemoTaxIdentity, ensureCategoryTax } from "~/modules/invoices/index.server";
import { createProduct, ensureCategories, findProductIdBySlug } from "~/modules/catalog/index.server";
import { CATEGORIES } from "~/modules/catalog";
import { loadSharp, storeResponsivePicture } from "~/modules/media/index.server";
import type { MediaStorage } from "~/modules/media/index.server";
import { PRODUCT_IMAGE_DEFAULT_WIDTH, PRODUCT_IMAGE_WIDTHS, thumbnailKey, variantKey } from "~/modules/media";
import { BANNER_COUNT, BANNER_WIDTHS, bannerKey, TILE_WIDTHS, tileKey } from "~/modules/content";
import type { Db } from "../client.server";
import { bannerSvg } from "./art/banners";
import { garmentSvg } from "./art/garment";
import { collectionTileSvg } from "./art/tiles";
import { CATALOGUE } from "./catalogue";
import { seedProductInput } from "./product-input";
import type { CategorySlug, PictureView, SeedProduct } from "./types";

export interface SeedOptions {
  storage: MediaStorage;
  /** products with pictures; off in live mode, where the owner starts with an empty catalogue */
  demoCatalogue: boolean;
  /** the demo products to add (default: the whole demo catalogue; tests pass a few) */
  products?: SeedProduct[];
  now?: Date;
  /** how many products to render at once (sharp already uses the thread pool) */
  concurrency?: number;
  onProgress?: (message: string) => void;
}

export interface SeedResult {
  productsCreated: number;
  productsSkipped: number;
  imagesCreated: number;
  /** product pictures found already drawn in the storage (a database seeded again over kept pictures) */
  imagesReused: number;
  siteImagesCreated: number;
}

/** Which pictures a demo product gets: 2 to 4, front first. */
export function picturePlan(product: SeedProduct): Array<{ view: PictureView; colourIndex: number }> {
  if (product.category === "accessories")
    return [
      { view: "front", colourIndex: 0 },
      { view: "detail", colourIndex: 0 },
    ];
  const plan: Array<{ view: PictureView; colourIndex: number }> = [
    { view: "front", colourIndex: 0 },
    { view: "back", colourIndex: 0 },
    { view: "detail", colourIndex: 0 },
  ];
  if (product.colours.length > 1) plan.push({ view: "front", colourIndex: 1 });
  return plan;
}

function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Puts one demo product's colours in the order a picture needs: the shown colour first. */
function coloursFor(product: SeedProduct, colourIndex: number) {
  const first = product.colours[colourIndex] ?? product.colours[0];
  return first ? [first, ...product.colours.filter((c) => c !== first)] : product.colours;
}

/**
 * A demo picture whose every width and thumbnail are already stored (the same key always holds the
 * same drawing): its size comes from the drawing's own dimensions, without drawing it again.
 */
async function keptPicture(storage: MediaStorage, svg: string, key: string) {
  const keys = [...PRODUCT_IMAGE_WIDTHS.map((w) => variantKey(key, w)), thumbnailKey(key)];
  if (!(await Promise.all(keys.map((k) => storage.exists(k)))).every(Boolean)) return null;
  const { width, height } = await (await loadSharp())(Buffer.from(svg)).metadata();
  if (!width || !height) return null;
  const shown = Math.min(PRODUCT_IMAGE_DEFAULT_WIDTH, width);
  return {
    key,
    url: storage.publicUrl(variantKey(key, PRODUCT_IMAGE_DEFAULT_WIDTH)),
    width: shown,
    height: Math.round((height * shown) / width),
  };
}

async function seedProduct(db: Db, storage: MediaStorage, product: SeedProduct, index: number, now: Date) {
  const plan = picturePlan(product);
  const seed = hashSeed(product.slug);
  let reused = 0;
  const images = await Promise.all(
    plan.map(async ({ view, colourIndex }, position) => {
      const svg = garmentSvg({
        category: product.category,
        print: product.print,
        colours: coloursFor(product, colourIndex),
        view,
        seed,
        piece: product.art,
      });
      const key = `products/${product.slug}/${position + 1}-${view}`;
      const kept = await keptPicture(storage, svg, key);
      if (kept) reused += 1;
      const stored = kept ?? (await storeResponsivePicture(storage, Buffer.from(svg), key));
      const colour = product.colours[colourIndex]?.name;
      const what = view === "detail" ? "fabric close-up" : view === "back" ? "back view" : "front view";
      return { ...stored, alt: `${product.name}${colour ? ` in ${colour}` : ""}, ${what}` };
    }),
  );
  await createProduct(db, seedProductInput(product, index, now), images);
  return { created: images.length - reused, reused };
}

/** Home-page banners and collection tiles; files that exist are kept. */
async function seedSiteImages(storage: MediaStorage): Promise<number> {
  const jobs: Array<{ key: string; probe: string; svg: () => string; widths: readonly number[] }> = [];
  for (let i = 0; i < BANNER_COUNT; i++) {
    for (const size of ["desktop", "mobile"] as const) {
      const key = bannerKey(i, size);
      const widths = BANNER_WIDTHS[size];
      jobs.push({ key, probe: variantKey(key, widths[widths.length - 1]!), svg: () => bannerSvg(i, size), widths });
    }
  }
  for (const { slug } of CATEGORIES) {
    for (const view of ["front", "back"] as const) {
      const key = tileKey(slug, view);
      jobs.push({
        key,
        probe: variantKey(key, 900),
        svg: () => collectionTileSvg(slug as CategorySlug, view),
        widths: TILE_WIDTHS,
      });
    }
  }
  let created = 0;
  for (const job of jobs) {
    if (await storage.exists(job.probe)) continue;
    await storeResponsivePicture(storage, Buffer.from(job.svg()), job.key, {
      widths: job.widths,
      defaultWidth: job.widths[job.widths.length - 1],
      thumbnail: false,
    });
    created += 1;
  }
  return created;
}

/**
 * Fills a database with what a shop needs to start: categories, the four starting coupons, store settings
 * and (in demo mode) the demo catalogue with generated pictures. Safe to run again: nothing is duplicated.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const result: SeedResult = {
    productsCreated: 0,
    productsSkipped: 0,
    imagesCreated: 0,
    imagesReused: 0,
    siteImagesCreated: 0,
  };
  await ensureCategories(db);
  // the GST rates migration 0008 gave the categories of shops that existed then
  await ensureCategoryTax(db);
  await ensureCoupons(db);
  if (options.demoCatalogue) {
    const list = options.products ?? CATALOGUE;
    const queue = list.map((product) => ({ product, index: CATALOGUE.indexOf(product) }));
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        if (await findProductIdBySlug(db, job.product.slug)) {
          result.productsSkipped += 1;
          continue;
        }
        // (read the count after the await: `x += await f()` would lose the other worker's additions)
        const images = await seedProduct(db, options.storage, job.product, job.index, now);
        result.imagesCreated += images.created;
        result.imagesReused += images.reused;
        result.productsCreated += 1;
        if (result.productsCreated % 11 === 0) {
          options.onProgress?.(`seeded ${result.productsCreated} of ${list.length} demo products`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    result.siteImagesCreated = await seedSiteImages(options.storage);
  }
  // Written last: its presence tells the next start that the first run finished.
  await ensureStoreSettings(db, { demo: options.demoCatalogue });
  // the demo shop issues tax invoices with a made-up GSTIN in Rajasthan, where its address is
  if (options.demoCatalogue) await applyDemoTaxIdentity(db);
  return result;
}
