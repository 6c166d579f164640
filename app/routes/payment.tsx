import { data, redirect } from "react-router";
import { PaymentScreen, type PaymentActionData } from "~/components/checkout/payment-screen";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { contentSecurityPolicy } from "~/lib/csp";
import { invariantResponse, readFormData } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { amountDuePaise, CHECKOUT_MESSAGES } from "~/modules/checkout";
import { isOrderNumber } from "~/modules/checkout";
import {
  payableOrder,
  paymentPageSources,
  settleReturn,
  shopPaymentProvider,
  startPayment,
} from "~/modules/checkout/index.server";
import { getStoreSettings } from "~/modules/content/index.server";
import { parseCheckoutCallback } from "~/modules/payments/index.server";
import {
  PAYMENT_MESSAGES,
  prefersRedirectCheckout,
  TEST_GATEWAY_FAILURES,
  type TestGatewayFailure,
} from "~/modules/payments";
import type { TestGatewayProvider } from "~/modules/payments/index.server";
import type { Route } from "./+types/payment";

/*
 * /payment?order=ORD-... pays an order that awaits payment (decision 020): right
 * after the checkout, or later from the account's order page. Only its own shopper may open it.
 */

export const headers: Route.HeadersFunction = () => ({
  ...NO_STORE_HEADERS,
  // this page alone may load the gateway's Checkout script and frames
  "Content-Security-Policy": contentSecurityPolicy(paymentPageSources()),
});

export function meta() {
  return [{ title: "Payment · Saanjh" }, { name: "robots", content: "noindex" }];
}

function orderNumberOf(request: Request): string {
  const orderNumber = new URL(request.url).searchParams.get("order") ?? "";
  invariantResponse(isOrderNumber(orderNumber), "Order not found", 404);
  return orderNumber;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const orderNumber = orderNumberOf(request);
  const state = await payableOrder(getDb(), user.id, orderNumber);
  invariantResponse(state.kind !== "missing", "Order not found", 404);
  if (state.kind === "paid") throw redirect(`/order-success?order=${encodeURIComponent(orderNumber)}`);
  const provider = shopPaymentProvider();
  const { order } = state;
  return data(
    {
      state:
        state.kind === "payable" && provider && getConfig().payments.online
          ? ("payable" as const)
          : state.kind === "payable"
            ? ("unavailable" as const)
            : state.kind,
      order: {
        orderNumber: order.orderNumber,
        // what store credit did not pay is what the gateway takes
        totalPaise: amountDuePaise(order),
        paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
        customerName: order.customerName,
      },
      provider: provider?.name ?? null,
      redirectMode: prefersRedirectCheckout(request.headers.get("user-agent")),
      autoStart: url.searchParams.get("start") === "1",
      // a failure reported by the gateway's redirect (callback route)
      failed: url.searchParams.get("failed")?.slice(0, 300) ?? null,
    },
    { headers: NO_STORE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const orderNumber = orderNumberOf(request);
  const db = getDb();
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const js = form.get("js") === "1";
  const reply = (body: PaymentActionData, status = 200) => data(body, { status, headers: NO_STORE_HEADERS });

  const state = await payableOrder(db, user.id, orderNumber);
  invariantResponse(state.kind !== "missing", "Order not found", 404);
  if (state.kind === "paid") throw redirect(`/order-success?order=${encodeURIComponent(orderNumber)}`, 303);
  const provider = shopPaymentProvider();
  if (!provider || !getConfig().payments.online)
    return reply({ ok: false, intent, message: PAYMENT_MESSAGES.unavailable }, 503);

  if (intent === "start") {
    if (state.kind !== "payable")
      return reply({ ok: false, intent, message: "This order can no longer be paid." }, 409);
    const settings = await getStoreSettings(db);
    const callbackUrl = `${getConfig().baseUrl}/api/payments/razorpay/callback?order=${encodeURIComponent(orderNumber)}`;
    const started = await startPayment(db, provider, {
      order: state.order,
      callbackUrl,
      storeName: settings.storeName,
    });
    return started.ok
      ? reply({ ok: true, intent, checkout: started.checkout })
      : reply({ ok: false, intent, message: started.message }, 502);
  }

  let result;
  if (intent === "verify" || intent === "failed") {
    result = parseCheckoutCallback(form);
  } else if (intent === "test-approve" || intent === "test-decline" || intent === "test-fail") {
    if (provider.name !== "test") return reply({ ok: false, intent, message: PAYMENT_MESSAGES.generic }, 400);
    const gateway = provider as TestGatewayProvider;
    const providerOrderId = String(form.get("providerOrderId") ?? "");
    const reason = String(form.get("reason") ?? "declined");
    if (intent === "test-approve") result = gateway.approve(providerOrderId);
    else if (intent === "test-decline") result = gateway.decline(providerOrderId);
    else
      result = gateway.fail(
        providerOrderId,
        (reason in TEST_GATEWAY_FAILURES ? reason : "declined") as TestGatewayFailure,
      );
  } else {
    return reply({ ok: false, intent, message: PAYMENT_MESSAGES.generic }, 400);
  }

  const outcome = await settleReturn(db, provider, { order: state.order, result, source: "page" });
  if (outcome.kind === "confirmed") {
    const next = `/order-success?order=${encodeURIComponent(outcome.orderNumber)}`;
    if (js) return reply({ ok: true, intent, placed: CHECKOUT_MESSAGES.placed, next });
    throw redirect(next, 303);
  }
  // a declined payment is an ordinary answer (the shopper tries again); a refused result is not
  return reply(
    { ok: false, intent, message: outcome.message, flagged: outcome.kind === "flagged" },
    outcome.kind === "failed" ? 200 : 409,
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentScreen page={loaderData} actionData={actionData} />;
}
