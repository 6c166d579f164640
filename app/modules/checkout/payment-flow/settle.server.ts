import type { Db, Tx } from "../../../db/client.server";
import { inTransaction } from "../../../db/transaction.server";
import { getLogger } from "../../../lib/logger.server";
import { reserveStock } from "../../catalog/index.server";
import { claimCouponUse } from "../../coupons/index.server";
import { lockOrder, moveOrder, orderStockLines, type OrderRow } from "../../orders/index.server";
import { flagPayment, lockGatewayPayment, markCaptured, markFailed } from "../../payments/index.server";
import { judgePayment, type GatewayError, type ReportedPayment } from "../../payments";
import { spendStoreCredit } from "../../credit/index.server";
import { queueConfirmation } from "../confirmation.server";
import { amountDuePaise } from "../store-credit";

/*
 * Settling a payment: the one function the payment page, Razorpay's redirect, the webhook and the
 * sweep all go through (see payment-flow.server.ts).
 */

/** Why the sweep cancelled an order: a late payment for such an order may still confirm it. */
export const PAYMENT_EXPIRED_REASON = "Payment was not completed in time";

export type PaymentOutcome =
  /** the gateway reports a payment (its own amount, currency and status: `judgePayment` decides) */
  | { kind: "paid"; payment: ReportedPayment; signature?: string | null }
  | { kind: "failed"; providerPaymentId: string | null; error: GatewayError };

export type SettleResult =
  /** the order is confirmed (now, or it was already by this payment) */
  | { state: "confirmed"; orderNumber: string }
  /** money was taken but the order could not be confirmed: kept and flagged for staff */
  | { state: "flagged"; orderNumber: string }
  /** a failed attempt was recorded; the order still awaits payment */
  | { state: "failed"; orderNumber: string }
  /** the gateway holds no money for this payment (failed, refunded, never authorised): nothing changed */
  | { state: "not-paid"; orderNumber: string }
  /** no session with this gateway order id (not ours, or not recorded) */
  | { state: "unknown" };

/**
 * Confirms a timed-out order again for a payment that arrived late: its stock, coupon use and the
 * store credit it spent (given back when it lapsed), if still there. False (and nothing taken) when
 * any is gone: the payment is flagged instead.
 */
async function revive(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  return inTransaction<boolean>(tx, async (sp, flagInstead) => {
    const taken = await reserveStock(sp, await orderStockLines(sp, order.id));
    if (!taken.ok) return flagInstead(false);
    if (order.couponCode && !(await claimCouponUse(sp, order.couponCode, now))) return flagInstead(false);
    if (order.storeCreditPaise > 0 && order.userId) {
      const spent = await spendStoreCredit(sp, {
        userId: order.userId,
        amountPaise: order.storeCreditPaise,
        orderId: order.id,
        reason: `Order ${order.orderNumber}`,
        now,
      });
      if (!spent.ok) return flagInstead(false);
    }
    return true;
  });
}

/**
 * Settles one gateway payment: idempotent (a repeated success, a webhook racing the page, a sweep
 * finding the same capture all end in one confirmation), and forward only (a failure after a capture
 * changes nothing; a capture after a failure still confirms).
 */
export async function settlePayment(
  db: Db,
  input: {
    provider: string;
    providerOrderId: string;
    outcome: PaymentOutcome;
    source: "page" | "callback" | "webhook" | "sweep";
    now?: Date;
  },
): Promise<SettleResult> {
  const now = input.now ?? new Date();
  let mismatch: string | null = null;
  const result = await inTransaction(db, async (tx): Promise<SettleResult> => {
    const payment = await lockGatewayPayment(tx, input.provider, input.providerOrderId);
    if (!payment) return { state: "unknown" };
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return { state: "unknown" };
    const { outcome } = input;

    if (outcome.kind === "failed") {
      if (payment.status !== "captured") {
        await markFailed(tx, payment.id, {
          providerPaymentId: outcome.providerPaymentId,
          description: outcome.error.description ?? "Payment failed",
          error: outcome.error,
          now,
        });
      }
      return order.status === "pending_payment"
        ? { state: "failed", orderNumber: order.orderNumber }
        : { state: "confirmed", orderNumber: order.orderNumber };
    }

    if (payment.status === "captured") {
      return payment.flaggedAt
        ? { state: "flagged", orderNumber: order.orderNumber }
        : { state: "confirmed", orderNumber: order.orderNumber };
    }
    const reported = outcome.payment;
    const verdict = judgePayment(
      { gatewayOrderId: input.providerOrderId, amountPaise: amountDuePaise(order) },
      reported,
    );
    if (verdict.kind === "other-order") {
      getLogger().warn(
        { source: input.source, order: order.orderNumber, reason: verdict.reason },
        "payments: a reported payment belongs to another gateway order; ignored",
      );
      return { state: "unknown" };
    }
    if (verdict.kind === "not-paid") return { state: "not-paid", orderNumber: order.orderNumber };
    // the row keeps what the gateway reported, whatever the order's total
    await markCaptured(tx, payment.id, { reported, signature: outcome.signature, now });
    if (verdict.kind === "mismatch") {
      await flagPayment(tx, payment.id, verdict.reason, now);
      mismatch = verdict.reason;
      return { state: "flagged", orderNumber: order.orderNumber };
    }
    const reason = `Paid online (${reported.id})`;

    if (order.status === "pending_payment") {
      await moveOrder(tx, order.id, { from: "pending_payment", to: "confirmed", actor: "gateway", reason, now });
      await queueConfirmation(tx, order.id);
      return { state: "confirmed", orderNumber: order.orderNumber };
    }
    if (order.status === "cancelled" && order.cancellationReason === PAYMENT_EXPIRED_REASON) {
      if (await revive(tx, order, now)) {
        await moveOrder(tx, order.id, {
          from: "cancelled",
          to: "confirmed",
          actor: "gateway",
          reason: `${reason}, after the order had expired`,
          now,
        });
        await queueConfirmation(tx, order.id);
        return { state: "confirmed", orderNumber: order.orderNumber };
      }
      await flagPayment(tx, payment.id, "Paid after the order expired, and its pieces were no longer in stock", now);
      return { state: "flagged", orderNumber: order.orderNumber };
    }
    // Paid twice, or paid for an order staff had cancelled: the money is kept and shown to staff.
    await flagPayment(
      tx,
      payment.id,
      order.status === "cancelled" ? "Paid for a cancelled order" : "A second payment for an order already paid",
      now,
    );
    return { state: order.status === "cancelled" ? "flagged" : "confirmed", orderNumber: order.orderNumber };
  });
  if (mismatch) {
    getLogger().error(
      { ...input, result, mismatch },
      "payments: a payment does not match its order's amount or currency; the order stays unpaid and the payment is flagged for staff",
    );
  } else if (result.state === "flagged") {
    getLogger().warn({ ...input, result }, "payments: a payment was taken for an order that could not be confirmed");
  }
  return result;
}
