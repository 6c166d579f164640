import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { releaseStock } from "../catalog/index.server";
import { issueCreditNote } from "../invoices/index.server";
import { lockOrder, moveOrder, orderStockLines, raiseOrderVersion } from "../orders/index.server";
import { ShippingProviderError, type ShippingProvider } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";
import { shipmentEvents, shipments } from "./schema.server";
import type { ShippingAnswer } from "./booking.server";
import { findShipment, lockShipment, type ShipmentRow } from "./shipments.server";
import { SHIPPING_MESSAGES } from "./staff-shipping";
import { canMove } from "./states";

/*
 * What staff do with a booked parcel (decision 041): ask the courier to pick it up, cancel it before
 * pickup, and receive back a parcel that came back undelivered (its pieces return to stock only then).
 * Each names the shipment's version the page showed; a change made since is refused.
 */

const fail = (status: number, message: string): ShippingAnswer => ({ ok: false, status, message });

function providerFailure(error: unknown): ShippingAnswer {
  if (error instanceof ShippingProviderError) return fail(error.kind === "rejected" ? 422 : 503, error.userMessage);
  getLogger().error({ err: error }, "shipping: unexpected failure");
  return fail(500, SHIPPING_MESSAGES.failed);
}

const IST_TIME = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** Checks the shipment against the version staff saw; the shipment, or the answer to give. */
async function current(db: Db, shipmentId: string, version: number): Promise<ShipmentRow | ShippingAnswer> {
  const shipment = await findShipment(db, shipmentId);
  if (!shipment) return fail(404, SHIPPING_MESSAGES.shipmentGone);
  if (shipment.version !== version) return fail(409, SHIPPING_MESSAGES.conflict);
  return shipment;
}

const isAnswer = (value: ShipmentRow | ShippingAnswer): value is ShippingAnswer => "ok" in value;

/** Asks the courier to collect the parcel. */
export async function requestPickup(
  db: Db,
  staff: Actor,
  input: { shipmentId: string; version: number },
  provider: ShippingProvider = shopShippingProvider(),
): Promise<ShippingAnswer> {
  const shipment = await current(db, input.shipmentId, input.version);
  if (isAnswer(shipment)) return shipment;
  if (shipment.status !== "awb_assigned" || !shipment.providerShipmentId)
    return fail(409, SHIPPING_MESSAGES.pickupNotNow);
  return requestPickups(db, staff, [shipment.id], provider);
}

/** Cancels a parcel with the courier before it is picked up; the order can then be booked again. */
export async function cancelShipment(
  db: Db,
  staff: Actor,
  input: { shipmentId: string; version: number },
  provider: ShippingProvider = shopShippingProvider(),
): Promise<ShippingAnswer> {
  const shipment = await current(db, input.shipmentId, input.version);
  if (isAnswer(shipment)) return shipment;
  if (!canMove(shipment.status, "cancelled")) return fail(409, SHIPPING_MESSAGES.cancelTooLate);
  if (shipment.providerOrderId && shipment.provider === provider.name) {
    try {
      await provider.cancel({ providerOrderIds: [shipment.providerOrderId], awbs: shipment.awb ? [shipment.awb] : [] });
    } catch (error) {
      return providerFailure(error);
    }
  }
  const now = new Date();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({ status: "cancelled", cancelledAt: now, version: shipment.version + 1, updatedAt: now })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.version, shipment.version)))
      .returning();
    if (!row) return fail(409, SHIPPING_MESSAGES.conflict);
    await tx.insert(shipmentEvents).values({
      shipmentId: row.id,
      status: "cancelled",
      code: "cancelled",
      activity: "Cancelled by the shop",
      occurredAt: now,
      source: "staff",
      dedupeKey: `cancelled:${row.id}`,
    });
    const order = await lockOrder(tx, row.orderId);
    if (order) await raiseOrderVersion(tx, order, now);
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: row.orderId,
      action: "shipment.cancelled",
      summary: `Cancelled shipment ${row.reference}${row.awb ? ` (AWB ${row.awb})` : ""}`,
    });
    return { ok: true, message: SHIPPING_MESSAGES.cancelled, shipmentId: row.id };
  });
}

/**
 * A parcel the courier brought back undelivered, received by staff: its pieces go back into stock,
 * the order is closed as returned undelivered. A prepaid order's refund is then proposed on its page.
 */
export async function receiveReturnedParcel(
  db: Db,
  staff: Actor,
  input: { shipmentId: string; version: number },
): Promise<ShippingAnswer> {
  const now = new Date();
  return inTransaction(db, async (tx, rollBack) => {
    const shipment = await lockShipment(tx, input.shipmentId);
    if (!shipment) return rollBack(fail(404, SHIPPING_MESSAGES.shipmentGone));
    if (shipment.version !== input.version) return rollBack(fail(409, SHIPPING_MESSAGES.conflict));
    if (shipment.status !== "rto_delivered" && shipment.status !== "rto_initiated")
      return rollBack(fail(409, SHIPPING_MESSAGES.receiveNotNow));
    await tx
      .update(shipments)
      .set({ status: "returned", receivedBackAt: now, version: shipment.version + 1, updatedAt: now })
      .where(eq(shipments.id, shipment.id));
    await tx.insert(shipmentEvents).values({
      shipmentId: shipment.id,
      status: "returned",
      code: "received",
      activity: "Received back at the shop",
      occurredAt: now,
      source: "staff",
      dedupeKey: `received:${shipment.id}`,
    });
    const order = await lockOrder(tx, shipment.orderId);
    if (order && order.status !== "returned" && order.status !== "cancelled") {
      const lines = await orderStockLines(tx, order.id);
      const back = await releaseStock(
        tx,
        lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
        now,
      );
      if (!back.ok) throw new Error(`receive: could not give back the stock of order ${order.id}`);
      // an invoiced order's supply is taken back on a GST credit note, in this same transaction
      await issueCreditNote(tx, {
        orderId: order.id,
        reason: "Returned undelivered by the courier",
        selection: { kind: "all" },
        now,
      });
      await moveOrder(tx, order.id, {
        from: order.status,
        to: "returned",
        actor: "staff",
        actorUserId: staff.id,
        reason: `Came back undelivered (${shipment.courierName ?? "courier"}, AWB ${shipment.awb ?? "-"})`,
        now,
      });
      await raiseOrderVersion(tx, order, now);
    }
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: shipment.orderId,
      action: "shipment.received-back",
      summary: `Received back ${shipment.reference} undelivered; its pieces are back in stock`,
    });
    return { ok: true, message: SHIPPING_MESSAGES.received, shipmentId: shipment.id };
  });
}

/**
 * The orders list's 'Request pickup' for several parcels at once: one request to the courier service
 * for those booked and not yet collected; the others are left as they are and counted.
 */
export async function requestPickups(
  db: Db,
  staff: Actor,
  shipmentIds: readonly string[],
  provider: ShippingProvider = shopShippingProvider(),
): Promise<ShippingAnswer & { requested?: number; skipped?: number }> {
  const found = await Promise.all(shipmentIds.map((id) => findShipment(db, id)));
  const due = found.filter(
    (s): s is ShipmentRow =>
      s !== null && s.status === "awb_assigned" && s.provider === provider.name && s.providerShipmentId !== null,
  );
  if (due.length === 0) return fail(409, SHIPPING_MESSAGES.pickupNotNow);
  let pickup;
  try {
    pickup = await provider.requestPickup(due.map((s) => s.providerShipmentId!));
  } catch (error) {
    return providerFailure(error);
  }
  const now = new Date();
  const when = pickup.scheduledFor ? IST_TIME.format(pickup.scheduledFor) : null;
  await inTransaction(db, async (tx) => {
    for (const shipment of due) {
      const locked = await lockShipment(tx, shipment.id);
      if (!locked || !canMove(locked.status, "pickup_scheduled")) continue;
      await tx
        .update(shipments)
        .set({
          status: "pickup_scheduled",
          pickupScheduledFor: pickup.scheduledFor,
          pickupToken: pickup.token,
          version: locked.version + 1,
          updatedAt: now,
        })
        .where(eq(shipments.id, shipment.id));
      await tx
        .insert(shipmentEvents)
        .values({
          shipmentId: shipment.id,
          status: "pickup_scheduled",
          code: "pickup",
          activity: when ? `Pickup scheduled for ${when}` : "Pickup requested",
          occurredAt: now,
          source: "staff",
          dedupeKey: `pickup:${pickup.token ?? now.toISOString()}`,
        })
        .onConflictDoNothing();
      await recordAudit(tx, staff, {
        entity: "order",
        entityId: shipment.orderId,
        action: "shipment.pickup",
        summary: `Pickup requested for ${shipment.reference}${when ? ` (${when})` : ""}`,
      });
    }
  });
  const skipped = shipmentIds.length - due.length;
  const message =
    SHIPPING_MESSAGES.pickupRequested(when) +
    (skipped > 0 ? ` ${skipped} of the chosen parcels were not ready for pickup and were left as they are.` : "");
  return { ok: true, message, shipmentId: due[0]!.id, requested: due.length, skipped };
}
