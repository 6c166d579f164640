/**
 * The cart module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  addLineSchema,
  cartIntentSchema,
  jsonField,
  parseGuestLines,
  parseProductIds,
  STORE_FIELD,
  wishlistIntentSchema,
} from "./cart-input";
export { buildCartView, type CartCatalogue, type CartView, type CartViewLine, lineStateMessage } from "./cart-view";
export { integerField, isUuid, pendingLineOf, type Store } from "./form-fields";
export { fetchGuestQuote, fetchGuestWishlist, runGuestCartIntent, runGuestWishlistIntent } from "./guest-cart";
export { applyLineChange, type CartLine, countItems, type LineChange, sameVariant, stockCapMessage } from "./lines";
export {
  addLocalLine,
  CART_STORAGE_KEY,
  localCartSnapshot,
  localCouponSnapshot,
  readLocalCart,
  readLocalCoupon,
  removeLocalCart,
  serverCartSnapshot,
  subscribeLocalCart,
  writeLocalCoupon,
} from "./local-cart";
export {
  CART_MESSAGES,
  type CartActionResult,
  checkoutNotice,
  WISHLIST_MESSAGES,
  type WishlistActionResult,
} from "./results";
