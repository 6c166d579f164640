import type { CartLine } from "~/modules/cart";

/** What the storefront shows about the signed-in shopper: the badge, every heart, one-press back-in-stock texts. */
export interface ShopperView {
  /** the phone lets a signed-in shopper ask for back-in-stock texts with one press (decision 015) */
  user: { id: string; name: string; phone: string | null } | null;
  shopper: { cart: CartLine[]; wishlist: string[] } | null;
}

export const SIGNED_OUT: ShopperView = { user: null, shopper: null };
