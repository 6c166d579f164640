/**
 * The pricing module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export { formatPaise, formatPrice, groupIndian, type Paise, percentOff, rupeesToPaise } from "./money";
export {
  checkCoupon,
  checkoutTotals,
  type CheckoutTotals,
  COUPON_MESSAGES,
  type CouponCheck,
  couponRemovedMessage,
  type CouponRule,
  type CouponTerms,
  exceedsMaxOrder,
  maxOrderMessage,
  normaliseCouponCode,
  type PaymentChoice,
  priceCart,
  type PricedCart,
} from "./pricing";
