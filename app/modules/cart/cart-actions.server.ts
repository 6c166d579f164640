import type { Db } from "../../db/client.server";
import { quickAddLine } from "../catalog";
import { getShopperProducts } from "../catalog/index.server";
import { addToWishlist, clearWishlist, removeFromWishlist, wishlistedIds } from "../wishlist/index.server";
import type { CartIntent, WishlistIntent } from "./cart-input";
import {
  addLine,
  applyCoupon,
  checkoutProblem,
  clearCart,
  loadCart,
  removeCoupon,
  removeLine,
  setQuantity,
} from "./cart.server";
import { normaliseCouponCode } from "../pricing";
import { stockCapMessage } from "./lines";
import { addAllToCart, CART_MESSAGES, type CartActionResult, type WishlistActionResult } from "./results";

/*
 * One function per form: the cart route's action (decision 004's intents) and the wishlist's, for
 * signed-in shoppers. Each answers what the shopper should read; routes only parse and respond.
 */

/** After a line changed: the stored coupon may no longer qualify; `loadCart` removes it and says why. */
async function couponNoticeAfterChange(db: Db, userId: string): Promise<{ couponNotice?: string }> {
  const cart = await loadCart(db, userId);
  return cart.couponNotice ? { couponNotice: cart.couponNotice } : {};
}

export async function runCartIntent(db: Db, userId: string, input: CartIntent): Promise<CartActionResult> {
  switch (input.intent) {
    case "add": {
      const { intent: _intent, ...line } = input;
      const result = await addLine(db, userId, line);
      if (!result.ok) {
        const error = {
          "not-found": CART_MESSAGES.notFound,
          "out-of-stock": CART_MESSAGES.outOfStock,
          "bad-variant": CART_MESSAGES.badVariant,
        }[result.reason];
        return { ok: false, intent: "add", error, status: result.reason === "not-found" ? 404 : 409 };
      }
      return {
        ok: true,
        intent: "add",
        quantity: result.quantity,
        count: result.count,
        ...(result.capped ? { message: stockCapMessage(result.stock, result.quantity) } : {}),
      };
    }
    case "update": {
      const { intent: _intent, quantity, ...line } = input;
      const result = await setQuantity(db, userId, line, quantity);
      if (!result.ok) return { ok: false, intent: "update", error: CART_MESSAGES.notInCart, status: 409 };
      return {
        ok: true,
        intent: "update",
        quantity: result.quantity,
        ...(result.capped && result.stock > 0 ? { message: stockCapMessage(result.stock, result.quantity) } : {}),
        ...(await couponNoticeAfterChange(db, userId)),
      };
    }
    case "remove": {
      const { intent: _intent, ...line } = input;
      await removeLine(db, userId, line);
      return { ok: true, intent: "remove", ...(await couponNoticeAfterChange(db, userId)) };
    }
    case "clear":
      await clearCart(db, userId);
      return { ok: true, intent: "clear" };
    case "apply-coupon": {
      const check = await applyCoupon(db, userId, input.code);
      if (check.ok) return { ok: true, intent: "apply-coupon", message: check.message };
      return {
        ok: false,
        intent: "apply-coupon",
        error: check.message,
        status: 400,
        code: normaliseCouponCode(input.code),
      };
    }
    case "remove-coupon":
      await removeCoupon(db, userId);
      return { ok: true, intent: "remove-coupon" };
    case "checkout": {
      const problem = await checkoutProblem(db, userId);
      return problem
        ? { ok: false, intent: "checkout", error: problem, status: 409 }
        : { ok: true, intent: "checkout", redirectTo: "/checkout" };
    }
  }
}

export async function runWishlistIntent(db: Db, userId: string, input: WishlistIntent): Promise<WishlistActionResult> {
  switch (input.intent) {
    case "add": {
      const [product] = await getShopperProducts(db, [input.productId]);
      if (!product) return { ok: false, intent: "add", error: CART_MESSAGES.notFound, status: 404 };
      await addToWishlist(db, userId, input.productId);
      return { ok: true, intent: "add" };
    }
    case "remove":
      await removeFromWishlist(db, userId, input.productId);
      return { ok: true, intent: "remove" };
    case "clear":
      await clearWishlist(db, userId);
      return { ok: true, intent: "clear" };
    case "add-all": {
      const found = await getShopperProducts(db, await wishlistedIds(db, userId));
      return addAllToCart(found, async (product) => (await addLine(db, userId, quickAddLine(product))).ok);
    }
  }
}
