/**
 * The orders module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  ALL_STATUSES,
  checkStatusChange,
  FIELD_LIMITS,
  ORDER_ADMIN_MESSAGES,
  type OrderActionAnswer,
  type OrderIntent,
  type OrderListParams,
  orderListQuery,
  parseOrderListParams,
  PAYMENT_METHOD_LABELS,
  REFUND_STATUS_LABELS,
  type StatusChange,
  type StatusChangeValues,
  statusChoices,
  type StatusFieldErrors,
} from "./admin-orders";
export { type OrderAmounts } from "./amounts";
export {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  STATUS_TONE_CLASSES,
  statusTone,
  type StatusTone,
} from "./status-display";
export {
  orderTimeline,
  type OrderTimelineView,
  TIMELINE_LABELS,
  type TimelineStep,
  type TimelineStepKey,
} from "./timeline";
export {
  CONTACT_MAX,
  ORDER_NUMBER_MAX,
  paymentSummary,
  TRACK_MESSAGES,
  type TrackedOrder,
  trackOrderFieldErrors,
  type TrackOrderFields,
  type TrackOrderState,
  trackOrderValues,
} from "./tracking";
