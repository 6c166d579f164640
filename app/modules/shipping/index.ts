/**
 * The shipping module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  canMove,
  FINAL_SHIPMENT_STATUSES,
  IN_FLIGHT_SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
  type ShipmentTone,
  shipmentTone,
} from "./states";
export {
  isPincode,
  normalisePincode,
  type PincodeAnswer,
  type PincodePlace,
  type PlacesOf,
  refinePincodeState,
} from "./pincodes";
export { deliveryAnswerSeconds } from "./estimate";
export { DELIVERY_MESSAGES, DELIVERY_PINCODE_KEY, type DeliveryAnswer, deliveryDay, deliveryMessage } from "./delivery";
export {
  checkPackage,
  type CourierChoice,
  markChoices,
  packageSchema,
  type PackageField,
  type PackageValues,
  SHIPPING_INTENTS,
  SHIPPING_MESSAGES,
  type ShippingIntent,
} from "./staff-shipping";
