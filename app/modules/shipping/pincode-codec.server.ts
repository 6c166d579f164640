/*
 * The compact text form of the pincode table (docs/decisions/016): pincodes sorted ascending, each
 * written as the difference from the previous one, with the index of its place only when the place
 * differs from the previous entry's. A pincode in two states is two entries, the second with a
 * difference of 0. Numbers are variable-length, 5 bits a character, in an alphabet that needs no
 * escaping in a JavaScript string.
 *
 * Used by the generator (encode) and by the server (decode); no browser code imports it.
 */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const CONTINUE = 32;

const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

function writeNumber(out: string[], value: number) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`cannot encode ${value}`);
  let rest = value;
  while (rest >= CONTINUE) {
    out.push(ALPHABET[CONTINUE + (rest % CONTINUE)]!);
    rest = Math.floor(rest / CONTINUE);
  }
  out.push(ALPHABET[rest]!);
}

/** One pincode and the index of one of its places; `entries` sorted by pincode, a pincode's places in order of preference. */
export interface PincodeEntry {
  pincode: number;
  place: number;
}

export function encodeEntries(entries: readonly PincodeEntry[]): string {
  const out: string[] = [];
  let previousPincode = 0;
  let previousPlace = -1;
  for (const { pincode, place } of entries) {
    const delta = pincode - previousPincode;
    if (delta < 0) throw new Error(`pincodes must be sorted: ${pincode} after ${previousPincode}`);
    if (!Number.isInteger(place) || place < 0 || place > 0xffff) throw new Error(`bad place index ${place}`);
    const samePlace = place === previousPlace;
    writeNumber(out, delta * 2 + (samePlace ? 0 : 1));
    if (!samePlace) writeNumber(out, place);
    previousPincode = pincode;
    previousPlace = place;
  }
  return out.join("");
}

/** The table as two parallel arrays: pincodes ascending (a pincode in two states appears twice) and place indexes. */
export interface DecodedEntries {
  pincodes: Int32Array;
  places: Uint16Array;
}

export function decodeEntries(text: string): DecodedEntries {
  // at least one character per entry: size the arrays for the worst case, then trim
  const pincodes = new Int32Array(text.length);
  const places = new Uint16Array(text.length);
  let count = 0;
  let position = 0;
  const readNumber = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const code = text.charCodeAt(position++);
      const digit = code < 128 ? DIGIT[code]! : -1;
      if (digit < 0) throw new Error(`pincode table: bad character at ${position - 1}`);
      value += (digit % CONTINUE) * scale;
      if (digit < CONTINUE) return value;
      scale *= CONTINUE;
    }
  };
  let pincode = 0;
  let place = -1;
  while (position < text.length) {
    const head = readNumber();
    pincode += Math.floor(head / 2);
    if (head % 2 === 1) place = readNumber();
    if (place < 0) throw new Error("pincode table: first entry has no place");
    pincodes[count] = pincode;
    places[count] = place;
    count++;
  }
  return { pincodes: pincodes.slice(0, count), places: places.slice(0, count) };
}
