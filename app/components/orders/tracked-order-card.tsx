import { useEffect, useRef } from "react";
import { StatusBadge } from "~/components/account/status-badge";
import { paymentSummary, type TrackedOrder } from "~/modules/orders";
import { DEFAULT_COLOUR, DEFAULT_SIZE } from "~/modules/catalog";
import { variantUrl } from "~/modules/media";
import { formatPaise } from "~/modules/pricing";
import type { ShopperParcel } from "~/modules/shipping/index.server";
import { OrderTimeline } from "./order-timeline";
import { ParcelTracking, type ParcelSupport } from "./parcel-tracking";

const placedDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** A tracked order with its booked parcel (null before the parcel is booked). */
export type TrackedOrderWithParcel = TrackedOrder & { parcel?: ShopperParcel | null };

/**
 * A tracked order on /track-order: number, date, status, the parcel with the courier's scans, the
 * timeline, what was bought, total and payment. Nothing of the address or the contact details. Takes
 * focus when it appears after a lookup in the page, so keyboard and screen-reader users land on the answer.
 */
export function TrackedOrderCard({
  order,
  support,
  focusOnMount = false,
}: {
  order: TrackedOrderWithParcel;
  /** the shop's phone and e-mail for the parcel's notices */
  support?: ParcelSupport | null;
  focusOnMount?: boolean;
}) {
  const parcel = order.parcel ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount, order.orderNumber]);
  return (
    <section
      aria-labelledby="tracked-order-heading"
      data-testid="tracked-order"
      className="border border-linen bg-white"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-linen px-5 py-6 sm:px-8">
        <div className="min-w-0">
          <p className="eyebrow">Order</p>
          <h2
            id="tracked-order-heading"
            ref={heading}
            tabIndex={-1}
            className="order-code mt-1.5 text-xl text-ink focus:outline-none sm:text-2xl"
          >
            {order.orderNumber}
          </h2>
          <p className="mt-1 text-sm text-stone">
            Placed on{" "}
            <time dateTime={new Date(order.placedAt).toISOString()}>{placedDate.format(new Date(order.placedAt))}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>

      <ParcelTracking
        parcel={parcel}
        order={order}
        support={support}
        headingLevel={3}
        className="border-b border-linen px-5 py-7 sm:px-8 sm:py-8"
      />

      <div className="grid gap-10 px-5 py-7 sm:px-8 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:gap-12">
        <div>
          <h3 className="eyebrow mb-5">Progress</h3>
          <OrderTimeline timeline={order.timeline} showShippingDetails={!parcel} />
        </div>

        <div>
          <h3 className="eyebrow">
            {order.itemCount} item{order.itemCount === 1 ? "" : "s"}
          </h3>
          <ul className="mt-3 divide-y divide-linen border-y border-linen">
            {order.lines.map((line, i) => (
              <li key={i} className="flex gap-4 py-4">
                {line.imageUrl ? (
                  <img
                    src={variantUrl(line.imageUrl, 400)}
                    alt=""
                    width={54}
                    height={72}
                    loading="lazy"
                    decoding="async"
                    className="h-[72px] w-[54px] shrink-0 bg-sand object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-[72px] w-[54px] shrink-0 bg-sand" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="text-[0.95rem] leading-snug text-ink">{line.name}</p>
                  <p className="mt-1 text-xs text-stone">
                    {[
                      line.size === DEFAULT_SIZE ? null : `Size ${line.size}`,
                      line.colour === DEFAULT_COLOUR ? null : line.colour,
                      `Qty ${line.quantity}`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-5 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone">Payment</dt>
              <dd className="text-right text-ink">{paymentSummary(order.paymentMethod, order.status)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-linen pt-3 text-base font-medium text-ink">
              <dt>Total</dt>
              <dd>{formatPaise(order.totalPaise)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
