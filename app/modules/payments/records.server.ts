import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { gatewayRefunds, payments, refunds, webhookEvents } from "./schema.server";
import type { ReportedPayment } from "./settlement";

/*
 * The payments table: one row per attempt to take money for an order (a cash-on-delivery promise, or
 * a gateway order that Checkout pays). Changes only move forward: created -> captured, created ->
 * failed -> captured (a capture that arrives after a failure still counts), never back.
 */

type Conn = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;

export async function createPaymentRecord(
  tx: Conn,
  input: { orderId: string; provider: string; amountPaise: number; providerOrderId?: string | null; currency?: string },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      providerOrderId: input.providerOrderId ?? null,
      amountPaise: input.amountPaise,
      currency: input.currency ?? "INR",
    })
    .returning();
  if (!row) throw new Error("could not record the payment");
  return row;
}

/** The newest gateway session of an order that has not failed or been paid, to reuse instead of opening another. */
export async function openGatewayPayment(db: Conn, orderId: string, provider: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.status, "created"),
        isNotNull(payments.providerOrderId),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function paymentsOfOrder(db: Conn, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

export async function findGatewayPayment(
  db: Conn,
  provider: string,
  providerOrderId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
    .limit(1);
  return row ?? null;
}

export async function lockGatewayPayment(
  tx: Tx,
  provider: string,
  providerOrderId: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
    .for("update");
  return row ?? null;
}

/**
 * The gateway took the money: the row records the payment as the gateway reported it (its id, amount,
 * currency and method), never the order's total, so a payment that does not match stays visible as
 * what it is.
 */
export async function markCaptured(
  tx: Tx,
  paymentId: string,
  input: { reported: ReportedPayment; signature?: string | null; now: Date },
): Promise<void> {
  const { reported } = input;
  await tx
    .update(payments)
    .set({
      status: "captured",
      providerPaymentId: reported.id,
      amountPaise: reported.amountPaise,
      currency: reported.currency,
      signature: input.signature ?? null,
      method: reported.method ?? null,
      capturedAt: input.now,
      errorDescription: null,
      updatedAt: input.now,
    })
    .where(eq(payments.id, paymentId));
}

/** A failed attempt: recorded on a payment that has not been captured (a late failure changes nothing). */
export async function markFailed(
  tx: Tx,
  paymentId: string,
  input: { providerPaymentId: string | null; description: string; error: unknown; now: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: "failed",
      providerPaymentId: input.providerPaymentId,
      errorDescription: input.description,
      error: input.error ?? null,
      updatedAt: input.now,
    })
    .where(and(eq(payments.id, paymentId), sql`${payments.status} IN ('created', 'failed')`));
}

/** Money taken for an order that could not be confirmed: kept and shown to staff, never lost or refunded silently. */
export async function flagPayment(tx: Tx, paymentId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ flaggedAt: now, flagReason: reason, updatedAt: now })
    .where(eq(payments.id, paymentId));
}

/**
 * Locks every payment of an order, in id order. A change to an order takes its payments before the
 * order itself, the order `settlePayment` takes them in (payment, then order), so a late webhook
 * and a staff change never wait on each other.
 */
export async function lockOrderPayments(tx: Tx, orderId: string): Promise<void> {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id))
    .for("update");
}

/**
 * A flagged payment of the order, locked, with its refund if one was asked; null unless it is the
 * order's, still flagged and captured (the flag still waits for staff).
 */
export async function lockFlaggedPayment(
  tx: Tx,
  orderId: string,
  paymentId: string,
): Promise<{ payment: PaymentRow; refund: typeof refunds.$inferSelect | null } | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId), isNotNull(payments.flaggedAt)))
    .for("update");
  if (!payment || payment.status !== "captured") return null;
  // the flag's own refund is the payment's whole-order one; a return's refund is another matter
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.purpose, "order")));
  return { payment, refund: refund ?? null };
}

/** Staff answered the flag; its reason stays on the payment as the record of what happened. */
export async function clearPaymentFlag(tx: Tx, paymentId: string, now: Date): Promise<void> {
  await tx.update(payments).set({ flaggedAt: null, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** Records a webhook delivery by its event id; false when it was already handled. */
export async function recordWebhookEvent(
  db: Conn,
  event: { provider: string; eventId: string; eventType: string; payload: unknown },
): Promise<"new" | "seen" | "unfinished"> {
  const inserted = await db
    .insert(webhookEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      payload: event.payload as object,
    })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (inserted.length > 0) return "new";
  const [row] = await db
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
  return row?.processedAt ? "seen" : "unfinished";
}

export async function markWebhookProcessed(
  db: Conn,
  provider: string,
  eventId: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ processedAt: now })
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}

/**
 * A refund the gateway reports as processed (made on its dashboard), added once to the payment's
 * refunded amount (never beyond it); fully refunded payments read 'refunded'. 'recorded' with the
 * payment and its order when this report added it; 'seen' when the refund was recorded before;
 * 'unknown' when no payment has this gateway id.
 */
export async function recordGatewayRefund(
  tx: Tx,
  refund: { provider: string; id: string; providerPaymentId: string; amountPaise: number },
  now = new Date(),
): Promise<{ kind: "recorded"; paymentId: string; orderId: string } | { kind: "seen" | "unknown" }> {
  const [payment] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, refund.provider), eq(payments.providerPaymentId, refund.providerPaymentId)))
    .for("update");
  if (!payment) return { kind: "unknown" };
  const first = await tx
    .insert(gatewayRefunds)
    .values({
      provider: refund.provider,
      providerRefundId: refund.id,
      paymentId: payment.id,
      amountPaise: refund.amountPaise,
      recordedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: gatewayRefunds.providerRefundId });
  if (first.length === 0) return { kind: "seen" };
  const amountPaise = refund.amountPaise;
  await tx
    .update(payments)
    .set({
      amountRefundedPaise: sql`least(${payments.amountPaise}, ${payments.amountRefundedPaise} + ${amountPaise})`,
      status: sql`CASE WHEN ${payments.amountRefundedPaise} + ${amountPaise} >= ${payments.amountPaise} THEN 'refunded'::payment_status ELSE ${payments.status} END`,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  return { kind: "recorded", paymentId: payment.id, orderId: payment.orderId };
}

/** The payment that settled an order, as the shopper's order page shows it. */
export interface SettlingPayment {
  providerPaymentId: string | null;
  method: string | null;
  capturedAt: Date | null;
}

/** The first captured payment of an order (null while unpaid, and for cash on delivery). */
export async function settlingPayment(db: Conn, orderId: string): Promise<SettlingPayment | null> {
  const [payment] = await db
    .select({ providerPaymentId: payments.providerPaymentId, method: payments.method, capturedAt: payments.capturedAt })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "captured")))
    .orderBy(asc(payments.capturedAt))
    .limit(1);
  return payment ?? null;
}
