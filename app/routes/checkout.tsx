import { data, redirect, redirectDocument } from "react-router";
import { CheckoutScreen, type CheckoutActionData } from "~/components/checkout/checkout-screen";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { NO_STORE_HEADERS, noStoreHeaders } from "~/lib/cache-control";
import { getLogger } from "~/lib/logger.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { CHECKOUT_MESSAGES, checkoutErrors, checkoutFormSchema, checkoutValues } from "~/modules/checkout";
import { checkoutPage, checkoutTurns } from "~/modules/checkout/index.server";
import { refinePincodeState } from "~/modules/shipping";
import { lookupPincode } from "~/modules/shipping/index.server";
import { placeOrder } from "~/modules/checkout/index.server";
import type { Route } from "./+types/checkout";

/*
 * The checkout (decision 020): the billing form and the order summary. The action places the order
 * (place-order.server.ts): cash on delivery is confirmed at once; an online order goes on to /payment.
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Checkout · Saanjh" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ kind: "signed-out" as const }, { headers: NO_STORE_HEADERS });
  const page = await checkoutPage(getDb(), user.id, getConfig().payments.online);
  // Lines that cannot be bought as they are: the cart says which and why.
  if (page.kind === "blocked") throw redirect("/cart?checkout=blocked", { headers: NO_STORE_HEADERS });
  // More than one order may come to: the cart says so, with the limit.
  if (page.kind === "over-limit") throw redirect("/cart?checkout=over-limit", { headers: NO_STORE_HEADERS });
  return data(page, { headers: NO_STORE_HEADERS });
}

/** Orders are placed a few at a time in a process (decision 053). */
export function action(args: Route.ActionArgs) {
  return checkoutTurns().run(() => placeTheOrder(args));
}

/** The checkout form's rules with the pincode's state, made once (zod compiles a schema on its first use). */
const checkoutFormWithPlace = refinePincodeState(checkoutFormSchema, lookupPincode);

async function placeTheOrder({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/authentication?redirectTo=cart");
  const raw = Object.fromEntries(await readFormData(request));
  const values = checkoutValues(raw);
  const reply = (body: CheckoutActionData, status: number) => data(body, { status, headers: NO_STORE_HEADERS });
  // the state must be the pincode's (either of the few in two states): no courier delivers otherwise
  const parsed = checkoutFormWithPlace.safeParse(raw);
  if (!parsed.success) {
    const { summary, fields } = checkoutErrors(parsed.error, raw);
    return reply({ ok: false, message: summary, fieldErrors: fields, values }, 400);
  }
  let result;
  try {
    result = await placeOrder(getDb(), {
      userId: user.id,
      form: parsed.data,
      onlineAvailable: getConfig().payments.online,
    });
  } catch (error) {
    // nothing was written (one transaction); the shopper keeps what they typed and may try again
    getLogger().error({ err: error }, "checkout: placing an order failed");
    return reply({ ok: false, message: CHECKOUT_MESSAGES.failed, values }, 500);
  }
  if (!result.ok) {
    if (result.kind === "empty") throw redirect("/cart?checkout=empty");
    return reply(
      { ok: false, message: result.message, values, problems: result.kind === "lines" ? result.problems : undefined },
      409,
    );
  }
  const next =
    result.status === "pending_payment"
      ? `/payment?order=${encodeURIComponent(result.orderNumber)}&start=1`
      : `/order-success?order=${encodeURIComponent(result.orderNumber)}`;
  // With JavaScript the page shows 'Order Placed Successfully!' for a moment; without, straight on.
  if (raw.js === "1" && result.status !== "pending_payment")
    return reply({ ok: true, message: CHECKOUT_MESSAGES.placed, next }, 200);
  // The payment page is always a whole page load: only its own Content-Security-Policy lets the
  // gateway's script and frames in, and a client-side navigation would keep this page's.
  if (result.status === "pending_payment") throw redirectDocument(next, 303);
  throw redirect(next, 303);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutScreen page={loaderData} actionData={actionData} />;
}
