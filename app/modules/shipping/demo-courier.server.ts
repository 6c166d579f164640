import { createHash } from "node:crypto";
import { addWorkingDays, indiaToday, offlineEstimate } from "./estimate";
import { lookupPincode } from "./pincodes.server";
import {
  ShippingProviderError,
  type CourierQuote,
  type ServiceabilityQuery,
  type ShippingProvider,
} from "./provider-contract.server";

/*
 * Two providers that need no courier service (decision 041):
 * - the demo courier, demo mode's default: it quotes from the shop's own estimate, books at once with
 *   ids and AWBs derived from our reference (so a retry gets the same ones), and has no scans of its
 *   own: staff advance them from the order page, through the code that handles a courier's webhook;
 * - `manual`, live mode's default without keys: staff book parcels elsewhere; it only estimates.
 * Their labels and manifests are drawn by the shop (labels.server.ts).
 */

export interface LocalProviderOptions {
  /** the shop's pincode (from its address in the store settings); null when it has none */
  pickupPincode: () => Promise<string | null>;
  now?: () => Date;
}

const GRAMS_PER_SLAB = 500;

function slabs(weightGrams: number): number {
  return Math.max(1, Math.ceil(weightGrams / GRAMS_PER_SLAB));
}

/** The shop's own estimate as courier quotes: a fast air service and a cheaper surface one. */
async function localQuotes(options: LocalProviderOptions, query: ServiceabilityQuery): Promise<CourierQuote[]> {
  const pickup = query.pickupPincode || (await options.pickupPincode()) || "";
  const estimate = offlineEstimate(lookupPincode(pickup)[0] ?? null, lookupPincode(query.deliveryPincode));
  if (!estimate.serviceable || estimate.minDays === null || estimate.maxDays === null) return [];
  if (query.cod && !estimate.codAvailable) return [];
  const today = indiaToday(options.now?.() ?? new Date());
  const codCharge = query.cod ? 3_000 : 0;
  const weight = slabs(query.weightGrams);
  return [
    {
      courierId: DEMO_COURIERS.express.id,
      courierName: DEMO_COURIERS.express.name,
      ratePaise: weight * 6_500 + codCharge,
      estimatedDays: estimate.minDays,
      estimatedDelivery: addWorkingDays(today, estimate.minDays),
      cod: estimate.codAvailable,
      surface: false,
    },
    {
      courierId: DEMO_COURIERS.surface.id,
      courierName: DEMO_COURIERS.surface.name,
      ratePaise: weight * 4_000 + codCharge,
      estimatedDays: estimate.maxDays,
      estimatedDelivery: addWorkingDays(today, estimate.maxDays),
      cod: estimate.codAvailable,
      surface: true,
    },
  ];
}

export const DEMO_COURIERS = {
  express: { id: "demo-express", name: "Saanjh Express (demo)" },
  surface: { id: "demo-surface", name: "Saanjh Surface (demo)" },
} as const;

/** A stable 10-digit number from text: the same reference always gets the same AWB. */
function digitsOf(text: string, length: number): string {
  const hex = createHash("sha256").update(text).digest("hex");
  return (BigInt(`0x${hex.slice(0, 15)}`) % 10n ** BigInt(length)).toString().padStart(length, "0");
}

const shipmentIdOf = (reference: string) => `DEMO-S-${reference}`;
const orderIdOf = (reference: string) => `DEMO-O-${reference}`;
const referenceOf = (providerShipmentId: string) => providerShipmentId.replace(/^DEMO-S-/, "");

export function demoCourierProvider(options: LocalProviderOptions): ShippingProvider {
  const courierName = (courierId: string) =>
    Object.values(DEMO_COURIERS).find((c) => c.id === courierId)?.name ?? DEMO_COURIERS.surface.name;
  return {
    name: "demo",
    serviceability: (query) => localQuotes(options, query),
    async pickupPincode() {
      const pin = await options.pickupPincode();
      if (!pin) throw new ShippingProviderError("rejected", "no pickup pincode", "The shop's address has no pincode");
      return pin;
    },
    async createOrder(request) {
      return { providerOrderId: orderIdOf(request.reference), providerShipmentId: shipmentIdOf(request.reference) };
    },
    async assignAwb({ providerShipmentId, courierId }) {
      return {
        awb: `SJ${digitsOf(referenceOf(providerShipmentId), 10)}`,
        courierId,
        courierName: courierName(courierId),
      };
    },
    async findBooking(reference) {
      return { providerOrderId: orderIdOf(reference), providerShipmentId: shipmentIdOf(reference), awb: null };
    },
    async requestPickup(providerShipmentIds) {
      const now = options.now?.() ?? new Date();
      const day = addWorkingDays(indiaToday(now), 1);
      // 11:00 in India
      return {
        scheduledFor: new Date(`${day}T05:30:00Z`),
        token: `DEMO-PU-${digitsOf(providerShipmentIds.join(","), 8)}`,
      };
    },
    labels: async () => null,
    manifest: async () => null,
    async track({ awb }) {
      return { awb, reference: null, scans: [], current: null, estimatedDelivery: null };
    },
    async cancel() {},
    async createReturn(request) {
      const reference = `${request.reference}-R`;
      return { providerOrderId: orderIdOf(reference), providerShipmentId: shipmentIdOf(reference) };
    },
    readWebhook: () => ({ ok: false, status: 400, reason: "the demo courier sends no webhooks" }),
  };
}

/** Staff book parcels with their courier by hand; the shop only estimates delivery. */
export function manualProvider(options: LocalProviderOptions): ShippingProvider {
  const byHand = async (): Promise<never> => {
    throw new ShippingProviderError(
      "rejected",
      "manual provider books nothing",
      "Parcels are booked by hand: book it with your courier, then set the order Shipped with the courier and tracking number",
    );
  };
  return {
    name: "manual",
    serviceability: (query) => localQuotes(options, query),
    async pickupPincode() {
      return (await options.pickupPincode()) ?? "";
    },
    createOrder: byHand,
    assignAwb: byHand,
    findBooking: async () => null,
    requestPickup: byHand,
    labels: async () => null,
    manifest: async () => null,
    track: async ({ awb }) => ({ awb, reference: null, scans: [], current: null, estimatedDelivery: null }),
    cancel: async () => {},
    createReturn: byHand,
    readWebhook: () => ({ ok: false, status: 400, reason: "manual shipping has no webhooks" }),
  };
}
