/**
 * The coupons module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  type AdminCouponListItem,
  type AdminCouponPage,
  type CouponForEdit,
  listAdminCoupons,
  loadCouponForEdit,
  saveCoupon,
  setCouponActive,
} from "./coupon-admin.server";
export { claimCouponUse, couponTermsOf, ensureCoupons, findCouponRule, returnCouponUse } from "./coupons.server";
