import { describe, expect, it } from "vitest";
import { selectionError } from "./use-add-to-bag";

const product = { sizes: ["S", "M"], colors: [{ name: "Rust", hex: "#B4532A" }] };

describe("selectionError", () => {
  it("asks for a size first, then a colour", () => {
    expect(selectionError(product, null, null)).toBe("Please select a size");
    expect(selectionError(product, "M", null)).toBe("Please select a color");
    expect(selectionError(product, "M", "Rust")).toBeNull();
  });
  it("needs nothing when the product has no sizes or colours", () => {
    expect(selectionError({ sizes: [], colors: [] }, null, null)).toBeNull();
  });
});
