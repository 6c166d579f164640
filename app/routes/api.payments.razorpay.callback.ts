import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { postOnly, readFormData } from "~/lib/http.server";
import { isOrderNumber } from "~/modules/checkout";
import { settleReturn, shopPaymentProvider } from "~/modules/checkout/index.server";
import { findOrderById, findOrderByNumber } from "~/modules/orders/index.server";
import { findGatewayPayment } from "~/modules/payments/index.server";
import { parseCheckoutCallback } from "~/modules/payments/index.server";
import { PAYMENT_MESSAGES } from "~/modules/payments";
import type { Route } from "./+types/api.payments.razorpay.callback";

/*
 * Razorpay Checkout's redirect mode (in-app browsers that block its modal) posts the result here from
 * Razorpay's own site: a cross-site POST without the shopper's session cookie (the same-origin guard
 * exempts this path). Nothing in it is believed until the signature holds for the session stored
 * for that order; then the shopper lands on the success page or back on the payment page.
 */
export async function action({ request }: Route.ActionArgs) {
  const orderNumber = new URL(request.url).searchParams.get("order") ?? "";
  const provider = shopPaymentProvider();
  const result = parseCheckoutCallback(await readFormData(request));
  const db = getDb();
  // The order named in the callback address, else the one whose stored session the result names.
  let order = isOrderNumber(orderNumber) ? await findOrderByNumber(db, orderNumber) : null;
  if (!order && provider && result.kind !== "invalid" && result.razorpayOrderId) {
    const session = await findGatewayPayment(db, provider.name, result.razorpayOrderId);
    order = session ? await findOrderById(db, session.orderId) : null;
  }
  if (!order || !provider) throw redirect("/account", 303);
  const outcome = await settleReturn(db, provider, { order, result, source: "callback" });
  const back = (message: string) =>
    `/payment?order=${encodeURIComponent(order.orderNumber)}&failed=${encodeURIComponent(message)}`;
  switch (outcome.kind) {
    case "confirmed":
      throw redirect(`/order-success?order=${encodeURIComponent(outcome.orderNumber)}`, 303);
    case "flagged":
      throw redirect(back(PAYMENT_MESSAGES.orderCreationFailed), 303);
    default:
      throw redirect(back(result.kind === "failure" ? (result.error.description ?? "") : ""), 303);
  }
}

export const loader = postOnly;
