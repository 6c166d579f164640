import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue";
import { CATEGORY_SLUGS, PRINT_KINDS } from "./types";

describe("the demo catalogue", () => {
  it("has at least 60 products across all eleven categories with unique slugs", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CATALOGUE.map((p) => p.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(new Set(CATALOGUE.map((p) => p.slug)).size).toBe(CATALOGUE.length);
  });

  it("prices between ₹299 and ₹14,999 with original prices above the price", () => {
    for (const p of CATALOGUE) {
      expect(p.price).toBeGreaterThanOrEqual(299);
      expect(p.price).toBeLessThanOrEqual(14_999);
      if (p.originalPrice !== undefined) expect(p.originalPrice).toBeGreaterThan(p.price);
    }
    expect(CATALOGUE.some((p) => p.originalPrice)).toBe(true);
  });

  it("has pieces under ₹500, alone below the free-shipping line, in stock: small jewellery and a dupatta", () => {
    const small = CATALOGUE.filter((p) => p.price < 500 && p.stock > 0);
    expect(small.map((p) => p.type)).toEqual(expect.arrayContaining(["Earrings", "Dupatta"]));
    expect(small.length).toBeGreaterThanOrEqual(3);
  });

  it("spreads stock over out of stock, low and in stock", () => {
    expect(CATALOGUE.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(CATALOGUE.filter((p) => p.stock >= 1 && p.stock <= 10).length).toBeGreaterThanOrEqual(3);
    expect(CATALOGUE.filter((p) => p.stock > 10).length).toBeGreaterThan(CATALOGUE.length / 2);
  });

  it("gives every product 1-4 colours with hex values and valid sizes", () => {
    const sizes = new Set(["XS", "S", "M", "L", "XL", "XXL", "Free Size"]);
    for (const p of CATALOGUE) {
      expect(p.colours.length).toBeGreaterThanOrEqual(1);
      expect(p.colours.length).toBeLessThanOrEqual(4);
      for (const c of p.colours) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.sizes.length).toBeGreaterThan(0);
      for (const s of p.sizes) expect(sizes.has(s)).toBe(true);
      expect(PRINT_KINDS).toContain(p.print);
    }
  });

  it("spreads creation dates over months", () => {
    const days = CATALOGUE.map((p) => p.addedDaysAgo);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(90);
    expect(new Set(days).size).toBe(days.length);
  });
});
