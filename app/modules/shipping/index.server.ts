/**
 * The shipping module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  type CourierQuote,
  type PackageSize,
  type ShippingProvider,
  ShippingProviderError,
  type ShippingProviderName,
} from "./provider-contract.server";
