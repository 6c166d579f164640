/** Money is integer paise everywhere; these helpers are the only place rupees appear. */

export type Paise = number;

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
const inrWhole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`not a number of rupees: ${rupees}`);
  return Math.round(rupees * 100);
}

/** ₹1,23,456.00 (Indian digit grouping) */
export function formatPaise(paise: Paise): string {
  assertPaise(paise);
  return inr.format(paise / 100);
}

/** ₹1,23,456 when there are no paise, else ₹1,23,456.50: for prices on cards and product pages */
export function formatPrice(paise: Paise): string {
  assertPaise(paise);
  return paise % 100 === 0 ? inrWhole.format(paise / 100) : inr.format(paise / 100);
}

/** The rounded percent-off badge: round((original - price) / original * 100); 0 when there is no saving. */
export function percentOff(pricePaise: Paise, originalPaise: Paise | null | undefined): number {
  if (!originalPaise || originalPaise <= pricePaise) return 0;
  return Math.round(((originalPaise - pricePaise) / originalPaise) * 100);
}

function assertPaise(paise: Paise): void {
  if (!Number.isInteger(paise)) throw new RangeError(`money must be whole paise, got ${paise}`);
}
