import type { z } from "zod";

/*
 * What the browser and the server share about pincodes: the format, the answer of
 * GET /api/pincodes/:pin, and the rule that an address's state is its pincode's. The table itself
 * lives only on the server (pincodes.server.ts).
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

/** What the address forms know of a pincode's places: null when nothing is known (no lookup, or it failed). */
export type PlacesOf = (pincode: string) => readonly PincodePlace[] | null;

/**
 * Whether `state` is where the pincode delivers: null when it is (either state of a pincode in two),
 * or when the pincode is unknown to the table (the table never turns an address away), else the
 * message shown under State. The address forms check it in the browser with the lookup's answer and
 * the server with the whole table.
 */
export function stateMismatch(pincode: string, places: readonly PincodePlace[], state: string): string | null {
  if (places.length === 0 || state === "" || places.some((p) => p.state === state)) return null;
  const states = [...new Set(places.map((p) => p.state))];
  return `Pincode ${pincode} is in ${states.join(" or ")}, not ${state}. Please check the state or the pincode.`;
}

/**
 * A state that is not the pincode's is refused (an address no courier delivers to): in the browser
 * with what its pincode lookup knows, on the server with the whole table (lookupPincode).
 */
export function refinePincodeState<T extends z.ZodType<{ pincode: string; state: string }>>(
  schema: T,
  placesOf: PlacesOf,
) {
  return schema.superRefine((value, ctx) => {
    // refinements run after field errors too: only a well-formed pincode and a chosen state are compared
    const pincode = typeof value.pincode === "string" ? normalisePincode(value.pincode) : "";
    if (!isPincode(pincode) || typeof value.state !== "string") return;
    const message = stateMismatch(pincode, placesOf(pincode) ?? [], value.state);
    if (message) ctx.addIssue({ code: "custom", path: ["state"], message });
  });
}
