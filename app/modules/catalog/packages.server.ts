import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { packedSizeOf, type PackedSize } from "./package";
import { products } from "./schema.server";

/** The packed size of each of these products (its own or its category's default), by product id. */
export async function packedSizesOf(db: Db | Tx, productIds: readonly string[]): Promise<Map<string, PackedSize>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      category: products.category,
      packageWeightGrams: products.packageWeightGrams,
      packageLengthCm: products.packageLengthCm,
      packageBreadthCm: products.packageBreadthCm,
      packageHeightCm: products.packageHeightCm,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, packedSizeOf(row)]));
}
