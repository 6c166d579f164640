import type { ShopperProduct } from "../catalog";
import { quickAddLine, quickAddStock } from "../catalog";
import { COUPON_MESSAGES, normaliseCouponCode, type CouponCheck } from "../pricing";
import { addLocalWishlistIds, clearLocalWishlist, readLocalWishlist, removeFromLocalWishlist } from "../wishlist";
import type { CartIntent, WishlistIntent } from "./cart-input";
import type { CartCatalogue } from "./cart-view";
import { stockCapMessage } from "./lines";
import { addLocalLine, changeLocalCart, readLocalCart, readLocalCoupon, writeLocalCoupon } from "./local-cart";
import { addAllToCart, CART_MESSAGES, type CartActionResult, type WishlistActionResult } from "./results";

/*
 * A guest's cart and wishlist actions, run in the browser (decision 012): the same intents and
 * answers as the server's for signed-in shoppers, over local storage. Prices, stock and coupons
 * still come from the server.
 */

export interface GuestQuote {
  catalogue: CartCatalogue;
  check: CouponCheck | null;
}

async function post<T>(url: string, fields: Record<string, string>): Promise<T> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const response = await fetch(url, { method: "POST", body });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The guest's cart at current prices, with the coupon kept in local storage (or `code` to try one). */
export function fetchGuestQuote(code?: string): Promise<GuestQuote> {
  const coupon = code ?? readLocalCoupon() ?? "";
  return post<GuestQuote>("/api/cart/quote", {
    lines: JSON.stringify(readLocalCart()),
    coupon,
    ...(code !== undefined ? { purpose: "apply" } : {}),
  });
}

export async function fetchGuestWishlist(
  ids: readonly string[] = readLocalWishlist(),
): Promise<{ products: ShopperProduct[]; lookedUp: string[] }> {
  if (ids.length === 0) return { products: [], lookedUp: [] };
  return post("/api/wishlist/products", { ids: JSON.stringify(ids) });
}

function stockField(form: FormData): number | undefined {
  const stock = Number(form.get("stock"));
  return Number.isInteger(stock) && stock > 0 ? stock : undefined;
}

export async function runGuestCartIntent(input: CartIntent, form: FormData): Promise<CartActionResult> {
  switch (input.intent) {
    case "add": {
      const { intent: _i, ...line } = input;
      const stock = stockField(form) ?? 0;
      if (stock <= 0) return { ok: false, intent: "add", error: CART_MESSAGES.outOfStock, status: 409 };
      const result = addLocalLine(line, stock);
      return {
        ok: true,
        intent: "add",
        quantity: result.quantity,
        ...(result.capped ? { message: stockCapMessage(stock, result.quantity) } : {}),
      };
    }
    case "update": {
      const { intent: _i, quantity, ...line } = input;
      const stock = stockField(form);
      changeLocalCart({ intent: "update", line, quantity, ...(stock !== undefined ? { stock } : {}) });
      const capped = stock !== undefined && quantity > stock;
      return {
        ok: true,
        intent: "update",
        quantity: capped ? stock : Math.max(0, quantity),
        ...(capped ? { message: stockCapMessage(stock, stock) } : {}),
      };
    }
    case "remove": {
      const { intent: _i, ...line } = input;
      changeLocalCart({ intent: "remove", line });
      return { ok: true, intent: "remove" };
    }
    case "clear":
      changeLocalCart({ intent: "clear" });
      writeLocalCoupon(null);
      return { ok: true, intent: "clear" };
    case "apply-coupon": {
      const code = normaliseCouponCode(input.code);
      if (!code) return { ok: false, intent: "apply-coupon", error: COUPON_MESSAGES.empty, status: 400 };
      const { check } = await fetchGuestQuote(code);
      if (!check?.ok)
        return {
          ok: false,
          intent: "apply-coupon",
          error: check?.message ?? COUPON_MESSAGES.invalid,
          status: 400,
          code,
        };
      writeLocalCoupon(code);
      return { ok: true, intent: "apply-coupon", message: check.message };
    }
    case "remove-coupon":
      writeLocalCoupon(null);
      return { ok: true, intent: "remove-coupon" };
    case "checkout":
      // guests sign in first; the page asks before it sends them
      return { ok: true, intent: "checkout", redirectTo: "/authentication?redirectTo=cart" };
  }
}

export async function runGuestWishlistIntent(input: WishlistIntent): Promise<WishlistActionResult> {
  switch (input.intent) {
    case "add":
      addLocalWishlistIds([input.productId]);
      return { ok: true, intent: "add" };
    case "remove":
      removeFromLocalWishlist(input.productId);
      return { ok: true, intent: "remove" };
    case "clear":
      clearLocalWishlist();
      return { ok: true, intent: "clear" };
    case "add-all": {
      const { products } = await fetchGuestWishlist();
      return addAllToCart(
        products,
        async (product) => addLocalLine(quickAddLine(product), quickAddStock(product)).quantity > 0,
      );
    }
  }
}
