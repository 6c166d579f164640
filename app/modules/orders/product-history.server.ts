import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import type { OrderHistory } from "../catalog";
import { orderLines } from "./schema.server";

/** The catalogue's questions about products that orders name, answered from the order lines. */
export const orderHistory: OrderHistory = {
  async productEverOrdered(conn: Db | Tx, productId: string): Promise<boolean> {
    const [row] = await conn
      .select({ one: sql<number>`1` })
      .from(orderLines)
      .where(eq(orderLines.productId, productId))
      .limit(1);
    return Boolean(row);
  },

  async variantsOrdered(conn: Db | Tx, variantIds: readonly string[]): Promise<Set<string>> {
    if (variantIds.length === 0) return new Set();
    const rows = await conn
      .selectDistinct({ id: orderLines.variantId })
      .from(orderLines)
      .where(inArray(orderLines.variantId, [...variantIds]));
    return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
  },

  async picturesShown(conn: Db | Tx, urls: readonly string[], productId?: string): Promise<Set<string | null>> {
    if (urls.length === 0) return new Set();
    const shown = await conn
      .selectDistinct({ url: orderLines.imageUrl })
      .from(orderLines)
      .where(and(productId ? eq(orderLines.productId, productId) : undefined, inArray(orderLines.imageUrl, [...urls])));
    return new Set(shown.map((r) => r.url));
  },
};

/**
 * The ids of a product's order lines, as a subquery for another module's statement (`... IN (...)`,
 * by order_lines_product_idx): a return's pieces name order lines, and the product page's fit advice
 * counts a product's returns in one statement without reading this module's table itself.
 */
export function orderLineIdsOfProduct(productId: string): SQL {
  return sql`select ${orderLines.id} from ${orderLines} where ${orderLines.productId} = ${productId}`;
}
