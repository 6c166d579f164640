/*
 * Order numbers: 'ORD-' + the time in base 36 (sorts by when the order was placed, reads back as a
 * date for staff) + '-' + six random characters from an alphabet without look-alikes (0/O, 1/I/L),
 * about 30 bits: unique with the database's unique index, and not guessable from a neighbour's.
 */

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export const ORDER_NUMBER_PATTERN = /^ORD-[0-9A-Z]{6,10}-[2-9A-HJKMNP-Z]{6}$/;

export function newOrderNumber(
  now = new Date(),
  random: (bytes: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const bytes = random(6);
  let suffix = "";
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `ORD-${now.getTime().toString(36).toUpperCase()}-${suffix}`;
}

export function isOrderNumber(value: string): boolean {
  return ORDER_NUMBER_PATTERN.test(value);
}
