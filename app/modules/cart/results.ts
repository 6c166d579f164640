import { quickAddStock } from "../catalog";
import type { ShopperProduct } from "../catalog";
import type { CartIntent, WishlistIntent } from "./cart-input";

/*
 * What the cart and wishlist actions answer, and their messages: shared by the server's actions
 * (signed-in shoppers) and the browser's (guests), so both read the same.
 */

export const CART_MESSAGES = {
  notFound: "Product not found",
  outOfStock: "This product is out of stock",
  badVariant: "Please choose a size and colour this product comes in",
  notInCart: "This piece is no longer in your bag",
  saveFailed: "Could not save your change. Please try again.",
  guestNoScript: "Your bag is kept in this browser. Please turn on JavaScript, or sign in to change it.",
  invalid: "Invalid product data",
  checkoutLogin: "Please login to continue with checkout. Would you like to go to the login page?",
  checkoutEmpty: "Your cart is empty!",
  checkoutBlocked: "Some pieces in your bag cannot be bought as they are. Please update or remove them to continue.",
  checkoutOverLimit: "Your bag is over the maximum for one order. Please remove some pieces to continue.",
} as const;

/** The checkout sends the shopper back here (`/cart?checkout=...`) with one of these. */
export function checkoutNotice(reason: string | null): string | null {
  if (reason === "empty") return CART_MESSAGES.checkoutEmpty;
  if (reason === "blocked") return CART_MESSAGES.checkoutBlocked;
  if (reason === "over-limit") return CART_MESSAGES.checkoutOverLimit;
  return null;
}

export type CartActionResult =
  | {
      ok: true;
      intent: CartIntent["intent"];
      message?: string;
      couponNotice?: string;
      quantity?: number;
      count?: number;
      redirectTo?: string;
    }
  | { ok: false; intent: CartIntent["intent"] | "unknown"; error: string; status: number; code?: string };

export const WISHLIST_MESSAGES = {
  addedAll: (n: number) => `Added ${n} ${n === 1 ? "piece" : "pieces"} to your cart`,
  skipped: (n: number) => `${n} out of stock ${n === 1 ? "piece was" : "pieces were"} not added`,
  nothingToAdd: "Nothing to add: every piece in your wishlist is out of stock",
  guestNoScript: "Your wishlist is kept in this browser. Please turn on JavaScript, or sign in to change it.",
} as const;

function addAllMessage(added: number, skipped: number): string {
  return [WISHLIST_MESSAGES.addedAll(added), skipped > 0 ? WISHLIST_MESSAGES.skipped(skipped) : null]
    .filter(Boolean)
    .join(". ");
}

/**
 * Add All to Cart, for either store: each piece goes in with the quick-add choices (size M, first
 * colour) when that variant is in stock (`add` says whether it went in); the answer counts what was
 * added and what was skipped.
 */
export async function addAllToCart<P extends Pick<ShopperProduct, "id" | "isActive" | "sizes" | "colors" | "variants">>(
  products: readonly P[],
  add: (product: P) => Promise<boolean>,
): Promise<WishlistActionResult> {
  let added = 0;
  for (const product of products) {
    if (product.isActive && quickAddStock(product) > 0 && (await add(product))) added += 1;
  }
  if (added === 0) return { ok: false, intent: "add-all", error: WISHLIST_MESSAGES.nothingToAdd, status: 409 };
  return { ok: true, intent: "add-all", message: addAllMessage(added, products.length - added) };
}

export type WishlistActionResult =
  | { ok: true; intent: WishlistIntent["intent"]; message?: string }
  | { ok: false; intent: WishlistIntent["intent"] | "unknown"; error: string; status: number };
