import { postOnly, readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { CART_MESSAGES, runCartIntent } from "~/modules/cart/index.server";
import { addLineSchema, jsonField, parseGuestLines, parseProductIds } from "~/modules/cart";
import { mergeGuestCart } from "~/modules/cart/index.server";
import { mergeGuestWishlist } from "~/modules/wishlist/index.server";
import type { Route } from "./+types/api.cart";

/**
 * JSON for scripts of signed-in shoppers (guests add in local storage; decisions 006 and 012):
 * - `intent=add, productId, size, colour, quantity` from product pages and cards;
 * - `intent=merge, lines, wishlist, coupon` (JSON) once after sign-in: the browser's guest cart
 *   and wishlist merged into the stored ones.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user)
    return data(
      { ok: false as const, error: "Please sign in to save your cart" },
      { status: 401, headers: NO_STORE_HEADERS },
    );
  const form = await readFormData(request);
  const db = getDb();

  if (form.get("intent") === "merge") {
    const coupon = form.get("coupon");
    const cart = await mergeGuestCart(
      db,
      user.id,
      parseGuestLines(jsonField(form.get("lines"))),
      typeof coupon === "string" ? coupon : null,
    );
    const wishlist = await mergeGuestWishlist(db, user.id, parseProductIds(jsonField(form.get("wishlist"))));
    return data(
      { ok: true as const, count: cart.count, skipped: cart.skipped, capped: cart.capped, wishlist },
      { headers: NO_STORE_HEADERS },
    );
  }

  const parsed = addLineSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ ok: false as const, error: CART_MESSAGES.invalid }, { status: 400, headers: NO_STORE_HEADERS });
  const result = await runCartIntent(db, user.id, parsed.data);
  if (!result.ok)
    return data({ ok: false as const, error: result.error }, { status: result.status, headers: NO_STORE_HEADERS });
  return data(
    { ok: true as const, quantity: result.quantity ?? 0, count: result.count ?? 0, message: result.message },
    { headers: NO_STORE_HEADERS },
  );
}

export const loader = postOnly;
