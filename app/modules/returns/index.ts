/**
 * The returns module's browser-safe face: the reasons, resolutions, windows and form rules the request
 * page shows and the server enforces (decision 042).
 */
export {
  BEFORE_PICKUP,
  CLOSED_WITHOUT_RETURN,
  FAULT_REASONS,
  maskRefundDestination,
  readReturnRequest,
  REFUND_DESTINATION_MESSAGES,
  refundDestinationSchema,
  RESOLUTIONS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  resolutionRefusal,
  resolutionsFor,
  returnStatusLabel,
  returnWindows,
  type RefundDestinationInput,
  type RequestedPiece,
  type ReturnPolicy,
  type ReturnReason,
  type ReturnRequestInput,
  type ReturnResolution,
  type ReturnStatus,
  type ReturnWindows,
} from "./rules";
