import { useRef } from "react";
import type { StaffShippingView } from "~/modules/shipping/index.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import { SHIPPING_MESSAGES } from "~/modules/shipping";
import { ShipmentBadge } from "./shipping-badge";
import { ShippingAnswerToasts, useShippingAnswer } from "./shipping-answer";
import { BookingForm } from "./shipping-booking";
import { ShipmentCard } from "./shipping-shipment";

/*
 * The order page's shipping panel (decision 041): the order's shipment with its scans and what may be
 * done with it, the booking form while the order can be booked, a note where parcels are booked by
 * hand, and the shipments cancelled before. The status form beside it stays for manual shipping.
 */

export interface ShippingPanelOrder {
  id: string;
  version: number;
  status: OrderStatus;
  paymentMethod: "online" | "cod";
  billing: { pincode: string };
}

/** A prepaid parcel that came back: the money still to give back. */
function RefundDue({ amountPaise }: { amountPaise: number }) {
  return (
    <div role="note" className="border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
      <p className="font-medium">Refund the shopper {formatPrice(amountPaise)}</p>
      <p className="mt-1">
        This prepaid order came back undelivered and its payment is still with the shop. The back office has no refund
        button for a returned order yet: refund the payment from the payment gateway&rsquo;s dashboard.
      </p>
    </div>
  );
}

function Cancelled({ shipments }: { shipments: StaffShippingView["shipments"] }) {
  return (
    <details className="border-t border-linen pt-3 text-sm" data-testid="cancelled-shipments">
      <summary className="cursor-pointer py-1.5 text-xs font-medium tracking-[0.18em] text-stone uppercase hover:text-ink">
        Cancelled shipments ({shipments.length})
      </summary>
      <ul className="mt-2 divide-y divide-linen">
        {shipments.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-ink">
              {s.courierName ?? "Not booked"}
              {s.awb ? <span className="ml-2 font-mono text-xs break-all text-stone">{s.awb}</span> : null}
              <span className="block text-xs text-stone">Reference {s.reference}</span>
            </span>
            <ShipmentBadge status={s.status} />
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ShippingPanel({
  order,
  shipping,
  demoMode,
  pieces,
  refundablePaise,
}: {
  order: ShippingPanelOrder;
  shipping: StaffShippingView;
  demoMode: boolean;
  pieces: number;
  refundablePaise: number;
}) {
  const region = useRef<HTMLDivElement>(null);
  // a change that removes the button it was made with (a parcel booked or cancelled) leaves the focus here
  useShippingAnswer((answer) => {
    const active = document.activeElement;
    if (answer.ok && (!active || active === document.body || !active.isConnected)) region.current?.focus();
  });
  const live = shipping.shipments.filter((s) => s.status !== "cancelled");
  const cancelled = shipping.shipments.filter((s) => s.status === "cancelled");
  const refundDue = order.status === "returned" && order.paymentMethod === "online" && refundablePaise > 0;
  const unbookable =
    !shipping.booking && live.length === 0 && (order.status === "pending_payment" || order.status === "cancelled");
  return (
    <div ref={region} tabIndex={-1} className="space-y-5 focus:outline-none" data-testid="shipping-panel">
      <ShippingAnswerToasts />
      {shipping.provider === "manual" ? (
        <p role="note" className="border-l-4 border-linen bg-white px-4 py-3 text-sm text-ink">
          {SHIPPING_MESSAGES.byHand}
        </p>
      ) : null}
      {live.map((s) => (
        <ShipmentCard key={s.id} shipment={s} orderId={order.id} pieces={pieces} demoMode={demoMode} />
      ))}
      {refundDue ? <RefundDue amountPaise={refundablePaise} /> : null}
      {shipping.booking ? (
        <BookingForm
          orderId={order.id}
          orderVersion={order.version}
          pincode={order.billing.pincode}
          booking={shipping.booking}
        />
      ) : null}
      {unbookable ? (
        <p className="text-sm text-stone">{SHIPPING_MESSAGES.notShippable(ORDER_STATUS_LABELS[order.status])}</p>
      ) : null}
      {cancelled.length > 0 ? <Cancelled shipments={cancelled} /> : null}
    </div>
  );
}
