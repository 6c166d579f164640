import type { Db } from "../../db/client.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { cachedStoreSettings } from "../content/index.server";
import { findOrderById } from "../orders/index.server";
import type { ShippingAnswer } from "./booking.server";
import type { CourierScan } from "./provider-contract.server";
import { pincodeInAddress } from "./estimate";
import { lookupPincode } from "./pincodes.server";
import { applyScans } from "./scans.server";
import { findShipment } from "./shipments.server";
import { SHIPPING_MESSAGES } from "./staff-shipping";
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from "./states";

/*
 * Demo mode's courier reports nothing by itself: staff advance its scans from the order page, and each
 * goes through applyScans exactly as a courier's webhook would (decision 041). Three moves: the next
 * step of the journey, a failed delivery attempt, and a return to origin.
 */

export const DEMO_SCAN_MOVES = ["next", "failed-attempt", "return-to-origin"] as const;
export type DemoScanMove = (typeof DEMO_SCAN_MOVES)[number];

const NEXT: Partial<Record<ShipmentStatus, ShipmentStatus>> = {
  awb_assigned: "picked_up",
  pickup_scheduled: "picked_up",
  picked_up: "in_transit",
  in_transit: "out_for_delivery",
  out_for_delivery: "delivered",
  delivery_failed: "out_for_delivery",
  rto_initiated: "rto_delivered",
};

const ACTIVITY: Partial<Record<ShipmentStatus, (to: string) => string>> = {
  picked_up: () => "Shipment picked up from the seller",
  in_transit: (to) => `In transit to the ${to} hub`,
  out_for_delivery: () => "Out for delivery",
  delivered: () => "Delivered",
  delivery_failed: () => "Consignee not available at the address",
  rto_initiated: () => "Return to origin started after failed attempts",
  rto_delivered: () => "Returned to the seller",
};

/** The scan a move makes from where the shipment stands, or null when there is none. */
export function demoScanFor(
  status: ShipmentStatus,
  move: DemoScanMove,
  place: { from: string; to: string },
  now: Date,
): CourierScan | null {
  let next: ShipmentStatus | undefined;
  if (move === "next") next = NEXT[status];
  if (move === "failed-attempt" && (status === "out_for_delivery" || status === "in_transit")) next = "delivery_failed";
  if (
    move === "return-to-origin" &&
    ["picked_up", "in_transit", "out_for_delivery", "delivery_failed"].includes(status)
  )
    next = "rto_initiated";
  if (!next) return null;
  const location = ["picked_up", "rto_delivered"].includes(next) ? place.from : place.to;
  return {
    status: next,
    code: `demo-${next}`,
    activity: ACTIVITY[next]?.(place.to) ?? SHIPMENT_STATUS_LABELS[next],
    location,
    occurredAt: now,
  };
}

/** Staff's 'advance' of a demo shipment (demo mode only; the caller checks the mode). */
export async function advanceDemoScan(
  db: Db,
  staff: Actor,
  input: { shipmentId: string; version: number; move: DemoScanMove },
  now = new Date(),
): Promise<ShippingAnswer> {
  const shipment = await findShipment(db, input.shipmentId);
  if (!shipment) return { ok: false, status: 404, message: SHIPPING_MESSAGES.shipmentGone };
  if (shipment.provider !== "demo") return { ok: false, status: 409, message: SHIPPING_MESSAGES.demoOnly };
  if (shipment.version !== input.version) return { ok: false, status: 409, message: SHIPPING_MESSAGES.conflict };
  const order = await findOrderById(db, shipment.orderId);
  const shop = lookupPincode(pincodeInAddress((await cachedStoreSettings(db)).address) ?? "")[0];
  const place = { from: shop?.city ?? "origin", to: order?.billing.city ?? "destination" };
  const scan = demoScanFor(shipment.status, input.move, place, now);
  if (!scan) return { ok: false, status: 409, message: SHIPPING_MESSAGES.demoNothingNext };
  await applyScans(db, shipment.id, [scan], "demo", { now });
  await recordAudit(db, staff, {
    entity: "order",
    entityId: shipment.orderId,
    action: "shipment.demo-scan",
    summary: `Demo courier scan for ${shipment.reference}: ${scan.activity}`,
  });
  return { ok: true, message: SHIPPING_MESSAGES.demoAdvanced(scan.activity), shipmentId: shipment.id };
}
