import { describe, expect, it } from "vitest";
import {
  colourSoldOut,
  firstInStock,
  initialChoice,
  sizeSoldOut,
  spreadStock,
  variantAxes,
  variantMatrix,
  variantSkus,
} from "./variants";

const product = { sizes: ["S", "M", "L"], colours: ["Rust", "Indigo"] };
// Rust: S sold out, M 2, L 0; Indigo: S 4, M 0, L 1
const variants = [
  { size: "S", colour: "Rust", stock: 0 },
  { size: "M", colour: "Rust", stock: 2 },
  { size: "L", colour: "Rust", stock: 0 },
  { size: "S", colour: "Indigo", stock: 4 },
  { size: "M", colour: "Indigo", stock: 0 },
  { size: "L", colour: "Indigo", stock: 1 },
];

describe("variant axes, SKUs and the spread of stock", () => {
  it("uses the product's own sizes and colours without blanks or repeats, else One Size and Default", () => {
    expect(variantAxes({ sizes: ["M", "", " ", "M", "L"], colourNames: [] })).toEqual({
      sizes: ["M", "L"],
      colours: ["Default"],
    });
    expect(variantAxes({ sizes: [], colourNames: ["Rust"] })).toEqual({ sizes: ["One Size"], colours: ["Rust"] });
    expect(variantMatrix({ sizes: ["S", "M"], colours: ["Rust", "Indigo"] })).toEqual([
      { size: "S", colour: "Rust" },
      { size: "M", colour: "Rust" },
      { size: "S", colour: "Indigo" },
      { size: "M", colour: "Indigo" },
    ]);
  });

  it("derives SKUs from the product's: size and colour codes, positions where codes collide", () => {
    const skus = variantSkus("SAR-1043", {
      sizes: ["Free Size", "XXXL", "One Size", "28/30"],
      colours: ["Oxidised Silver", "Pink", "Pink Rose", "Kesar-Orange"],
    });
    expect([...skus.values()].slice(0, 4)).toEqual([
      "SAR-1043-FS-OXI",
      "SAR-1043-XXXL-OXI",
      "SAR-1043-OS-OXI",
      "SAR-1043-2830-OXI",
    ]);
    expect(skus.get("Free Size\u0000Pink")).toBe("SAR-1043-FS-PIN2");
    expect(skus.get("Free Size\u0000Pink Rose")).toBe("SAR-1043-FS-PIN3");
    expect(skus.get("Free Size\u0000Kesar-Orange")).toBe("SAR-1043-FS-KES");
    expect(new Set(skus.values()).size).toBe(16);
  });

  it("spreads a total over n variants without losing a unit", () => {
    expect(spreadStock(7, 3)).toEqual([3, 2, 2]);
    expect(spreadStock(2, 4)).toEqual([1, 1, 0, 0]);
    expect(spreadStock(0, 2)).toEqual([0, 0]);
    expect(spreadStock(5, 0)).toEqual([]);
  });
});

describe("what the product page lets a shopper choose", () => {
  it("strikes a size sold out in the chosen colour, and a colour sold out in the chosen size", () => {
    expect(product.sizes.filter((s) => sizeSoldOut(product, variants, s, "Rust"))).toEqual(["S", "L"]);
    expect(product.sizes.filter((s) => sizeSoldOut(product, variants, s, "Indigo"))).toEqual(["M"]);
    // with no colour chosen, only a size sold out in every colour
    expect(product.sizes.filter((s) => sizeSoldOut(product, variants, s, null))).toEqual([]);
    expect(product.colours.filter((c) => colourSoldOut(product, variants, c, "M"))).toEqual(["Indigo"]);
    expect(product.colours.filter((c) => colourSoldOut(product, variants, c, null))).toEqual([]);
  });

  it("starts on the first colour with stock and its first size with stock", () => {
    expect(firstInStock(product, variants)).toEqual({ size: "M", colour: "Rust" });
    const rustGone = variants.map((v) => (v.colour === "Rust" ? { ...v, stock: 0 } : v));
    expect(firstInStock(product, rustGone)).toEqual({ size: "S", colour: "Indigo" });
    expect(
      firstInStock(
        product,
        variants.map((v) => ({ ...v, stock: 0 })),
      ),
    ).toEqual({ size: null, colour: null });
    expect(firstInStock({ sizes: [], colours: [] }, [{ size: "One Size", colour: "Default", stock: 1 }])).toEqual({
      size: null,
      colour: null,
    });
  });

  it("honours the size and colour an address names (a back-in-stock text) when they are in stock", () => {
    expect(initialChoice(product, variants, { size: "L", colour: "Indigo" })).toEqual({ size: "L", colour: "Indigo" });
    // sold out: the named colour's first size with stock instead
    expect(initialChoice(product, variants, { size: "M", colour: "Indigo" })).toEqual({ size: "S", colour: "Indigo" });
    expect(initialChoice(product, variants, { size: "XXL", colour: "Green" })).toEqual({ size: "M", colour: "Rust" });
    expect(initialChoice(product, variants)).toEqual({ size: "M", colour: "Rust" });
  });
});
