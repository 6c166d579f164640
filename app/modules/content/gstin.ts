/*
 * The GST identification number (GSTIN): 15 characters, the first two the state's GST code, then the
 * holder's PAN (5 letters, 4 digits, a letter), the registration's number in the state (1-9 or A-Z),
 * 'Z', and a check character computed from the other 14 (base 36). Pure; safe for the browser.
 */

/** GST state codes of the states and union territories of the shop's list (INDIAN_STATES). */
export const GST_STATE_CODES: Readonly<Record<string, readonly string[]>> = {
  "Jammu and Kashmir": ["01"],
  "Himachal Pradesh": ["02"],
  Punjab: ["03"],
  Chandigarh: ["04"],
  Uttarakhand: ["05"],
  Haryana: ["06"],
  Delhi: ["07"],
  Rajasthan: ["08"],
  "Uttar Pradesh": ["09"],
  Bihar: ["10"],
  Sikkim: ["11"],
  "Arunachal Pradesh": ["12"],
  Nagaland: ["13"],
  Manipur: ["14"],
  Mizoram: ["15"],
  Tripura: ["16"],
  Meghalaya: ["17"],
  Assam: ["18"],
  "West Bengal": ["19"],
  Jharkhand: ["20"],
  Odisha: ["21"],
  Chhattisgarh: ["22"],
  "Madhya Pradesh": ["23"],
  Gujarat: ["24"],
  // 26 since the merger of 2020; registrations of the former Daman and Diu kept 25
  "Dadra and Nagar Haveli and Daman and Diu": ["26", "25"],
  Maharashtra: ["27"],
  Karnataka: ["29"],
  Goa: ["30"],
  Lakshadweep: ["31"],
  Kerala: ["32"],
  "Tamil Nadu": ["33"],
  Puducherry: ["34"],
  "Andaman and Nicobar Islands": ["35"],
  Telangana: ["36"],
  // 37 since the state was divided in 2014 (28 was the undivided state's)
  "Andhra Pradesh": ["37"],
  Ladakh: ["38"],
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = "format" | "check" | "state";

/** Why a GSTIN (upper-cased) is not valid for a shop in `state`, or null when it is. */
export function gstinProblem(gstin: string, state: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return "format";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "check";
  const codes = GST_STATE_CODES[state];
  if (!codes || !codes.includes(gstin.slice(0, 2))) return "state";
  return null;
}
