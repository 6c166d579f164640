import { describe, expect, it } from "vitest";
import { quickAddLine, quickAddStock } from "./quick-add";

describe("quickAddLine", () => {
  it("takes size M when offered, the first colour and quantity 1", () => {
    expect(quickAddLine({ id: "p", sizes: ["S", "M", "L"], colors: [{ name: "Rust" }, { name: "Ivory" }] })).toEqual({
      productId: "p",
      size: "M",
      colour: "Rust",
      quantity: 1,
    });
  });
  it("falls back to the first size, then One Size, and to the colour Default", () => {
    expect(quickAddLine({ id: "p", sizes: ["Free Size"], colors: [] })).toMatchObject({
      size: "Free Size",
      colour: "Default",
    });
    expect(quickAddLine({ id: "p", sizes: [], colors: [] })).toMatchObject({ size: "One Size", colour: "Default" });
  });
});

describe("quickAddStock", () => {
  it("is the stock of size M in the first colour, not the product's total", () => {
    const product = {
      id: "p",
      sizes: ["S", "M"],
      colors: [
        { name: "Rust", hex: "#B4532A" },
        { name: "Ivory", hex: "#F4EFE3" },
      ],
      variants: [
        { size: "S", colour: "Rust", stock: 9 },
        { size: "M", colour: "Rust", stock: 0 },
        { size: "M", colour: "Ivory", stock: 4 },
      ],
    };
    expect(quickAddStock(product)).toBe(0);
    expect(quickAddStock({ ...product, variants: [{ size: "M", colour: "Rust", stock: 2 }] })).toBe(2);
  });
});
