import type { ShipmentStatus } from "./states";

/*
 * What every shipping provider answers to (docs/decisions/041). Three exist:
 * - `shiprocket`: Shiprocket's REST API (shiprocket/*.server.ts), when its keys are set;
 * - `demo`: a courier simulated inside the shop for demo mode (demo-courier.server.ts), whose scans
 *   staff advance from the order page;
 * - `manual`: staff book parcels elsewhere and type the courier and the tracking number (the default in
 *   live mode without keys). It books nothing, so it implements only what needs no courier.
 *
 * Money is integer paise and sizes are grams and centimetres on this side; each provider converts to
 * its API's units. Every call that reaches a provider throws ShippingProviderError on failure.
 */

export type ShippingProviderName = "shiprocket" | "demo" | "manual";

export interface PackageSize {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface ServiceabilityQuery {
  pickupPincode: string;
  deliveryPincode: string;
  weightGrams: number;
  /** a cash-on-delivery parcel (fewer couriers collect cash) */
  cod: boolean;
  /** the parcel's value, for couriers' limits */
  declaredValuePaise?: number;
}

/** One courier that can carry the parcel, as the provider quoted it. */
export interface CourierQuote {
  /** the provider's id of the courier (Shiprocket's courier_company_id, as text) */
  courierId: string;
  courierName: string;
  /** what the courier charges the shop, COD charges included when asked for COD */
  ratePaise: number;
  /** working days from pickup to delivery, as the courier estimates; null when it gives none */
  estimatedDays: number | null;
  /** the estimated delivery date (YYYY-MM-DD) if picked up today; null when it gives none */
  estimatedDelivery: string | null;
  /** whether it collects cash on delivery to this pincode */
  cod: boolean;
  /** surface (true) or air */
  surface: boolean;
}

export interface ShipmentAddress {
  firstName: string;
  lastName: string;
  email: string;
  /** ten digits, without +91 */
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface ShipmentLine {
  name: string;
  sku: string;
  units: number;
  /** price of one unit as charged */
  unitPricePaise: number;
  /** HSN code for the label and the courier's invoice, when known */
  hsn?: string | null;
}

export interface ShipmentRequest {
  /** our reference, unique per shipment (the order number, then '-2'...): the provider's order id */
  reference: string;
  orderNumber: string;
  orderDate: Date;
  customer: ShipmentAddress;
  lines: ShipmentLine[];
  paymentMethod: "prepaid" | "cod";
  subTotalPaise: number;
  shippingPaise: number;
  discountPaise: number;
  /** what the courier collects (the order's total for COD, 0 prepaid) */
  codAmountPaise: number;
  package: PackageSize;
}

export interface BookedOrder {
  providerOrderId: string;
  providerShipmentId: string;
}

export interface AssignedAwb {
  awb: string;
  courierId: string;
  courierName: string;
}

export interface ScheduledPickup {
  scheduledFor: Date | null;
  token: string | null;
}

/** One scan as the courier reported it, already mapped to the shop's states. */
export interface CourierScan {
  /** what it means for the shipment; null for a scan that changes nothing ('Reached hub') */
  status: ShipmentStatus | null;
  /** the provider's status code or label ('17', 'OUT FOR DELIVERY') */
  code: string;
  /** the courier's words, shown to the shopper */
  activity: string;
  location: string | null;
  occurredAt: Date;
}

/** What the provider knows of one shipment: its scans (any order), and the newest estimate. */
export interface TrackingReport {
  awb: string;
  /** our reference when the provider sends it back (Shiprocket's `order_id`) */
  reference: string | null;
  scans: CourierScan[];
  /** the status the provider says the shipment is at now, when it says so */
  current: CourierScan | null;
  estimatedDelivery: string | null;
}

export type WebhookVerdict =
  | { ok: true; dedupeKey: string; report: TrackingReport }
  /** 401: not from the provider (token missing or wrong); 400: not a tracking update at all */
  | { ok: false; status: 400 | 401; reason: string };

export interface ReturnRequest {
  reference: string;
  orderDate: Date;
  /** where the courier picks the parcel up (the shopper) */
  pickup: ShipmentAddress;
  lines: ShipmentLine[];
  subTotalPaise: number;
  package: PackageSize;
}

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** The couriers that can carry a parcel; [] when none can. */
  serviceability(query: ServiceabilityQuery): Promise<CourierQuote[]>;
  /** The pincode parcels leave from (Shiprocket: the pickup location's). */
  pickupPincode(): Promise<string>;
  /** Books the order with the provider (no courier yet). */
  createOrder(request: ShipmentRequest): Promise<BookedOrder>;
  /** Assigns the courier and its AWB; after a failure whose outcome is unknown the caller asks `findBooking` before calling it again. */
  assignAwb(input: { providerShipmentId: string; courierId: string }): Promise<AssignedAwb>;
  /**
   * What the provider holds under our reference: its order and shipment ids and the AWB if one was
   * assigned; null when it has nothing. A retry after a timeout asks this before creating or assigning
   * again, so a parcel is never booked or given an AWB twice.
   */
  findBooking(reference: string): Promise<(BookedOrder & { awb: AssignedAwb | null }) | null>;
  requestPickup(providerShipmentIds: string[]): Promise<ScheduledPickup>;
  /** The courier's own labels for these shipments as one PDF; null when the provider has none (ours are drawn). */
  labels(providerShipmentIds: string[]): Promise<Uint8Array | null>;
  /** The manifest (handover sheet) for these shipments as one PDF; null when the provider has none. */
  manifest(providerShipmentIds: string[]): Promise<Uint8Array | null>;
  track(input: { awb: string; providerShipmentId: string | null }): Promise<TrackingReport>;
  /** Cancels before pickup. */
  cancel(input: { providerOrderIds: string[]; awbs: string[] }): Promise<void>;
  /** A reverse pickup from the shopper back to the shop (returns). */
  createReturn(request: ReturnRequest): Promise<BookedOrder>;
  /** Checks and reads one webhook delivery (headers lower-cased, the raw body as received). */
  readWebhook(headers: Record<string, string | undefined>, rawBody: string): WebhookVerdict;
}

/**
 * Why a provider call failed:
 * - `unavailable`: no answer, a timeout, 5xx or 429: nothing is known to have happened; retry later;
 * - `unauthorized`: the provider refused the shop's credentials (after one renewal of its token);
 * - `rejected`: the provider refused the request itself (its reason in `providerMessage`).
 */
export class ShippingProviderError extends Error {
  constructor(
    readonly kind: "unavailable" | "unauthorized" | "rejected",
    message: string,
    readonly providerMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ShippingProviderError";
  }

  /** What staff are told. */
  get userMessage(): string {
    if (this.kind === "unavailable")
      return "The courier service is not answering. Please try again in a minute: a retry continues where this stopped.";
    if (this.kind === "unauthorized")
      return "The courier service refused the shop's credentials. Check the shipping settings in the server's configuration.";
    return `The courier service refused this: ${this.providerMessage ?? "no reason given"}.`;
  }
}
