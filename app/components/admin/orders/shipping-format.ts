import {
  deliveryDay,
  type CourierChoice,
  type PackageValues,
  type ShipmentStatus,
  type ShipmentTone,
} from "~/modules/shipping";

/*
 * How the order page's shipping panel and the orders list write a shipment's facts, and which of the
 * list's selected rows each bulk action can take (pure; tested beside).
 */

/** Pills per shipment tone, the same pairs (4.5:1 contrast) as the order status pills. */
export const SHIPMENT_TONE_CLASSES: Record<ShipmentTone, string> = {
  neutral: "bg-stone/10 text-ink ring-stone/30",
  progress: "bg-sky-50 text-sky-800 ring-sky-200",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  bad: "bg-red-50 text-red-800 ring-red-200",
};

const grams = new Intl.NumberFormat("en-IN");

interface Parcel {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** '1,200 g · 32 × 26 × 5 cm' */
export function parcelText(parcel: Parcel): string {
  return `${grams.format(parcel.weightGrams)} g · ${parcel.lengthCm} × ${parcel.breadthCm} × ${parcel.heightCm} cm`;
}

/** The package form's starting values: the parcel the server prefilled, as text fields hold it. */
export function parcelValues(parcel: Parcel): PackageValues {
  return {
    weightGrams: String(parcel.weightGrams),
    lengthCm: String(parcel.lengthCm),
    breadthCm: String(parcel.breadthCm),
    heightCm: String(parcel.heightCm),
  };
}

/** What a courier offers, in the order staff compare them: 'Delivery by Sat, 29 Nov', '3 days', 'Air', 'COD'. */
export function courierFacts(courier: Pick<CourierChoice, "estimatedDelivery" | "estimatedDays" | "surface" | "cod">) {
  const facts: string[] = [];
  if (courier.estimatedDelivery) facts.push(`Delivery by ${deliveryDay(courier.estimatedDelivery)}`);
  if (courier.estimatedDays !== null)
    facts.push(`${courier.estimatedDays} day${courier.estimatedDays === 1 ? "" : "s"}`);
  facts.push(courier.surface ? "Surface" : "Air");
  facts.push(courier.cod ? "COD" : "No COD");
  return facts;
}

/** The courier chosen at first: the cheapest (the list comes cheapest first), or none. */
export function firstChoice(couriers: readonly Pick<CourierChoice, "courierId" | "cheapest">[]): string {
  return (couriers.find((c) => c.cheapest) ?? couriers[0])?.courierId ?? "";
}

/** The courier still chosen after the list was fetched again: the same one while offered, else the first choice. */
export function keptChoice(chosen: string, couriers: readonly Pick<CourierChoice, "courierId" | "cheapest">[]): string {
  return couriers.some((c) => c.courierId === chosen) ? chosen : firstChoice(couriers);
}

/** The scans as staff read them: newest first (the server sends them in the order they happened). */
export function newestFirst<T extends { occurredAt: string }>(scans: readonly T[]): T[] {
  return [...scans].sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt));
}

export type LabelFormat = "4x6" | "a4";

/** The courier documents (PDFs, opened in a new tab) for some shipments. */
export function labelsHref(shipmentIds: readonly string[], format: LabelFormat): string {
  return `/admin/shipping/labels?shipments=${shipmentIds.map(encodeURIComponent).join(",")}&format=${format}`;
}

export function manifestHref(shipmentIds: readonly string[]): string {
  return `/admin/shipping/manifest?shipments=${shipmentIds.map(encodeURIComponent).join(",")}`;
}

/** An order's live shipment as the orders list knows it. */
export interface ListShipment {
  id: string;
  status: ShipmentStatus;
  awb: string | null;
}

export const BULK_REASONS = {
  noneBooked: "None of the selected orders has a booked shipment. Book them on their order pages first.",
  noneAwaitingPickup: "None of the selected orders is waiting for a pickup.",
} as const;

/**
 * What the bulk actions can take from the selected rows: labels and the manifest for every booked
 * shipment (an AWB, not cancelled), a pickup for those booked and not yet collected; and why an
 * action has nothing to take.
 */
export function bulkShipments(selected: readonly (ListShipment | null)[]): {
  documents: string[];
  pickups: string[];
  documentsReason: string | null;
  pickupsReason: string | null;
} {
  const booked = selected.filter((s): s is ListShipment => s !== null && s.awb !== null && s.status !== "cancelled");
  const documents = booked.map((s) => s.id);
  const pickups = booked.filter((s) => s.status === "awb_assigned").map((s) => s.id);
  return {
    documents,
    pickups,
    documentsReason: documents.length === 0 ? BULK_REASONS.noneBooked : null,
    pickupsReason:
      documents.length === 0 ? BULK_REASONS.noneBooked : pickups.length === 0 ? BULK_REASONS.noneAwaitingPickup : null,
  };
}
