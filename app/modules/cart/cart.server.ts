import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { cartLines, carts } from "./schema.server";

/** Total quantity in a signed-in shopper's stored cart (the header badge). */
export async function countCartItems(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));
  return row?.n ?? 0;
}
