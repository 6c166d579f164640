import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.server";
import type { RollBack } from "../../../db/transaction.server";
import { changedFields, recordAudit, type Actor } from "../../audit/index.server";
import type { OrderHistory } from "../order-history";
import {
  PRODUCT_MESSAGES,
  productChangeSummary,
  type ProductDraft,
  type ProductFormValues,
  type ProductSnapshot,
} from "../product-form";
import { productImages, products } from "../schema.server";
import {
  addVariants,
  catalogueChanged,
  deleteVariants,
  pieceJoined,
  priceChanged,
  setVariantStock,
} from "../stock.server";
import { variantAxes, variantKey, variantSkus } from "../variants";
import {
  altFor,
  claimNewPictures,
  freeVariantSkus,
  insertPictures,
  picturesAndVariants,
  productColumns,
  snapshotOf,
  type Refusal,
  type VariantRow as Variant,
} from "./shared.server";

/* Saving the editor over an existing product: one transaction, refused when the form started from an older version. */

export interface UpdateOutcome {
  ok: true;
  version: number;
  /** pictures taken off the product whose files may go (no order shows them) */
  removedKeys: string[];
}

/** The product as it is, locked, with its pictures and variants; refused when missing or edited since the form was loaded. */
async function lockCurrent(tx: Tx, refuse: RollBack<Refusal>, productId: string, draft: ProductDraft) {
  // The product's lock: a second save of the same product waits here, then finds the version raised.
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!row) return refuse({ ok: false, status: 404, formError: PRODUCT_MESSAGES.notFound, fieldErrors: {} });
  if (draft.version === null || draft.version !== row.version) {
    return refuse({ ok: false, status: 409, formError: PRODUCT_MESSAGES.conflict, fieldErrors: {}, conflict: true });
  }
  const [images, variants] = await picturesAndVariants(tx, productId);
  const variantByKey = new Map<string, Variant>(variants.map((v) => [variantKey(v.size, v.colour), v]));
  const axes = variantAxes({ sizes: row.sizes, colourNames: row.colorNames });
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
    stock: axes.colours.flatMap((colour) =>
      axes.sizes.map((size) => ({ size, colour, stock: variantByKey.get(variantKey(size, colour))?.stock ?? 0 })),
    ),
    pictures: images.map((i) => ({ key: i.key, alt: i.alt })),
    packageWeightGrams: row.packageWeightGrams,
    packageLengthCm: row.packageLengthCm,
    packageBreadthCm: row.packageBreadthCm,
    packageHeightCm: row.packageHeightCm,
    fitAdviceEnabled: row.fitAdviceEnabled,
  };
  return { row, images, variants, variantByKey, before };
}

/**
 * Variants of the sizes x colours the product is no longer sold in go, the new ones are added. The
 * product row already names the new sizes and colours, so every stock function recomputes the
 * derived columns (stock, in_stock, sizes_in_stock) against them.
 */
async function reshapeVariants(
  tx: Tx,
  product: { id: string; sku: string },
  draft: ProductDraft,
  current: { variants: Variant[]; variantByKey: Map<string, Variant> },
  orders: OrderHistory,
  now: Date,
): Promise<void> {
  const wantedCells = new Map(draft.stock.map((s) => [variantKey(s.size, s.colour), s]));
  const retired = current.variants.filter((v) => !wantedCells.has(variantKey(v.size, v.colour)));
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
      product.id,
      retired.filter((v) => !named.has(v.id)).map((v) => v.id),
    );
    for (const v of retired) if (named.has(v.id) && v.stock > 0) await setVariantStock(tx, v.id, 0, now);
  }

  const added = draft.stock.filter((s) => !current.variantByKey.has(variantKey(s.size, s.colour)));
  if (added.length > 0) {
    const derived = variantSkus(
      product.sku,
      variantAxes({ sizes: draft.sizes, colourNames: draft.colours.map((c) => c.name) }),
    );
    const skus = await freeVariantSkus(
      tx,
      added.map((s) => derived.get(variantKey(s.size, s.colour))!),
    );
    await addVariants(
      tx,
      product.id,
      added.map((s, i) => ({ sku: skus[i]!, size: s.size, colour: s.colour, stock: s.stock })),
    );
  }
}

/**
 * A cell staff left as it was loaded is not written: a sale since then must not be undone by a
 * save of the price. A cell they changed is a count (a stock take) and is set to what they typed.
 * Returns the stock grid as it now is, for the audit row.
 */
async function writeStockCells(
  tx: Tx,
  draft: ProductDraft,
  formValues: ProductFormValues,
  variantByKey: Map<string, Variant>,
  now: Date,
): Promise<ProductSnapshot["stock"]> {
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
  return after;
}

/** Fields no list's members, order or counts depend on (decision 044): a change purges only the pages showing the piece. */
const CARD_ONLY: ReadonlySet<string> = new Set([
  "pricePaise",
  "originalPricePaise",
  "pictures",
  "details",
  "care",
  "material",
  "fit",
  "badge",
  "stock",
]);

/** Saves the editor's draft over product `productId` in the caller's transaction; the shop's caches are emptied after the commit. */
export async function updateInTx(
  tx: Tx,
  refuse: RollBack<Refusal>,
  staff: Actor,
  productId: string,
  draft: ProductDraft,
  formValues: ProductFormValues,
  now: Date,
  orders: OrderHistory,
): Promise<UpdateOutcome> {
  const current = await lockCurrent(tx, refuse, productId, draft);
  const { row, images, before } = current;

  // Pictures: the ones already on the product plus new uploads of this shop, in the form's order.
  const imageByKey = new Map(images.map((i) => [i.key, i]));
  const stored = await claimNewPictures(
    tx,
    refuse,
    draft.pictures.map((p) => p.key).filter((k) => !imageByKey.has(k)),
    staff,
  );
  for (const i of images) stored.set(i.key, { url: i.url, width: i.width, height: i.height });
  const wantedKeys = new Set(draft.pictures.map((p) => p.key));
  const removed = images.filter((i) => !wantedKeys.has(i.key));

  await tx
    .update(products)
    .set({ ...productColumns(draft, row.brand), version: row.version + 1, updatedAt: now })
    .where(eq(products.id, productId));
  await reshapeVariants(tx, row, draft, current, orders, now);
  const stockAfter = await writeStockCells(tx, draft, formValues, current.variantByKey, now);

  // Positions are unique per product: the simplest correct reorder is to write the list again.
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await insertPictures(tx, productId, draft, stored);

  const after: ProductSnapshot = {
    ...snapshotOf(draft),
    brand: draft.brand || row.brand,
    stock: stockAfter,
    pictures: draft.pictures.map((p, i) => ({ key: p.key, alt: altFor(draft, p.alt, i) })),
  };
  const changes = changedFields(
    before as unknown as Record<string, unknown>,
    after as unknown as Record<string, unknown>,
  );
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: productId,
    action: "update",
    summary: productChangeSummary(before, after),
    changes,
  });
  // A new price or picture changes the pages that show the piece, and a price the lists sorted or filtered
  // by it (decision 059). Any other field may change every list: a name or a description changes what
  // searches and suggestions find.
  catalogueChanged(tx, [productId], { lists: !Object.keys(changes).every((field) => CARD_ONLY.has(field)) });
  priceChanged(tx, after.category, before.pricePaise, after.pricePaise);
  if (after.isActive && (!before.isActive || before.category !== after.category)) pieceJoined(tx, after.category);

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
  return { ok: true, version: row.version + 1, removedKeys };
}
