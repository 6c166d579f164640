import { describe, expect, it } from "vitest";
import { highestSustainable, nextRate, type Tried } from "./rate-search";

const options = { start: 2, bisections: 3, minRate: 0.2, maxRate: 1000 };

/** Runs the search against a server that keeps up with every rate up to `limit`, its copies enough from `copiesFrom`. */
function search(limit: number, copiesFrom = 0): Tried[] {
  const tried: Tried[] = [];
  for (let rate = nextRate(tried, options); rate !== null; rate = nextRate(tried, options))
    tried.push({ rate, keptUp: rate <= limit, ok: rate <= limit && rate >= copiesFrom });
  return tried;
}

describe("the rate search", () => {
  it("doubles until the server does not keep up, then tries the middles", () => {
    const tried = search(11);
    expect(tried.map((t) => t.rate)).toEqual([2, 4, 8, 16, 12, 10, 11]);
    expect(highestSustainable(tried)).toBe(11);
  });

  it("halves when the first rate is already too much", () => {
    const tried = search(0.7);
    expect(tried.slice(0, 3).map((t) => t.rate)).toEqual([2, 1, 0.5]);
    expect(highestSustainable(tried)).toBeGreaterThanOrEqual(0.5);
    expect(highestSustainable(tried)).toBeLessThanOrEqual(0.7);
  });

  it("goes up, not down, when only the share from a copy fails at a low rate", () => {
    const tried = search(11, 3);
    expect(tried.map((t) => t.rate)).toEqual([2, 4, 8, 16, 12, 10, 11]);
    expect(tried[0]).toEqual({ rate: 2, keptUp: true, ok: false });
    expect(highestSustainable(tried)).toBe(11);
    // copies never enough: no rate holds every target
    expect(highestSustainable(search(11, Infinity))).toBeNull();
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

  it("does not count a rate kept up with above one that was not", () => {
    const at = (rate: number, ok: boolean) => ({ rate, ok, keptUp: ok });
    expect(highestSustainable([at(4, true), at(8, false), at(6, false), at(7, true)])).toBe(4);
  });
});
