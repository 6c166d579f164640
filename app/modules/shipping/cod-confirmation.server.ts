import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { getConfig } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { kickOutbox, queueCodConfirmation } from "../messages/index.server";
import { findOrderById, orderRecipient, type OrderRow } from "../orders/index.server";
import { codConfirmations } from "./schema.server";

/*
 * Cash on delivery above a threshold (a store setting) is confirmed by the shopper before it ships
 * (decision 041): the order's text and e-mail carry a link with a secret; until she answers, or staff
 * check the order with her by phone, it cannot be booked with a courier, and after the set hours it is
 * flagged on the orders list. RTO (parcels refused at the door) is the largest avoidable loss of such
 * a shop; this is its cheapest remedy.
 */

export type CodConfirmationStatus = (typeof codConfirmations.$inferSelect)["status"];

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link's secret: 24 random bytes. Only its hash is stored. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function codConfirmationUrl(token: string, baseUrl = getConfig().baseUrl): string {
  return `${baseUrl}/confirm-order/${token}`;
}

/**
 * Inside the checkout's transaction: a cash-on-delivery order above the threshold waits for the
 * shopper's confirmation, and she is asked (after the commit). Returns whether she was asked.
 */
export async function askCodConfirmation(
  tx: Tx,
  order: Pick<
    OrderRow,
    "id" | "orderNumber" | "customerName" | "customerPhone" | "customerEmail" | "totalPaise" | "paymentMethod"
  >,
  settings: { codConfirmAbovePaise: number | null; codConfirmHours: number },
  now: Date,
): Promise<boolean> {
  if (order.paymentMethod !== "cod" || settings.codConfirmAbovePaise === null) return false;
  if (order.totalPaise <= settings.codConfirmAbovePaise) return false;
  const token = randomBytes(24).toString("base64url");
  await tx.insert(codConfirmations).values({
    orderId: order.id,
    tokenHash: hashOf(token),
    askedAt: now,
    flagAfter: new Date(now.getTime() + settings.codConfirmHours * 3_600_000),
  });
  const queued = await queueCodConfirmation(tx, {
    ...orderRecipient(order),
    totalPaise: order.totalPaise,
    confirmUrl: codConfirmationUrl(token),
  });
  if (queued > 0) afterCommit(tx, kickOutbox);
  return true;
}

export interface CodConfirmationView {
  orderId: string;
  orderNumber: string;
  totalPaise: number;
  status: CodConfirmationStatus;
  /** the order was cancelled meanwhile: nothing to confirm */
  orderCancelled: boolean;
}

/** What the link's page shows; null for a link that is not one of ours. */
export async function codConfirmationByToken(db: Db, token: string): Promise<CodConfirmationView | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select()
    .from(codConfirmations)
    .where(eq(codConfirmations.tokenHash, hashOf(token)))
    .limit(1);
  if (!row) return null;
  const order = await findOrderById(db, row.orderId);
  if (!order) return null;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalPaise: order.totalPaise,
    status: row.status,
    orderCancelled: order.status === "cancelled",
  };
}

/** The shopper's answer through her link: only an order still waiting changes; the same answer twice is fine. */
export async function answerCodConfirmation(
  db: Db,
  token: string,
  answer: "confirmed" | "declined",
  now = new Date(),
): Promise<CodConfirmationView | null> {
  if (!TOKEN.test(token)) return null;
  await db
    .update(codConfirmations)
    .set({ status: answer, answeredAt: now })
    .where(and(eq(codConfirmations.tokenHash, hashOf(token)), eq(codConfirmations.status, "awaiting")));
  return codConfirmationByToken(db, token);
}

/** Staff checked the order with the shopper by phone: it may ship. */
export async function markCodChecked(db: Db, staff: Actor, orderId: string, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(codConfirmations)
      .set({ status: "checked_by_staff", answeredAt: now, checkedBy: staff.id })
      .where(and(eq(codConfirmations.orderId, orderId), inArray(codConfirmations.status, ["awaiting", "declined"])))
      .returning();
    if (!row) return false;
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: orderId,
      action: "cod.checked",
      summary: "Cash-on-delivery order checked with the shopper; it may ship",
    });
    return true;
  });
}

/** The order's confirmation state, or null when none was asked. */
export async function codConfirmationOf(
  db: Db | Tx,
  orderId: string,
): Promise<{ status: CodConfirmationStatus; askedAt: Date; flagAfter: Date; answeredAt: Date | null } | null> {
  const [row] = await db.select().from(codConfirmations).where(eq(codConfirmations.orderId, orderId)).limit(1);
  return row
    ? { status: row.status, askedAt: row.askedAt, flagAfter: row.flagAfter, answeredAt: row.answeredAt }
    : null;
}

/** Whether the order may be booked: not while the shopper has not confirmed (or declined) it. */
export function codHoldsShipping(status: CodConfirmationStatus | undefined | null): boolean {
  return status === "awaiting" || status === "declined";
}

/** The ids among these orders whose confirmation needs staff: unconfirmed past the set hours, or declined. */
export async function codFlaggedOrders(db: Db, orderIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: codConfirmations.orderId })
    .from(codConfirmations)
    .where(
      and(
        inArray(codConfirmations.orderId, [...new Set(orderIds)]),
        or(
          eq(codConfirmations.status, "declined"),
          and(eq(codConfirmations.status, "awaiting"), lt(codConfirmations.flagAfter, now)),
        ),
      ),
    );
  return new Set(rows.map((r) => r.orderId));
}
