import { z } from "zod";
import { fieldErrors } from "../../lib/forms";

/*
 * The back office's shipping forms and answers, the parts both sides use (pure; browser and server):
 * the package form's rules, the intents, and the messages staff read.
 */

export const SHIPPING_INTENTS = [
  "book-shipment",
  "request-pickup",
  "cancel-shipment",
  "receive-returned",
  "advance-demo-scan",
  "cod-checked",
] as const;
export type ShippingIntent = (typeof SHIPPING_INTENTS)[number];

export const SHIPPING_MESSAGES = {
  notFound: "Order not found",
  shipmentGone: "This shipment no longer exists. Reload to see the latest.",
  conflict:
    "This order was changed by someone else while you were working on it. Reload to see the latest; what you typed is still in the form.",
  notShippable: (status: string) => `This order cannot be shipped while it is ${status.toLowerCase()}.`,
  alreadyBooked: "This order already has a shipment booked. Cancel it first to book another.",
  courierRequired: "Please choose a courier",
  courierGone: (pincode: string) =>
    `That courier no longer delivers to ${pincode} for this parcel. Please choose another from the fresh list.`,
  noCouriers: (pincode: string) => `No courier delivers to ${pincode} for this parcel.`,
  booked: (courier: string, awb: string) => `Booked with ${courier}. AWB ${awb}.`,
  pickupRequested: (when: string | null) => (when ? `Pickup requested for ${when}.` : "Pickup requested."),
  pickupNotNow: "A pickup can be requested only for a booked parcel that has not been picked up yet.",
  cancelled: "Shipment cancelled. The order can be booked again.",
  cancelTooLate: "This parcel has been picked up, so it can no longer be cancelled with the courier.",
  received: "Parcel received back. Its pieces are back in stock and the order is closed as returned undelivered.",
  receiveNotNow: "Only a parcel the courier has brought back can be received.",
  demoOnly: "The demo courier's scans can be advanced only in demo mode.",
  demoAdvanced: (label: string) => `Demo courier: ${label}.`,
  demoNothingNext: "The demo courier has nothing more to report for this parcel.",
  byHand:
    "Parcels are booked by hand in this shop: book it with your courier, then set the order Shipped with the courier and tracking number.",
  codAwaiting:
    "This cash-on-delivery order is waiting for the shopper's confirmation. Call her, then mark it checked before shipping.",
  codChecked: "Marked as checked with the shopper. The order can be shipped.",
  codNothingToCheck: "This order is not waiting for a confirmation.",
  failed: "Something went wrong. Please try again.",
  signedOut: "You were signed out. Sign in again in another tab, then send this again; what you typed is still here.",
} as const;

/** The parcel as staff confirm it: whole grams and centimetres within what couriers take. */
export const packageSchema = z.object({
  weightGrams: z.coerce
    .number({ error: "Please enter the weight in grams" })
    .int("Please enter the weight in whole grams")
    .min(10, "The weight must be at least 10 g")
    .max(30_000, "Couriers take parcels up to 30 kg"),
  lengthCm: z.coerce
    .number({ error: "Please enter the length in cm" })
    .int("Please enter whole centimetres")
    .min(1, "Please enter the length in cm")
    .max(150, "At most 150 cm"),
  breadthCm: z.coerce
    .number({ error: "Please enter the breadth in cm" })
    .int("Please enter whole centimetres")
    .min(1, "Please enter the breadth in cm")
    .max(150, "At most 150 cm"),
  heightCm: z.coerce
    .number({ error: "Please enter the height in cm" })
    .int("Please enter whole centimetres")
    .min(1, "Please enter the height in cm")
    .max(150, "At most 150 cm"),
});

export type PackageField = keyof z.infer<typeof packageSchema>;
export type PackageValues = Record<PackageField, string>;

/** The package form's values as typed -> the parcel, or a message per field. */
export function checkPackage(
  values: PackageValues,
):
  | { ok: true; value: z.infer<typeof packageSchema> }
  | { ok: false; fieldErrors: Partial<Record<PackageField, string>> } {
  const parsed = packageSchema.safeParse(values);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fieldErrors: fieldErrors<PackageField>(parsed.error) };
}

/** A courier as staff choose it: the quote with the cheapest and fastest marked. */
export interface CourierChoice {
  courierId: string;
  courierName: string;
  ratePaise: number;
  estimatedDays: number | null;
  estimatedDelivery: string | null;
  cod: boolean;
  surface: boolean;
  cheapest: boolean;
  fastest: boolean;
}

/** Marks the cheapest and the fastest (ties: all of them), cheapest first. */
export function markChoices<
  T extends { courierId: string; ratePaise: number; estimatedDays: number | null; estimatedDelivery: string | null },
>(quotes: readonly T[]): Array<T & { cheapest: boolean; fastest: boolean }> {
  if (quotes.length === 0) return [];
  const lowest = Math.min(...quotes.map((q) => q.ratePaise));
  const days = quotes.map((q) => q.estimatedDays).filter((d): d is number => d !== null);
  const quickest = days.length > 0 ? Math.min(...days) : null;
  return [...quotes]
    .sort((a, b) => a.ratePaise - b.ratePaise || (a.estimatedDays ?? 99) - (b.estimatedDays ?? 99))
    .map((q) => ({
      ...q,
      cheapest: q.ratePaise === lowest,
      fastest: quickest !== null && q.estimatedDays === quickest,
    }));
}
