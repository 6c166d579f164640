import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { productVariants, products } from "./schema.server";
import { variantAxes, type ProductVariantView } from "./variants";
import { isUuid } from "../../lib/ids";

/* Reading variants (decision 015); writes are in stock.server.ts. */

type Conn = Db | Tx;

export interface VariantRef {
  id: string;
  productId: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

const refColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  size: productVariants.size,
  colour: productVariants.colour,
  stock: productVariants.stock,
};

/** The variant of a product in a size and colour (the cart's line), or null. */
export async function findVariant(
  db: Conn,
  productId: string,
  size: string,
  colour: string,
): Promise<VariantRef | null> {
  if (!isUuid(productId)) return null;
  const [row] = await db
    .select(refColumns)
    .from(productVariants)
    .where(
      and(eq(productVariants.productId, productId), eq(productVariants.size, size), eq(productVariants.colour, colour)),
    )
    .limit(1);
  return row ?? null;
}

export async function findVariantBySku(db: Conn, sku: string): Promise<VariantRef | null> {
  const [row] = await db
    .select(refColumns)
    .from(productVariants)
    .where(eq(productVariants.sku, sku.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}

export async function getVariant(db: Conn, variantId: string): Promise<VariantRef | null> {
  if (!isUuid(variantId)) return null;
  const [row] = await db.select(refColumns).from(productVariants).where(eq(productVariants.id, variantId)).limit(1);
  return row ?? null;
}

/**
 * A product's variants as JSON, in the statement that reads the product (`FROM products`): no second
 * round trip. Pass the rows to `offeredVariants` with the product's axes.
 */
export const variantsOfOuterProduct = sql<ProductVariantView[]>`coalesce((
  SELECT json_agg(json_build_object('id', v.id, 'sku', v.sku, 'size', v.size, 'colour', v.colour, 'stock', v.stock))
  FROM ${productVariants} v WHERE v.product_id = ${sql.identifier("products")}.${sql.identifier("id")}
), '[]'::json)`;

/**
 * Of a product's variant rows, those of the sizes and colours it offers, colour by colour and then
 * size (the product's own order).
 */
export function offeredVariants<V extends ProductVariantView>(
  product: { sizes: readonly string[]; colourNames: readonly string[] },
  rows: readonly V[],
): V[] {
  const axes = variantAxes(product);
  return rows
    .filter((v) => axes.sizes.includes(v.size) && axes.colours.includes(v.colour))
    .sort(
      (a, b) =>
        axes.colours.indexOf(a.colour) - axes.colours.indexOf(b.colour) ||
        axes.sizes.indexOf(a.size) - axes.sizes.indexOf(b.size),
    );
}

/**
 * The variants of several products, each list in the product's own order (colour, then size),
 * keyed by product id. Variants of sizes or colours the product no longer offers are left out.
 */
export async function variantsOf(db: Conn, productIds: readonly string[]): Promise<Map<string, ProductVariantView[]>> {
  const wanted = [...new Set(productIds.filter((id) => isUuid(id)))];
  const byProduct = new Map<string, ProductVariantView[]>();
  if (wanted.length === 0) return byProduct;
  const rows = await db
    .select({ ...refColumns, sizes: products.sizes, colourNames: products.colorNames })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.productId, wanted))
    .orderBy(asc(productVariants.productId));
  const axesOf = new Map<string, { sizes: string[]; colourNames: string[] }>();
  const rowsOf = new Map<string, ProductVariantView[]>();
  for (const { productId, sizes, colourNames, id, sku, size, colour, stock } of rows) {
    if (!axesOf.has(productId)) axesOf.set(productId, { sizes, colourNames });
    const list = rowsOf.get(productId) ?? [];
    list.push({ id, sku, size, colour, stock });
    rowsOf.set(productId, list);
  }
  for (const [productId, list] of rowsOf) {
    const offered = offeredVariants(axesOf.get(productId)!, list);
    if (offered.length > 0) byProduct.set(productId, offered);
  }
  return byProduct;
}

/** Whether a cart line can be bought: its product is active and sold in that size and colour, and how many are in stock. */
export type LineAvailability =
  { kind: "not-found" } | { kind: "bad-variant" } | { kind: "ok"; variantId: string; stock: number };

export function lineKey(line: { productId: string; size: string; colour: string }): string {
  return `${line.productId}\u0000${line.size}\u0000${line.colour}`;
}

/** The availability of each line's own variant, keyed by `lineKey` (inactive or unknown products are `not-found`). */
export async function lineAvailability(
  db: Conn,
  lines: ReadonlyArray<{ productId: string; size: string; colour: string }>,
): Promise<Map<string, LineAvailability>> {
  const ids = [...new Set(lines.map((l) => l.productId).filter((id) => isUuid(id)))];
  const [rows, variants] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db.select({ id: products.id, isActive: products.isActive }).from(products).where(inArray(products.id, ids)),
    variantsOf(db, ids),
  ]);
  const active = new Set(rows.filter((r) => r.isActive).map((r) => r.id));
  const result = new Map<string, LineAvailability>();
  for (const line of lines) {
    if (!active.has(line.productId)) {
      result.set(lineKey(line), { kind: "not-found" });
      continue;
    }
    // variantsOf leaves out sizes and colours the product no longer offers
    const variant = variants.get(line.productId)?.find((v) => v.size === line.size && v.colour === line.colour);
    result.set(
      lineKey(line),
      variant ? { kind: "ok", variantId: variant.id, stock: variant.stock } : { kind: "bad-variant" },
    );
  }
  return result;
}
