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
export { encodeEntries, type PincodeEntry } from "./pincode-codec.server";
export { lookupPincode, pincodeTableSize } from "./pincodes.server";
export { deliveryAnswer } from "./delivery-estimates.server";
export { checkShippingProvider, createShippingProvider, shopShippingProvider } from "./provider.server";
export { bookShipment, parcelOfOrder, type ShippingAnswer } from "./booking.server";
export { advanceDemoScan, DEMO_SCAN_MOVES, type DemoScanMove } from "./demo-scans.server";
export { cancelShipment, receiveReturnedParcel, requestPickup, requestPickups } from "./parcel-actions.server";
export { applyScans } from "./scans.server";
export { bookReturnPickup, type ReturnPickupAnswer } from "./return-pickups.server";
export {
  liveShipmentsOfOrders,
  shipmentsById,
  shipmentsOfOrder,
  type ShipmentWithScans,
  type ShopperParcel,
  shopperParcelOf,
} from "./shipments.server";
export { staffShippingView, type StaffShipment, type StaffShippingView } from "./staff-view.server";
export {
  pollSilentShipments,
  processInbox,
  receiveWebhook,
  startTrackingSync,
  stopTrackingSync,
} from "./tracking-sync.server";
export {
  answerCodConfirmation,
  askCodConfirmation,
  codConfirmationByToken,
  codConfirmationOf,
  type CodConfirmationView,
  codFlaggedOrders,
  markCodChecked,
} from "./cod-confirmation.server";
export {
  type DocumentAnswer,
  documentResponse,
  type LabelFormat,
  shipmentIdsParam,
  shippingLabels,
  shippingManifest,
} from "./documents.server";
