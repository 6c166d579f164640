/*
 * A shipment's states and the one rule of how they move (pure; browser and server). Decision 041.
 *
 * The courier's scans arrive late, twice, and out of order (a webhook replayed after a poll, an 'In
 * transit' sent after 'Delivered'): every scan is recorded, but a shipment's status only moves forward.
 * Out for delivery and a failed attempt share a step (a parcel goes out again after a failed attempt);
 * a parcel on its way back to the shop (RTO) never turns into a delivery, and a delivered one never
 * turns back.
 */

export const SHIPMENT_STATUSES = [
  /** the shop's row exists; the provider has not (yet) booked it */
  "draft",
  /** booked with a courier: the AWB is known, the label can be printed */
  "awb_assigned",
  "pickup_scheduled",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  /** a delivery attempt failed (NDR): the courier tries again or returns it */
  "delivery_failed",
  "delivered",
  /** return to origin started: the parcel is coming back undelivered */
  "rto_initiated",
  /** the courier reports it back at the shop's pickup address */
  "rto_delivered",
  /** staff received the parcel back and counted its pieces into stock */
  "returned",
  /** cancelled before it was picked up */
  "cancelled",
  "lost",
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  draft: "Not booked yet",
  awb_assigned: "Booked with courier",
  pickup_scheduled: "Pickup scheduled",
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivery_failed: "Delivery attempt failed",
  delivered: "Delivered",
  rto_initiated: "Returning to us",
  rto_delivered: "Back with us",
  returned: "Received back",
  cancelled: "Cancelled",
  lost: "Lost by courier",
};

/** The outward journey, in order; a status's place in it decides whether a scan moves the shipment. */
const OUTWARD: Partial<Record<ShipmentStatus, number>> = {
  draft: 0,
  awb_assigned: 1,
  pickup_scheduled: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 5,
  delivery_failed: 5,
};

const RETURN_LEG: Partial<Record<ShipmentStatus, number>> = {
  rto_initiated: 1,
  rto_delivered: 2,
  returned: 3,
};

/** States nothing moves out of. */
export const FINAL_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ["delivered", "returned", "cancelled", "lost"];

/** Shipments the courier still moves (the polling fallback asks about these). */
export const IN_FLIGHT_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  "awb_assigned",
  "pickup_scheduled",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "delivery_failed",
  "rto_initiated",
];

/**
 * Whether a shipment at `from` moves to `to`. Forward only:
 * - on the way out, to any later step; between out for delivery and a failed attempt both ways;
 * - delivered from any step once booked; lost from any step once picked up;
 * - the return leg (RTO) from any step once picked up, then only forward along it; `returned` is set
 *   by staff receiving the parcel, never by a scan (see `byScan`);
 * - cancelled only before pickup.
 */
export function canMove(from: ShipmentStatus, to: ShipmentStatus, byScan = true): boolean {
  if (from === to || FINAL_SHIPMENT_STATUSES.includes(from)) return false;
  if (to === "returned") return !byScan && from === "rto_delivered";
  if (to === "cancelled") return (OUTWARD[from] ?? 99) <= 2;
  if (from in RETURN_LEG) return (RETURN_LEG[to] ?? 0) > (RETURN_LEG[from] ?? 0);
  const at = OUTWARD[from] ?? 0;
  if (to === "delivered") return at >= 1;
  if (to === "lost") return at >= 3;
  if (to in RETURN_LEG) return at >= 3;
  const next = OUTWARD[to];
  if (next === undefined) return false;
  return next > at || (next === at && at === 5);
}

/** The shipment's place for the shopper's timeline: which of the order's steps it stands on. */
export function isOnReturnLeg(status: ShipmentStatus): boolean {
  return status in RETURN_LEG;
}

export type ShipmentTone = "neutral" | "progress" | "good" | "warning" | "bad";

export function shipmentTone(status: ShipmentStatus): ShipmentTone {
  if (status === "delivered") return "good";
  if (status === "delivery_failed" || status === "rto_initiated" || status === "rto_delivered") return "warning";
  if (status === "lost" || status === "cancelled" || status === "returned") return "bad";
  if (status === "draft") return "neutral";
  return "progress";
}
