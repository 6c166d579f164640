/**
 * The reports module's public face.
 */
export {
  type DashboardData,
  type DashboardFigures,
  forgetFigures,
  loadDashboard,
  type RecentOrder,
  type StockAlertList,
} from "./dashboard.server";
export { type AdminCustomerRow, customerOrderTotals, listAdminCustomers, pageNumber } from "./lists.server";
export {
  exportOrdersCsv,
  type FlaggedPaymentRow,
  isOrderId,
  listStaffOrders,
  loadStaffOrder,
  openFlaggedPayments,
  orderExportFileName,
  type StaffOrderDetail,
  type StaffOrderPage,
  type StaffOrderRow,
} from "./admin-orders.server";
