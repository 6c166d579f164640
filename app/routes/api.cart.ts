import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { addLineSchema } from "~/modules/cart/cart-input";
import { addLine } from "~/modules/cart/cart.server";
import type { Route } from "./+types/api.cart";

const MESSAGES = {
  "not-found": "Product not found",
  "out-of-stock": "This product is out of stock",
  "bad-variant": "Please choose a size and colour this product comes in",
} as const;

/** Signed-in shoppers' add-to-cart (guests add in local storage). POST intent=add, productId, size, colour, quantity. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ ok: false as const, error: "Please sign in to save your cart" }, { status: 401 });
  const parsed = addLineSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: "Invalid product data" }, { status: 400 });
  const { intent: _intent, ...line } = parsed.data;
  const result = await addLine(getDb(), user.id, line);
  if (!result.ok) return data({ ok: false as const, error: MESSAGES[result.reason] }, { status: result.reason === "not-found" ? 404 : 409 });
  return data({ ok: true as const, quantity: result.quantity, count: result.count }, { headers: { "Cache-Control": "no-store" } });
}
