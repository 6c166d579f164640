import type { Db } from "../../db/client.server";
import { findOrderById } from "../orders/index.server";
import { isShippable, shippingFormOf } from "./booking.server";
import { codConfirmationOf, codHoldsShipping, type CodConfirmationStatus } from "./cod-confirmation.server";
import { DEMO_SCAN_MOVES, demoScanFor, type DemoScanMove } from "./demo-scans.server";
import type { PackageSize, ShippingProvider, ShippingProviderName } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";
import { shipmentsOfOrder } from "./shipments.server";
import type { CourierChoice } from "./staff-shipping";
import { canMove, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from "./states";

/*
 * What the order page's shipping panel shows staff: the order's shipments with their scans and what
 * may be done with each, and, while the order can be booked, the parcel and the couriers to choose from.
 */

export interface StaffScan {
  status: ShipmentStatus | null;
  activity: string;
  location: string | null;
  occurredAt: string;
  source: string;
}

export interface StaffShipment {
  id: string;
  version: number;
  provider: string;
  status: ShipmentStatus;
  statusLabel: string;
  reference: string;
  courierName: string | null;
  awb: string | null;
  ratePaise: number | null;
  estimatedDelivery: string | null;
  codAmountPaise: number;
  parcel: PackageSize;
  pickupScheduledFor: string | null;
  pickupToken: string | null;
  failedAttempts: number;
  failureReason: string | null;
  /** the last provider failure, kept until a retry succeeds */
  lastError: string | null;
  createdAt: string;
  scans: StaffScan[];
  can: { pickup: boolean; cancel: boolean; receive: boolean; labels: boolean; continueBooking: boolean };
  /** demo mode only: the moves the demo courier can make from here */
  demoMoves: DemoScanMove[];
}

export interface StaffShippingView {
  provider: ShippingProviderName;
  /** a cash-on-delivery order asked to be confirmed by the shopper: where it stands */
  cod: { status: CodConfirmationStatus; askedAt: string; flagged: boolean } | null;
  shipments: StaffShipment[];
  /** while the order can be booked: the parcel prefilled and the couriers (or why there are none) */
  booking: { parcel: PackageSize; couriers: CourierChoice[]; error: string | null } | null;
}

export async function staffShippingView(
  db: Db,
  orderId: string,
  options: { demoMode: boolean; provider?: ShippingProvider },
): Promise<StaffShippingView | null> {
  const provider = options.provider ?? shopShippingProvider();
  const order = await findOrderById(db, orderId);
  if (!order) return null;
  const rows = await shipmentsOfOrder(db, orderId);
  const confirmation = await codConfirmationOf(db, orderId);
  const shipments = rows.map((s): StaffShipment => {
    const booked = s.awb !== null;
    const demo = options.demoMode && s.provider === "demo" && booked;
    return {
      id: s.id,
      version: s.version,
      provider: s.provider,
      status: s.status,
      statusLabel: SHIPMENT_STATUS_LABELS[s.status],
      reference: s.reference,
      courierName: s.courierName,
      awb: s.awb,
      ratePaise: s.ratePaise,
      estimatedDelivery: s.estimatedDelivery,
      codAmountPaise: s.codAmountPaise,
      parcel: { weightGrams: s.weightGrams, lengthCm: s.lengthCm, breadthCm: s.breadthCm, heightCm: s.heightCm },
      pickupScheduledFor: s.pickupScheduledFor?.toISOString() ?? null,
      pickupToken: s.pickupToken,
      failedAttempts: s.failedAttempts,
      failureReason: s.failureReason,
      lastError: s.lastError,
      createdAt: s.createdAt.toISOString(),
      scans: s.events.map((e) => ({
        status: e.status,
        activity: e.activity,
        location: e.location,
        occurredAt: e.occurredAt.toISOString(),
        source: e.source,
      })),
      can: {
        pickup: booked && s.status === "awb_assigned",
        cancel: s.status !== "draft" && canMove(s.status, "cancelled"),
        receive: s.status === "rto_delivered" || s.status === "rto_initiated",
        labels: booked && s.status !== "cancelled",
        continueBooking: s.status === "draft",
      },
      demoMoves: demo
        ? DEMO_SCAN_MOVES.filter((m) => demoScanFor(s.status, m, { from: "", to: "" }, new Date()) !== null)
        : [],
    };
  });
  const live = shipments.find((s) => s.status !== "cancelled");
  const bookable =
    isShippable(order.status) &&
    (!live || live.status === "draft") &&
    provider.name !== "manual" &&
    !codHoldsShipping(confirmation?.status);
  const cod = confirmation
    ? {
        status: confirmation.status,
        askedAt: confirmation.askedAt.toISOString(),
        flagged:
          confirmation.status === "declined" ||
          (confirmation.status === "awaiting" && confirmation.flagAfter < new Date()),
      }
    : null;
  return {
    provider: provider.name,
    cod,
    shipments,
    booking: bookable ? await shippingFormOf(db, orderId, provider) : null,
  };
}
