import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.server";
import { unattachedUploadsByUrl } from "../../media/index.server";
import { productImages, products, productVariants } from "../schema.server";
import { absoluteUrl, storedForm } from "./addresses.server";
import { chunks } from "./batches.server";
import type { PictureState, ProductRow, VariantState } from "./plan-types.server";

/* What the shop has of what a file names: its products, their variants and pictures, and the uploads it may use. */

export interface ShopState {
  products: Map<string, ProductRow>;
  variants: Map<string, VariantState[]>;
  images: Map<string, PictureState[]>;
  /** variant SKU -> its variant and its product's SKU and name */
  skuOwners: Map<string, VariantState & { productSku: string; productName: string }>;
}

/** The products the file names (locked, in id order, when `lock`), their variants and pictures, and the owners of the file's variant SKUs. */
export async function loadShop(
  conn: Db | Tx,
  productSkus: string[],
  variantSkus: string[],
  lock: boolean,
): Promise<ShopState> {
  const found: Array<{ id: string }> = [];
  for (const part of chunks(productSkus))
    found.push(...(await conn.select({ id: products.id }).from(products).where(inArray(products.sku, part))));
  const ids = found.map((r) => r.id).sort();
  const rows: ProductRow[] = [];
  // Locks are taken in id order across the whole file, as the stock module's writers take them.
  for (const part of chunks(ids)) {
    const q = conn.select().from(products).where(inArray(products.id, part)).orderBy(asc(products.id));
    rows.push(...(lock ? await q.for("update") : await q));
  }
  const state: ShopState = {
    products: new Map(rows.map((r) => [r.sku, r])),
    variants: new Map(),
    images: new Map(),
    skuOwners: new Map(),
  };
  for (const part of chunks(ids)) {
    const [variants, images] = await Promise.all([
      conn
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          size: productVariants.size,
          colour: productVariants.colour,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, part)),
      conn
        .select({
          productId: productImages.productId,
          key: productImages.key,
          url: productImages.url,
          width: productImages.width,
          height: productImages.height,
          alt: productImages.alt,
        })
        .from(productImages)
        .where(inArray(productImages.productId, part))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    for (const v of variants) state.variants.set(v.productId, [...(state.variants.get(v.productId) ?? []), v]);
    for (const i of images) state.images.set(i.productId, [...(state.images.get(i.productId) ?? []), i]);
  }
  for (const part of chunks(variantSkus)) {
    const owners = await conn
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        size: productVariants.size,
        colour: productVariants.colour,
        stock: productVariants.stock,
        productSku: products.sku,
        productName: products.name,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, part));
    for (const o of owners) state.skuOwners.set(o.sku, o);
  }
  return state;
}

export interface PictureLookup {
  /** stored form -> an upload of this shop that no product has taken yet */
  uploads: Map<string, { key: string; url: string; width: number; height: number; uploadedBy: string | null }>;
  /** stored form -> the product whose picture it is */
  taken: Map<string, { productId: string; key: string }>;
}

export async function loadPictures(conn: Db | Tx, urls: string[], baseUrl: string): Promise<PictureLookup> {
  const lookup: PictureLookup = { uploads: new Map(), taken: new Map() };
  if (urls.length === 0) return lookup;
  // the stored url may be a path ('/media/...') or absolute (object storage): ask for both spellings
  const spellings = [...new Set(urls.flatMap((u) => [u, absoluteUrl(u, baseUrl)]))];
  for (const part of chunks(spellings)) {
    const [uploads, taken] = await Promise.all([
      unattachedUploadsByUrl(conn, part),
      conn
        .select({ productId: productImages.productId, key: productImages.key, url: productImages.url })
        .from(productImages)
        .where(inArray(productImages.url, part)),
    ]);
    for (const u of uploads) lookup.uploads.set(storedForm(u.url, baseUrl) ?? u.url, u);
    for (const t of taken) lookup.taken.set(storedForm(t.url, baseUrl) ?? t.url, t);
  }
  return lookup;
}
