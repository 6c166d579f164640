import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.server";
import type { RollBack } from "../../../db/transaction.server";
import { getLogger } from "../../../lib/logger.server";
import type { Actor } from "../../audit/index.server";
import { claimUploads, unattachedStaffUploadsByKey, type MediaStorage } from "../../media/index.server";
import type { OrderHistory } from "../order-history";
import { PRODUCT_MESSAGES, slugify, type FieldErrors, type ProductDraft, type ProductSnapshot } from "../product-form";
import { productImages, products, productVariants } from "../schema.server";

/* What creating and updating a product share: the answers, the columns, the pictures, free SKUs and slugs. */

/** A picture's stored file. */
export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** A variant as the editor works with it. */
type ProductImageRow = typeof productImages.$inferSelect;

export interface VariantRow {
  id: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

/**
 * A product's pictures in their order, and every variant row it has (also those no longer in its sizes
 * x colours). One after the other: inside a save's transaction both go over its one connection.
 */
export async function picturesAndVariants(db: Db | Tx, productId: string): Promise<[ProductImageRow[], VariantRow[]]> {
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  const variants: VariantRow[] = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      size: productVariants.size,
      colour: productVariants.colour,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return [images, variants];
}

export type SaveResult =
  | { ok: true; id: string; created: boolean; version: number; pictureCleanupFailed: boolean }
  | { ok: false; status: 400 | 404 | 409; formError: string; fieldErrors: FieldErrors; conflict?: boolean };

export type Refusal = Extract<SaveResult, { ok: false }>;

export interface SaveDeps {
  storage: MediaStorage;
  /** what orders say about the product (the orders module's `orderHistory`) */
  orders: OrderHistory;
  now?: Date;
}

/** A draft as the audit log records it (everything but the version it was made against). */
export function snapshotOf(draft: ProductDraft): ProductSnapshot {
  const { version: _version, ...rest } = draft;
  return rest;
}

/** The columns a product row is written with, by the editor and the CSV import alike. */
export function productColumns(draft: ProductDraft, brandFallback = "") {
  return {
    name: draft.name,
    brand: draft.brand || brandFallback,
    category: draft.category,
    description: draft.description,
    details: draft.details,
    pricePaise: draft.pricePaise,
    originalPricePaise: draft.originalPricePaise,
    sizes: draft.sizes,
    colors: draft.colours,
    colorNames: draft.colours.map((c) => c.name),
    fabric: draft.fabric,
    material: draft.material,
    fit: draft.fit,
    care: draft.care,
    occasions: draft.occasions,
    type: draft.type,
    badge: draft.badge,
    isActive: draft.isActive,
    packageWeightGrams: draft.packageWeightGrams,
    packageLengthCm: draft.packageLengthCm,
    packageBreadthCm: draft.packageBreadthCm,
    packageHeightCm: draft.packageHeightCm,
    fitAdviceEnabled: draft.fitAdviceEnabled,
  };
}

/** Alt text as saved: what staff typed, else the product's name (the storefront never shows a picture without one). */
export const altFor = (draft: ProductDraft, alt: string, position: number) =>
  alt || (position === 0 ? draft.name : `${draft.name}, picture ${position + 1}`);

/**
 * New pictures for a product must be uploads of this shop (media_uploads), not yet on any product;
 * they are claimed (marked attached) in the caller's transaction. Returns their stored sizes. Any
 * other key refuses the whole save (`refuse` rolls the transaction back).
 */
export async function claimNewPictures(
  tx: Tx,
  refuse: RollBack<Refusal>,
  keys: string[],
  staff: Actor,
): Promise<Map<string, StoredPicture>> {
  const found = new Map<string, StoredPicture>();
  if (keys.length === 0) return found;
  // one statement after another: a transaction is one connection
  const uploads = await unattachedStaffUploadsByKey(tx, keys);
  const taken = await tx.select({ key: productImages.key }).from(productImages).where(inArray(productImages.key, keys));
  for (const u of uploads) found.set(u.key, { url: u.url, width: u.width, height: u.height });
  const unknownPicture: Refusal = {
    ok: false,
    status: 400,
    formError: PRODUCT_MESSAGES.unknownPicture,
    fieldErrors: { pictures: PRODUCT_MESSAGES.unknownPicture },
  };
  if (found.size !== keys.length || taken.length > 0) return refuse(unknownPicture);
  try {
    await claimUploads(tx, keys, staff.id);
  } catch (error) {
    getLogger().warn({ err: error, keys }, "upload claim refused");
    return refuse(unknownPicture);
  }
  return found;
}

/** Writes the draft's pictures, in its order, from their stored files. */
export async function insertPictures(
  tx: Tx,
  productId: string,
  draft: ProductDraft,
  stored: Map<string, StoredPicture>,
): Promise<void> {
  if (draft.pictures.length === 0) return;
  await tx.insert(productImages).values(
    draft.pictures.map((p, position) => {
      const file = stored.get(p.key)!;
      return {
        productId,
        key: p.key,
        url: file.url,
        width: file.width,
        height: file.height,
        position,
        alt: altFor(draft, p.alt, position),
      };
    }),
  );
}

/** `name`, then `name-2`, `name-3` ... up to `name-<last>`. */
const numbered = (name: string, last: number) => [
  name,
  ...Array.from({ length: last - 1 }, (_, i) => `${name}-${i + 2}`),
];

/** The first free address name of `base`, `base-2`, `base-3` ... (the unique index has the last word). */
export async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const candidates = numbered(base, 31);
  const used = new Set(
    (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, candidates))).map(
      (r) => r.slug,
    ),
  );
  return candidates.find((c) => !used.has(c)) ?? `${base}-${Date.now().toString(36)}`;
}

/** Variant SKUs not used by any variant yet: the derived one, else with '-2', '-3' ... after it. */
export async function freeVariantSkus(tx: Tx, wanted: string[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const candidates = wanted.flatMap((s) => numbered(s, 10));
  const used = new Set(
    (
      await tx
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(productVariants.sku, candidates))
    ).map((r) => r.sku),
  );
  return wanted.map((s) => {
    const free = numbered(s, 10).find((c) => !used.has(c)) ?? `${s}-${Date.now().toString(36).toUpperCase()}`;
    used.add(free);
    return free;
  });
}
