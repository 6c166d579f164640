/* Prices as the form shows and reads them: rupees as text, whole paise inside. */

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * Rupees as typed ('1299', '1,299.50', '₹ 1,299') to whole paise without floating point;
 * null when it is not a price.
 */
export function rupeesTextToPaise(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, "").replace(/^Rs\.?/i, "");
  if (!RUPEES.test(plain)) return null;
  const [whole, fraction = ""] = plain.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Paise to what the price field shows: '1299' or '1299.50'. */
export function paiseToRupeesText(paise: number | null): string {
  if (paise === null) return "";
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}
