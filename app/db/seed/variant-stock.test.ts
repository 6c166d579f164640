import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue";
import { seedVariantStock, spreadWithGaps } from "./variant-stock";
import { quickAddLine } from "../../modules/catalog/quick-add";

describe("the demo catalogue's stock by size and colour", () => {
  const all = CATALOGUE.map((p) => ({ p, variants: seedVariantStock(p) }));

  it("adds up to each product's stock, over every size x colour", () => {
    for (const { p, variants } of all) {
      expect(variants.reduce((n, v) => n + v.stock, 0)).toBe(p.stock);
      expect(variants).toHaveLength(Math.max(1, p.sizes.length) * Math.max(1, p.colours.length));
    }
  });

  it("has realistic gaps: sold-out sizes in products that are in stock, low sizes, yet most products buyable", () => {
    const buyable = all.filter(({ p }) => p.stock > 0);
    expect(buyable.length).toBeGreaterThan(CATALOGUE.length * 0.85);
    expect(buyable.filter(({ variants }) => variants.some((v) => v.stock === 0)).length).toBeGreaterThanOrEqual(10);
    expect(
      all.filter(({ variants }) => variants.some((v) => v.stock >= 1 && v.stock <= 5)).length,
    ).toBeGreaterThanOrEqual(5);
    // quick add (M, first colour) works for most, and opens the product for a few
    const quickSoldOut = buyable.filter(({ p, variants }) => {
      const line = quickAddLine({ id: p.slug, sizes: p.sizes, colors: p.colours });
      return variants.find((v) => v.size === line.size && v.colour === line.colour)!.stock === 0;
    });
    expect(quickSoldOut.length).toBeGreaterThanOrEqual(1);
    expect(quickSoldOut.length).toBeLessThan(buyable.length / 5);
  });

  it("is the same every time and never sells out every variant of a product that has stock", () => {
    expect(seedVariantStock(CATALOGUE[0]!)).toEqual(seedVariantStock(CATALOGUE[0]!));
    for (let i = 0; i < 200; i++) {
      const v = spreadWithGaps(`p${i}`, { sizes: ["S", "M", "L"], colourNames: ["A", "B"] }, 1 + (i % 7));
      expect(v.some((x) => x.stock > 0)).toBe(true);
    }
  });
});
