/*
 * What the browser and the server share about pincodes: the format and the answer of
 * GET /api/pincodes/:pin. The table itself lives only on the server (pincodes.server.ts).
 */

/** One place a pincode delivers to: the city (district) and the state or union territory. */
export interface PincodePlace {
  city: string;
  state: string;
}

/** The JSON answer of GET /api/pincodes/:pin (200 and 404; 400 answers `{ error }`). */
export interface PincodeAnswer {
  pincode: string;
  places: PincodePlace[];
}

/** Six digits, the first not zero: the same rule as the address forms. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/** What a shopper types ("411 001") to what the table and the forms keep ("411001"). */
export function normalisePincode(raw: string): string {
  return raw.replace(/\s/g, "");
}
