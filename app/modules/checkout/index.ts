/**
 * The checkout module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  billingSchema,
  CHECKOUT_MESSAGES,
  checkoutErrors,
  checkoutFormSchema,
  checkoutSummary,
  checkoutValues,
  type CheckoutValues,
  EXPECTED_DISPATCH,
  NOTE_MAX_LENGTH,
} from "./billing";
export { isOrderNumber } from "./order-number";
export { amountDuePaise, creditFor, PAID_WITH_STORE_CREDIT } from "./store-credit";
