import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { wishlistItems } from "./schema.server";

/** Adds or removes a product from a signed-in shopper's wishlist; returns true when it is now in it. */
export async function toggleWishlist(db: Db, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return false;
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return true;
}

/** Which of `productIds` the shopper has wishlisted (all of them when productIds is omitted). */
export async function wishlistedIds(db: Db, userId: string, productIds?: string[]): Promise<string[]> {
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(productIds ? and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, productIds)) : eq(wishlistItems.userId, userId));
  return rows.map((r) => r.productId);
}
