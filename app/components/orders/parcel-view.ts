import { ORDER_STATUS_LABELS, type OrderStatus, type StatusTone } from "~/modules/orders";
import { deliveryDay, SHIPMENT_STATUS_LABELS, shipmentTone, type ShipmentStatus } from "~/modules/shipping";
import type { ShopperParcel } from "~/modules/shipping/index.server";

/*
 * What the shopper reads about her parcel (pure; browser and server), from `shopperParcelOf` and the
 * order's status: a headline ('Arriving by Sat, 29 Nov', 'Delivered on Fri, 27 Nov'), a notice when
 * something went wrong or the parcel is coming back, and the courier's scans with their times in India.
 * Drawn by <ParcelTracking> (parcel-tracking.tsx) on /track-order and the account's order page.
 */

/** The order's fields the parcel's words depend on. */
export interface ParcelOrder {
  status: OrderStatus;
  paymentMethod: "online" | "cod";
}

export type ParcelNoticeKind = "failed-attempt" | "returning" | "back-with-us" | "returned" | "lost";

export interface ParcelNotice {
  kind: ParcelNoticeKind;
  /** what happened, in full sentences */
  text: string;
  /** what happens to her money, when that is a question */
  money: string | null;
  /** the start of the sentence that ends 'call us at <phone>.' */
  help: string;
}

export interface ParcelScanView {
  at: string;
  /** 'Fri, 27 Nov' and '2:14 pm', India time */
  day: string;
  time: string;
  location: string | null;
  activity: string;
}

export interface ParcelView {
  /** the parcel's own status, or null for a returned order whose parcel the shop does not track */
  status: ShipmentStatus | null;
  statusLabel: string;
  tone: StatusTone;
  headline: string;
  detail: string | null;
  notice: ParcelNotice | null;
  scans: ParcelScanView[];
}

/** Scans shown before 'Show all N updates'. */
export const SCANS_SHOWN = 5;

const INDIA = "Asia/Kolkata";
const dayFormat = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: INDIA,
});
const timeFormat = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: INDIA,
});

/** '2026-11-27T08:44:00Z' -> 'Fri, 27 Nov' (India). */
export function indiaDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** '2026-11-27T08:44:00Z' -> '2:14 pm' (India). */
export function indiaTime(iso: string): string {
  return timeFormat.format(new Date(iso)).replace(/\s?(AM|PM)$/i, (m) => ` ${m.trim().toLowerCase()}`);
}

const TONE_OF: Record<ReturnType<typeof shipmentTone>, StatusTone> = {
  good: "green",
  warning: "yellow",
  bad: "red",
  progress: "blue",
  neutral: "blue",
};

/** While the parcel is on its way to her: a line under the date. */
const ON_ITS_WAY: Partial<Record<ShipmentStatus, string>> = {
  awb_assigned: "Packed and booked with the courier.",
  pickup_scheduled: "Packed and waiting for the courier to collect it.",
  picked_up: "The courier has collected your parcel.",
  in_transit: "On its way to you.",
  out_for_delivery: "Out for delivery. Please keep your phone close.",
};

const HEADLINES: Partial<Record<ShipmentStatus, string>> = {
  delivery_failed: SHIPMENT_STATUS_LABELS.delivery_failed,
  rto_initiated: SHIPMENT_STATUS_LABELS.rto_initiated,
  rto_delivered: SHIPMENT_STATUS_LABELS.rto_delivered,
  returned: SHIPMENT_STATUS_LABELS.rto_delivered,
  lost: SHIPMENT_STATUS_LABELS.lost,
};

const noFullStop = (text: string) => text.trim().replace(/[.\s]+$/, "");

/** The money sentence once a parcel will not reach her. */
function moneyOf(order: ParcelOrder, refundWhen: string | null): string {
  return order.paymentMethod === "cod"
    ? "As this was a cash-on-delivery order, there is nothing for you to pay."
    : `You paid online, so ${refundWhen ? `${refundWhen}, ` : ""}we refund the full amount to the way you paid and send you a message when it is on its way.`;
}

function noticeOf(parcel: ShopperParcel | null, order: ParcelOrder): ParcelNotice | null {
  if (order.status === "returned") {
    return {
      kind: "returned",
      text: "This parcel came back to us undelivered, so the order is closed.",
      money: moneyOf(order, null),
      help: "If you would still like these pieces",
    };
  }
  switch (parcel?.status) {
    case "delivery_failed": {
      const failedScan = parcel.scans.find((s) => s.status === "delivery_failed");
      const when = failedScan ? ` on ${indiaDay(failedScan.occurredAt)}` : "";
      const reason = parcel.failureReason?.trim() ? `: ${noFullStop(parcel.failureReason)}` : "";
      const attempts = parcel.failedAttempts > 1 ? ` This was attempt ${parcel.failedAttempts}.` : "";
      return {
        kind: "failed-attempt",
        text: `The courier could not deliver${when}${reason}. They will try again on the next working day.${attempts}`,
        money: null,
        help: "To change the time or address",
      };
    }
    case "rto_initiated":
      return {
        kind: "returning",
        text: "The courier could not deliver this parcel and is bringing it back to us.",
        money: null,
        help: "If you would still like your pieces",
      };
    case "rto_delivered":
    case "returned":
      return {
        kind: "back-with-us",
        text: "The courier has brought your parcel back to our studio, where we are checking it in.",
        money: moneyOf(order, "once it is checked in"),
        help: "If you would still like your pieces",
      };
    case "lost":
      return {
        kind: "lost",
        text: "The courier has told us your parcel is lost. We are very sorry, and are taking it up with them.",
        money: moneyOf(order, "if it is not found soon"),
        help: "For any question about it",
      };
    default:
      return null;
  }
}

function headlineOf(parcel: ShopperParcel | null, order: ParcelOrder): { headline: string; detail: string | null } {
  if (order.status === "returned") return { headline: ORDER_STATUS_LABELS.returned, detail: null };
  if (!parcel) return { headline: "", detail: null };
  if (parcel.status === "delivered") {
    return parcel.deliveredAt
      ? {
          headline: `Delivered on ${indiaDay(parcel.deliveredAt)}`,
          detail: `Handed over at ${indiaTime(parcel.deliveredAt)}.`,
        }
      : { headline: SHIPMENT_STATUS_LABELS.delivered, detail: null };
  }
  const special = HEADLINES[parcel.status];
  if (special) return { headline: special, detail: null };
  const detail = ON_ITS_WAY[parcel.status] ?? null;
  if (parcel.estimatedDelivery) return { headline: `Arriving by ${deliveryDay(parcel.estimatedDelivery)}`, detail };
  return { headline: SHIPMENT_STATUS_LABELS[parcel.status], detail };
}

/** The parcel as the shopper reads it; null when there is nothing to say (not booked, not returned). */
export function parcelView(parcel: ShopperParcel | null, order: ParcelOrder): ParcelView | null {
  if (!parcel && order.status !== "returned") return null;
  const status = parcel?.status ?? null;
  const returned = order.status === "returned";
  return {
    status,
    statusLabel: returned ? ORDER_STATUS_LABELS.returned : SHIPMENT_STATUS_LABELS[status!],
    tone: returned ? "red" : TONE_OF[shipmentTone(status!)],
    ...headlineOf(parcel, order),
    notice: noticeOf(parcel, order),
    scans: (parcel?.scans ?? []).map((scan) => ({
      at: scan.occurredAt,
      day: indiaDay(scan.occurredAt),
      time: indiaTime(scan.occurredAt),
      location: scan.location?.trim() || null,
      activity: scan.activity,
    })),
  };
}
