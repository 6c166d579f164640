import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { shipmentEvents, shipments } from "./schema.server";

/*
 * Reading shipments and their scans; the writers are booking.server.ts (staff book, print, hand over,
 * cancel), scans.server.ts (the courier's scans move them) and returns-to-origin.server.ts.
 */

type Conn = Db | Tx;

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
export type ShipmentWithScans = ShipmentRow & { events: ShipmentEventRow[] };

/** An order's shipments, newest first, each with its scans in the order they happened. */
export async function shipmentsOfOrder(db: Conn, orderId: string): Promise<ShipmentWithScans[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.createdAt));
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(
      inArray(
        shipmentEvents.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.createdAt));
  return rows.map((row) => ({ ...row, events: events.filter((e) => e.shipmentId === row.id) }));
}

/** The order's shipment that is not cancelled (there is at most one), or null. */
export async function liveShipmentOf(db: Conn, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, "cancelled")))
    .limit(1);
  return row ?? null;
}

export async function findShipment(db: Conn, shipmentId: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  return row ?? null;
}

/** The shipment for the caller's transaction, locked against other writers. */
export async function lockShipment(tx: Tx, shipmentId: string): Promise<ShipmentRow | null> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for("update");
  return row ?? null;
}

export async function findShipmentByAwb(db: Conn, provider: string, awb: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.provider, provider), eq(shipments.awb, awb)))
    .limit(1);
  return row ?? null;
}

export async function findShipmentByReference(db: Conn, reference: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.reference, reference)).limit(1);
  return row ?? null;
}

/** Shipments by id, in the order asked (unknown ids left out). */
export async function shipmentsById(db: Conn, ids: readonly string[]): Promise<ShipmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The live shipments of these orders, by order id. */
export async function liveShipmentsOfOrders(db: Conn, orderIds: readonly string[]): Promise<Map<string, ShipmentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, [...new Set(orderIds)]), ne(shipments.status, "cancelled")));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** What the shopper sees of her parcel (her order page, /track-order): never the shop's costs or notes. */
export interface ShopperParcel {
  courierName: string;
  awb: string;
  status: ShipmentRow["status"];
  /** YYYY-MM-DD, the courier's latest estimate; null once delivered or when unknown */
  estimatedDelivery: string | null;
  deliveredAt: string | null;
  failedAttempts: number;
  /** the courier's words for the newest failed attempt */
  failureReason: string | null;
  /** newest first */
  scans: Array<{ activity: string; location: string | null; occurredAt: string; status: ShipmentRow["status"] | null }>;
}

/** The order's booked parcel as the shopper sees it; null before it is booked. */
export async function shopperParcelOf(db: Conn, orderId: string): Promise<ShopperParcel | null> {
  const [shipment] = (await shipmentsOfOrder(db, orderId)).filter((s) => s.status !== "cancelled" && s.awb);
  if (!shipment || !shipment.awb) return null;
  return {
    courierName: shipment.courierName ?? "Courier",
    awb: shipment.awb,
    status: shipment.status,
    estimatedDelivery: shipment.status === "delivered" ? null : shipment.estimatedDelivery,
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    failedAttempts: shipment.failedAttempts,
    failureReason: shipment.failureReason,
    scans: shipment.events
      .map((e) => ({
        activity: e.activity,
        location: e.location,
        occurredAt: e.occurredAt.toISOString(),
        status: e.status,
      }))
      .reverse(),
  };
}
