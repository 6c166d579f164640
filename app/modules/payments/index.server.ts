/**
 * The payments module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { type CheckoutResult, parseCheckoutCallback, readRazorpayWebhook } from "./callbacks.server";
export {
  PaymentGatewayError,
  type PaymentProvider,
  paymentProviderFor,
  type TestGatewayProvider,
} from "./provider.server";
export {
  clearPaymentFlag,
  createPaymentRecord,
  findGatewayPayment,
  flagPayment,
  lockFlaggedPayment,
  lockGatewayPayment,
  lockOrderPayments,
  markCaptured,
  markFailed,
  markWebhookProcessed,
  paymentsOfOrder,
  recordGatewayRefund,
  recordWebhookEvent,
  settlingPayment,
  type SettlingPayment,
} from "./records.server";
export { announceRefundProcessed } from "./refund-notices.server";
export {
  type ReturnRefund,
  requestReturnRefund,
  returnIdOfRefund,
  returnRefundPurpose,
  settleRefunds,
} from "./return-refunds.server";
export {
  lockOrderRefund,
  recordRefundWebhook,
  type RefundOutcome,
  type RefundRow,
  refundsOfOrder,
  requestRefunds,
  settleRefund,
} from "./refunds.server";
