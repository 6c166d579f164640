import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { products } from "../catalog/schema.server";
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

export type AddLineResult =
  | { ok: true; quantity: number; count: number }
  | { ok: false; reason: "not-found" | "out-of-stock" | "bad-variant" };

/**
 * Adds a line to a signed-in shopper's stored cart (docs/decisions/004 and 006). The same product,
 * size and colour raise the quantity; the line's quantity is capped at the product's stock.
 * Size and colour must be ones the product offers (or the defaults when it offers none).
 */
export async function addLine(
  db: Db,
  userId: string,
  line: { productId: string; size: string; colour: string; quantity: number },
): Promise<AddLineResult> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock, sizes: products.sizes, colorNames: products.colorNames })
      .from(products)
      .where(and(eq(products.id, line.productId), eq(products.isActive, true)))
      .limit(1);
    if (!product) return { ok: false, reason: "not-found" } as const;
    if (product.stock <= 0) return { ok: false, reason: "out-of-stock" } as const;
    const sizeOk = product.sizes.length === 0 ? line.size === "One Size" : product.sizes.includes(line.size);
    const colourOk = product.colorNames.length === 0 ? line.colour === "Default" : product.colorNames.includes(line.colour);
    if (!sizeOk || !colourOk) return { ok: false, reason: "bad-variant" } as const;

    const [cart] = await tx
      .insert(carts)
      .values({ userId })
      .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
      .returning({ id: carts.id });
    if (!cart) throw new Error("cart upsert returned nothing");
    const quantity = Math.min(product.stock, Math.max(1, line.quantity));
    const [saved] = await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productId: line.productId, size: line.size, colour: line.colour, quantity })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.colour],
        set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${product.stock})` },
      })
      .returning({ quantity: cartLines.quantity });
    const [count] = await tx
      .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cart.id));
    return { ok: true, quantity: saved?.quantity ?? quantity, count: count?.n ?? 0 } as const;
  });
}
