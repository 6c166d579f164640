import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { cachedStoreSettings } from "../content/index.server";
import {
  kickOutbox,
  queueDeliveryFailed,
  queueOrderDelivered,
  queueOrderShipped,
  queueOutForDelivery,
} from "../messages/index.server";
import type { OrderStatus } from "../orders";
import { lockOrder, moveOrder, orderRecipient, raiseOrderVersion, setOrderTracking } from "../orders/index.server";
import { indiaToday } from "./estimate";
import type { CourierScan } from "./provider-contract.server";
import { shipmentEvents, shipments } from "./schema.server";
import { lockShipment, type ShipmentRow } from "./shipments.server";
import { canMove, type ShipmentStatus } from "./states";

/*
 * The courier's scans move a shipment, and the shipment moves its order (decision 041). Every path
 * comes here: webhooks, polls, the demo courier. Each scan is stored once; the shipment moves only
 * forward (`canMove`); the order follows forward only; the shopper is told once per news.
 */

export type ScanSource = "webhook" | "poll" | "demo" | "staff";

/** One scan's key: the same scan from a webhook, a replay and a poll is one row. */
export function scanKey(scan: CourierScan): string {
  const text = `${scan.code}|${scan.occurredAt.toISOString()}|${scan.activity.trim().toLowerCase()}`;
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** Order statuses in their forward order; a shipment only ever moves its order to a later one. */
const ORDER_RANK: Partial<Record<OrderStatus, number>> = {
  confirmed: 1,
  pending: 1,
  processing: 2,
  shipped: 3,
  delivered: 4,
  completed: 5,
};

/** Where a shipment's status puts its order (null: nowhere new). */
function orderTarget(status: ShipmentStatus): OrderStatus | null {
  if (status === "delivered") return "delivered";
  if (
    ["picked_up", "in_transit", "out_for_delivery", "delivery_failed", "rto_initiated", "rto_delivered"].includes(
      status,
    )
  )
    return "shipped";
  return null;
}

export interface ScanResult {
  /** scans not seen before */
  added: number;
  from: ShipmentStatus;
  to: ShipmentStatus;
}

/** Moves the order forward to where its shipment now stands, and tells the shopper what is new. */
async function followOrder(
  tx: Tx,
  shipment: ShipmentRow,
  news: { reached: ShipmentStatus[]; failed: CourierScan[]; supportPhone: string },
  now: Date,
) {
  const { reached, failed } = news;
  const order = await lockOrder(tx, shipment.orderId);
  if (!order) return;
  const last = reached[reached.length - 1];
  const target = last ? orderTarget(last) : null;
  const tracking = { courier: shipment.courierName ?? "Courier", trackingNumber: shipment.awb ?? "" };
  let queued = 0;
  const from = order.status;
  if (target && (ORDER_RANK[target] ?? 0) > (ORDER_RANK[from] ?? 99)) {
    await moveOrder(tx, order.id, {
      from,
      to: target,
      actor: "system",
      reason: `${tracking.courier}: ${last!.replace(/_/g, " ")}`,
      now,
    });
    if ((ORDER_RANK[from] ?? 0) < (ORDER_RANK.shipped ?? 0)) {
      await setOrderTracking(tx, order.id, tracking);
      queued += await queueOrderShipped(tx, { ...orderRecipient(order), ...tracking, trackingChanged: false });
    }
    if (target === "delivered") queued += await queueOrderDelivered(tx, orderRecipient(order));
    await raiseOrderVersion(tx, order, now);
  }
  if (order.status !== "cancelled" && order.status !== "returned") {
    if (reached.includes("out_for_delivery") && last !== "delivered")
      queued += await queueOutForDelivery(tx, { ...orderRecipient(order), ...tracking, day: indiaToday(now) });
    if (failed.length > 0) {
      queued += await queueDeliveryFailed(tx, {
        ...orderRecipient(order),
        ...tracking,
        reason: failed[failed.length - 1]!.activity,
        attempt: shipment.failedAttempts,
        supportPhone: news.supportPhone,
      });
    }
  }
  if (queued > 0) afterCommit(tx, kickOutbox);
}

/**
 * Records a shipment's scans (any order, any repeats) and moves it and its order forward. Returns
 * what changed; null when there is no such shipment.
 */
export async function applyScans(
  db: Db,
  shipmentId: string,
  scans: readonly CourierScan[],
  source: ScanSource,
  options: { now?: Date; estimatedDelivery?: string | null } = {},
): Promise<ScanResult | null> {
  const now = options.now ?? new Date();
  const { supportPhone } = await cachedStoreSettings(db);
  return inTransaction(db, async (tx) => {
    const shipment = await lockShipment(tx, shipmentId);
    if (!shipment) return null;
    const fresh: CourierScan[] = [];
    for (const scan of [...scans].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
      const [row] = await tx
        .insert(shipmentEvents)
        .values({
          shipmentId,
          status: scan.status,
          code: scan.code,
          activity: scan.activity.slice(0, 500),
          location: scan.location?.slice(0, 200) ?? null,
          occurredAt: scan.occurredAt,
          source,
          dedupeKey: scanKey(scan),
        })
        .onConflictDoNothing()
        .returning({ id: shipmentEvents.id });
      if (row) fresh.push(scan);
    }
    let status = shipment.status;
    const reached: ShipmentStatus[] = [];
    const failed: CourierScan[] = [];
    let failedAttempts = shipment.failedAttempts;
    let failureReason = shipment.failureReason;
    let deliveredAt = shipment.deliveredAt;
    for (const scan of fresh) {
      if (!scan.status) continue;
      const counts =
        scan.status === "delivery_failed" && (status === "out_for_delivery" || canMove(status, scan.status));
      if (counts) {
        failedAttempts += 1;
        failureReason = scan.activity;
        failed.push(scan);
      }
      if (!canMove(status, scan.status)) continue;
      status = scan.status;
      reached.push(status);
      if (status === "delivered") deliveredAt = scan.occurredAt;
    }
    const newest = fresh.reduce<Date | null>(
      (at, s) => (!at || s.occurredAt > at ? s.occurredAt : at),
      shipment.lastScanAt,
    );
    await tx
      .update(shipments)
      .set({
        status,
        failedAttempts,
        failureReason,
        deliveredAt,
        lastScanAt: newest,
        lastCheckedAt: now,
        estimatedDelivery: options.estimatedDelivery ?? shipment.estimatedDelivery,
        version: reached.length > 0 ? shipment.version + 1 : shipment.version,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipmentId));
    if (reached.length > 0 || failed.length > 0) {
      await followOrder(
        tx,
        { ...shipment, status, failedAttempts, failureReason },
        { reached, failed, supportPhone },
        now,
      );
    }
    return { added: fresh.length, from: shipment.status, to: status };
  });
}
