import type { Db } from "../db/client.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { getCartLines } from "~/modules/cart/index.server";
import { wishlistedIds } from "~/modules/wishlist/index.server";
import { SIGNED_OUT, type ShopperView } from "./shopper-view";

/** The request's shopper with their cart lines and wishlist, or SIGNED_OUT (no lookup without a session cookie). */
export async function readShopper(db: Db, request: Request): Promise<ShopperView> {
  const user = await getSessionUser(request);
  if (!user) return SIGNED_OUT;
  const [cart, wishlist] = await Promise.all([getCartLines(db, user.id), wishlistedIds(db, user.id)]);
  return { user: { id: user.id, name: user.name, phone: user.phoneNumber ?? null }, shopper: { cart, wishlist } };
}
