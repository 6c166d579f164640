import type { Db } from "../../../db/client.server";
import { inTransaction } from "../../../db/transaction.server";
import { getLogger } from "../../../lib/logger.server";
import { startPeriodic, stopPeriodic } from "../../../lib/periodic.server";
import { releaseStock } from "../../catalog/index.server";
import { returnCouponUse } from "../../coupons/index.server";
import { restoreStoreCredit } from "../../credit/index.server";
import { queueOrderCancelled } from "../../messages/index.server";
import {
  expiredUnpaidOrderIds,
  lockExpiredUnpaidOrder,
  moveOrder,
  orderRecipient,
  orderStockLines,
} from "../../orders/index.server";
import { paymentsOfOrder, type PaymentProvider } from "../../payments/index.server";
import { shopPaymentProvider } from "./gateway.server";
import { PAYMENT_EXPIRED_REASON, settlePayment } from "./settle.server";

/**
 * The sweep of abandoned payments: unpaid online orders past their time give back their stock and
 * coupon use and are cancelled. Before that, the gateway is asked whether a payment was captured
 * meanwhile (a webhook that never arrived); such an order is confirmed instead. Several instances
 * may sweep at once: each order is taken under a row lock, and one held by another sweep is skipped.
 */
export async function sweepExpiredPayments(
  db: Db,
  provider: PaymentProvider | null,
  { now = new Date(), limit = 50 } = {},
): Promise<{ released: number; confirmed: number }> {
  const report = { released: 0, confirmed: 0 };
  for (const orderId of await expiredUnpaidOrderIds(db, now, limit)) {
    const atGateway = provider ? await captureAtGateway(db, provider, orderId, now) : "none";
    if (atGateway === "confirmed") report.confirmed += 1;
    if (atGateway !== "none") continue;
    const done = await inTransaction(db, async (tx) => {
      const order = await lockExpiredUnpaidOrder(tx, orderId, now);
      if (!order) return false;
      const back = await releaseStock(tx, await orderStockLines(tx, order.id), now);
      if (!back.ok) throw new Error(`sweep: could not give back the stock of order ${order.id}`);
      if (order.couponCode) await returnCouponUse(tx, order.couponCode, now);
      // the store credit it spent goes back to the shopper (decision 042)
      await restoreStoreCredit(tx, { orderId: order.id, reason: `Order ${order.orderNumber} not paid in time`, now });
      await moveOrder(tx, order.id, {
        from: "pending_payment",
        to: "cancelled",
        actor: "system",
        reason: PAYMENT_EXPIRED_REASON,
        now,
      });
      // the shopper is told it lapsed unpaid (sent after the commit: giving the stock back wakes the outbox)
      // ... and of any money the gateway took that did not match the order (flagged: staff refund it)
      const unmatchedPaidPaise = (await paymentsOfOrder(tx, order.id))
        .filter((p) => p.status === "captured" && p.currency === "INR")
        .reduce((sum, p) => sum + p.amountPaise, 0);
      await queueOrderCancelled(tx, { ...orderRecipient(order), cause: "lapsed", unmatchedPaidPaise });
      return true;
    });
    if (done) report.released += 1;
  }
  return report;
}

/**
 * Asks the gateway about each session of the order and settles the first captured payment found:
 * 'confirmed' (or flagged: settled either way), 'none' (nothing was paid), or 'unsure' (the gateway
 * did not answer: the order keeps its stock until the next round).
 */
async function captureAtGateway(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now: Date,
): Promise<"confirmed" | "settled" | "none" | "unsure"> {
  const sessions = (await paymentsOfOrder(db, orderId)).filter(
    (p) => p.provider === provider.name && p.providerOrderId && p.status !== "captured",
  );
  for (const session of sessions) {
    try {
      const found = await provider.findPayments(session.providerOrderId!);
      // the gateway's own amount, currency and status go to settlePayment, which decides
      const paid = found.find((p) => p.status === "captured" || p.status === "authorized");
      if (!paid) continue;
      const settled = await settlePayment(db, {
        provider: provider.name,
        providerOrderId: session.providerOrderId!,
        outcome: { kind: "paid", payment: paid },
        source: "sweep",
        now,
      });
      if (settled.state === "confirmed") return "confirmed";
      if (settled.state === "flagged") return "settled";
      // not this order's money: look at its other sessions
      continue;
    } catch (error) {
      getLogger().warn(
        { err: error, orderId },
        "payments sweep: could not ask the gateway about an unpaid order; it will be asked again",
      );
      return "unsure";
    }
  }
  return "none";
}

/** Sweeps abandoned payments now and then every `everyMs` (several instances may run it: see above). */
export function startPaymentSweep(db: Db, everyMs = 60_000): void {
  startPeriodic("payment-sweep", everyMs, () =>
    sweepExpiredPayments(db, shopPaymentProvider())
      .then((report) => {
        if (report.released || report.confirmed) getLogger().info(report, "payments sweep: unpaid orders handled");
      })
      .catch((error: unknown) => getLogger().error({ err: error }, "payments sweep failed; it runs again in a minute")),
  );
}

/** Stops the sweep and waits for a round in progress (graceful shutdown). */
export function stopPaymentSweep(): Promise<void> {
  return stopPeriodic("payment-sweep");
}
