/**
 * The orders module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  exportOrdersCsv,
  type FlaggedPaymentRow,
  listStaffOrders,
  loadStaffOrder,
  openFlaggedPayments,
  orderExportFileName,
  type StaffOrderDetail,
  type StaffOrderPage,
  type StaffOrderRow,
} from "./admin-orders.server";
export { type CouponOrderRow, ordersUsingCoupon } from "./coupon-orders.server";
export { accountOrderUrl, findOrderRecipient, orderRecipient } from "./order-recipient.server";
export {
  expiredUnpaidOrderIds,
  findOrderByCheckoutKey,
  findOrderById,
  findOrderByNumber,
  insertOrder,
  lockExpiredUnpaidOrder,
  lockOrder,
  moveOrder,
  type NewOrderLine,
  type OrderRow,
  orderStockLines,
} from "./orders.server";
export { getOrderForUser, listOrdersForUser } from "./shopper-orders.server";
export { runOrderAction } from "./staff-actions.server";
export { lookUpOrder } from "./tracking.server";
