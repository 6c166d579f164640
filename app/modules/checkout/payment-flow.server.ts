import { startPeriodic, stopPeriodic } from "../../lib/periodic.server";
import { getConfig, type PaymentsConfig } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import type { CspSources } from "../../lib/csp";
import { getLogger } from "../../lib/logger.server";
import { reserveStock, releaseStock, stockCommitted } from "../catalog/index.server";
import { claimCouponUse, returnCouponUse } from "../coupons/index.server";
import { queueOrderCancelled } from "../messages/index.server";
import { orderRecipient } from "../orders/index.server";
import {
  expiredUnpaidOrderIds,
  findOrderByNumber,
  lockExpiredUnpaidOrder,
  lockOrder,
  moveOrder,
  orderStockLines,
  type OrderRow,
} from "../orders/index.server";
import { PaymentGatewayError, paymentProviderFor, type PaymentProvider } from "../payments/index.server";
import type { CheckoutResult } from "../payments/index.server";
import { PAYMENT_MESSAGES, paymentFailedMessage, type GatewayError, type PaymentCheckout } from "../payments";
import {
  createPaymentRecord,
  flagPayment,
  lockGatewayPayment,
  markCaptured,
  markFailed,
  paymentsOfOrder,
} from "../payments/index.server";
import { judgePayment, type ReportedPayment } from "../payments";
import { queueConfirmation } from "./confirmation.server";

/*
 * Paying an order that awaits payment (decision 020): an order becomes `confirmed` only after the
 * payment's signature or webhook is verified. The payment page, Razorpay's redirect callback, the
 * webhook and the sweep of abandoned orders all settle a payment through `settlePayment`: one
 * idempotent function under row locks, which only ever moves an order forward, and which hands what
 * the gateway reported to the one rule of whether it settles the order (`judgePayment`, decision 036):
 * a payment of another amount or currency is recorded as reported and flagged, never confirmed.
 */

/** Why the sweep cancelled an order: a late payment for such an order may still confirm it. */
export const PAYMENT_EXPIRED_REASON = "Payment was not completed in time";

/** At most this many gateway sessions per order: each Pay press opens one. */
const MAX_SESSIONS_PER_ORDER = 20;

export type PayableState =
  | { kind: "payable"; order: OrderRow }
  | { kind: "paid"; order: OrderRow }
  | { kind: "expired"; order: OrderRow }
  | { kind: "closed"; order: OrderRow }
  | { kind: "missing" };

/** An order as its own shopper may pay it: only theirs, only while it awaits payment and its time has not run out. */
export async function payableOrder(
  db: Db,
  userId: string,
  orderNumber: string,
  now = new Date(),
): Promise<PayableState> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order || order.userId !== userId) return { kind: "missing" };
  if (order.status === "pending_payment") {
    if (order.paymentMethod !== "online") return { kind: "closed", order };
    return order.paymentDueAt && order.paymentDueAt <= now ? { kind: "expired", order } : { kind: "payable", order };
  }
  if (order.status === "cancelled")
    return order.cancellationReason === PAYMENT_EXPIRED_REASON ? { kind: "expired", order } : { kind: "closed", order };
  return { kind: "paid", order };
}

export type StartPaymentResult = { ok: true; checkout: PaymentCheckout } | { ok: false; message: string };

/** Opens a gateway session for the order and records it; the browser then takes the payment. */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { order: OrderRow; callbackUrl: string; storeName: string },
): Promise<StartPaymentResult> {
  const { order } = input;
  if ((await paymentsOfOrder(db, order.id)).length >= MAX_SESSIONS_PER_ORDER)
    return { ok: false, message: PAYMENT_MESSAGES.initiationFailed };
  try {
    const session = await provider.createPaymentSession(
      {
        orderNumber: order.orderNumber,
        amountPaise: order.totalPaise,
        currency: "INR",
        customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
        shippingAddress: `${order.billing.address}, ${order.billing.city}, ${order.billing.state} ${order.billing.pincode}`,
        description: `Order ${order.orderNumber}`,
      },
      { callbackUrl: input.callbackUrl, storeName: input.storeName },
    );
    if (session.amountPaise !== order.totalPaise) throw new Error("the gateway's session is for another amount");
    await createPaymentRecord(db, {
      orderId: order.id,
      provider: session.provider,
      providerOrderId: session.providerOrderId,
      amountPaise: session.amountPaise,
    });
    return { ok: true, checkout: session.checkout };
  } catch (error) {
    if (error instanceof PaymentGatewayError) return { ok: false, message: error.userMessage };
    getLogger().error({ err: error, order: order.orderNumber }, "payments: could not open a payment session");
    return { ok: false, message: PAYMENT_MESSAGES.initiationFailed };
  }
}

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

class FlagInstead extends Error {}

/** Confirms a timed-out order again for a payment that arrived late: its stock and coupon use, if still there. */
async function revive(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const taken = await reserveStock(sp, await orderStockLines(sp, order.id));
      if (!taken.ok) throw new FlagInstead();
      if (order.couponCode && !(await claimCouponUse(sp, order.couponCode, now))) throw new FlagInstead();
    });
    return true;
  } catch (error) {
    if (error instanceof FlagInstead) return false;
    throw error;
  }
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
  let stockChanged = false;
  let mismatch: string | null = null;
  const result = await db.transaction(async (tx): Promise<SettleResult> => {
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
    const verdict = judgePayment({ gatewayOrderId: input.providerOrderId, amountPaise: order.totalPaise }, reported);
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
        stockChanged = true;
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
  if (stockChanged) stockCommitted();
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
  let released = false;
  for (const orderId of await expiredUnpaidOrderIds(db, now, limit)) {
    const atGateway = provider ? await captureAtGateway(db, provider, orderId, now) : "none";
    if (atGateway === "confirmed") report.confirmed += 1;
    if (atGateway !== "none") continue;
    const done = await db.transaction(async (tx) => {
      const order = await lockExpiredUnpaidOrder(tx, orderId, now);
      if (!order) return false;
      const back = await releaseStock(tx, await orderStockLines(tx, order.id), now);
      if (!back.ok) throw new Error(`sweep: could not give back the stock of order ${order.id}`);
      if (order.couponCode) await returnCouponUse(tx, order.couponCode, now);
      await moveOrder(tx, order.id, {
        from: "pending_payment",
        to: "cancelled",
        actor: "system",
        reason: PAYMENT_EXPIRED_REASON,
        now,
      });
      // the shopper is told it lapsed unpaid (sent after the commit: stockCommitted kicks the outbox)
      // ... and of any money the gateway took that did not match the order (flagged: staff refund it)
      const unmatchedPaidPaise = (await paymentsOfOrder(tx, order.id))
        .filter((p) => p.status === "captured" && p.currency === "INR")
        .reduce((sum, p) => sum + p.amountPaise, 0);
      await queueOrderCancelled(tx, { ...orderRecipient(order), cause: "lapsed", unmatchedPaidPaise });
      return true;
    });
    if (done) {
      report.released += 1;
      released = true;
    }
  }
  if (released) stockCommitted();
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

/** The gateway's description, or a plainer one when it says no more than 'Payment failed'. */
export function failureDescription(error: GatewayError): string | null {
  const text = error.description?.trim() ?? "";
  if (text && !/^payment failed\.?$/i.test(text)) return text;
  if (error.source === "bank") return "Your bank declined the payment";
  if (error.source === "customer") return "The payment was not completed";
  return text || null;
}

export type ReturnOutcome =
  | { kind: "confirmed"; orderNumber: string }
  | { kind: "flagged"; orderNumber: string; message: string }
  | { kind: "failed"; message: string }
  | { kind: "rejected"; message: string };

/**
 * Checkout's result as the browser or the gateway's redirect hands it back: checked against the
 * session stored for this order (never the ids or the amount the browser names), then settled.
 * A success whose signature does not hold changes nothing.
 */
export async function settleReturn(
  db: Db,
  provider: PaymentProvider,
  input: {
    order: Pick<OrderRow, "id" | "orderNumber">;
    result: CheckoutResult;
    source: "page" | "callback";
    now?: Date;
  },
): Promise<ReturnOutcome> {
  const { result, order } = input;
  if (result.kind === "invalid") return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  const sessions = (await paymentsOfOrder(db, order.id)).filter(
    (p) => p.provider === provider.name && p.providerOrderId,
  );
  const named = result.razorpayOrderId;
  const session = named ? sessions.find((p) => p.providerOrderId === named) : sessions[0];
  if (!session?.providerOrderId) return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  const verdict = await provider.verifyReturn({ providerOrderId: session.providerOrderId, result });
  if (verdict.outcome === "rejected") {
    getLogger().warn(
      { order: order.orderNumber, reason: verdict.reason, detail: verdict.detail },
      "payments: a payment result was refused",
    );
    return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  }
  const outcome: PaymentOutcome =
    verdict.outcome === "paid"
      ? {
          kind: "paid",
          // Without the gateway's record of the payment (the test gateway, or Razorpay out of reach), the
          // signature proves a payment on the gateway order, whose amount the gateway itself reported
          // when it opened it: that is the amount to judge.
          payment: verdict.payment ?? {
            id: verdict.providerPaymentId,
            orderId: session.providerOrderId,
            amountPaise: session.amountPaise,
            currency: session.currency,
            status: "authorized",
            method: null,
          },
          signature: result.kind === "success" ? result.razorpaySignature : null,
        }
      : { kind: "failed", providerPaymentId: verdict.providerPaymentId, error: verdict.error };
  const settled = await settlePayment(db, {
    provider: provider.name,
    providerOrderId: session.providerOrderId,
    outcome,
    source: input.source,
    now: input.now,
  });
  switch (settled.state) {
    case "confirmed":
      return { kind: "confirmed", orderNumber: settled.orderNumber };
    case "flagged":
      return { kind: "flagged", orderNumber: settled.orderNumber, message: PAYMENT_MESSAGES.orderCreationFailed };
    case "failed":
      return {
        kind: "failed",
        message: paymentFailedMessage(outcome.kind === "failed" ? failureDescription(outcome.error) : null),
      };
    case "not-paid":
    case "unknown":
      return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  }
}

const PROVIDER_KEY = Symbol.for("shop.paymentProvider");
type GlobalWithProvider = typeof globalThis & {
  [PROVIDER_KEY]?: { config: PaymentsConfig; provider: PaymentProvider | null };
};

/** The configured gateway (decision 017), made once per configuration. */
export function shopPaymentProvider(config: PaymentsConfig = getConfig().payments): PaymentProvider | null {
  const g = globalThis as GlobalWithProvider;
  if (g[PROVIDER_KEY]?.config !== config) g[PROVIDER_KEY] = { config, provider: paymentProviderFor(config) };
  return g[PROVIDER_KEY].provider;
}

/** The payment page's policy: the gateway's script, frames and calls are allowed there, and nowhere else. */
export function paymentPageSources(config: PaymentsConfig = getConfig().payments): CspSources {
  if (config.provider !== "razorpay") return {};
  const origins = [...new Set([new URL(config.checkoutUrl).origin, new URL(config.apiUrl).origin])];
  const razorpay = origins.some((o) => /(^|\.)razorpay\.com$/.test(new URL(o).hostname))
    ? ["https://*.razorpay.com"]
    : [];
  const all = [...origins, ...razorpay];
  return {
    script: [new URL(config.checkoutUrl).origin, ...razorpay],
    frame: all,
    connect: all,
    img: all,
    formAction: all,
  };
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
