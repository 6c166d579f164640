import type { Tx } from "../../../db/client.server";
import type { RollBack } from "../../../db/transaction.server";
import { changedFields, recordAudit, type Actor } from "../../audit/index.server";
import { formatPrice } from "../../pricing";
import { skuPrefix, type ProductDraft } from "../product-form";
import { products } from "../schema.server";
import { catalogueChanged, createVariants, pieceJoined } from "../stock.server";
import { nextSkuNumber } from "./load.server";
import { claimNewPictures, freeSlug, insertPictures, productColumns, snapshotOf, type Refusal } from "./shared.server";

/**
 * Inserts a new product with the next free SKU and slug, its variants and pictures, and its audit
 * row, in the caller's transaction; the shop's caches are emptied after the commit.
 */
export async function createInTx(
  tx: Tx,
  refuse: RollBack<Refusal>,
  staff: Actor,
  draft: ProductDraft,
  brandFallback: string,
  now: Date,
): Promise<{ id: string; version: number }> {
  const stored = await claimNewPictures(
    tx,
    refuse,
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
  catalogueChanged(tx, [inserted.id]);
  if (draft.isActive) pieceJoined(tx, draft.category);
  return { id: inserted.id, version: 1 };
}
