import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.server";
import { inTransaction } from "../../../db/transaction.server";
import { recordAudit, type Actor } from "../../audit/index.server";
import { claimUploads, removeStoredPictures, type MediaStorage } from "../../media/index.server";
import type { ImportReport } from "../product-csv";
import type { OrderHistory } from "../order-history";
import { productColumns } from "../product-admin.server";
import { productImages, products } from "../schema.server";
import { addVariants, catalogueChanged, releaseStock, reserveStock, type StockLine } from "../stock.server";
import { chunks } from "./batches.server";
import type { ImportContext, ImportPlan } from "./plan-types.server";
import { planImport } from "./plan.server";
import type { ParsedCsv } from "./read.server";

/*
 * The import's last step: the file planned again inside the apply's transaction, under the products'
 * locks, and applied only if its digest is the one the dry run showed. Stock goes through the stock
 * module, every product changed gets its audit row, and the import one summary row.
 */

export type ApplyResult =
  | { ok: true; report: ImportReport; pictureCleanupFailed: boolean }
  | { ok: false; reason: "changed"; report: ImportReport }
  | { ok: false; reason: "nothing"; report: ImportReport };

/** Products are inserted this many to a statement (about 20 parameters each). */
const PRODUCTS_PER_INSERT = 500;

async function applyPlan(tx: Tx, staff: Actor, plan: ImportPlan, csv: ParsedCsv, now: Date): Promise<void> {
  const creates = plan.ops.filter((o) => o.kind === "create");
  for (const part of chunks(creates, PRODUCTS_PER_INSERT)) {
    const inserted = await tx
      .insert(products)
      .values(
        part.map((o) => ({ ...productColumns(o.draft), sku: o.sku, slug: o.slug!, createdAt: now, updatedAt: now })),
      )
      .returning({ id: products.id, sku: products.sku });
    const ids = new Map(inserted.map((r) => [r.sku, r.id]));
    for (const o of part) o.productId = ids.get(o.sku)!;
  }

  // The uploads the products take now are claimed in this transaction (only this staff member's own).
  const fresh = plan.ops.flatMap((o) => o.pictures.filter((p) => p.fresh).map((p) => p.key));
  if (fresh.length > 0) await claimUploads(tx, fresh, staff.id);

  // Fields or pictures changed: the version rises, so an editor open on the product is refused on
  // save instead of undoing the import. Counts alone do not: the editor writes only the cells staff changed.
  for (const o of plan.ops) {
    if (o.kind !== "update" || !(o.fieldsChanged || o.picturesChanged)) continue;
    await tx
      .update(products)
      .set({ ...productColumns(o.draft), version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, o.productId!));
  }

  const picturesToWrite = plan.ops.filter(
    (o) => (o.kind === "create" && o.pictures.length > 0) || (o.kind === "update" && o.picturesChanged),
  );
  if (picturesToWrite.length > 0) {
    const updated = picturesToWrite.filter((o) => o.kind === "update").map((o) => o.productId!);
    for (const part of chunks(updated)) await tx.delete(productImages).where(inArray(productImages.productId, part));
    const rows = picturesToWrite.flatMap((o) =>
      o.pictures.map((p, position) => ({
        productId: o.productId!,
        key: p.key,
        url: p.url,
        width: p.width,
        height: p.height,
        position,
        alt: p.alt || (position === 0 ? o.draft.name : `${o.draft.name}, picture ${position + 1}`),
      })),
    );
    for (const part of chunks(rows)) await tx.insert(productImages).values(part);
  }

  // Variants through the stock module: new ones with their starting stock, then the counts.
  for (const o of plan.ops) if (o.newVariants.length > 0) await addVariants(tx, o.productId!, o.newVariants);
  const rises: StockLine[] = [];
  const falls: StockLine[] = [];
  for (const o of plan.ops) {
    for (const s of o.stockChanges) {
      if (s.after > s.before) rises.push({ variantId: s.variantId, quantity: s.after - s.before });
      else falls.push({ variantId: s.variantId, quantity: s.before - s.after });
    }
  }
  // A stock take, like setVariantStock, batched: the products are locked, so the counts read in the
  // plan are the counts now. A rise from 0 answers the shoppers waiting for that size.
  for (const part of chunks(rises, 5000)) {
    const released = await releaseStock(tx, part, now);
    if (!released.ok) throw new Error(`stock of variant ${released.variantId} could not be raised`);
  }
  for (const part of chunks(falls, 5000)) {
    const reserved = await reserveStock(tx, part);
    if (!reserved.ok) throw new Error(`stock of variant ${reserved.variantId} could not be lowered`);
  }

  for (const o of plan.ops) {
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: o.productId!,
      action: o.kind === "create" ? "import-create" : "import-update",
      summary: `CSV import: ${o.summary}`,
      changes: o.changes,
    });
  }
  const c = plan.report.counts;
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: `import:${plan.report.digest.slice(0, 16)}`,
    action: "import",
    summary: `Imported ${csv.fileName || "a CSV file"} (${c.rows} rows): ${c.newProducts} new products, ${c.updatedProducts} updated, ${c.newVariants} new variants, ${c.stockChanges} stock changes, ${c.unchanged} rows unchanged, ${c.rejected} rejected`,
    changes: { file: { before: null, after: { name: csv.fileName, bytes: csv.bytes, sha256: csv.sha256 } } },
  });
}

export interface ApplyDeps {
  storage: MediaStorage;
  /** what orders say about products (the orders module's `orderHistory`) */
  orders: OrderHistory;
}

/**
 * Applies the file if, planned again now under the products' locks, it would do exactly what the
 * dry run with `digest` showed; otherwise nothing is changed and the new plan is answered. One
 * transaction: all of it or none of it.
 */
export async function applyImport(
  db: Db,
  staff: Actor,
  csv: ParsedCsv,
  digest: string,
  ctx: ImportContext,
  deps: ApplyDeps,
): Promise<ApplyResult> {
  const now = ctx.now ?? new Date();
  const applied = await inTransaction<{ ok: true; plan: ImportPlan } | Extract<ApplyResult, { ok: false }>>(
    db,
    async (tx, rollBack) => {
      const plan = await planImport(tx, csv, { ...ctx, now }, true);
      if (plan.report.digest !== digest) return rollBack({ ok: false, reason: "changed", report: plan.report });
      if (plan.ops.length === 0) return rollBack({ ok: false, reason: "nothing", report: plan.report });
      await applyPlan(tx, staff, plan, csv, now);
      // fields and pictures change what the shop shows even where no stock changed
      catalogueChanged(tx);
      return { ok: true, plan };
    },
  );
  if (!applied.ok) return applied;
  const { plan } = applied;

  // Pictures taken off a product go from storage after the commit, unless an order shows them.
  const removed = plan.ops.flatMap((o) => o.removedPictures);
  const shown = await deps.orders.picturesShown(
    db,
    removed.map((p) => p.url),
  );
  const pictureCleanupFailed = !(await removeStoredPictures(
    deps.storage,
    removed.filter((p) => !shown.has(p.url)).map((p) => p.key),
  ));
  return { ok: true, report: plan.report, pictureCleanupFailed };
}
