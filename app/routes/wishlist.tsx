import { readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS, noStoreHeaders } from "~/lib/cache-control";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { WishlistScreen } from "~/components/wishlist/wishlist-screen";
import { getDb } from "~/db/client.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { runWishlistIntent } from "~/modules/cart/index.server";
import { STORE_FIELD, wishlistIntentSchema } from "~/modules/cart";
import { fetchGuestWishlist, runGuestWishlistIntent } from "~/modules/cart";
import { CART_MESSAGES, WISHLIST_MESSAGES, type WishlistActionResult } from "~/modules/cart";
import { getShopperProducts } from "~/modules/catalog/index.server";
import { wishlistedIds } from "~/modules/wishlist/index.server";
import type { Route } from "./+types/wishlist";

/*
 * The wishlist (decision 012). Signed in: the stored wishlist, rendered on the
 * server and changed through this action, which every heart of a signed-in shopper posts to.
 * Guests: ids in local storage; the client loader fetches their products.
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Wishlist · Saanjh" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user)
    return data({ shopper: "guest" as const, products: null, lookedUp: [] as string[] }, { headers: NO_STORE_HEADERS });
  const db = getDb();
  const ids = await wishlistedIds(db, user.id);
  return data(
    { shopper: "member" as const, products: await getShopperProducts(db, ids), lookedUp: ids },
    { headers: NO_STORE_HEADERS },
  );
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.shopper === "member") return server;
  try {
    const { products, lookedUp } = await fetchGuestWishlist();
    return { shopper: "guest" as const, products, lookedUp };
  } catch {
    return { shopper: "guest" as const, products: null, lookedUp: [] as string[], failed: true };
  }
}
clientLoader.hydrate = true as const;

const reply = (result: WishlistActionResult) => data(result, { status: result.ok ? 200 : result.status });

export async function action({ request }: Route.ActionArgs) {
  const parsed = wishlistIntentSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return reply({ ok: false, intent: "unknown", error: CART_MESSAGES.invalid, status: 400 });
  const user = await getSessionUser(request);
  if (!user)
    return reply({ ok: false, intent: parsed.data.intent, error: WISHLIST_MESSAGES.guestNoScript, status: 401 });
  return reply(await runWishlistIntent(getDb(), user.id, parsed.data));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<WishlistActionResult> {
  const form = await request.clone().formData();
  const parsed = wishlistIntentSchema.safeParse(Object.fromEntries(form));
  if (form.get(STORE_FIELD) !== "local") {
    try {
      return (await serverAction()) as WishlistActionResult;
    } catch (error) {
      if (error instanceof Response) throw error;
      return {
        ok: false,
        intent: parsed.success ? parsed.data.intent : "unknown",
        error: CART_MESSAGES.saveFailed,
        status: 503,
      };
    }
  }
  if (!parsed.success) return { ok: false, intent: "unknown", error: CART_MESSAGES.invalid, status: 400 };
  try {
    return await runGuestWishlistIntent(parsed.data);
  } catch {
    return { ok: false, intent: parsed.data.intent, error: CART_MESSAGES.saveFailed, status: 503 };
  }
}

/** A guest's changes are already in local storage, and the products already loaded. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get(STORE_FIELD) === "local") return false;
  return defaultShouldRevalidate;
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WishlistScreen
      products={loaderData.products}
      lookedUp={loaderData.lookedUp}
      failed={"failed" in loaderData && Boolean(loaderData.failed)}
      actionData={actionData}
    />
  );
}
