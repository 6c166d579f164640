import { postOnly, readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { jsonField, parseGuestLines } from "~/modules/cart";
import { priceLines } from "~/modules/cart/index.server";
import { couponRemovedMessage, normaliseCouponCode } from "~/modules/pricing";
import type { Route } from "./+types/api.cart.quote";

/**
 * A guest's cart at current catalogue prices (decision 012): POST `lines` (JSON, as kept in local
 * storage) and optionally `coupon`. Answers the products, the coupon's terms when it applies, and
 * the coupon's verdict with its message. Reads only; POST because the lines can be long.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const lines = parseGuestLines(jsonField(form.get("lines")));
  const code = normaliseCouponCode(typeof form.get("coupon") === "string" ? (form.get("coupon") as string) : "");
  const { catalogue, check } = await priceLines(getDb(), lines, code || null, new Date());
  const couponNotice =
    code && check && !check.ok && form.get("purpose") !== "apply" ? couponRemovedMessage(code, check.message) : null;
  return data({ catalogue: { ...catalogue, couponNotice }, check }, { headers: NO_STORE_HEADERS });
}

export const loader = postOnly;
