import { randomBytes } from "node:crypto";

/*
 * The fake Shiprocket's state and vocabulary: its orders, shipments, scans and pickup locations as
 * Shiprocket shapes them, its couriers and their rates, its status names, and India time. Its own
 * copy of Shiprocket's words (not the shop's): a test proves the shop reads what Shiprocket sends.
 */

export interface FakePickupLocation {
  id: number;
  /** the nickname the shop names it by */
  pickup_location: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  address_2: string;
  city: string;
  state: string;
  country: string;
  pin_code: string;
  is_primary_location: 0 | 1;
  status: number;
}

export interface FakeCourier {
  id: number;
  name: string;
  /** rupees per 500 g slab (may have paise) */
  ratePerSlab: number;
  /** rupees added when cash on delivery is asked */
  codCharges: number;
  /** days from today to the estimated delivery */
  days: number;
  surface: boolean;
  /** collects cash on delivery (where the pincode allows it) */
  cod: boolean;
  rating: number;
}

export interface ServiceabilityRule {
  serviceable: boolean;
  /** cash on delivery possible at this pincode */
  cod: boolean;
  /** default: the three standard couriers */
  couriers?: FakeCourier[];
}

/** A scan as Shiprocket lists it (tracking activities, a webhook's scans). */
export interface FakeScan {
  date: string;
  status: string;
  activity: string;
  location: string;
  "sr-status": string;
  "sr-status-label": string;
}

export interface FakeOrder {
  id: number;
  /** our reference */
  channel_order_id: string;
  status: string;
  status_code: number;
  isReturn: boolean;
  shipmentId: number;
  createdAt: Date;
  /** the body as the shop sent it */
  body: Record<string, unknown>;
}

export interface FakeShipment {
  id: number;
  orderId: number;
  reference: string;
  isReturn: boolean;
  /** where it goes (the shopper, or for a return the shop) */
  deliveryPincode: string;
  consignee: string;
  cod: boolean;
  weightKg: number;
  awb: string;
  courierId: number | null;
  courierName: string;
  awbAssignedAt: Date | null;
  pickup: { scheduledDate: string; token: string } | null;
  manifest: string | null;
  cancelled: boolean;
  /** Shiprocket's status now: its number and name */
  statusCode: number | null;
  statusLabel: string;
  /** when the newest scan happened */
  statusAt: Date | null;
  scans: FakeScan[];
  etd: string;
}

export interface RecordedRequest {
  method: string;
  /** under /v1/external ('/auth/login'), or '/_files/...' for documents */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface WebhookDelivery {
  url: string;
  rawBody: string;
  /** the x-api-key sent; null for none */
  token: string | null;
  status: number;
  responseBody: string;
}

export interface FakeState {
  orders: Map<number, FakeOrder>;
  /** by Shiprocket's shipment id */
  shipments: Map<number, FakeShipment>;
  /** every token issued, and whether it still works */
  tokens: Map<string, { valid: boolean; issuedAt: Date }>;
  pickupLocations: FakePickupLocation[];
  /** every pickup scheduled */
  pickups: Array<{ shipmentIds: number[]; scheduledDate: string; token: string }>;
  /** every API and document request, in order */
  requests: RecordedRequest[];
  webhooks: WebhookDelivery[];
  /** the PDFs served under /_files/<name> */
  files: Map<string, Uint8Array>;
  /** serviceability set for a pincode by setServiceability */
  serviceability: Map<string, ServiceabilityRule>;
}

/** Thrown by a handler: the answer to send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export const badRequest = (message: string) => new HttpError(400, { message, status_code: 400 });

/** Laravel's 422, as Shiprocket sends it. */
export const invalid = (errors: Record<string, string[]>) =>
  new HttpError(422, { message: "Oops! Invalid Data.", errors, status_code: 422 });

export const STANDARD_COURIERS: readonly FakeCourier[] = [
  {
    id: 12,
    name: "Delhivery Surface",
    ratePerSlab: 45.5,
    codCharges: 35,
    days: 5,
    surface: true,
    cod: true,
    rating: 4.2,
  },
  { id: 33, name: "Xpressbees Air", ratePerSlab: 78, codCharges: 40, days: 2, surface: false, cod: false, rating: 4.5 },
  { id: 6, name: "Bluedart Air", ratePerSlab: 96.25, codCharges: 45, days: 3, surface: false, cod: true, rating: 4.7 },
];

export const DEFAULT_PICKUP_LOCATIONS: readonly FakePickupLocation[] = [
  {
    id: 4_100_001,
    pickup_location: "Jaipur Studio",
    name: "Meera Rathore",
    email: "dispatch@saanjh.example",
    phone: "9829012345",
    address: "14 Chandpole Bazaar",
    address_2: "Near Chandpole Gate",
    city: "Jaipur",
    state: "Rajasthan",
    country: "India",
    pin_code: "302001",
    is_primary_location: 1,
    status: 2,
  },
  {
    id: 4_100_002,
    pickup_location: "Mumbai Warehouse",
    name: "Arjun Kulkarni",
    email: "mumbai@saanjh.example",
    phone: "9820012345",
    address: "Unit 7, Gala Estate, Andheri East",
    address_2: "",
    city: "Mumbai",
    state: "Maharashtra",
    country: "India",
    pin_code: "400069",
    is_primary_location: 0,
    status: 2,
  },
];

/** Shiprocket's status numbers and names (the fake's copy), and the courier's own short code for each. */
export const STATUS_NAMES: Record<number, { label: string; courierCode: string; activity: string }> = {
  6: { label: "SHIPPED", courierCode: "SHP", activity: "Shipment dispatched" },
  7: { label: "DELIVERED", courierCode: "DLVD", activity: "Delivered" },
  8: { label: "CANCELED", courierCode: "CAN", activity: "Shipment cancelled" },
  9: { label: "RTO INITIATED", courierCode: "RTO", activity: "Return to origin initiated" },
  10: { label: "RTO DELIVERED", courierCode: "RTD", activity: "Returned to the seller" },
  12: { label: "LOST", courierCode: "LST", activity: "Shipment lost" },
  13: { label: "PICKUP ERROR", courierCode: "PUE", activity: "Pickup error" },
  14: { label: "RTO ACKNOWLEDGED", courierCode: "RTA", activity: "Return acknowledged by the seller" },
  15: { label: "PICKUP RESCHEDULED", courierCode: "PRS", activity: "Pickup rescheduled" },
  16: { label: "CANCELLATION REQUESTED", courierCode: "CRQ", activity: "Cancellation requested" },
  17: { label: "OUT FOR DELIVERY", courierCode: "OFD", activity: "Out for delivery" },
  18: { label: "IN TRANSIT", courierCode: "IT", activity: "In transit" },
  19: { label: "OUT FOR PICKUP", courierCode: "OFP", activity: "Out for pickup" },
  20: { label: "PICKUP EXCEPTION", courierCode: "PEX", activity: "Pickup exception" },
  21: { label: "UNDELIVERED", courierCode: "UD", activity: "Consignee not available" },
  22: { label: "DELAYED", courierCode: "DLY", activity: "Shipment delayed" },
  24: { label: "DESTROYED", courierCode: "DST", activity: "Shipment destroyed" },
  38: { label: "REACHED AT DESTINATION HUB", courierCode: "RAD", activity: "Reached destination hub" },
  39: { label: "MISROUTED", courierCode: "MSR", activity: "Shipment misrouted" },
  40: { label: "RTO NDR", courierCode: "RNDR", activity: "Return delivery attempt failed" },
  41: { label: "RTO OFD", courierCode: "ROFD", activity: "Return out for delivery" },
  42: { label: "PICKED UP", courierCode: "PKD", activity: "Shipment picked up" },
  45: { label: "CANCELLED BEFORE DISPATCHED", courierCode: "CBD", activity: "Cancelled before dispatch" },
  46: { label: "RTO IN TRANSIT", courierCode: "RIT", activity: "Return in transit" },
  48: { label: "REACHED WAREHOUSE", courierCode: "RWH", activity: "Reached warehouse" },
  51: { label: "HANDOVER TO COURIER", courierCode: "HTC", activity: "Handed over to the courier" },
  52: { label: "SHIPMENT BOOKED", courierCode: "SBK", activity: "Shipment booked" },
  77: { label: "ISSUE RELATED TO THE RECIPIENT", courierCode: "IRR", activity: "Issue related to the recipient" },
};

/** Statuses after which a shipment can no longer be cancelled. */
export const PICKED_UP_CODES = new Set([6, 7, 9, 10, 12, 14, 17, 18, 21, 24, 38, 42, 46, 48, 51]);

export function fakeToken(): string {
  const part = (n: number) => randomBytes(n).toString("base64url");
  return `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${part(48)}.${part(32)}`;
}

// ---- India time (UTC+05:30), as Shiprocket writes it

const IST_MS = 330 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const india = (at: Date) => new Date(at.getTime() + IST_MS);

/** '2026-11-28 14:31:00' */
export function indiaDateTime(at: Date): string {
  return india(at).toISOString().slice(0, 19).replace("T", " ");
}

/** '28 11 2026 14:31:00' (a webhook's current_timestamp) */
export function indiaDayFirst(at: Date): string {
  const [date, time] = indiaDateTime(at).split(" ") as [string, string];
  const [y, m, d] = date.split("-");
  return `${d} ${m} ${y} ${time}`;
}

/** 'Nov 30, 2026' (serviceability's etd) */
export function indiaMonthDay(at: Date): string {
  const d = india(at);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, "0")}, ${d.getUTCFullYear()}`;
}

/** The instant `days` after `at`, at `hour`:00 India time. */
export function indiaDaysLater(at: Date, days: number, hour: number): Date {
  const d = india(at);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour) - IST_MS);
}
