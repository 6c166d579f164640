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
