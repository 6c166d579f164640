import { describe, expect, it } from "vitest";
import {
  jsonField,
  MAX_GUEST_IDS,
  MAX_GUEST_LINES,
  MAX_JSON_FIELD_LENGTH,
  parseGuestLines,
  parseProductIds,
} from "./cart-input";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const line = (n: number) => ({ productId: id(n), size: "M", colour: "Red", quantity: 1 });

/** An array whose entries past `from` count every read, to prove they are never looked at. */
function watched<T>(items: T[], from: number): { array: T[]; reads: () => number } {
  let reads = 0;
  const array = [...items];
  for (let i = from; i < array.length; i++) {
    const value = array[i];
    Object.defineProperty(array, i, {
      get() {
        reads += 1;
        return value;
      },
    });
  }
  return { array, reads: () => reads };
}

describe("guest input from the browser", () => {
  it("cuts a 150-line cart to 100 lines without checking the other 50", () => {
    const { array, reads } = watched(
      Array.from({ length: 150 }, (_, i) => line(i)),
      MAX_GUEST_LINES,
    );
    const lines = parseGuestLines(array);
    expect(lines).toHaveLength(MAX_GUEST_LINES);
    expect(lines[99]?.productId).toBe(id(99));
    expect(reads()).toBe(0);
  });

  it("keeps the good lines among the first 100 when some are damaged", () => {
    const lines = parseGuestLines([line(1), { productId: "nope" }, null, line(2)]);
    expect(lines.map((l) => l.productId)).toEqual([id(1), id(2)]);
  });

  it("cuts a 300-id wishlist to the first 200 without checking the rest", () => {
    const { array, reads } = watched(
      Array.from({ length: 300 }, (_, i) => id(i)),
      MAX_GUEST_IDS,
    );
    expect(parseProductIds(array)).toHaveLength(MAX_GUEST_IDS);
    expect(reads()).toBe(0);
  });

  it("refuses JSON text longer than the limit before parsing it", () => {
    const long = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => line(i)));
    expect(long.length).toBeGreaterThan(MAX_JSON_FIELD_LENGTH);
    expect(jsonField(long)).toBeUndefined();
    expect(jsonField(JSON.stringify([line(1)]))).toEqual([line(1)]);
    expect(jsonField("[1,")).toBeUndefined();
  });
});
