import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { existingProductIds, isProductId } from "../catalog/index.server";
import { wishlistItems } from "./schema.server";

/** Adds a product (nothing happens when it is already there). */
export async function addToWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function clearWishlist(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}

/** Which of `productIds` the shopper has wishlisted (all of them, newest first, when productIds is omitted). */
export async function wishlistedIds(db: Db, userId: string, productIds?: string[]): Promise<string[]> {
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(
      productIds
        ? and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, productIds))
        : eq(wishlistItems.userId, userId),
    )
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
  return rows.map((r) => r.productId);
}

/**
 * Merges a guest's wishlist on sign-in: the union, without duplicates; ids that
 * are not products are left out. Returns the number of products in the wishlist afterwards.
 */
export async function mergeGuestWishlist(db: Db, userId: string, productIds: readonly string[]): Promise<number> {
  const ids = [...new Set(productIds.filter(isProductId))];
  if (ids.length > 0) {
    const known = await existingProductIds(db, ids);
    const rows = ids.filter((id) => known.has(id)).map((productId) => ({ userId, productId }));
    if (rows.length > 0) await db.insert(wishlistItems).values(rows).onConflictDoNothing();
  }
  return (await wishlistedIds(db, userId)).length;
}
