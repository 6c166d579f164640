/**
 * The returns module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  createReturnRequest,
  type CreateReturnResult,
  type ExchangeOption,
  loadReturnOffer,
  type OfferAnswer,
  type OrderReturn,
  policyOf,
  type ReturnOffer,
  type ReturnOfferLine,
  returnsOfOrder,
} from "./requests.server";
export { RESOLVE_MESSAGES, resolveReturn } from "./resolve.server";
export {
  approveReturn,
  declineReturn,
  type Inspection,
  markPickedUp,
  receiveReturn,
  recordPickup,
  type ReturnEvent,
  returnEventsOf,
  type ReturnLineRow,
  type ReturnRow,
  STEP_MESSAGES,
  type StepResult,
  withdrawReturn,
} from "./steps.server";
export {
  countReturnsWaiting,
  listReturnsForStaff,
  loadReturnForStaff,
  parseReturnListParams,
  RETURN_PAGE_SIZE,
  type ReturnListParams,
  type ReturnListTab,
  type StaffReturnPage,
  type StaffReturnRow,
  type StaffReturnView,
} from "./staff-view.server";
export {
  FIT_ADVICE,
  FIT_ADVICE_MIN_REQUESTS,
  fitAdviceFrom,
  fitAdviceOf,
  forgetFitAdvice,
  namesFitAdvice,
  type SizeReturnCounts,
} from "./fit-advice.server";
