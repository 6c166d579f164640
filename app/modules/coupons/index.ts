/**
 * The coupons module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  checkCouponForm,
  COUPON_ADMIN_MESSAGES,
  COUPON_STATE_LABELS,
  type CouponFieldErrors,
  type CouponFormValues,
  couponValuesSchema,
  couponState,
  type CouponState,
  couponValueLabel,
  emptyCouponForm,
  formatShopTime,
} from "./coupon-form";
