import { describe, expect, it } from "vitest";
import { percentile, Recorder, sourceOf } from "./stats";
import { copyShare, repeatCopyShare, saleVerdict } from "./targets";

describe("percentile (nearest rank)", () => {
  it("takes the value at rank ceil(p/100 * n)", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it("lets one slow answer in a hundred show at p99 but not at p95", () => {
    const values = [...Array.from({ length: 99 }, () => 5), 900].sort((a, b) => a - b);
    expect(percentile(values, 95)).toBe(5);
    expect(percentile(values, 100)).toBe(900);
    const slowTwo = [...Array.from({ length: 98 }, () => 5), 900, 950].sort((a, b) => a - b);
    expect(percentile(slowTwo, 99)).toBe(900);
  });
});

describe("the recorder", () => {
  it("sums steps, outcomes and where catalogue answers came from", () => {
    const r = new Recorder();
    r.add("home", 2, "ok", sourceOf("hit"));
    r.add("list", 4, "ok", sourceOf("stale"));
    r.add("product", 30, "ok", sourceOf(undefined), true);
    r.add("product", 8, "ok", sourceOf("shared"));
    r.add("checkout", 120, "refused");
    r.add("checkout", 80, "server-error");
    const catalogue = r.summary("catalogue", ["home", "list", "product", "suggest"]);
    expect(catalogue).toMatchObject({ count: 4, copy: 2, shared: 1, rendered: 1, p50: 4, p99: 30, max: 30 });
    expect(copyShare(catalogue)).toBe(0.5);
    // the first view of an address can have no copy: of the three others, two came from one
    expect(catalogue.firstViews).toBe(1);
    expect(repeatCopyShare(catalogue)).toBeCloseTo(2 / 3);
    expect(r.summary("checkout", ["checkout"])).toMatchObject({ count: 2, refused: 1, serverErrors: 1 });
    expect(r.steps().map((s) => s.step)).toEqual(["home", "list", "product", "checkout"]);
    expect(r.total).toBe(6);
  });
});

describe("the sale verdict", () => {
  const summary = (over: Partial<ReturnType<Recorder["summary"]>>) => ({
    ...new Recorder().summary("x", []),
    count: 100,
    p99: 10,
    copy: 100,
    ...over,
  });
  const fine = {
    catalogue: summary({}),
    addToBag: summary({ p99: 60 }),
    checkout: summary({ p99: 300 }),
    serverErrors: 0,
    networkErrors: 0,
    oversoldUnits: 0,
  };

  it("holds when every target does", () => {
    expect(saleVerdict(fine)).toEqual({ ok: true, keptUp: true, failures: [] });
  });

  it("names each target that fails", () => {
    const verdict = saleVerdict({
      ...fine,
      catalogue: summary({ copy: 96, p99: 50 }),
      addToBag: summary({ p99: 100 }),
      checkout: summary({ p99: 501 }),
      serverErrors: 2,
      oversoldUnits: 1,
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.keptUp).toBe(false);
    expect(verdict.failures).toEqual([
      "from a copy 96.0 %",
      "catalogue p99 50 ms",
      "add to bag p99 100 ms",
      "checkout p99 501 ms",
      "2 5xx",
      "1 oversold",
    ]);
  });

  it("says the server kept up when only the share from a copy is short", () => {
    expect(saleVerdict({ ...fine, catalogue: summary({ copy: 90 }) })).toEqual({
      ok: false,
      keptUp: true,
      failures: ["from a copy 90.0 %"],
    });
  });

  it("does not fail a step nobody reached, but fails a window without catalogue answers", () => {
    const none = summary({ count: 0, p99: Number.NaN, copy: 0 });
    expect(saleVerdict({ ...fine, checkout: none }).ok).toBe(true);
    expect(saleVerdict({ ...fine, catalogue: none }).ok).toBe(false);
  });
});
