import { describe, expect, it } from "vitest";
import { oversoldReport } from "./oversold";

const map = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe("the oversold arithmetic", () => {
  it("finds nothing oversold when each variant sold at most what it had", () => {
    const report = oversoldReport({
      start: map({ a: 5, b: 150, c: 3 }),
      sold: map({ a: 5, b: 150 }),
      now: map({ a: 0, b: 0 }),
    });
    expect(report).toEqual({
      variantsOrdered: 2,
      unitsSold: 155,
      oversoldUnits: 0,
      oversoldVariants: [],
      negative: [],
      unbalanced: [],
    });
  });

  it("counts units sold beyond the starting stock, and a variant that had none", () => {
    const report = oversoldReport({
      start: map({ a: 150, b: 2 }),
      sold: map({ a: 152, b: 1, ghost: 1 }),
      now: map({ a: 0, b: 1, ghost: 0 }),
    });
    expect(report.oversoldUnits).toBe(3);
    expect(report.oversoldVariants).toEqual(["a", "ghost"]);
    // 150 - 152 is not 0, nor 0 - 1: the stock did not move with the orders alone
    expect(report.unbalanced).toEqual(["a", "ghost"]);
  });

  it("reports stock below 0 and stock that moved other than by orders", () => {
    const report = oversoldReport({ start: map({ a: 4 }), sold: map({ a: 2 }), now: map({ a: -1 }) });
    expect(report.negative).toEqual(["a"]);
    expect(report.unbalanced).toEqual(["a"]);
    expect(report.oversoldUnits).toBe(0);
  });
});
