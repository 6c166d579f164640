/**
 * The checkout module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { checkoutPage, type CheckoutPage } from "./checkout-page.server";
export { queueConfirmation } from "./confirmation.server";
export {
  payableOrder,
  paymentPageSources,
  settleReturn,
  shopPaymentProvider,
  startPayment,
  startPaymentSweep,
  stopPaymentSweep,
} from "./payment-flow.server";
export { type LineProblem, placeOrder } from "./place-order.server";
export { handleRazorpayWebhook } from "./webhook.server";
export { checkoutTurns, shoppersWaitingToOrder } from "./turns.server";
export { getOrderForUser, listOrdersForUser } from "./shopper-orders.server";
