import { describe, expect, it } from "vitest";
import { highestSustainable, nextRate, type Tried } from "./rate-search";

const options = { start: 2, bisections: 3, minRate: 0.2, maxRate: 1000 };

/** Runs the search against a server that holds every rate up to `limit`. */
function search(limit: number): Tried[] {
  const tried: Tried[] = [];
  for (let rate = nextRate(tried, options); rate !== null; rate = nextRate(tried, options))
    tried.push({ rate, ok: rate <= limit });
  return tried;
}

describe("the rate search", () => {
  it("doubles until a rate fails, then tries the middles", () => {
    const tried = search(11);
    expect(tried.map((t) => t.rate)).toEqual([2, 4, 8, 16, 12, 10, 11]);
    expect(highestSustainable(tried)).toBe(11);
  });

  it("halves when the first rate already fails", () => {
    const tried = search(0.7);
    expect(tried.slice(0, 3).map((t) => t.rate)).toEqual([2, 1, 0.5]);
    expect(highestSustainable(tried)).toBeGreaterThanOrEqual(0.5);
    expect(highestSustainable(tried)).toBeLessThanOrEqual(0.7);
  });

  it("gives up below the smallest rate, with no sustainable rate", () => {
    const tried = search(0);
    expect(tried.map((t) => t.rate)).toEqual([2, 1, 0.5, 0.3, 0.2]);
    expect(highestSustainable(tried)).toBeNull();
  });

  it("stops doubling at the largest rate", () => {
    const tried = search(Infinity);
    expect(tried[tried.length - 1]!.rate).toBe(512);
    expect(highestSustainable(tried)).toBe(512);
  });

  it("does not count a rate that held above one that failed", () => {
    expect(
      highestSustainable([
        { rate: 4, ok: true },
        { rate: 8, ok: false },
        { rate: 6, ok: false },
        { rate: 7, ok: true },
      ]),
    ).toBe(4);
  });
});
