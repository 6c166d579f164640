/**
 * The admin module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  ADMIN_HEADERS,
  type AdminSignInReason,
  forgetStaffChecks,
  guardAction,
  type GuardedAction,
  isOwner,
  type OwnersOnly,
  type RefusalMessages,
  requireOwner,
  requireStaff,
  requireStaffAndSettings,
  requireStaffForFile,
  requireUploader,
  type Staff,
} from "./access.server";
export { type AdminCustomerDetail, CUSTOMER_MESSAGES, getAdminCustomer, setCustomerActive } from "./customers.server";
export { type AdjustCreditAnswer, adjustCustomerCredit } from "./customer-credit.server";
export { addStaff, loadStaffPage, removeStaff } from "./staff.server";
export { runOrderAction } from "./orders/staff-actions.server";
export { isShippingIntent, runShippingAction, type ShippingActionAnswer } from "./orders/shipping-actions.server";
export {
  RETURN_ADMIN_MESSAGES,
  RETURN_INTENTS,
  type ReturnActionAnswer,
  type ReturnIntent,
  runReturnAction,
} from "./returns/staff-actions.server";
