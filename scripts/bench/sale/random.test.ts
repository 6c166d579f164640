import { describe, expect, it } from "vitest";
import { mulberry32, poissonArrivals, shuffled, zipfHeadShare, zipfSampler } from "./random";

describe("the Zipf sampler", () => {
  it("gives the first pieces most views, in proportion to 1/k^s", () => {
    const draw = zipfSampler(10_000, 1.1, mulberry32(1));
    const counts = new Map<number, number>();
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const k = draw();
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const share = (k: number) => (counts.get(k) ?? 0) / n;
    // rank 1 against rank 2: 2^1.1 = 2.14 times as many views
    expect(share(0) / share(1)).toBeGreaterThan(1.9);
    expect(share(0) / share(1)).toBeLessThan(2.4);
    // the first ten pieces: the share the formula gives (about 45 %), within a point
    let head = 0;
    for (let k = 0; k < 10; k++) head += share(k);
    expect(head).toBeCloseTo(zipfHeadShare(10_000, 1.1, 10), 2);
    expect(zipfHeadShare(10_000, 1.1, 10)).toBeGreaterThan(0.4);
    // every draw is a valid index, and the tail is reached
    expect(Math.min(...counts.keys())).toBe(0);
    expect(Math.max(...counts.keys())).toBeGreaterThan(9000);
    expect(Math.max(...counts.keys())).toBeLessThan(10_000);
  });

  it("is uniform when s is 0, and refuses an empty range", () => {
    const draw = zipfSampler(4, 0, mulberry32(2));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[draw()]! += 1;
    for (const c of counts) expect(c / 40_000).toBeCloseTo(0.25, 1);
    expect(() => zipfSampler(0, 1.1, mulberry32(2))).toThrow(RangeError);
  });
});

describe("the Poisson schedule", () => {
  it("offers the asked rate on average, inside the window, in order", () => {
    const times = poissonArrivals(20, 1000, 601_000, mulberry32(3));
    // 600 s at 20 a second: 12,000 expected, standard deviation about 110
    expect(times.length).toBeGreaterThan(11_600);
    expect(times.length).toBeLessThan(12_400);
    expect(times[0]).toBeGreaterThanOrEqual(1000);
    expect(times[times.length - 1]).toBeLessThan(601_000);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
  });

  it("has exponential gaps: about 37 % of them longer than the mean", () => {
    const times = poissonArrivals(10, 0, 1_000_000, mulberry32(4));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const longer = gaps.filter((g) => g > 100).length / gaps.length;
    expect(longer).toBeCloseTo(Math.exp(-1), 1);
  });

  it("is the same for the same seed, and refuses a rate of 0", () => {
    expect(poissonArrivals(5, 0, 10_000, mulberry32(9))).toEqual(poissonArrivals(5, 0, 10_000, mulberry32(9)));
    expect(() => poissonArrivals(0, 0, 1000, mulberry32(9))).toThrow(RangeError);
  });
});

describe("shuffled", () => {
  it("keeps every element once", () => {
    const list = Array.from({ length: 100 }, (_, i) => i);
    const out = shuffled(list, mulberry32(5));
    expect(out).not.toEqual(list);
    expect([...out].sort((a, b) => a - b)).toEqual(list);
  });
});
