/**
 * The payments module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  type GatewayError,
  PAYMENT_MESSAGES,
  type PaymentCheckout,
  paymentFailedMessage,
  prefersRedirectCheckout,
  razorpayCheckoutOptions,
  type RazorpayCheckoutOptions,
  TEST_GATEWAY_FAILURES,
  type TestGatewayFailure,
} from "./provider";
export { describeAmount, judgePayment, paysOrderTotal, type ReportedPayment } from "./settlement";
