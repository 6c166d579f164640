import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { toggleWishlistSchema } from "~/modules/cart/cart-input";
import { toggleWishlist } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/api.wishlist";

/** Signed-in shoppers' wishlist heart (guests keep theirs in local storage). POST intent=toggle, productId. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ ok: false as const, error: "Please sign in to save your wishlist" }, { status: 401 });
  const parsed = toggleWishlistSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: "Invalid product data" }, { status: 400 });
  try {
    const wishlisted = await toggleWishlist(getDb(), user.id, parsed.data.productId);
    return data({ ok: true as const, wishlisted }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return data({ ok: false as const, error: "Product not found" }, { status: 404 });
  }
}
