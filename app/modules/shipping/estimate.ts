/*
 * The shop's own delivery estimate from the pincode table (pure), used when no courier service answers:
 * with the `manual` and demo providers, and when Shiprocket is down or slow. Days are working days
 * (Monday to Saturday) after dispatch; the zones follow how Indian couriers price and promise:
 * the same district, the same state, metro to metro, the rest of India, and the hard-to-reach regions.
 */

export interface Place {
  city: string;
  state: string;
}

export interface DaysEstimate {
  serviceable: boolean;
  codAvailable: boolean;
  /** working days after dispatch; null when not serviceable */
  minDays: number | null;
  maxDays: number | null;
}

/** Islands: served by sea and air only, no cash on delivery. */
const ISLANDS = new Set(["Andaman and Nicobar Islands", "Lakshadweep"]);
/** The north-east and the Himalayan union territories: longer transit. */
const FAR = new Set([
  "Arunachal Pradesh",
  "Assam",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Sikkim",
  "Tripura",
  "Jammu and Kashmir",
  "Ladakh",
]);
const METRO = /mumbai|bengaluru|bangalore|chennai|kolkata|hyderabad|pune|ahmedabad|delhi|gurgaon|gurugram|noida/i;

function isMetro(place: Place): boolean {
  return place.state === "Delhi" || METRO.test(place.city);
}

/**
 * From the shop's pickup place (null when unknown) to the shopper's pincode's places ([] when the table
 * does not know it: not serviceable, as a courier would answer).
 */
export function offlineEstimate(from: Place | null, to: readonly Place[]): DaysEstimate {
  const place = to[0];
  if (!place) return { serviceable: false, codAvailable: false, minDays: null, maxDays: null };
  if (ISLANDS.has(place.state)) return { serviceable: true, codAvailable: false, minDays: 7, maxDays: 10 };
  if (FAR.has(place.state)) return { serviceable: true, codAvailable: true, minDays: 5, maxDays: 8 };
  if (from && to.some((p) => p.city === from.city && p.state === from.state))
    return { serviceable: true, codAvailable: true, minDays: 1, maxDays: 2 };
  if (from && to.some((p) => p.state === from.state))
    return { serviceable: true, codAvailable: true, minDays: 2, maxDays: 4 };
  if (from && isMetro(from) && isMetro(place)) return { serviceable: true, codAvailable: true, minDays: 2, maxDays: 4 };
  return { serviceable: true, codAvailable: true, minDays: 3, maxDays: 6 };
}

/** Today's date in India (YYYY-MM-DD). */
export function indiaToday(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Whole seconds from `now` to the next midnight in India, when every promised date moves (at least 1). */
export function secondsToIndiaMidnight(now: Date): number {
  const day = 86_400;
  const intoDay = Math.floor((now.getTime() + 330 * 60_000) / 1000) % day;
  return Math.max(1, day - intoDay);
}

/**
 * How long an answer of delivery dates may be kept by browsers and shared caches: ten minutes (the
 * courier's answers are kept a few hours), never past midnight in India, when every date moves.
 */
export function deliveryAnswerSeconds(now: Date): number {
  return Math.min(600, secondsToIndiaMidnight(now));
}

/** `start` (YYYY-MM-DD) plus `days` working days, Sundays skipped. */
export function addWorkingDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) left -= 1;
  }
  // a parcel is never promised for a Sunday
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The first six-digit pincode in a postal address ('..., Jaipur, Rajasthan 302001' -> '302001'). */
export function pincodeInAddress(address: string): string | null {
  return /(?<!\d)[1-9]\d{5}(?!\d)/.exec(address)?.[0] ?? null;
}
