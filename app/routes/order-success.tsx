import { Link, redirectDocument } from "react-router";
import { getDb } from "~/db/client.server";
import { noStoreHeaders } from "~/lib/cache-control";
import { invariantResponse } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { EXPECTED_DISPATCH, PAID_WITH_STORE_CREDIT } from "~/modules/checkout";
import { isOrderNumber } from "~/modules/checkout";
import { getOrderForUser } from "~/modules/checkout/index.server";
import { formatPrice } from "~/modules/pricing";
import type { Route } from "./+types/order-success";

/*
 * After the order: the order number is in the address (?order=), not in navigation state. Only the
 * order's own shopper sees it; another shopper's order is 'not found'.
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Thank you · Saanjh" }, { name: "robots", content: "noindex" }];
}

const METHOD_LABELS: Record<string, string> = {
  upi: "UPI",
  card: "Card",
  netbanking: "Net banking",
  wallet: "Wallet",
  emi: "EMI",
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const orderNumber = new URL(request.url).searchParams.get("order") ?? "";
  invariantResponse(isOrderNumber(orderNumber), "Order not found", 404);
  const order = await getOrderForUser(getDb(), user.id, orderNumber);
  invariantResponse(order, "Order not found", 404);
  if (order.status === "pending_payment") throw redirectDocument(`/payment?order=${encodeURIComponent(orderNumber)}`);
  const creditPaid = order.storeCreditPaise;
  const method =
    creditPaid > 0 && creditPaid === order.totalPaise
      ? "Store credit"
      : order.paymentMethod === "cod"
        ? creditPaid > 0
          ? "Store credit and cash on delivery"
          : "Cash on delivery"
        : `${creditPaid > 0 ? "Store credit and paid online" : "Paid online"}${order.payment?.method ? ` (${METHOD_LABELS[order.payment.method] ?? order.payment.method})` : ""}`;
  return {
    orderNumber: order.orderNumber,
    firstName: order.billing.firstName,
    status: order.status,
    method,
    paymentId: order.payment?.providerPaymentId ?? null,
    lines: order.lines.map((l) => ({
      id: l.id,
      name: l.name,
      size: l.size,
      colour: l.colour,
      quantity: l.quantity,
      imageUrl: l.imageUrl,
      lineTotalPaise: l.lineTotalPaise,
    })),
    totals: {
      subtotalPaise: order.subtotalPaise,
      shippingPaise: order.shippingPaise,
      discountPaise: order.discountPaise,
      couponCode: order.couponCode,
      prepaidDiscountPaise: order.prepaidDiscountPaise,
      codFeePaise: order.codFeePaise,
      totalPaise: order.totalPaise,
      storeCreditPaise: creditPaid,
      cashOnDelivery: order.paymentMethod === "cod",
    },
    address: order.billing,
  };
}

export default function OrderSuccess({ loaderData: o }: Route.ComponentProps) {
  const t = o.totals;
  const accountLink = `/account/orders/${encodeURIComponent(o.orderNumber)}`;
  const row = (label: string, value: string) => (
    <div className="flex items-baseline justify-between gap-4 text-sm text-stone">
      <dt>{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-8 sm:pt-16">
      <header className="text-center">
        <p className="eyebrow">Order placed</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Thank you, {o.firstName}</h1>
        <p className="mt-4 text-sm text-stone">
          Your order{" "}
          <span className="order-code text-ink" data-testid="success-order-number">
            {o.orderNumber}
          </span>{" "}
          is confirmed. A confirmation is on its way to your phone and e-mail.
        </p>
      </header>

      <section aria-labelledby="summary-heading" className="mt-10 border border-linen bg-white/70 p-6 sm:p-10">
        <h2 id="summary-heading" className="sr-only">
          Order summary
        </h2>
        <dl className="grid gap-4 border-b border-linen pb-6 text-sm sm:grid-cols-3">
          <div>
            <dt className="eyebrow">Payment</dt>
            <dd className="mt-1 text-ink" data-testid="success-payment-method">
              {o.method}
            </dd>
          </div>
          {o.paymentId ? (
            <div>
              <dt className="eyebrow">Payment id</dt>
              <dd className="mt-1 break-all text-ink" data-testid="success-payment-id">
                {o.paymentId}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="eyebrow">Dispatch</dt>
            <dd className="mt-1 text-ink">{EXPECTED_DISPATCH}</dd>
          </div>
        </dl>
        <ul className="divide-y divide-linen">
          {o.lines.map((line) => (
            <li key={line.id} className="flex gap-4 py-4">
              <div className="aspect-[3/4] w-16 shrink-0 bg-sand">
                {line.imageUrl ? (
                  <img src={line.imageUrl} alt="" width={64} height={85} className="h-full w-full object-cover" />
                ) : null}
              </div>
              <div className="min-w-0 flex-1">
                <p className="text-sm text-ink">{line.name}</p>
                <p className="mt-1 text-xs text-stone">
                  {line.size} · {line.colour} · Qty {line.quantity}
                </p>
              </div>
              <p className="text-sm text-ink">{formatPrice(line.lineTotalPaise)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-3 border-t border-linen pt-4">
          {row("Subtotal", formatPrice(t.subtotalPaise))}
          {row("Shipping", t.shippingPaise === 0 ? "Free" : formatPrice(t.shippingPaise))}
          {t.discountPaise > 0
            ? row(`Coupon${t.couponCode ? ` (${t.couponCode})` : ""}`, `−${formatPrice(t.discountPaise)}`)
            : null}
          {t.prepaidDiscountPaise > 0 ? row("Prepaid discount", `−${formatPrice(t.prepaidDiscountPaise)}`) : null}
          {t.codFeePaise > 0 ? row("Cash on delivery fee", formatPrice(t.codFeePaise)) : null}
          <div className="flex items-baseline justify-between gap-4 border-t border-linen pt-4 text-base font-medium text-ink">
            <dt>Total</dt>
            <dd className="text-lg" data-testid="success-total">
              {formatPrice(t.totalPaise)}
            </dd>
          </div>
          {t.storeCreditPaise > 0 ? (
            <>
              {row(PAID_WITH_STORE_CREDIT, `−${formatPrice(t.storeCreditPaise)}`)}
              {t.storeCreditPaise < t.totalPaise
                ? row(
                    t.cashOnDelivery ? "To pay on delivery" : "Paid online",
                    formatPrice(t.totalPaise - t.storeCreditPaise),
                  )
                : null}
            </>
          ) : null}
        </dl>
        <div className="mt-6 border-t border-linen pt-6 text-sm text-stone">
          <p className="eyebrow">Delivering to</p>
          <p className="mt-2 text-ink">
            {o.address.firstName} {o.address.lastName}
          </p>
          <p>
            {o.address.address}, {o.address.city}, {o.address.state} {o.address.pincode}
          </p>
        </div>
      </section>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={accountLink} className="btn-primary">
          View your order
        </Link>
        <Link to="/products" className="btn-outline">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
