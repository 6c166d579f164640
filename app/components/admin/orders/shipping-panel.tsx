import { useRef } from "react";
import { useFetcher } from "react-router";
import type { OrderActionAnswer } from "~/modules/orders";
import { useOrderAnswerToasts } from "./use-order-answer";
import type { StaffShippingView } from "~/modules/shipping/index.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import { SHIPPING_MESSAGES } from "~/modules/shipping";
import { ShipmentBadge } from "./shipping-badge";
import { ShippingAnswerToasts, useShippingAnswer, useShippingFetcher } from "./shipping-answer";
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

/** A prepaid parcel that came back: the money still to give back, refunded through the gateway from here. */
function RefundDue({ orderId, version, amountPaise }: { orderId: string; version: number; amountPaise: number }) {
  const fetcher = useFetcher<OrderActionAnswer>();
  useOrderAnswerToasts(fetcher.state === "idle" ? fetcher.data : undefined);
  const busy = fetcher.state !== "idle";
  return (
    <div role="note" className="border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
      <p className="font-medium">Refund the shopper {formatPrice(amountPaise)}</p>
      <p className="mt-1">This prepaid order came back undelivered and its payment is still with the shop.</p>
      <fetcher.Form method="post" action={`/admin/orders/${orderId}`} className="mt-3">
        <input type="hidden" name="intent" value="refund-returned" />
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="btn-primary" disabled={busy} data-testid="refund-returned">
          {busy ? "Refunding..." : `Refund ${formatPrice(amountPaise)}`}
        </button>
      </fetcher.Form>
    </div>
  );
}

/** A cash-on-delivery order waiting for (or refused by) the shopper's confirmation: staff may check it by phone. */
function CodConfirmation({ cod, orderId }: { cod: NonNullable<StaffShippingView["cod"]>; orderId: string }) {
  const fetcher = useShippingFetcher();
  const waiting = cod.status === "awaiting" || cod.status === "declined";
  const words: Record<typeof cod.status, string> = {
    awaiting: "Waiting for the shopper to confirm this cash-on-delivery order. It cannot be booked until she does.",
    declined:
      "The shopper said she did not place this order, or no longer wants it. Call her, then cancel it or mark it checked.",
    confirmed: "The shopper confirmed this cash-on-delivery order.",
    checked_by_staff: "Checked with the shopper by phone.",
  };
  return (
    <div
      role="note"
      data-testid="cod-confirmation"
      className={`border px-3.5 py-3 text-sm ${cod.flagged ? "border-red-300 bg-red-50 text-red-900" : "border-linen bg-white text-ink"}`}
    >
      <p>{words[cod.status]}</p>
      {waiting ? (
        <fetcher.Form method="post" action={`/admin/orders/${orderId}`} className="mt-3">
          <input type="hidden" name="intent" value="cod-checked" />
          <input type="hidden" name="version" value="0" />
          <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
            Checked with the shopper: ship it
          </button>
        </fetcher.Form>
      ) : null}
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
      {shipping.cod ? <CodConfirmation cod={shipping.cod} orderId={order.id} /> : null}
      {refundDue ? <RefundDue orderId={order.id} version={order.version} amountPaise={refundablePaise} /> : null}
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
