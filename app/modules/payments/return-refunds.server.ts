import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit } from "../../db/transaction.server";
import { getConfig } from "../../config.server";
import { kickOutbox } from "../messages/index.server";
import { paymentProviderFor, type PaymentProvider } from "./provider.server";
import { announceRefundIssued } from "./refund-notices.server";
import { lockRefundablePayments, type RefundOutcome, type RefundRow, settleRefund } from "./refunds.server";
import { refunds } from "./schema.server";

/*
 * A return's refund (decision 042): the accepted pieces' worth goes back to the order's captured
 * gateway payments, oldest first, never more than each has left, in one `refunds` row per payment with
 * the purpose 'return:<return id>'. The rows are written in the returns module's transaction (the one
 * that resolves the return); the gateway is asked after the commit, each row with its own idempotency
 * key. The unique index on (payment, purpose) and the payments' row locks make a return's refund once,
 * however many staff press at once.
 */

const RETURN_PURPOSE_PREFIX = "return:";

/** The `refunds.purpose` of a return's refund. */
export function returnRefundPurpose(returnId: string): string {
  return `${RETURN_PURPOSE_PREFIX}${returnId}`;
}

/** The return a refund row was made for, or null for a whole-order refund. */
export function returnIdOfRefund(refund: { purpose: string }): string | null {
  return refund.purpose.startsWith(RETURN_PURPOSE_PREFIX) ? refund.purpose.slice(RETURN_PURPOSE_PREFIX.length) : null;
}

export interface ReturnRefund {
  /** the rows of this return's refund, one per payment (the existing ones when it was asked before) */
  refunds: RefundRow[];
  /** how much they give back: amountPaise, or less when the payments had less left */
  refundablePaise: number;
}

const total = (rows: RefundRow[]) => rows.reduce((sum, r) => sum + r.amountPaise, 0);

/**
 * Inside the caller's transaction: pending refunds of `amountPaise` for the return, spread over the
 * order's captured gateway payments (Razorpay or the test gateway; cash on delivery is paid back by
 * staff by hand, and a payment still flagged waits for staff's own answer), oldest first, each at most
 * what that payment has left. When the payments have less left than asked, what is left is refunded and
 * `refundablePaise` says how much. Asked again for the same return, it returns the rows already written
 * and writes nothing. Each new row queues the shopper's 'your refund has started' message, sent after
 * the commit; ask the gateway after the commit with `settleRefunds`.
 */
export async function requestReturnRefund(
  tx: Tx,
  input: { orderId: string; returnId: string; amountPaise: number; requestedBy: string | null; now?: Date },
): Promise<ReturnRefund> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)
    throw new RangeError(`requestReturnRefund: amountPaise must be a positive whole number (got ${input.amountPaise})`);
  const now = input.now ?? new Date();
  const purpose = returnRefundPurpose(input.returnId);
  // the payments' locks first: a second request for the same return waits here, then finds the rows
  const payments = await lockRefundablePayments(tx, input.orderId);
  const existing = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, input.orderId), eq(refunds.purpose, purpose)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  if (existing.length > 0) return { refunds: existing, refundablePaise: total(existing) };

  const plan: Array<{ paymentId: string; provider: string; amountPaise: number }> = [];
  let wanted = input.amountPaise;
  for (const payment of payments) {
    if (wanted === 0) break;
    if (payment.flagged || payment.leftPaise <= 0) continue;
    const amountPaise = Math.min(wanted, payment.leftPaise);
    plan.push({ paymentId: payment.id, provider: payment.provider, amountPaise });
    wanted -= amountPaise;
  }
  if (plan.length === 0) return { refunds: [], refundablePaise: 0 };

  const rows = await tx
    .insert(refunds)
    .values(
      plan.map((p) => ({
        ...p,
        orderId: input.orderId,
        status: "pending" as const,
        purpose,
        requestedBy: input.requestedBy,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [refunds.paymentId, refunds.purpose] })
    .returning();
  for (const row of rows) await announceRefundIssued(tx, row);
  if (rows.length > 0) afterCommit(tx, kickOutbox);
  return { refunds: rows, refundablePaise: total(rows) };
}

/**
 * After the commit that wrote refund rows: asks the gateway for each (settleRefund: the row's own
 * idempotency key, the answer recorded on the row, a refusal or an outage kept as 'failed' to be
 * tried again from the order's page). `provider` defaults to the shop's configured gateway.
 */
export async function settleRefunds(
  db: Db,
  refundIds: string[],
  options: { provider?: PaymentProvider | null; now?: Date } = {},
): Promise<RefundOutcome[]> {
  const provider = options.provider === undefined ? paymentProviderFor(getConfig().payments) : options.provider;
  const outcomes: RefundOutcome[] = [];
  for (const id of refundIds) {
    const outcome = await settleRefund(db, provider, id, options.now);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
