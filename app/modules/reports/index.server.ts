/**
 * The reports module's public face.
 */
export { type DashboardFigures, forgetFigures } from "./dashboard-figures.server";
export { RETURNED_PRODUCTS_LIMIT, type ReturnFigures } from "./return-figures.server";
export { RATED_PRODUCTS_LIMIT, type RatedProduct, type ReviewFigures } from "./review-figures.server";
export { type DashboardData, loadDashboard, type RecentOrder, type StockAlertList } from "./dashboard.server";
export { type AdminCustomerRow, customerOrderTotals, listAdminCustomers, pageNumber } from "./lists.server";
export {
  type FlaggedPaymentRow,
  isOrderId,
  listStaffOrders,
  loadStaffOrder,
  openFlaggedPayments,
  type StaffOrderDetail,
  type StaffOrderPage,
  type StaffOrderRow,
} from "./admin-orders.server";
export { exportOrdersCsv, orderExportFileName } from "./order-export.server";
