/** Money is integer paise everywhere; these helpers are the only place rupees appear. */

export type Paise = number;

/*
 * Rupees are written by hand rather than through Intl.NumberFormat("en-IN"): building that formatter
 * loads the browser's locale and currency data, which cost a phone's main thread tens of
 * milliseconds on every page with a price, before the page could respond (decision 033). The output is
 * the same, character for character (money.test.ts compares the two).
 */

/** A whole, non-negative number with Indian digit grouping: 1,23,45,678 (the last three digits, then pairs). */
export function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/** ₹ and the rupees, and the paise after a point when `withPaise`. */
function written(paise: Paise, withPaise: boolean): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const whole = `${sign}₹${groupIndian(Math.floor(abs / 100))}`;
  return withPaise ? `${whole}.${String(abs % 100).padStart(2, "0")}` : whole;
}

export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`not a number of rupees: ${rupees}`);
  return Math.round(rupees * 100);
}

/** ₹1,23,456.00 (Indian digit grouping) */
export function formatPaise(paise: Paise): string {
  assertPaise(paise);
  return written(paise, true);
}

/** ₹1,23,456 when there are no paise, else ₹1,23,456.50: for prices on cards and product pages */
export function formatPrice(paise: Paise): string {
  assertPaise(paise);
  return written(paise, paise % 100 !== 0);
}

/** The rounded percent-off badge: round((original - price) / original * 100); 0 when there is no saving. */
export function percentOff(pricePaise: Paise, originalPaise: Paise | null | undefined): number {
  if (!originalPaise || originalPaise <= pricePaise) return 0;
  return Math.round(((originalPaise - pricePaise) / originalPaise) * 100);
}

function assertPaise(paise: Paise): void {
  if (!Number.isInteger(paise)) throw new RangeError(`money must be whole paise, got ${paise}`);
}
