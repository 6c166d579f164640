/*
 * Paying an order that awaits payment (decision 020): an order becomes `confirmed` only after the
 * payment's signature or webhook is verified. The payment page, Razorpay's redirect callback, the
 * webhook and the sweep of abandoned orders all settle a payment through `settlePayment`: one
 * idempotent function under row locks, which only ever moves an order forward, and which hands what
 * the gateway reported to the one rule of whether it settles the order (`judgePayment`, decision 036):
 * a payment of another amount or currency is recorded as reported and flagged, never confirmed.
 *
 * The steps live in payment-flow/: start.server.ts (may the shopper pay, the gateway session),
 * settle.server.ts (`settlePayment`), return.server.ts (the shopper back from the gateway),
 * sweep.server.ts (abandoned payments) and gateway.server.ts (the configured gateway).
 */

export { shopPaymentProvider, paymentPageSources } from "./payment-flow/gateway.server";
export { failureDescription, settleReturn, type ReturnOutcome } from "./payment-flow/return.server";
export {
  PAYMENT_EXPIRED_REASON,
  settlePayment,
  type PaymentOutcome,
  type SettleResult,
} from "./payment-flow/settle.server";
export { payableOrder, startPayment, type PayableState, type StartPaymentResult } from "./payment-flow/start.server";
export { startPaymentSweep, stopPaymentSweep, sweepExpiredPayments } from "./payment-flow/sweep.server";
