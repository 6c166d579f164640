import { photoThumbnailUrl } from "~/modules/media";
import { BEFORE_PICKUP, RESOLUTIONS, RETURN_REASONS, returnStatusLabel, type ReturnStatus } from "~/modules/returns";
import type { OrderReturn, ReturnEvent } from "~/modules/returns/index.server";

/*
 * An order's returns as its shopper reads them: only what is hers to see. Staff's ids, the courier
 * service's references, inspection notes and the full refund destination never reach the page; the
 * destination is its masked form only. Pure, so the loader builds it and the page shows it.
 */

export interface ShopperReturnPiece {
  name: string;
  size: string;
  colour: string;
  imageUrl: string | null;
  quantity: number;
  /** an exchange's wanted size and colour: 'size L · Ivory' */
  exchangeFor: string | null;
}

export interface ShopperReturn {
  returnNumber: string;
  version: number;
  status: ReturnStatus;
  statusLabel: string;
  resolutionLabel: string;
  reasonLabel: string;
  details: string;
  photos: string[];
  pieces: ShopperReturnPiece[];
  refundTo: string | null;
  declineReason: string | null;
  refundedPaise: number;
  creditedPaise: number;
  exchangeOrderNumber: string | null;
  canWithdraw: boolean;
  steps: Array<{ label: string; at: Date }>;
}

interface OrderLineRef {
  id: string;
  name: string;
  size: string;
  colour: string;
  imageUrl: string | null;
}

/** The steps from the return's events, or (for a return without any) from the dates on its row. */
function stepsOf(r: OrderReturn, events: readonly ReturnEvent[]): ShopperReturn["steps"] {
  const label = (status: ReturnStatus) => returnStatusLabel(status, r.resolution);
  if (events.length > 0) return events.map((e) => ({ label: label(e.toStatus), at: e.createdAt }));
  const dated: Array<[ReturnStatus, Date | null]> = [
    ["requested", r.createdAt],
    [r.status === "declined" ? "declined" : "approved", r.decidedAt],
    ["pickup_scheduled", r.pickupScheduledAt],
    ["picked_up", r.pickedUpAt],
    ["received", r.receivedAt],
    ["resolved", r.resolvedAt],
    ["cancelled", r.cancelledAt],
  ];
  return dated.flatMap(([status, at]) => (at ? [{ label: label(status), at }] : []));
}

export function shopperReturns(
  returns: readonly OrderReturn[],
  events: readonly ReturnEvent[],
  lines: readonly OrderLineRef[],
  exchangeOrders: ReadonlyMap<string, string>,
): ShopperReturn[] {
  const byLine = new Map(lines.map((l) => [l.id, l]));
  return returns.map((r) => ({
    returnNumber: r.returnNumber,
    version: r.version,
    status: r.status,
    statusLabel: returnStatusLabel(r.status, r.resolution),
    resolutionLabel: RESOLUTIONS.find((x) => x.value === r.resolution)?.label ?? r.resolution,
    reasonLabel: RETURN_REASONS.find((x) => x.value === r.reason)?.label ?? r.reason,
    details: r.details,
    photos: r.photos.map(photoThumbnailUrl),
    pieces: r.lines.map((l) => {
      const line = byLine.get(l.orderLineId);
      return {
        name: line?.name ?? "A piece of this order",
        size: line?.size ?? "",
        colour: line?.colour ?? "",
        imageUrl: line?.imageUrl ?? null,
        quantity: l.quantity,
        exchangeFor:
          r.resolution === "exchange" && l.exchangeSize
            ? `size ${l.exchangeSize}${l.exchangeColour ? ` · ${l.exchangeColour}` : ""}`
            : null,
      };
    }),
    refundTo: r.refundToMasked,
    declineReason: r.status === "declined" ? r.declineReason : null,
    refundedPaise: r.refundedPaise,
    creditedPaise: r.creditedPaise,
    exchangeOrderNumber: r.exchangeOrderId ? (exchangeOrders.get(r.exchangeOrderId) ?? null) : null,
    canWithdraw: BEFORE_PICKUP.includes(r.status),
    steps: stepsOf(
      r,
      events.filter((e) => e.returnId === r.id),
    ),
  }));
}
