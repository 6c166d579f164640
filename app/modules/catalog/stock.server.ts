import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { queueBackInStockMessages } from "./back-in-stock.server";
import { catalogueChanged, stockChanged } from "./catalogue-changes.server";
import { productVariants, products } from "./schema.server";
import { QUICK_ADD_SIZE } from "./quick-add";
import {
  DEFAULT_COLOUR,
  DEFAULT_SIZE,
  spreadStock,
  variantAxes,
  variantKey,
  variantMatrix,
  variantSkus,
  type VariantStock,
} from "./variants";
import { isUuid } from "../../lib/ids";

/*
 * Stock, per variant (decision 015). This file is the only one that writes `product_variants.stock`
 * and the product columns derived from it (`products.stock`, `in_stock`, `sizes_in_stock`).
 *
 * Every writer locks the products it touches first, in id order, and only then changes variants:
 * two checkouts of one product take turns, and the derived columns are recomputed by a statement
 * that starts after the lock was granted, so it sees the other transaction's committed rows
 * (READ COMMITTED takes a fresh snapshot per statement). The conditional updates and the CHECK
 * constraint keep stock from ever going below zero even if that order were broken.
 *
 * The functions run inside the caller's transaction, which must be opened with `inTransaction`
 * (app/db/transaction.server.ts). Each one that changes stock registers `stockCommitted` to run
 * after that transaction commits: it empties this process's page cache and facet counts and wakes
 * the outbox, which sends the back-in-stock texts a restock queued. Callers do nothing by hand.
 */

export interface StockLine {
  variantId: string;
  quantity: number;
}

/** Why a line could not be served: the variant does not exist, or has fewer than asked (`available`). */
export type StockFailure = { ok: false; line: number; variantId: string; requested: number; available: number | null };

export type ReserveResult = { ok: true } | StockFailure;
export type ReleaseResult = { ok: true; restocked: string[] } | StockFailure;

function checkLines(lines: readonly StockLine[]): void {
  lines.forEach((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity <= 0)
      throw new RangeError(`stock line ${i}: quantity must be a whole number above 0 (got ${l.quantity})`);
  });
}

/** Lines in variant-id order (the order rows are locked in), each keeping its place in the caller's list. */
function inLockOrder(lines: readonly StockLine[]): Array<StockLine & { index: number }> {
  return lines
    .map((l, index) => ({ ...l, index }))
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : a.index - b.index));
}

function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** Locks the products of these variants, in id order. Returns their ids. */
async function lockProductsOfVariants(tx: Tx, variantIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(variantIds.filter((id) => isUuid(id)))];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        tx.select({ id: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, wanted)),
      ),
    )
    .orderBy(asc(products.id))
    // NO KEY UPDATE: stock changes never touch a product's key, so an order line's foreign key check
    // (KEY SHARE) on the same product does not wait for it, and a checkout can write its order before
    // it takes the stock (the hot piece's lock is then held for the stock alone: decision 050)
    .for("no key update");
  return rows.map((r) => r.id);
}

/**
 * Recomputes the derived product columns from the variants (under the product locks). Answers the
 * categories of the products whose availability changed (in stock or not, the sizes in stock): what
 * lists, cards and filter counts show, beyond the product's own page; none when no product's did.
 */
async function refreshProducts(tx: Tx, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const result = (await tx.execute(sql`
    WITH before AS (
      SELECT id, in_stock, sizes_in_stock FROM ${products} WHERE id IN (${uuidList(productIds)})
    )
    UPDATE ${products} AS p SET
      stock = coalesce((SELECT sum(v.stock) FROM ${productVariants} v WHERE v.product_id = p.id), 0),
      in_stock = EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = p.id AND v.stock > 0),
      sizes_in_stock = coalesce((
        SELECT array_agg(DISTINCT v.size) FROM ${productVariants} v
        WHERE v.product_id = p.id AND v.stock > 0 AND v.size = ANY(p.sizes)
      ), '{}'::text[])
    FROM before
    WHERE p.id = before.id
    RETURNING p.category, (before.in_stock IS DISTINCT FROM p.in_stock OR before.sizes_in_stock IS DISTINCT FROM p.sizes_in_stock) AS changed`)) as unknown as {
    rows: Array<{ category: string; changed: boolean }>;
  };
  return [...new Set(result.rows.filter((row) => row.changed).map((row) => row.category))];
}

/**
 * In an UPDATE's RETURNING: whether the variant is the one its product's cards put in the bag with quick
 * add (`quickAddLine`, the cards' `quickAddStock`). A card offers quick add only while that variant has
 * stock, so its selling out or coming back changes the cards, even when the product's sizes in stock
 * do not (another colour of that size is left).
 */
const isQuickAddVariant = sql<boolean>`EXISTS (
  SELECT 1 FROM ${products} p WHERE p.id = ${productVariants.productId}
    AND ${productVariants.size} = CASE WHEN ${QUICK_ADD_SIZE} = ANY(p.sizes) THEN ${QUICK_ADD_SIZE} ELSE coalesce(p.sizes[1], ${DEFAULT_SIZE}) END
    AND ${productVariants.colour} = coalesce(p.color_names[1], ${DEFAULT_COLOUR}))`;

async function currentStock(tx: Tx, variantId: string): Promise<number | null> {
  if (!isUuid(variantId)) return null;
  const [row] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? null;
}

/**
 * Takes stock for every line, or for none: `UPDATE ... SET stock = stock - q WHERE id = v AND
 * stock >= q` per line inside a savepoint of the caller's transaction. When a line cannot be served
 * the savepoint is rolled back (nothing is taken) and the answer names that line (its index in
 * `lines`), what it asked for and what is available (null: no such variant). `purgeGraceMs`: a shopper's
 * order (ORDER_PURGE_GRACE_MS) lets the pages it changes be answered that long while they are rendered
 * again; without it (staff) they are rendered for the next visitor.
 */
export async function reserveStock(
  tx: Tx,
  lines: readonly StockLine[],
  options: { purgeGraceMs?: number } = {},
): Promise<ReserveResult> {
  checkLines(lines);
  if (lines.length === 0) return { ok: true };
  const productIds = await lockProductsOfVariants(
    tx,
    lines.map((l) => l.variantId),
  );
  // the products whose cards' quick add sold out
  const quickGone = new Set<string>();
  const takeAll = async (q: Tx): Promise<StockFailure | null> => {
    for (const line of inLockOrder(lines)) {
      const taken = isUuid(line.variantId)
        ? await q
            .update(productVariants)
            .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: sql`now()` })
            .where(sql`${productVariants.id} = ${line.variantId} AND ${productVariants.stock} >= ${line.quantity}`)
            .returning({
              productId: productVariants.productId,
              quickGone: sql<boolean>`${productVariants.stock} = 0 AND ${isQuickAddVariant}`,
            })
        : [];
      if (taken[0]?.quickGone) quickGone.add(taken[0].productId);
      if (taken.length === 0)
        return {
          ok: false,
          line: line.index,
          variantId: line.variantId,
          requested: line.quantity,
          available: await currentStock(q, line.variantId),
        };
    }
    return null;
  };
  // One line takes its stock in one statement or not at all: no savepoint to undo (two round trips
  // fewer while the product's lock is held, which is what a hot piece's checkouts queue on).
  const result =
    lines.length === 1
      ? ((await takeAll(tx)) ?? { ok: true as const, availability: await refreshProducts(tx, productIds) })
      : await inTransaction<StockFailure | { ok: true; availability: string[] }>(tx, async (sp, rollBack) => {
          const failure = await takeAll(sp);
          if (failure) return rollBack(failure);
          return { ok: true, availability: await refreshProducts(sp, productIds) };
        });
  if (!result.ok) return result;
  stockChanged(tx, productIds, result.availability, { graceMs: options.purgeGraceMs, cards: [...quickGone] });
  return { ok: true };
}

/**
 * Puts stock back (a cancelled order, a return, a delivery from the workshop): all lines or none.
 * Every variant that goes from 0 to more has its open back-in-stock requests answered: one text
 * message each, queued in the outbox in this same transaction (sent after commit). `restocked`
 * lists those variants.
 */
export async function releaseStock(tx: Tx, lines: readonly StockLine[], now = new Date()): Promise<ReleaseResult> {
  checkLines(lines);
  if (lines.length === 0) return { ok: true, restocked: [] };
  const productIds = await lockProductsOfVariants(
    tx,
    lines.map((l) => l.variantId),
  );
  // the products whose cards' quick add came back
  const quickBack = new Set<string>();
  const result = await inTransaction<StockFailure | { ok: true; restocked: string[]; availability: string[] }>(
    tx,
    async (sp, rollBack) => {
      const restocked: string[] = [];
      for (const line of inLockOrder(lines)) {
        const [row] = isUuid(line.variantId)
          ? await sp
              .update(productVariants)
              .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: sql`now()` })
              .where(eq(productVariants.id, line.variantId))
              .returning({
                id: productVariants.id,
                productId: productVariants.productId,
                stock: productVariants.stock,
                quick: isQuickAddVariant,
              })
          : [];
        if (!row)
          return rollBack({
            ok: false,
            line: line.index,
            variantId: line.variantId,
            requested: line.quantity,
            available: null,
          });
        if (row.stock - line.quantity === 0) {
          restocked.push(row.id);
          if (row.quick) quickBack.add(row.productId);
        }
      }
      const availability = await refreshProducts(sp, productIds);
      await queueBackInStockMessages(sp, restocked, now);
      return { ok: true, restocked, availability };
    },
  );
  if (!result.ok) return result;
  stockChanged(tx, productIds, result.availability, { cards: [...quickBack] });
  return { ok: true, restocked: result.restocked };
}

/**
 * Sets a variant's stock to a count (staff: a stock take, `npm run stock:set`, later the admin's
 * product editor). The difference goes through `releaseStock` or `reserveStock`, so a rise from 0
 * answers the back-in-stock requests exactly as a cancellation would. Null when there is no such variant.
 */
export async function setVariantStock(
  tx: Tx,
  variantId: string,
  stock: number,
  now = new Date(),
): Promise<{ before: number; after: number } | null> {
  if (!Number.isInteger(stock) || stock < 0)
    throw new RangeError(`stock must be a whole number, 0 or more (got ${stock})`);
  await lockProductsOfVariants(tx, [variantId]);
  const before = await currentStock(tx, variantId);
  if (before === null) return null;
  if (stock > before) {
    const result = await releaseStock(tx, [{ variantId, quantity: stock - before }], now);
    if (!result.ok) return null;
  } else if (stock < before) {
    const result = await reserveStock(tx, [{ variantId, quantity: before - stock }]);
    if (!result.ok) return null;
  }
  return { before, after: stock };
}

export interface NewVariants {
  productId: string;
  productSku: string;
  sizes: readonly string[];
  colourNames: readonly string[];
  /** the product's stock, spread over its variants with `spreadStock` */
  stock?: number;
  /** or each variant's own stock; combinations left out start at 0 */
  variantStock?: readonly VariantStock[];
}

/** Rows of one product's variants: every size x colour, with its SKU and starting stock. */
export function variantRows(product: NewVariants): Array<typeof productVariants.$inferInsert> {
  const axes = variantAxes(product);
  const matrix = variantMatrix(axes);
  const skus = variantSkus(product.productSku, axes);
  const spread = spreadStock(product.stock ?? 0, matrix.length);
  const explicit = product.variantStock
    ? new Map(product.variantStock.map((v) => [variantKey(v.size, v.colour), v.stock]))
    : null;
  if (explicit) {
    for (const key of explicit.keys()) {
      if (!skus.has(key)) throw new RangeError(`${product.productSku} is not sold in ${key.replace("\u0000", " / ")}`);
    }
  }
  return matrix.map(({ size, colour }, k) => ({
    productId: product.productId,
    sku: skus.get(variantKey(size, colour))!,
    size,
    colour,
    stock: explicit ? (explicit.get(variantKey(size, colour)) ?? 0) : spread[k]!,
  }));
}

/** Postgres takes at most 65,535 parameters per statement; a variant row has five. */
const VARIANT_ROWS_PER_INSERT = 10_000;

/**
 * Creates the variants of new products (every size x colour, with their starting stock) and fills
 * the derived product columns. For products just inserted in the same transaction; nobody can be
 * waiting for their stock, so no after-commit work is registered here: a writer whose new product
 * the shop should show at once calls `catalogueChanged(tx)` (the seed and the tests need not).
 */
export async function createVariants(tx: Tx, list: readonly NewVariants[]): Promise<void> {
  const rows = list.flatMap(variantRows);
  for (let i = 0; i < rows.length; i += VARIANT_ROWS_PER_INSERT) {
    await tx.insert(productVariants).values(rows.slice(i, i + VARIANT_ROWS_PER_INSERT));
  }
  await refreshProducts(
    tx,
    list.map((p) => p.productId),
  );
}

/** A size x colour an existing product starts to be sold in (the admin's product editor). */
export interface AddedVariant {
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

/**
 * Adds variants to an existing product (a new size or colour in the admin's editor) with their
 * starting stock, and recomputes the product's derived columns. A new variant has nobody waiting for
 * it, so no back-in-stock text can be due.
 */
export async function addVariants(tx: Tx, productId: string, rows: readonly AddedVariant[]): Promise<void> {
  if (rows.length === 0) return;
  for (const row of rows) {
    if (!Number.isInteger(row.stock) || row.stock < 0)
      throw new RangeError(`stock must be a whole number, 0 or more (got ${row.stock})`);
  }
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  await tx
    .insert(productVariants)
    .values(rows.map((r) => ({ productId, sku: r.sku, size: r.size, colour: r.colour, stock: r.stock })));
  await refreshProducts(tx, [productId]);
  catalogueChanged(tx, [productId]);
}

/**
 * Deletes variants of a product that is no longer sold in their size x colour (the admin's editor
 * decides which: only those no order ever named) and recomputes the product's derived columns.
 */
export async function deleteVariants(tx: Tx, productId: string, variantIds: readonly string[]): Promise<void> {
  const ids = variantIds.filter((id) => isUuid(id));
  if (ids.length === 0) return;
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  await tx
    .delete(productVariants)
    .where(sql`${productVariants.productId} = ${productId} AND ${productVariants.id} IN (${uuidList(ids)})`);
  await refreshProducts(tx, [productId]);
  catalogueChanged(tx, [productId]);
}

export { catalogueChanged, ORDER_PURGE_GRACE_MS, pieceJoined, priceChanged } from "./catalogue-changes.server";
