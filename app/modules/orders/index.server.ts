/**
 * The orders module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { type CouponOrderRow, ordersUsingCoupon } from "./coupon-orders.server";
export { accountOrderUrl, findOrderRecipient, orderRecipient, staffCancellation } from "./order-recipient.server";
export {
  deliveredAtOf,
  expiredUnpaidOrderIds,
  findOrderByCheckoutKey,
  findOrderById,
  findOrderByNumber,
  findOrderRef,
  findShopperOrderRef,
  hasOrders,
  insertOrder,
  lockExpiredUnpaidOrder,
  lockOrder,
  markOrderConfirmed,
  moveOrder,
  type NewOrder,
  type NewOrderLine,
  orderLinesByName,
  orderLinesOf,
  type OrderRow,
  orderStockLines,
  raiseOrderVersion,
  setOrderTracking,
} from "./orders.server";
export {
  type DeliveredOrderToAsk,
  type DeliveredPurchase,
  deliveredPurchasesOf,
  ordersDeliveredBetween,
} from "./purchases.server";
export { lookUpOrder } from "./tracking.server";
export { orderHistory, orderLineIdsOfProduct } from "./product-history.server";
export { findShopperOrder, listOrdersForUser, type OrderSummary, type ShopperOrder } from "./shopper-orders.server";
export { type OrderCard, orderCardsOf, orderMatchesSearch } from "./staff-lookup.server";
