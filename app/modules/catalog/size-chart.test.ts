import { describe, expect, it } from "vitest";
import { sizeChartFor } from "./size-chart";

describe("sizeChartFor", () => {
  it("gives inches for the sizes a kurta comes in", () => {
    const chart = sizeChartFor("kurtas", ["S", "M", "L"]);
    expect(chart?.lengthLabel).toBe("Kurta length");
    expect(chart?.rows).toEqual([
      { size: "S", bust: 34, waist: 28, hip: 37, length: 44.5 },
      { size: "M", bust: 36, waist: 30, hip: 39, length: 45 },
      { size: "L", bust: 38, waist: 32, hip: 41, length: 45.5 },
    ]);
  });
  it("has no bust for bottoms and no chart for free-size categories", () => {
    expect(sizeChartFor("bottoms", ["M"])?.rows[0]?.bust).toBeNull();
    expect(sizeChartFor("sarees", ["Free Size"])).toBeNull();
    expect(sizeChartFor("kurtas", ["Free Size"])).toBeNull();
  });
});
