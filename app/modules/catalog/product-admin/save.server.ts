import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.server";
import { inTransaction } from "../../../db/transaction.server";
import { recordAudit, type Actor } from "../../audit/index.server";
import { removeStoredPictures } from "../../media/index.server";
import { checkProductForm, PRODUCT_MESSAGES, type ProductFormValues } from "../product-form";
import { isProductId } from "../products.server";
import { productImages, products } from "../schema.server";
import { catalogueChanged } from "../stock.server";
import { createInTx } from "./create.server";
import type { Refusal, SaveDeps, SaveResult } from "./shared.server";
import { updateInTx, type UpdateOutcome } from "./update.server";

/* The editor's save and the list's delete: what routes call. */

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
  if (productId === null) {
    return inTransaction<SaveResult>(db, async (tx, refuse) => {
      const created = await createInTx(tx, refuse, staff, draft, deps.brandFallback, now);
      return { ok: true, id: created.id, created: true, version: created.version, pictureCleanupFailed: false };
    });
  }
  const updated = await inTransaction<UpdateOutcome | Refusal>(db, (tx, refuse) =>
    updateInTx(tx, refuse, staff, productId, draft, values, now, deps.orders),
  );
  if (!updated.ok) return updated;
  const cleaned = await removeStoredPictures(deps.storage, updated.removedKeys);
  return { ok: true, id: productId, created: false, version: updated.version, pictureCleanupFailed: !cleaned };
}

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
  const result = await inTransaction(db, async (tx) => {
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
      catalogueChanged(tx, [productId]);
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
    catalogueChanged(tx, [productId]);
    return { outcome: "deleted" as const, keys };
  });
  if (!result) return { ok: false, status: 404, message: PRODUCT_MESSAGES.notFound };
  const cleaned = await removeStoredPictures(deps.storage, result.keys);
  return { ok: true, outcome: result.outcome, pictureCleanupFailed: !cleaned };
}
