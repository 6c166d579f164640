import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { kickOutbox } from "../messages/index.server";
import { PaymentGatewayError, type PaymentProvider } from "./provider.server";
import { announceRefundIssued, announceRefundProcessed } from "./refund-notices.server";
import { payments, refunds } from "./schema.server";

/*
 * Refunds (decisions 027 and 042): refunds of captured gateway payments. A whole-order refund (purpose
 * 'order') is asked by staff when they cancel a paid order or refund a flagged payment; a return's
 * refund (purpose 'return:<return id>', return-refunds.server.ts) gives back the accepted pieces of a
 * return. One row per payment and purpose (a unique index): the row is written in the transaction
 * that decided the refund, and the gateway is asked after it commits, with an idempotency key made
 * from the row's id. A retry (a failed refund tried again, two staff pressing at once, a crash
 * between the two steps) sends the same key, so the gateway answers the same refund rather than
 * paying twice. A refund that fails is kept with the gateway's reason.
 */

type Conn = Db | Tx;
export type RefundRow = typeof refunds.$inferSelect;

/** The gateways the shop can refund through; cash on delivery is never refunded here. */
const REFUNDABLE_PROVIDERS = ["razorpay", "test"];

/** The purpose of a whole-order refund (a cancellation, a flagged payment, a parcel that came back). */
export const ORDER_REFUND = "order";

/** A captured gateway payment of the order and what it still has to give back. */
export interface RefundablePayment {
  id: string;
  provider: string;
  /** the amount less what has been refunded and less the refunds asked but not yet processed */
  leftPaise: number;
  flagged: boolean;
  /** the payment already has its whole-order refund row */
  hasOrderRefund: boolean;
}

/**
 * Locks the order's payments (in id order, as every change to an order does: payments before the
 * order) and lists its captured gateway payments oldest first with what each has left. A refund not
 * yet processed (pending, or failed and waiting to be tried again) still holds its amount: counting it
 * keeps a second refund from promising money the first may yet take. Processed refunds, the shop's and
 * those made on the gateway's dashboard, are in the payment's refunded amount already.
 */
export async function lockRefundablePayments(tx: Tx, orderId: string): Promise<RefundablePayment[]> {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id))
    .for("update");
  const outstanding = sql<number>`coalesce((SELECT sum(${refunds.amountPaise}) FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refunds.status} <> 'processed'), 0)::int`;
  const rows = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      leftPaise: sql<number>`(${payments.amountPaise} - ${payments.amountRefundedPaise} - ${outstanding})::int`,
      flaggedAt: payments.flaggedAt,
      hasOrderRefund: sql<boolean>`EXISTS (SELECT 1 FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refunds.purpose} = ${ORDER_REFUND})`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, "captured"),
        inArray(payments.provider, REFUNDABLE_PROVIDERS),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(({ flaggedAt, ...row }) => ({
    ...row,
    leftPaise: Math.max(0, Number(row.leftPaise)),
    flagged: flaggedAt !== null,
  }));
}

/**
 * Inside the caller's transaction: a pending whole-order refund for each captured gateway payment of
 * the order (or only `paymentId`) that has none yet, of what it still has left (less what returns have
 * refunded or asked), each announced to the shopper (queued here, sent after the caller's commit).
 * Returns the new rows.
 */
export async function requestRefunds(
  tx: Tx,
  input: { orderId: string; paymentId?: string; requestedBy: string | null; now?: Date },
): Promise<RefundRow[]> {
  const now = input.now ?? new Date();
  const candidates = (await lockRefundablePayments(tx, input.orderId)).filter(
    (p) => (!input.paymentId || p.id === input.paymentId) && !p.hasOrderRefund && p.leftPaise > 0,
  );
  if (candidates.length === 0) return [];
  const rows = await tx
    .insert(refunds)
    .values(
      candidates.map((p) => ({
        paymentId: p.id,
        orderId: input.orderId,
        provider: p.provider,
        amountPaise: p.leftPaise,
        status: "pending" as const,
        purpose: ORDER_REFUND,
        requestedBy: input.requestedBy,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [refunds.paymentId, refunds.purpose] })
    .returning();
  for (const row of rows) await announceRefundIssued(tx, row);
  return rows;
}

export async function refundsOfOrder(db: Conn, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/** A refund of the order, locked for the caller's transaction (staff retrying it); null when the order has no such refund. */
export async function lockOrderRefund(tx: Tx, orderId: string, refundId: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
    .for("update");
  return row ?? null;
}

export async function findRefund(db: Conn, refundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

/** The key the gateway knows this refund by: the same on every retry. */
export function refundIdempotencyKey(refundId: string): string {
  return `refund_${refundId}`;
}

/**
 * The refund is processed: recorded once, the payment's refunded amount raised by it and the shopper
 * told (a webhook that reports the same refund later finds it processed and adds nothing).
 */
export async function markRefundProcessed(
  db: Db,
  refundId: string,
  providerRefundId: string | null,
  now = new Date(),
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({
        status: "processed",
        providerRefundId: providerRefundId ?? sql`${refunds.providerRefundId}`,
        processedAt: now,
        errorDescription: null,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), sql`${refunds.status} <> 'processed'`))
      .returning({
        id: refunds.id,
        orderId: refunds.orderId,
        paymentId: refunds.paymentId,
        amountPaise: refunds.amountPaise,
        purpose: refunds.purpose,
      });
    if (!row) return false;
    await tx
      .update(payments)
      .set({
        amountRefundedPaise: sql`least(${payments.amountPaise}, ${payments.amountRefundedPaise} + ${row.amountPaise})`,
        status: sql`CASE WHEN ${payments.amountRefundedPaise} + ${row.amountPaise} >= ${payments.amountPaise} THEN 'refunded'::payment_status ELSE ${payments.status} END`,
        updatedAt: now,
      })
      .where(eq(payments.id, row.paymentId));
    await announceRefundProcessed(tx, row);
    afterCommit(tx, kickOutbox);
    return true;
  });
}

/**
 * A `refund.processed` webhook for a refund the shop asked for: true when it was one of ours (then
 * it is marked processed once), false when the gateway's refund id is unknown here.
 */
export async function recordRefundWebhook(db: Db, provider: string, providerRefundId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  if (!row) return false;
  await markRefundProcessed(db, row.id, providerRefundId);
  return true;
}

export type RefundOutcome = { state: "processed" | "pending" | "failed"; refund: RefundRow };

/**
 * Asks the gateway for a recorded refund (again): after the transaction that wrote it, or when staff
 * retry a failed one. Never throws for the gateway's answers: a refusal or an outage is recorded on
 * the row as 'failed' with its reason, ready to be tried again.
 */
export async function settleRefund(
  db: Db,
  provider: PaymentProvider | null,
  refundId: string,
  now = new Date(),
): Promise<RefundOutcome | null> {
  const refund = await findRefund(db, refundId);
  if (!refund) return null;
  if (refund.status === "processed") return { state: "processed", refund };
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const fail = async (description: string): Promise<RefundOutcome> => {
    const [row] = await db
      .update(refunds)
      .set({ status: "failed", errorDescription: description.slice(0, 500), updatedAt: now })
      .where(and(eq(refunds.id, refund.id), sql`${refunds.status} <> 'processed'`))
      .returning();
    return { state: row ? "failed" : "processed", refund: row ?? (await findRefund(db, refund.id))! };
  };
  if (!payment?.providerPaymentId) return fail("The payment has no gateway payment id to refund.");
  if (!provider || provider.name !== refund.provider)
    return fail(`The payment was taken through the ${refund.provider} gateway, which is not configured now.`);

  let answer;
  try {
    answer = await provider.refund({
      providerPaymentId: payment.providerPaymentId,
      amountPaise: refund.amountPaise,
      idempotencyKey: refundIdempotencyKey(refund.id),
      notes: { refund: refund.id },
    });
  } catch (error) {
    const cause =
      error instanceof PaymentGatewayError ? (error.cause as { description?: string } | undefined) : undefined;
    const description =
      error instanceof PaymentGatewayError
        ? error.kind === "unavailable"
          ? "The payment gateway could not be reached. Try again in a while."
          : `The payment gateway refused the refund${cause?.description ? `: ${cause.description}` : "."}`
        : "The refund could not be sent to the payment gateway.";
    getLogger().warn(
      { err: error, refundId: refund.id },
      "payments: a refund failed; it is recorded and can be retried",
    );
    return fail(description);
  }

  if (answer.status === "processed") {
    await markRefundProcessed(db, refund.id, answer.id, now);
    return { state: "processed", refund: (await findRefund(db, refund.id))! };
  }
  const [row] = await db
    .update(refunds)
    .set({
      providerRefundId: answer.id,
      status: answer.status,
      errorDescription: answer.status === "failed" ? "The payment gateway reports the refund as failed." : null,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refund.id), sql`${refunds.status} <> 'processed'`))
    .returning();
  const current = row ?? (await findRefund(db, refund.id))!;
  return { state: current.status, refund: current };
}
