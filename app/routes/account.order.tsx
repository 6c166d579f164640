import { Link } from "react-router";
import { dateFormat } from "~/components/account/account-overview";
import { StatusBadge } from "~/components/account/status-badge";
import { getDb } from "~/db/client.server";
import { invariantResponse } from "~/lib/http.server";
import { formatPhone } from "~/modules/accounts";
import { requireUser } from "~/modules/accounts/index.server";
import { taxDocumentsOf } from "~/modules/invoices/index.server";
import { canDownloadInvoice } from "~/modules/invoices/index.server";
import { getOrderForUser } from "~/modules/checkout/index.server";
import { formatPaise } from "~/modules/pricing";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { TaxDocuments } from "~/components/orders/tax-documents";
import { orderTimeline } from "~/modules/orders";
import type { Route } from "./+types/account.order";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Order ${data.order.orderNumber} · Saanjh` : "Order not found · Saanjh" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Another shopper's order answers exactly like a missing one.
  const order = await getOrderForUser(getDb(), user.id, params.orderNumber);
  invariantResponse(order, "Order not found", 404);
  // an online order awaiting payment whose time has not run out can still be paid from here
  const payable =
    order.status === "pending_payment" &&
    order.paymentMethod === "online" &&
    (!order.paymentDueAt || order.paymentDueAt.getTime() > Date.now());
  const [invoice, documents] = await Promise.all([
    canDownloadInvoice(getDb(), order),
    taxDocumentsOf(getDb(), order.id),
  ]);
  return { order: { ...order, payable, invoice }, documents };
}

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, documents } = loaderData;
  const orderPath = `/account/orders/${encodeURIComponent(order.orderNumber)}`;
  const b = order.billing;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Order" />
      <header className="mt-6 flex flex-col gap-4 border-b border-linen pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="eyebrow">Order</p>
          <h1 className="order-code mt-2 text-2xl text-ink sm:text-3xl">{order.orderNumber}</h1>
          <p className="mt-2 text-sm text-stone">Placed on {dateFormat.format(new Date(order.createdAt))}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4 self-start sm:self-auto">
          <StatusBadge status={order.status} />
          {order.invoice ? (
            // a plain link (no download attribute): the PDF comes as an attachment, and a 'not ready yet' answer is shown
            <a
              href={`/account/orders/${encodeURIComponent(order.orderNumber)}/invoice`}
              className="btn-outline !px-4 !py-2 text-xs"
            >
              Download invoice
            </a>
          ) : null}
        </div>
      </header>

      {order.status === "cancelled" && order.cancellationReason ? (
        <p className="mt-6 border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">
          Cancelled: {order.cancellationReason}
        </p>
      ) : null}
      <TaxDocuments
        documents={documents}
        invoiceHref={`${orderPath}/invoice`}
        creditNoteHref={(id) => `${orderPath}/credit-notes/${id}`}
        className="mt-6"
      />

      <div className="mt-10 grid gap-12 lg:grid-cols-[1.5fr_1fr]">
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="font-display text-2xl text-ink">
            Items
          </h2>
          <ul className="mt-4 divide-y divide-linen border-y border-linen">
            {order.lines.map((line) => (
              <li key={line.id} className="flex gap-4 py-5">
                {line.imageUrl ? (
                  <img
                    src={line.imageUrl}
                    alt=""
                    width={72}
                    height={96}
                    loading="lazy"
                    className="h-24 w-[72px] shrink-0 bg-sand object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="h-24 w-[72px] shrink-0 bg-sand" />
                )}
                <div className="flex-1">
                  <p className="eyebrow">{line.brand}</p>
                  <p className="mt-1 text-ink">
                    {line.productId ? (
                      <Link to={`/product/${line.productId}`} className="hover:text-maroon">
                        {line.name}
                      </Link>
                    ) : (
                      line.name
                    )}
                  </p>
                  <p className="mt-1 text-xs text-stone">
                    Size {line.size} · {line.colour} · Qty {line.quantity} × {formatPaise(line.unitPricePaise)}
                  </p>
                </div>
                <p className="font-medium text-ink">{formatPaise(line.lineTotalPaise)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-6 space-y-2 text-sm">
            <Row label="Subtotal" value={formatPaise(order.subtotalPaise)} />
            <Row label="Shipping" value={order.shippingPaise === 0 ? "Free" : formatPaise(order.shippingPaise)} />
            {order.discountPaise > 0 ? (
              <Row
                label={order.couponCode ? `Discount (${order.couponCode})` : "Discount"}
                value={`−${formatPaise(order.discountPaise)}`}
              />
            ) : null}
            {order.prepaidDiscountPaise > 0 ? (
              <Row label="Prepaid discount" value={`−${formatPaise(order.prepaidDiscountPaise)}`} />
            ) : null}
            {order.codFeePaise > 0 ? <Row label="Cash on delivery fee" value={formatPaise(order.codFeePaise)} /> : null}
            <div className="flex justify-between border-t border-linen pt-3 text-base font-medium text-ink">
              <dt>Total</dt>
              <dd>{formatPaise(order.totalPaise)}</dd>
            </div>
          </dl>
          {order.noteToSeller ? <p className="mt-6 text-sm text-stone">Note to seller: {order.noteToSeller}</p> : null}
        </section>

        <div className="space-y-10">
          <section aria-labelledby="ship-heading">
            <h2 id="ship-heading" className="font-display text-2xl text-ink">
              Delivery address
            </h2>
            <address className="mt-4 text-sm leading-relaxed text-ink not-italic">
              <span className="block font-medium">
                {b.firstName} {b.lastName}
              </span>
              <span className="block">{b.address}</span>
              <span className="block">
                {b.city}, {b.state} {b.pincode}
              </span>
              <span className="block">{b.country}</span>
              <span className="mt-1 block text-stone">{formatPhone(b.phone)}</span>
              <span className="block text-stone">{b.email}</span>
            </address>
          </section>
          <section aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="font-display text-2xl text-ink">
              Payment
            </h2>
            <PaymentState order={order} />
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="font-display text-2xl text-ink">
              Progress
            </h2>
            <OrderTimeline
              timeline={orderTimeline(order.history, order)}
              label={`Progress of order ${order.orderNumber}`}
              className="mt-6"
            />
          </section>
        </div>
      </div>
    </div>
  );
}

/** How the order is paid, and 'Complete payment' while an online order still awaits its payment. */
function PaymentState({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  if (order.paymentMethod === "cod") return <p className="mt-4 text-sm text-ink">Cash on delivery</p>;
  if (order.payment) {
    return (
      <div className="mt-4 text-sm text-ink">
        <p>Paid online{order.payment.method ? ` (${order.payment.method})` : ""}</p>
        {order.payment.providerPaymentId ? (
          <p className="mt-1 text-xs break-all text-stone">Payment id {order.payment.providerPaymentId}</p>
        ) : null}
      </div>
    );
  }
  if (!order.payable) return <p className="mt-4 text-sm text-stone">Online payment: not completed</p>;
  return (
    <div className="mt-4 text-sm">
      <p className="text-ink">Awaiting your payment</p>
      {order.paymentDueAt ? (
        <p className="mt-1 text-xs text-stone">
          Your pieces are held until {timeFormat.format(new Date(order.paymentDueAt))}.
        </p>
      ) : null}
      <Link to={`/payment?order=${encodeURIComponent(order.orderNumber)}`} reloadDocument className="btn-primary mt-4">
        Complete payment
      </Link>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between text-stone">
      <dt>{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
}
