import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { changedFields, recordAudit, type Actor } from "../audit/index.server";
import type { MediaStorage } from "../media/index.server";
import { claimUploads, removeStoredPictures, unattachedStaffUploadsByKey } from "../media/index.server";
import { formatPrice } from "../pricing";
import {
  ADMIN_PER_PAGE,
  checkProductForm,
  paiseToRupeesText,
  PRODUCT_MESSAGES,
  productChangeSummary,
  skuPrefix,
  slugify,
  type AdminListParams,
  type AdminProductPage,
  type FieldErrors,
  type ProductDraft,
  type ProductForEdit,
  type ProductFormValues,
  type ProductSnapshot,
} from "./product-form";
import type { OrderHistory } from "./order-history";
import { productImages, products, productVariants } from "./schema.server";
import { addVariants, createVariants, deleteVariants, setVariantStock, stockCommitted } from "./stock.server";
import { variantAxes, variantKey, variantSkus } from "./variants";
import { findVariantBySku } from "./variants.server";
import { isUuid } from "../../lib/ids";

/*
 * The admin's catalogue functions: the list with search and paging in SQL,
 * the editor's load, create and update (one transaction each, refused when the form started from an
 * older version), delete or archive. Stock goes only through stock.server.ts (decision 015), so
 * a size that comes back from 0 texts the shoppers waiting for it, and the derived product columns
 * stay right. Every change writes one audit row in its own transaction; after the commit the page
 * cache, the facet counts and the outbox are told (`stockCommitted`).
 *
 * Reading `order_lines` here is the one look into the orders module: whether a product or variant
 * was ever ordered decides between deleting and keeping it, and the admin coordinates the modules.
 */

export function isProductId(value: string): boolean {
  return isUuid(value);
}

/* ---------------- the list ---------------- */

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every product, active or not, newest first (`products_newest_idx`), one page at a time. The search
 * matches name, brand or product SKU as a case-insensitive substring (the trigram indexes
 * `products_name_trgm`, `products_brand_trgm`, `products_sku_trgm`), or a variant's exact SKU.
 */
export async function listAdminProducts(
  db: Db,
  params: AdminListParams,
  perPage = ADMIN_PER_PAGE,
): Promise<AdminProductPage> {
  const conditions: SQL[] = [];
  if (params.search) {
    const like = likePattern(params.search);
    const branches = [
      sql`${products.name} ILIKE ${like}`,
      sql`${products.brand} ILIKE ${like}`,
      sql`${products.sku} ILIKE ${like}`,
    ];
    // a variant's SKU ('KUR-1001-M-IND') finds its product through the variants' unique index
    if (/^[A-Za-z0-9-]{3,60}$/.test(params.search)) {
      const variant = await findVariantBySku(db, params.search);
      if (variant) branches.push(sql`${products.id} = ${variant.productId}`);
    }
    conditions.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  if (params.category) conditions.push(eq(products.category, params.category));
  if (params.status === "active") conditions.push(eq(products.isActive, true));
  if (params.status === "inactive") conditions.push(eq(products.isActive, false));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  // The page's ids first, from the index alone (a deep page would otherwise make PostgreSQL read and
  // sort every row it skips), then those rows.
  const newestFirst = [sql`${products.createdAt} DESC NULLS LAST`, asc(products.id)] as const;
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((params.page - 1) * perPage);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        description: sql<string>`left(${products.description}, 180)`,
        sku: products.sku,
        brand: products.brand,
        category: products.category,
        pricePaise: products.pricePaise,
        originalPricePaise: products.originalPricePaise,
        stock: products.stock,
        isActive: products.isActive,
      })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...newestFirst),
    db.select({ n: count() }).from(products).where(where),
  ]);
  // The cover of each product on the page, in a second statement: inside the first, PostgreSQL would
  // also look it up for every row OFFSET skips.
  const covers = new Map<string, { url: string; alt: string }>();
  if (rows.length > 0) {
    const found = await db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        url: productImages.url,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(productImages.productId, asc(productImages.position));
    for (const c of found) covers.set(c.productId, { url: c.url, alt: c.alt });
  }
  const total = counted?.n ?? 0;
  return {
    items: rows.map((r) => ({ ...r, image: covers.get(r.id) ?? null })),
    total,
    page: params.page,
    perPage,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
  };
}

/* ---------------- the editor's load ---------------- */

/** A product as the editor starts from it, or null. */
export async function loadProductForEdit(db: Db, id: string, orders: OrderHistory): Promise<ProductForEdit | null> {
  if (!isProductId(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const [images, variants, ordered] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position)),
    db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        size: productVariants.size,
        colour: productVariants.colour,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id)),
    orders.productEverOrdered(db, id),
  ]);
  const byKey = new Map(variants.map((v) => [variantKey(v.size, v.colour), v]));
  const axes = variantAxes({ sizes: row.sizes, colourNames: row.colorNames });
  const stock = axes.colours.flatMap((colour) =>
    axes.sizes.map((size) => {
      const v = byKey.get(variantKey(size, colour));
      return { size, colour, stock: String(v?.stock ?? 0), was: v?.stock ?? null };
    }),
  );
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    version: row.version,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    everOrdered: ordered,
    variants,
    values: {
      name: row.name,
      brand: row.brand,
      price: paiseToRupeesText(row.pricePaise),
      originalPrice: paiseToRupeesText(row.originalPricePaise),
      category: row.category,
      description: row.description,
      details: row.details,
      badge: row.badge ?? "",
      material: row.material ?? "",
      fabric: row.fabric ?? "",
      fit: row.fit ?? "",
      care: row.care ?? "",
      type: row.type ?? "",
      occasions: row.occasions,
      isActive: row.isActive,
      sizes: row.sizes,
      colours: row.colors.map((c) => ({ name: c.name, hex: c.hex })),
      stock,
      pictures: images.map((i) => ({ key: i.key, url: i.url, width: i.width, height: i.height, alt: i.alt })),
      version: row.version,
    },
  };
}

/** The number the next product's SKU would get ('SAR-1067'): one more than the highest in use. */
export async function nextSkuNumber(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(max((substring(${products.sku} from '-([0-9]{1,9})$'))::int), 1000)`.mapWith(Number),
    })
    .from(products)
    .where(sql`${products.sku} ~ '^[A-Z]+-[0-9]{1,9}$'`);
  return (row?.n ?? 1000) + 1;
}

/* ---------------- saving ---------------- */

export type SaveResult =
  | { ok: true; id: string; created: boolean; version: number; pictureCleanupFailed: boolean }
  | { ok: false; status: 400 | 404 | 409; formError: string; fieldErrors: FieldErrors; conflict?: boolean };

type Refusal = Extract<SaveResult, { ok: false }>;

/** Thrown inside a transaction to roll it back and answer with a refusal. */
class Refused extends Error {
  constructor(readonly result: Refusal) {
    super(result.formError);
  }
}

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
  };
}

/** Alt text as saved: what staff typed, else the product's name (the storefront never shows a picture without one). */
const altFor = (draft: ProductDraft, alt: string, position: number) =>
  alt || (position === 0 ? draft.name : `${draft.name}, picture ${position + 1}`);

/**
 * New pictures for a product must be uploads of this shop (media_uploads), not yet on any product;
 * they are claimed (marked attached) in the caller's transaction. Returns their stored sizes.
 */
async function claimNewPictures(
  tx: Tx,
  keys: string[],
  staff: Actor,
): Promise<Map<string, { url: string; width: number; height: number }>> {
  const found = new Map<string, { url: string; width: number; height: number }>();
  if (keys.length === 0) return found;
  const [uploads, taken] = await Promise.all([
    unattachedStaffUploadsByKey(tx, keys),
    tx.select({ key: productImages.key }).from(productImages).where(inArray(productImages.key, keys)),
  ]);
  for (const u of uploads) found.set(u.key, { url: u.url, width: u.width, height: u.height });
  if (found.size !== keys.length || taken.length > 0) {
    throw new Refused({
      ok: false,
      status: 400,
      formError: PRODUCT_MESSAGES.unknownPicture,
      fieldErrors: { pictures: PRODUCT_MESSAGES.unknownPicture },
    });
  }
  try {
    await claimUploads(tx, keys, staff.id);
  } catch (error) {
    getLogger().warn({ err: error, keys }, "upload claim refused");
    throw new Refused({
      ok: false,
      status: 400,
      formError: PRODUCT_MESSAGES.unknownPicture,
      fieldErrors: { pictures: PRODUCT_MESSAGES.unknownPicture },
    });
  }
  return found;
}

async function insertPictures(
  tx: Tx,
  productId: string,
  draft: ProductDraft,
  stored: Map<string, { url: string; width: number; height: number }>,
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

/** The first free address name of `base`, `base-2`, `base-3` ... (the unique index has the last word). */
async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const candidates = [base, ...Array.from({ length: 30 }, (_, i) => `${base}-${i + 2}`)];
  const used = new Set(
    (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, candidates))).map(
      (r) => r.slug,
    ),
  );
  return candidates.find((c) => !used.has(c)) ?? `${base}-${Date.now().toString(36)}`;
}

/** Variant SKUs not used by any variant yet: the derived one, else with '-2', '-3' ... after it. */
async function freeVariantSkus(tx: Tx, wanted: string[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const candidates = wanted.flatMap((s) => [s, ...Array.from({ length: 9 }, (_, i) => `${s}-${i + 2}`)]);
  const used = new Set(
    (
      await tx
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(productVariants.sku, candidates))
    ).map((r) => r.sku),
  );
  return wanted.map((s) => {
    const free =
      [s, ...Array.from({ length: 9 }, (_, i) => `${s}-${i + 2}`)].find((c) => !used.has(c)) ??
      `${s}-${Date.now().toString(36).toUpperCase()}`;
    used.add(free);
    return free;
  });
}

async function createInTx(
  tx: Tx,
  staff: Actor,
  draft: ProductDraft,
  brandFallback: string,
  now: Date,
): Promise<{ id: string; version: number }> {
  const stored = await claimNewPictures(
    tx,
    draft.pictures.map((p) => p.key),
    staff,
  );
  // SKU and slug are unique; a simultaneous create may take the same ones: then the next free ones.
  let inserted: { id: string; sku: string } | undefined;
  for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
    const sku = `${skuPrefix(draft.category)}-${(await nextSkuNumber(tx)) + attempt}`;
    const slug = await freeSlug(tx, draft.name);
    [inserted] = await tx
      .insert(products)
      .values({ ...productColumns(draft, brandFallback), sku, slug, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: products.id, sku: products.sku });
  }
  if (!inserted) throw new Error("no free SKU or slug for the new product");
  await createVariants(tx, [
    {
      productId: inserted.id,
      productSku: inserted.sku,
      sizes: draft.sizes,
      colourNames: draft.colours.map((c) => c.name),
      variantStock: draft.stock,
    },
  ]);
  await insertPictures(tx, inserted.id, draft, stored);
  const pieces = draft.stock.reduce((sum, s) => sum + s.stock, 0);
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: inserted.id,
    action: "create",
    summary: `Added ‘${draft.name}’ (${inserted.sku}) at ${formatPrice(draft.pricePaise)}: ${draft.stock.length} ${draft.stock.length === 1 ? "variant" : "variants"}, ${pieces} in stock, ${draft.pictures.length} ${draft.pictures.length === 1 ? "picture" : "pictures"}`,
    changes: changedFields({} as Record<string, unknown>, snapshotOf(draft) as unknown as Record<string, unknown>),
  });
  return { id: inserted.id, version: 1 };
}

interface UpdateOutcome {
  version: number;
  /** pictures taken off the product whose files may go (no order shows them) */
  removedKeys: string[];
}

async function updateInTx(
  tx: Tx,
  staff: Actor,
  productId: string,
  draft: ProductDraft,
  formValues: ProductFormValues,
  now: Date,
  orders: OrderHistory,
): Promise<UpdateOutcome> {
  // The product's lock: a second save of the same product waits here, then finds the version raised.
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw new Refused({ ok: false, status: 404, formError: PRODUCT_MESSAGES.notFound, fieldErrors: {} });
  if (draft.version === null || draft.version !== row.version) {
    throw new Refused({
      ok: false,
      status: 409,
      formError: PRODUCT_MESSAGES.conflict,
      fieldErrors: {},
      conflict: true,
    });
  }

  const [currentImages, currentVariants] = await Promise.all([
    tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position)),
    tx
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        size: productVariants.size,
        colour: productVariants.colour,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, productId)),
  ]);
  const beforeAxes = variantAxes({ sizes: row.sizes, colourNames: row.colorNames });
  const variantByKey = new Map(currentVariants.map((v) => [variantKey(v.size, v.colour), v]));
  const before: ProductSnapshot = {
    name: row.name,
    brand: row.brand,
    pricePaise: row.pricePaise,
    originalPricePaise: row.originalPricePaise,
    category: row.category,
    description: row.description,
    details: row.details,
    badge: row.badge,
    material: row.material,
    fabric: row.fabric,
    fit: row.fit,
    care: row.care,
    type: row.type,
    occasions: row.occasions,
    isActive: row.isActive,
    sizes: row.sizes,
    colours: row.colors.map((c) => ({ name: c.name, hex: c.hex })),
    stock: beforeAxes.colours.flatMap((colour) =>
      beforeAxes.sizes.map((size) => ({ size, colour, stock: variantByKey.get(variantKey(size, colour))?.stock ?? 0 })),
    ),
    pictures: currentImages.map((i) => ({ key: i.key, alt: i.alt })),
  };

  // Pictures: the ones already on the product plus new uploads of this shop, in the form's order.
  const imageByKey = new Map(currentImages.map((i) => [i.key, i]));
  const stored = await claimNewPictures(
    tx,
    draft.pictures.map((p) => p.key).filter((k) => !imageByKey.has(k)),
    staff,
  );
  for (const i of currentImages) stored.set(i.key, { url: i.url, width: i.width, height: i.height });
  const wantedKeys = new Set(draft.pictures.map((p) => p.key));
  const removed = currentImages.filter((i) => !wantedKeys.has(i.key));

  await tx
    .update(products)
    .set({ ...productColumns(draft, row.brand), version: row.version + 1, updatedAt: now })
    .where(eq(products.id, productId));

  // Variants. The product row above already names the new sizes and colours, so every stock
  // function below recomputes the derived columns (stock, in_stock, sizes_in_stock) against them.
  const wantedCells = new Map(draft.stock.map((s) => [variantKey(s.size, s.colour), s]));
  const retired = currentVariants.filter((v) => !wantedCells.has(variantKey(v.size, v.colour)));
  if (retired.length > 0) {
    // A combination the product is no longer sold in: its variant is deleted when no order names it.
    // One an order names is kept at stock 0 (hidden from the shop, which lists only the product's
    // sizes x colours): the order line keeps its link for returns and cancellations, and the same
    // size and colour offered again later picks the row up with its SKU.
    const named = await orders.variantsOrdered(
      tx,
      retired.map((v) => v.id),
    );
    await deleteVariants(
      tx,
      productId,
      retired.filter((v) => !named.has(v.id)).map((v) => v.id),
    );
    for (const v of retired) if (named.has(v.id) && v.stock > 0) await setVariantStock(tx, v.id, 0, now);
  }

  const added = draft.stock.filter((s) => !variantByKey.has(variantKey(s.size, s.colour)));
  if (added.length > 0) {
    const derived = variantSkus(
      row.sku,
      variantAxes({ sizes: draft.sizes, colourNames: draft.colours.map((c) => c.name) }),
    );
    const skus = await freeVariantSkus(
      tx,
      added.map((s) => derived.get(variantKey(s.size, s.colour))!),
    );
    await addVariants(
      tx,
      productId,
      added.map((s, i) => ({ sku: skus[i]!, size: s.size, colour: s.colour, stock: s.stock })),
    );
  }

  // A cell staff left as it was loaded is not written: a sale since then must not be undone by a
  // save of the price. A cell they changed is a count (a stock take) and is set to what they typed.
  const loaded = new Map(formValues.stock.map((c) => [variantKey(c.size, c.colour), c.was ?? null]));
  const after: ProductSnapshot["stock"] = [];
  for (const cell of draft.stock) {
    const key = variantKey(cell.size, cell.colour);
    const variant = variantByKey.get(key);
    if (!variant) {
      after.push(cell);
      continue;
    }
    const wasLoaded = loaded.get(key);
    if (wasLoaded !== undefined && wasLoaded !== null && wasLoaded === cell.stock) {
      after.push({ ...cell, stock: variant.stock });
      continue;
    }
    if (variant.stock !== cell.stock) await setVariantStock(tx, variant.id, cell.stock, now);
    after.push(cell);
  }

  // Positions are unique per product: the simplest correct reorder is to write the list again.
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await insertPictures(tx, productId, draft, stored);

  const afterSnapshot: ProductSnapshot = {
    ...snapshotOf(draft),
    brand: draft.brand || row.brand,
    stock: after,
    pictures: draft.pictures.map((p, i) => ({ key: p.key, alt: altFor(draft, p.alt, i) })),
  };
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: productId,
    action: "update",
    summary: productChangeSummary(before, afterSnapshot),
    changes: changedFields(
      before as unknown as Record<string, unknown>,
      afterSnapshot as unknown as Record<string, unknown>,
    ),
  });

  // A removed picture's files go after the commit, unless an order line shows it (orders keep their picture).
  let removedKeys = removed.map((i) => i.key);
  if (removed.length > 0) {
    const kept = await orders.picturesShown(
      tx,
      removed.map((i) => i.url),
      productId,
    );
    removedKeys = removed.filter((i) => !kept.has(i.url)).map((i) => i.key);
  }
  return { version: row.version + 1, removedKeys };
}

/**
 * Creates (`productId` null) or updates a product from the editor's values. The server checks and
 * recomputes everything (prices to paise, the stock grid against sizes x colours, the pictures
 * against the shop's uploads); an update whose version is not the product's current one is refused
 * with the product unchanged.
 */
export async function saveProduct(
  db: Db,
  staff: Actor,
  productId: string | null,
  values: ProductFormValues,
  deps: SaveDeps & { brandFallback: string },
): Promise<SaveResult> {
  const checked = checkProductForm(values);
  if (!checked.ok) return { ok: false, status: 400, formError: checked.formError, fieldErrors: checked.fieldErrors };
  const draft = checked.draft;
  const now = deps.now ?? new Date();
  if (productId !== null && !isProductId(productId))
    return { ok: false, status: 404, formError: PRODUCT_MESSAGES.notFound, fieldErrors: {} };
  try {
    if (productId === null) {
      const created = await db.transaction((tx) => createInTx(tx, staff, draft, deps.brandFallback, now));
      stockCommitted();
      return { ok: true, id: created.id, created: true, version: created.version, pictureCleanupFailed: false };
    }
    const updated = await db.transaction((tx) => updateInTx(tx, staff, productId, draft, values, now, deps.orders));
    stockCommitted();
    const cleaned = await removeStoredPictures(deps.storage, updated.removedKeys);
    return { ok: true, id: productId, created: false, version: updated.version, pictureCleanupFailed: !cleaned };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/* ---------------- delete or archive ---------------- */

export type DeleteResult =
  | { ok: true; outcome: "deleted" | "archived"; pictureCleanupFailed: boolean }
  | { ok: false; status: 404; message: string };

/**
 * Deleting asks for confirmation first. A product any order names is archived instead (inactive, kept for
 * the order history); any other is deleted with its variants, pictures and their files.
 */
export async function deleteOrArchiveProduct(
  db: Db,
  staff: Actor,
  productId: string,
  deps: SaveDeps,
): Promise<DeleteResult> {
  if (!isProductId(productId)) return { ok: false, status: 404, message: PRODUCT_MESSAGES.notFound };
  const now = deps.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    // The lock first: a checkout reserving this product's stock locks it too, so an order cannot
    // appear between the check below and the delete.
    const [row] = await tx
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        version: products.version,
        isActive: products.isActive,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!row) return null;
    if (await deps.orders.productEverOrdered(tx, productId)) {
      await tx
        .update(products)
        .set({ isActive: false, version: row.version + 1, updatedAt: now })
        .where(eq(products.id, productId));
      await recordAudit(tx, staff, {
        entity: "product",
        entityId: productId,
        action: "archive",
        summary: `Archived ‘${row.name}’ (${row.sku}): it has orders, so it was made inactive instead of deleted`,
        changes: row.isActive ? { isActive: { before: true, after: false } } : undefined,
      });
      return { outcome: "archived" as const, keys: [] as string[] };
    }
    const keys = (
      await tx.select({ key: productImages.key }).from(productImages).where(eq(productImages.productId, productId))
    ).map((r) => r.key);
    await tx.delete(products).where(eq(products.id, productId));
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: productId,
      action: "delete",
      summary: `Deleted ‘${row.name}’ (${row.sku}) with ${keys.length} ${keys.length === 1 ? "picture" : "pictures"}`,
    });
    return { outcome: "deleted" as const, keys };
  });
  if (!result) return { ok: false, status: 404, message: PRODUCT_MESSAGES.notFound };
  stockCommitted();
  const cleaned = await removeStoredPictures(deps.storage, result.keys);
  return { ok: true, outcome: result.outcome, pictureCleanupFailed: !cleaned };
}
