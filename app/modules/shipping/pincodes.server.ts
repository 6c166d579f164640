import { decodeEntries } from "./pincode-codec.server";
import { PINCODE_ENTRIES, PINCODE_PLACES, PINCODE_STATES } from "./pincode-table.server";
import { isPincode, type PincodePlace } from "./pincodes";

/*
 * The offline India pincode table (docs/decisions/016): pincode -> city and state, on the server
 * only. The committed table is a 41 KB string; it is decoded into two typed arrays the first time
 * a pincode is looked up, once per process, and searched by bisection.
 */

interface Table {
  pincodes: Int32Array;
  places: Uint16Array;
  placeList: readonly PincodePlace[];
}

let table: Table | null = null;

function load(): Table {
  const { pincodes, places } = decodeEntries(PINCODE_ENTRIES);
  const placeList = PINCODE_PLACES.map(([city, state]) => Object.freeze({ city, state: PINCODE_STATES[state]! }));
  return { pincodes, places, placeList };
}

/**
 * The places a pincode delivers to: usually one, two for the few pincodes whose post offices lie in
 * two states (the state with more of them first). Empty for an unknown or malformed pincode.
 */
export function lookupPincode(pin: string): PincodePlace[] {
  if (typeof pin !== "string" || !isPincode(pin)) return [];
  const { pincodes, places, placeList } = (table ??= load());
  const wanted = Number(pin);
  // first index whose pincode is >= wanted
  let low = 0;
  let high = pincodes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pincodes[middle]! < wanted) low = middle + 1;
    else high = middle;
  }
  const found: PincodePlace[] = [];
  for (let i = low; i < pincodes.length && pincodes[i] === wanted; i++) {
    const place = placeList[places[i]!]!;
    found.push({ city: place.city, state: place.state });
  }
  return found;
}

/** How many pincodes the table knows (a pincode in two states counts once). */
export function pincodeCount(): number {
  const { pincodes } = (table ??= load());
  let count = 0;
  for (let i = 0; i < pincodes.length; i++) if (i === 0 || pincodes[i] !== pincodes[i - 1]) count++;
  return count;
}

/** Every state and union territory the table names. */
export function pincodeStates(): readonly string[] {
  return PINCODE_STATES;
}

/** What the table costs: its text, and its decoded arrays (decoded now if no lookup has decoded them yet). */
export function pincodeTableSize(): { textBytes: number; decodedBytes: number; entries: number } {
  const { pincodes, places } = (table ??= load());
  return {
    textBytes: PINCODE_ENTRIES.length,
    decodedBytes: pincodes.byteLength + places.byteLength,
    entries: pincodes.length,
  };
}
