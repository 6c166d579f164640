import type { Db, Tx } from "../../../db/client.server";
import { afterCommit, inTransaction } from "../../../db/transaction.server";
import { recordAudit, type Actor } from "../../audit/index.server";
import { forgetFigures } from "../../reports/index.server";
import { releaseStock, reserveStock } from "../../catalog/index.server";
import { queueConfirmation } from "../../checkout/index.server";
import { shopPaymentProvider } from "../../checkout/index.server";
import { claimCouponUse, returnCouponUse } from "../../coupons/index.server";
import { restoreStoreCredit, spendStoreCredit } from "../../credit/index.server";
import { hasCreditNote, issueCreditNote } from "../../invoices/index.server";
import { queueOrderCancelled, queueOrderDelivered, queueOrderShipped } from "../../messages/index.server";
import { kickOutbox } from "../../messages/index.server";
import type { PaymentProvider } from "../../payments/index.server";
import {
  clearPaymentFlag,
  lockFlaggedPayment,
  lockOrderPayments,
  lockOrderRefund,
  refundsOfOrder,
  requestRefunds,
  settleRefund,
  type RefundOutcome,
} from "../../payments/index.server";
import { paysOrderTotal } from "../../payments";
import { formatPaise } from "../../pricing";
import { ORDER_ADMIN_MESSAGES, statusChoices, type StatusChange, type StatusFieldErrors } from "../../orders";
import { orderRecipient, orderStockLines, staffCancellation } from "../../orders/index.server";
import {
  lockOrder,
  markOrderConfirmed,
  moveOrder,
  raiseOrderVersion,
  setOrderTracking,
  type OrderRow,
} from "../../orders/index.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../orders";

/*
 * What staff change on an order (decision 027). Every change:
 *  - names the order's version it was made against; under the order's row lock a change against an
 *    older version is refused (409), so two staff changing one order never overwrite each other;
 *  - raises the version, writes one status-history row with the staff member and one audit row, in
 *    the same transaction as the change itself;
 *  - sends messages through the outbox (woken after the commit) and asks the gateway for refunds only
 *    after the commit, with the refund row's idempotency key (payments/refunds.server.ts).
 * Cancelling gives the stock back through the stock module (back-in-stock texts follow) and the
 * coupon use back, once: a second cancel finds the version raised, or the order already cancelled.
 */

export type ChangeFailure = {
  ok: false;
  status: 400 | 404 | 409;
  formError: string;
  fieldErrors?: StatusFieldErrors;
  conflict?: boolean;
};
export type ChangeResult = { ok: true; version: number; message: string; refunds: RefundOutcome[] } | ChangeFailure;

/** Refuses the change: everything it did is rolled back and staff are told why. */
type Refuse = (status: ChangeFailure["status"], formError: string, extra?: Partial<ChangeFailure>) => never;

export interface ChangeDeps {
  /** the gateway refunds go through; default the shop's configured one */
  provider?: PaymentProvider | null;
  now?: Date;
}

interface Done {
  message: string;
  refundIds: string[];
}

/**
 * Runs one change under the order's lock and version check, then what follows the commit: the
 * figures, refunds at the gateway. The stock functions and the queued messages register their own
 * after-commit work (caches, the outbox).
 */
async function change(
  db: Db,
  orderId: string,
  version: number,
  deps: ChangeDeps,
  work: (tx: Tx, order: OrderRow, now: Date, refuse: Refuse) => Promise<Done>,
): Promise<ChangeResult> {
  const now = deps.now ?? new Date();
  const done = await inTransaction<(Done & { ok: true; version: number }) | ChangeFailure>(db, async (tx, rollBack) => {
    const refuse: Refuse = (status, formError, extra = {}) => rollBack({ ok: false, status, formError, ...extra });
    await lockOrderPayments(tx, orderId);
    const order = await lockOrder(tx, orderId);
    if (!order) return refuse(404, ORDER_ADMIN_MESSAGES.notFound);
    if (order.version !== version) return refuse(409, ORDER_ADMIN_MESSAGES.conflict, { conflict: true });
    const result = await work(tx, order, now, refuse);
    return { ok: true, ...result, version: await raiseOrderVersion(tx, order, now) };
  });
  if (!done.ok) return done;
  forgetFigures(db);
  const provider = deps.provider === undefined ? shopPaymentProvider() : deps.provider;
  const outcomes: RefundOutcome[] = [];
  for (const id of done.refundIds) {
    const outcome = await settleRefund(db, provider, id, now);
    if (outcome) outcomes.push(outcome);
  }
  return { ok: true, version: done.version, message: done.message, refunds: outcomes };
}

const CREDIT_SPENT_MESSAGE =
  "The store credit this order was paid with has been spent on another order since, so it cannot be confirmed again.";

/** Takes the order's stock, coupon use and store credit again (a cancelled order confirmed or reopened); refuses when a piece is sold out. */
async function retake(
  tx: Tx,
  order: OrderRow,
  now: Date,
  refuse: Refuse,
  outOfStock: (piece: string) => string,
): Promise<void> {
  const lines = await orderStockLines(tx, order.id);
  const taken = await reserveStock(
    tx,
    lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
  );
  if (!taken.ok) refuse(409, outOfStock(lines[taken.line]?.piece ?? "a piece"));
  // the coupon was fairly applied when the order was placed: its use counts again if the coupon allows
  if (order.couponCode) await claimCouponUse(tx, order.couponCode, now);
  // the store credit it paid with was given back at the cancellation: it pays again, if still there
  if (order.storeCreditPaise > 0 && order.userId) {
    const spent = await spendStoreCredit(tx, {
      userId: order.userId,
      amountPaise: order.storeCreditPaise,
      orderId: order.id,
      reason: `Order ${order.orderNumber}`,
      now,
    });
    if (!spent.ok) refuse(409, CREDIT_SPENT_MESSAGE);
  }
}

const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];

/** Sets any status staff may set (STAFF_STATUSES), with its side effects; see the file's comment. */
export async function changeOrderStatus(
  db: Db,
  staff: Actor,
  input: { orderId: string; version: number; change: StatusChange },
  deps: ChangeDeps = {},
): Promise<ChangeResult> {
  const { change: next } = input;
  return change(db, input.orderId, input.version, deps, async (tx, order, now, refuse) => {
    const from = order.status as OrderStatus;
    const to = next.status;
    if (!statusChoices(from).includes(to)) refuse(409, ORDER_ADMIN_MESSAGES.awaitingPayment);
    const trackingChanged =
      to === "shipped" &&
      next.status === "shipped" &&
      (next.courier !== (order.courier ?? "") || next.trackingNumber !== (order.trackingNumber ?? ""));
    if (from === to && !trackingChanged) refuse(409, ORDER_ADMIN_MESSAGES.sameStatus(from));

    const result: Done = { message: ORDER_ADMIN_MESSAGES.updated, refundIds: [] };
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (from !== to) changes.status = { before: from, after: to };
    let summary = `${order.orderNumber}: ${label(from)} → ${label(to)}`;
    let reason: string | null = next.status === "cancelled" ? next.reason : next.note;

    if (from === "cancelled") {
      // reopening: only an order that was confirmed and whose money is still with the shop
      if (!order.confirmedAt) refuse(409, ORDER_ADMIN_MESSAGES.reopenUnconfirmed);
      // its invoice was taken back by a credit note: the supply is over, a new order starts a new one
      if (await hasCreditNote(tx, order.id)) refuse(409, ORDER_ADMIN_MESSAGES.credited);
      if ((await refundsOfOrder(tx, order.id)).length > 0) refuse(409, ORDER_ADMIN_MESSAGES.reopenRefunded);
      await retake(tx, order, now, refuse, ORDER_ADMIN_MESSAGES.reopenOutOfStock);
    }

    if (next.status === "shipped") {
      changes.courier = { before: order.courier, after: next.courier };
      changes.trackingNumber = { before: order.trackingNumber, after: next.trackingNumber };
      await setOrderTracking(tx, order.id, next);
      summary += ` (${next.courier}, ${next.trackingNumber})`;
      if (from === to) summary = `${order.orderNumber}: tracking changed to ${next.courier}, ${next.trackingNumber}`;
      reason = [`${next.courier}, tracking number ${next.trackingNumber}`, next.note].filter(Boolean).join(". ");
      // the shopper's text and e-mail, again with the new number when only the tracking changed
      const shipment = { courier: next.courier, trackingNumber: next.trackingNumber, trackingChanged: from === to };
      if ((await queueOrderShipped(tx, { ...orderRecipient(order), ...shipment })) > 0) afterCommit(tx, kickOutbox);
      result.message = ORDER_ADMIN_MESSAGES.shipped;
    }

    if (next.status === "cancelled") {
      const lines = await orderStockLines(tx, order.id);
      const back = await releaseStock(
        tx,
        lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
        now,
      );
      if (!back.ok) throw new Error(`cancel: could not give back the stock of order ${order.id}`);
      if (order.couponCode) await returnCouponUse(tx, order.couponCode, now);
      // what the shopper paid with store credit goes back to her credit (decision 042), once
      const restored = await restoreStoreCredit(tx, {
        orderId: order.id,
        reason: `Order ${order.orderNumber} cancelled`,
        now,
      });
      const asked = await requestRefunds(tx, { orderId: order.id, requestedBy: staff.id, now });
      result.refundIds = asked.map((r) => r.id);
      changes.cancellationReason = { before: order.cancellationReason, after: next.reason };
      summary += `: ${next.reason}`;
      if (asked.length > 0)
        summary += `; refund of ${asked.length === 1 ? "the payment" : `${asked.length} payments`} asked`;
      // an invoiced order's supply is taken back on a GST credit note, in this same transaction
      const credit = await issueCreditNote(tx, {
        orderId: order.id,
        reason: `Order cancelled: ${next.reason}`,
        selection: { kind: "all" },
        now,
      });
      if (credit) summary += `; credit note ${credit.creditNoteNumber} issued`;
      if (restored > 0) summary += `; ${formatPaise(restored)} store credit given back`;
      // the shopper is told why, and what becomes of her money (each refund has its own message too)
      await queueOrderCancelled(
        tx,
        staffCancellation(
          order,
          next.reason,
          asked.reduce((sum, r) => sum + r.amountPaise, 0),
        ),
      );
      afterCommit(tx, kickOutbox);
      result.message = ORDER_ADMIN_MESSAGES.cancelled;
    }

    if (next.status === "delivered" && (await queueOrderDelivered(tx, orderRecipient(order))) > 0)
      afterCommit(tx, kickOutbox);

    const moved = await moveOrder(tx, order.id, { from, to, actor: "staff", actorUserId: staff.id, reason, now });
    if (!moved) throw new Error(`order ${order.id} left ${from} under its lock`);
    if (to !== "cancelled" && !order.confirmedAt) {
      // never happens through statusChoices (an unconfirmed order can only be cancelled); kept for safety
      await markOrderConfirmed(tx, order.id, now);
    }
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: order.id,
      action: to === "cancelled" ? "cancel" : "status",
      summary,
      changes,
    });
    return result;
  });
}

/** A flagged payment of the order, locked: refused unless it still waits for staff. */
async function flaggedPayment(tx: Tx, orderId: string, paymentId: string, refuse: Refuse) {
  return (await lockFlaggedPayment(tx, orderId, paymentId)) ?? refuse(409, ORDER_ADMIN_MESSAGES.flagGone);
}

/**
 * Confirms an order with a flagged payment ('payment succeeded but order not confirmed') through the
 * same path as a paid confirmation: the order moves to confirmed and `queueConfirmation` queues the
 * shopper's text and e-mail, in this transaction. A cancelled order takes its stock and coupon use
 * again first; when a piece has sold out meanwhile, staff are told to refund instead.
 */
export async function confirmFlaggedPayment(
  db: Db,
  staff: Actor,
  input: { orderId: string; version: number; paymentId: string },
  deps: ChangeDeps = {},
): Promise<ChangeResult> {
  return change(db, input.orderId, input.version, deps, async (tx, order, now, refuse) => {
    const { payment, refund } = await flaggedPayment(tx, order.id, input.paymentId, refuse);
    if (refund) refuse(409, ORDER_ADMIN_MESSAGES.flagGone);
    // the gateway's part is what store credit did not pay
    const due = { totalPaise: order.totalPaise - order.storeCreditPaise };
    if (!paysOrderTotal(payment, due)) refuse(409, ORDER_ADMIN_MESSAGES.wrongAmount);
    const from = order.status as OrderStatus;
    if (from !== "cancelled" && from !== "pending_payment") refuse(409, ORDER_ADMIN_MESSAGES.alreadyConfirmed);
    if (from === "cancelled" && (await hasCreditNote(tx, order.id))) refuse(409, ORDER_ADMIN_MESSAGES.credited);
    if (from === "cancelled") await retake(tx, order, now, refuse, ORDER_ADMIN_MESSAGES.confirmOutOfStock);
    const reason = `Paid online (${payment.providerPaymentId ?? payment.id}), confirmed by staff`;
    await moveOrder(tx, order.id, { from, to: "confirmed", actor: "staff", actorUserId: staff.id, reason, now });
    await queueConfirmation(tx, order.id);
    afterCommit(tx, kickOutbox);
    await clearPaymentFlag(tx, payment.id, now);
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: order.id,
      action: "confirm-payment",
      summary: `${order.orderNumber}: confirmed with flagged payment ${payment.providerPaymentId ?? payment.id}`,
      changes: {
        status: { before: from, after: "confirmed" },
        paymentFlag: { before: payment.flagReason, after: null },
      },
    });
    return { message: ORDER_ADMIN_MESSAGES.confirmed, refundIds: [] };
  });
}

/** Refunds a flagged payment whole; the order itself stays as it is. */
export async function refundFlaggedPayment(
  db: Db,
  staff: Actor,
  input: { orderId: string; version: number; paymentId: string },
  deps: ChangeDeps = {},
): Promise<ChangeResult> {
  return change(db, input.orderId, input.version, deps, async (tx, order, now, refuse) => {
    const { payment, refund } = await flaggedPayment(tx, order.id, input.paymentId, refuse);
    if (refund && refund.status !== "failed") refuse(409, ORDER_ADMIN_MESSAGES.flagGone);
    const refundIds = refund
      ? [refund.id]
      : (await requestRefunds(tx, { orderId: order.id, paymentId: payment.id, requestedBy: staff.id, now })).map(
          (r) => r.id,
        );
    if (refundIds.length === 0) refuse(409, ORDER_ADMIN_MESSAGES.flagGone);
    const status = order.status as OrderStatus;
    const reason = `Refund of payment ${payment.providerPaymentId ?? payment.id} asked (${payment.flagReason ?? "flagged payment"})`;
    await moveOrder(tx, order.id, { from: status, to: status, actor: "staff", actorUserId: staff.id, reason, now });
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: order.id,
      action: "refund",
      summary: `${order.orderNumber}: ${reason}`,
    });
    // a new refund row queued its message to the shopper
    if (!refund) afterCommit(tx, kickOutbox);
    return { message: ORDER_ADMIN_MESSAGES.updated, refundIds };
  });
}

/** Asks the gateway again for a refund that failed (or is still pending), with the same idempotency key. */
export async function retryRefund(
  db: Db,
  staff: Actor,
  input: { orderId: string; version: number; refundId: string },
  deps: ChangeDeps = {},
): Promise<ChangeResult> {
  return change(db, input.orderId, input.version, deps, async (tx, order, now, refuse) => {
    const refund = await lockOrderRefund(tx, order.id, input.refundId);
    if (!refund) return refuse(404, ORDER_ADMIN_MESSAGES.refundMissing);
    if (refund.status === "processed") refuse(409, ORDER_ADMIN_MESSAGES.refundDone);
    const status = order.status as OrderStatus;
    const reason = `Refund ${refund.status === "failed" ? "tried again" : "checked again"}`;
    await moveOrder(tx, order.id, { from: status, to: status, actor: "staff", actorUserId: staff.id, reason, now });
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: order.id,
      action: "refund-retry",
      summary: `${order.orderNumber}: ${reason.toLowerCase()}`,
    });
    return { message: ORDER_ADMIN_MESSAGES.updated, refundIds: [refund.id] };
  });
}

/** The toast for a change's refunds: processed, still pending, or failed (recorded, retryable). */
export function refundMessage(outcomes: RefundOutcome[]): { message: string; tone: "success" | "error" } | null {
  if (outcomes.length === 0) return null;
  if (outcomes.some((o) => o.state === "failed")) return { message: ORDER_ADMIN_MESSAGES.refundFailed, tone: "error" };
  if (outcomes.some((o) => o.state === "pending"))
    return { message: ORDER_ADMIN_MESSAGES.refundPending, tone: "success" };
  return { message: ORDER_ADMIN_MESSAGES.refundProcessed, tone: "success" };
}

/**
 * A prepaid order that came back undelivered (returned to origin, received by staff): its payment is
 * given back, asked at the gateway after the commit with the refund row's idempotency key, and the
 * shopper is told. Offered on the order's page once the parcel is received (decision 041).
 */
export async function refundReturnedOrder(
  db: Db,
  staff: Actor,
  input: { orderId: string; version: number },
  deps: ChangeDeps = {},
): Promise<ChangeResult> {
  return change(db, input.orderId, input.version, deps, async (tx, order, now, refuse) => {
    if (order.status !== "returned") refuse(409, ORDER_ADMIN_MESSAGES.refundNotReturned);
    const asked = await requestRefunds(tx, { orderId: order.id, requestedBy: staff.id, now });
    if (asked.length === 0) refuse(409, ORDER_ADMIN_MESSAGES.nothingToRefund);
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: order.id,
      action: "refund.returned",
      summary: `${order.orderNumber}: came back undelivered; refund of ${asked.length === 1 ? "the payment" : `${asked.length} payments`} asked`,
    });
    return { message: ORDER_ADMIN_MESSAGES.returnedRefunded, refundIds: asked.map((r) => r.id) };
  });
}
