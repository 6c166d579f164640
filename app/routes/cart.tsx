import { readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS, noStoreHeaders } from "~/lib/cache-control";
import { data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { CartScreen } from "~/components/cart/cart-screen";
import { getDb } from "~/db/client.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { runCartIntent } from "~/modules/cart/index.server";
import { cartIntentSchema, STORE_FIELD } from "~/modules/cart";
import { loadCart } from "~/modules/cart/index.server";
import { fetchGuestQuote, runGuestCartIntent } from "~/modules/cart";
import { CART_MESSAGES, checkoutNotice, type CartActionResult } from "~/modules/cart";
import type { Route } from "./+types/cart";

/*
 * The cart (decision 012). Signed in: the stored cart, rendered on the server,
 * changed through this action (also without JavaScript). Guests: the lines live in local storage,
 * so the client loader asks /api/cart/quote for their current prices and the client action changes
 * local storage. The lines themselves come from the root loader or local storage (useCartLines).
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Cart · Saanjh" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ shopper: "guest" as const, catalogue: null }, { headers: NO_STORE_HEADERS });
  const { lines: _lines, couponCode: _code, variants: _variants, ...catalogue } = await loadCart(getDb(), user.id);
  return data({ shopper: "member" as const, catalogue }, { headers: NO_STORE_HEADERS });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.shopper === "member") return server;
  try {
    const { catalogue } = await fetchGuestQuote();
    return { shopper: "guest" as const, catalogue };
  } catch {
    return { shopper: "guest" as const, catalogue: null, failed: true };
  }
}
// Guests' lines are only known in the browser: the server renders the loading state, hydration fills it in.
clientLoader.hydrate = true as const;

const reply = (result: CartActionResult) => data(result, { status: result.ok ? 200 : result.status });

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = cartIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply({ ok: false, intent: "unknown", error: CART_MESSAGES.invalid, status: 400 });
  const user = await getSessionUser(request);
  if (!user) {
    // Only reached without JavaScript: a guest's bag is in the browser.
    if (parsed.data.intent === "checkout") throw redirect("/authentication?redirectTo=cart");
    return reply({ ok: false, intent: parsed.data.intent, error: CART_MESSAGES.guestNoScript, status: 401 });
  }
  const result = await runCartIntent(getDb(), user.id, parsed.data);
  if (result.ok && result.redirectTo) throw redirect(result.redirectTo);
  return reply(result);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<CartActionResult> {
  const form = await request.clone().formData();
  if (form.get(STORE_FIELD) !== "local") {
    try {
      return (await serverAction()) as CartActionResult;
    } catch (error) {
      if (error instanceof Response) throw error;
      const intent = cartIntentSchema.safeParse(Object.fromEntries(form));
      return {
        ok: false,
        intent: intent.success ? intent.data.intent : "unknown",
        error: CART_MESSAGES.saveFailed,
        status: 503,
      };
    }
  }
  const parsed = cartIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, intent: "unknown", error: CART_MESSAGES.invalid, status: 400 };
  try {
    const result = await runGuestCartIntent(parsed.data, form);
    if (result.ok && result.redirectTo) throw redirect(result.redirectTo);
    return result;
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, intent: parsed.data.intent, error: CART_MESSAGES.saveFailed, status: 503 };
  }
}

/**
 * A guest's line changes are already in local storage and their prices already known: nothing to
 * reload. Coupon changes fetch the coupon's terms again.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get(STORE_FIELD) === "local") {
    const intent = formData.get("intent");
    return intent === "apply-coupon" || intent === "remove-coupon";
  }
  return defaultShouldRevalidate;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <CartScreen
      catalogue={loaderData.catalogue}
      failed={"failed" in loaderData && Boolean(loaderData.failed)}
      actionData={actionData}
      notice={checkoutNotice(params.get("checkout"))}
    />
  );
}
