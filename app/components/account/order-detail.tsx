import { Link } from "react-router";
import { formatPhone } from "~/modules/accounts";
import { PAID_WITH_STORE_CREDIT } from "~/modules/checkout";
import type { getOrderForUser } from "~/modules/checkout/index.server";
import { formatPaise } from "~/modules/pricing";
import { dateFormat } from "./account-overview";
import { StatusBadge } from "./status-badge";

/** An order as the shopper's order page shows it: with whether it can still be paid and its invoice downloaded. */
export type AccountOrderView = NonNullable<Awaited<ReturnType<typeof getOrderForUser>>> & {
  payable: boolean;
  invoice: boolean;
};

/** The order's number, when it was placed, its status and the invoice link. */
export function OrderHeading({ order }: { order: AccountOrderView }) {
  return (
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
  );
}

/**
 * The pieces ordered, the amounts that make the total, and the note to the seller. Once the order is
 * received (`reviewed` is given: the products she has reviewed), each piece links to its review.
 */
export function OrderItems({ order, reviewed = null }: { order: AccountOrderView; reviewed?: string[] | null }) {
  return (
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
              {reviewed && line.productId ? (
                <Link
                  to={`/product/${line.productId}/review`}
                  aria-label={`${reviewed.includes(line.productId) ? "Edit your review" : "Write a review"} of ${line.name}`}
                  className="mt-2 inline-block text-xs tracking-[0.16em] text-maroon uppercase underline-offset-4 hover:underline"
                >
                  {reviewed.includes(line.productId) ? "Edit your review" : "Write a review"}
                </Link>
              ) : null}
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
        {order.storeCreditPaise > 0 ? (
          <>
            <Row label={PAID_WITH_STORE_CREDIT} value={`−${formatPaise(order.storeCreditPaise)}`} />
            <Row
              label={order.paymentMethod === "cod" ? "To pay on delivery" : "Paid online"}
              value={formatPaise(order.totalPaise - order.storeCreditPaise)}
            />
          </>
        ) : null}
      </dl>
      {order.noteToSeller ? <p className="mt-6 text-sm text-stone">Note to seller: {order.noteToSeller}</p> : null}
    </section>
  );
}

/** Where the order goes: the billing details the shopper gave at the checkout. */
export function DeliveryAddress({ billing }: { billing: AccountOrderView["billing"] }) {
  return (
    <address className="mt-4 text-sm leading-relaxed text-ink not-italic">
      <span className="block font-medium">
        {billing.firstName} {billing.lastName}
      </span>
      <span className="block">{billing.address}</span>
      <span className="block">
        {billing.city}, {billing.state} {billing.pincode}
      </span>
      <span className="block">{billing.country}</span>
      <span className="mt-1 block text-stone">{formatPhone(billing.phone)}</span>
      <span className="block text-stone">{billing.email}</span>
    </address>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** How the order is paid, and 'Complete payment' while an online order still awaits its payment. */
export function PaymentState({ order }: { order: AccountOrderView }) {
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
