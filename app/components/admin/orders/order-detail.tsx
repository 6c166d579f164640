import { TaxDocuments, type TaxDocumentsView } from "~/components/orders/tax-documents";
import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { formatPhone } from "~/modules/accounts";
import { PAYMENT_METHOD_LABELS } from "~/modules/orders";
import type { StaffOrderDetail } from "~/modules/reports/index.server";
import type { StaffShippingView } from "~/modules/shipping/index.server";
import { variantUrl } from "~/modules/media";
import { formatPrice } from "~/modules/pricing";
import { formatDateTime } from "./dates";
import { FlagAnswerToasts } from "./flagged-actions";
import { OrderActivity, OrderHistory } from "./order-history";
import { PaymentsPanel } from "./payments-panel";
import { ShippingPanel } from "./shipping-panel";
import { StatusForm } from "./status-form";

/*
 * One order for staff: what was bought (with pictures), the totals, who bought it and where it goes,
 * the note to the seller, the payments and refunds, the status timeline with who changed what, and
 * the status form. The invoice link appears once the order is confirmed (a document download).
 */

function Card({
  title,
  children,
  className = "",
  testId,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={`border border-linen bg-ivory p-4 sm:p-6 ${className}`}
      data-testid={testId}
    >
      <h2 id={id} className="mb-4 text-[0.7rem] font-medium tracking-[0.22em] text-stone uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Lines({ detail }: { detail: StaffOrderDetail }) {
  return (
    <ul className="divide-y divide-linen">
      {detail.lines.map((l) => (
        <li key={l.id} className="flex gap-4 py-4 first:pt-0 last:pb-0" data-testid="order-line">
          <div className="relative aspect-[3/4] w-16 shrink-0 overflow-hidden bg-sand sm:w-20">
            {l.imageUrl ? (
              <img
                src={variantUrl(l.imageUrl, 400)}
                alt={l.name}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : (
              <span className="absolute inset-0 flex items-center justify-center p-1 text-center text-[0.6rem] tracking-[0.12em] text-stone uppercase">
                No picture
              </span>
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <p className="font-display text-lg leading-snug text-ink">
                {l.productId ? (
                  <Link to={`/admin/products/${l.productId}`} className="hover:text-maroon">
                    {l.name}
                  </Link>
                ) : (
                  l.name
                )}
              </p>
              <p className="text-xs text-stone">
                {l.brand} · {l.sku}
              </p>
              <p className="mt-1 text-sm text-ink">
                Size {l.size} · {l.colour}
              </p>
              {l.noteToSeller ? <p className="mt-1 text-sm text-stone italic">“{l.noteToSeller}”</p> : null}
            </div>
            <div className="shrink-0 text-sm sm:text-right">
              <p className="text-stone tabular-nums">
                {l.quantity} × {formatPrice(l.unitPricePaise)}
              </p>
              <p className="font-medium text-ink tabular-nums">{formatPrice(l.lineTotalPaise)}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Totals({ order }: { order: Order }) {
  const rows: Array<[string, string]> = [["Subtotal", formatPrice(order.subtotalPaise)]];
  rows.push(["Shipping", order.shippingPaise === 0 ? "Free" : formatPrice(order.shippingPaise)]);
  if (order.discountPaise > 0)
    rows.push([`Coupon${order.couponCode ? ` ${order.couponCode}` : ""}`, `− ${formatPrice(order.discountPaise)}`]);
  if (order.prepaidDiscountPaise > 0) rows.push(["Prepaid discount", `− ${formatPrice(order.prepaidDiscountPaise)}`]);
  if (order.codFeePaise > 0) rows.push(["Cash on delivery fee", formatPrice(order.codFeePaise)]);
  return (
    <dl className="mt-5 space-y-1.5 border-t border-linen pt-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-stone">{label}</dt>
          <dd className="text-ink tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-linen pt-2 text-base">
        <dt className="font-medium text-ink">Total</dt>
        <dd className="font-medium text-ink tabular-nums" data-testid="order-total">
          {formatPrice(order.totalPaise)}
        </dd>
      </div>
      {order.storeCreditPaise > 0 ? (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-stone">Paid with store credit</dt>
            <dd className="text-ink tabular-nums">− {formatPrice(order.storeCreditPaise)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-stone">{order.paymentMethod === "cod" ? "To collect on delivery" : "Paid online"}</dt>
            <dd className="text-ink tabular-nums">{formatPrice(order.totalPaise - order.storeCreditPaise)}</dd>
          </div>
        </>
      ) : null}
      {order.exchangeOfOrderId ? (
        <p className="pt-2 text-xs text-stone">An exchange of returned pieces: nothing to pay.</p>
      ) : null}
    </dl>
  );
}

/** The order as the page loads it: the detail, and the shipping panel's view where the loader gives one. */
type OrderPageData = StaffOrderDetail & { shipping?: StaffShippingView | null; demoMode?: boolean };

export function OrderDetail({ detail, documents }: { detail: OrderPageData; documents: TaxDocumentsView }) {
  const { order, shipping } = detail;
  // what a whole-order refund would give back: less what returns' refunds have asked and not yet sent
  const refundablePaise = detail.payments
    .filter((p) => p.status === "captured" && !p.refund && p.provider !== "cod")
    .reduce(
      (sum, p) =>
        sum +
        p.amountPaise -
        p.amountRefundedPaise -
        p.returnRefunds.reduce((held, r) => held + (r.status === "processed" ? 0 : r.amountPaise), 0),
      0,
    );
  // the status form's courier and tracking number, unless they are the booked parcel's (shown in the panel)
  const typedTracking =
    (order.courier || order.trackingNumber) &&
    !shipping?.shipments.some((s) => s.awb && s.awb === order.trackingNumber);
  return (
    <div data-testid="order-detail">
      <FlagAnswerToasts />
      <OrderHeader order={order} />

      <TaxDocuments
        documents={documents}
        invoiceHref={`/admin/orders/${order.id}/invoice`}
        creditNoteHref={(id) => `/admin/orders/${order.id}/credit-notes/${id}`}
        className="mt-6"
      />

      {/* phones: one column, shipping and the status form first; wide screens: shipping and details left, the
          status form and contacts right */}
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1.75fr)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          {shipping ? (
            <Card title="Shipping" testId="order-shipping" className="order-1 lg:order-none">
              <ShippingPanel
                order={order}
                shipping={shipping}
                demoMode={Boolean(detail.demoMode)}
                pieces={detail.lines.reduce((sum, l) => sum + l.quantity, 0)}
                refundablePaise={refundablePaise}
              />
            </Card>
          ) : null}
          <Card title="Items" testId="order-lines" className="order-2 lg:order-none">
            <Lines detail={detail} />
            <Totals order={order} />
          </Card>
          {order.noteToSeller ? (
            <Card title="Note to seller" className="order-3 lg:order-none">
              <p className="text-sm whitespace-pre-line text-ink">{order.noteToSeller}</p>
            </Card>
          ) : null}
          {order.status === "cancelled" && order.cancellationReason ? (
            <Card title="Cancelled" className="order-3 border-red-200 bg-red-50/50 lg:order-none">
              <p className="text-sm text-ink">{order.cancellationReason}</p>
              {order.cancelledAt ? (
                <p className="mt-1 text-xs text-stone">{formatDateTime(order.cancelledAt)}</p>
              ) : null}
            </Card>
          ) : null}
          {typedTracking ? (
            <Card title="Shipment" className="order-3 lg:order-none">
              <ShipmentDetails courier={order.courier} trackingNumber={order.trackingNumber} />
            </Card>
          ) : null}
          <Card title="Payments" testId="order-payments" className="order-6 lg:order-none">
            <PaymentsPanel detail={detail} />
          </Card>
          <Card title="Timeline" className="order-7 lg:order-none">
            <OrderHistory history={detail.history} />
          </Card>
        </div>

        <div className="contents lg:sticky lg:top-20 lg:block lg:space-y-6">
          <Card title="Change status" className="order-1 lg:order-none">
            <StatusForm order={order} refundablePaise={refundablePaise} />
          </Card>
          <Card title="Customer" className="order-4 lg:order-none">
            <CustomerContact order={order} />
          </Card>
          <Card title="Billing address" className="order-5 lg:order-none">
            <BillingAddress billing={order.billing} />
          </Card>
          <Card title="Changes by staff" className="order-8 lg:order-none">
            <OrderActivity activity={detail.activity} />
          </Card>
        </div>
      </div>
    </div>
  );
}

type Order = StaffOrderDetail["order"];

/** The way back to the list, the order's number, status, date and payment, and the invoice once confirmed. */
function OrderHeader({ order }: { order: Order }) {
  return (
    <>
      <Link
        to="/admin/orders"
        className="text-xs font-medium tracking-[0.2em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
      >
        ← All orders
      </Link>
      <header className="mt-4 flex flex-col gap-4 border-b border-linen pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="eyebrow">Order</p>
          <h1 className="order-code mt-2 text-2xl text-ink sm:text-3xl">{order.orderNumber}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone">
            <span data-testid="order-status">
              <StatusBadge status={order.status} />
            </span>
            <span>Placed {formatDateTime(order.createdAt)}</span>
            <span>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
          </p>
        </div>
        {order.confirmedAt ? (
          <Link
            to={`/admin/orders/${order.id}/invoice`}
            reloadDocument
            className="btn-outline self-start !px-4 !py-2.5 text-xs sm:self-auto"
          >
            Download invoice (PDF)
          </Link>
        ) : null}
      </header>
    </>
  );
}

/** The courier and the tracking number the shopper was sent. */
function ShipmentDetails({ courier, trackingNumber }: { courier: string | null; trackingNumber: string | null }) {
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-stone">Courier</dt>
        <dd className="text-ink" data-testid="order-courier">
          {courier}
        </dd>
      </div>
      <div>
        <dt className="text-stone">Tracking number</dt>
        <dd className="font-mono text-ink" data-testid="order-tracking">
          {trackingNumber}
        </dd>
      </div>
    </dl>
  );
}

/** The shopper's name, e-mail and phone (as links) and their account. */
function CustomerContact({ order }: { order: Order }) {
  return (
    <>
      <p className="font-medium text-ink">{order.customerName}</p>
      <p className="mt-1 text-sm">
        <a
          href={`mailto:${order.customerEmail}`}
          className="inline-block py-0.5 break-all text-ink underline-offset-4 hover:underline"
        >
          {order.customerEmail}
        </a>
      </p>
      <p className="text-sm">
        <a
          href={`tel:${order.customerPhone}`}
          className="inline-block py-0.5 text-ink underline-offset-4 hover:underline"
        >
          {formatPhone(order.customerPhone)}
        </a>
      </p>
      <Link
        to={`/admin/customers/${order.userId}`}
        className="mt-3 inline-block text-xs font-medium tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
      >
        Customer account →
      </Link>
    </>
  );
}

/** The billing address as the shopper typed it, with their phone and e-mail. */
function BillingAddress({ billing }: { billing: Order["billing"] }) {
  return (
    <address className="text-sm leading-relaxed text-ink not-italic">
      {billing.firstName} {billing.lastName}
      <br />
      {billing.address}
      <br />
      {billing.city}, {billing.state} {billing.pincode}
      <br />
      {billing.country}
      <br />
      <span className="text-stone">
        {formatPhone(billing.phone)} · {billing.email}
      </span>
    </address>
  );
}

export function OrderMissing({ notFound }: { notFound: boolean }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="eyebrow">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-3 font-display text-3xl text-ink">
        {notFound ? "Order not found" : "This order could not be loaded."}
      </h1>
      <Link to="/admin/orders" className="btn-primary mt-8">
        All orders
      </Link>
    </div>
  );
}
