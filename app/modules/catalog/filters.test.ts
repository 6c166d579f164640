import { describe, expect, it } from "vitest";
import { followsPrices, hasActiveFilters, listQuery, movesPriceRange, priceBoundsPaise } from "./filters";
import { parseListFilters } from "./filters-parse";

const parse = (qs: string) => parseListFilters(new URLSearchParams(qs));

describe("parseListFilters", () => {
  it("gives the defaults for an empty query: newest first, grid, page 1, no filters", () => {
    const f = parse("");
    expect(f).toMatchObject({ sortBy: "newest", sortChosen: false, view: "grid", page: 1, sizes: [], colours: [] });
    expect(f.category).toBeUndefined();
    expect(hasActiveFilters(f)).toBe(false);
  });

  it("reads every parameter, repeated or comma-separated", () => {
    const f = parse(
      "category=kurtas&search=%20silk%20&sortBy=price-low&priceRange=2000to5000&minPrice=500&maxPrice=3999&size=M&size=L,XL&colour=Rani%20Pink&occasion=Wedding&fabric=Silk&type=Saree&availability=in-stock&view=list&page=3",
    );
    expect(f).toMatchObject({
      category: "kurtas",
      search: "silk",
      sortBy: "price-low",
      sortChosen: true,
      priceRange: "2000to5000",
      minPrice: 500,
      maxPrice: 3999,
      sizes: ["M", "L", "XL"],
      colours: ["Rani Pink"],
      occasions: ["Wedding"],
      fabrics: ["Silk"],
      types: ["Saree"],
      availability: "in-stock",
      view: "list",
      page: 3,
    });
    expect(hasActiveFilters(f)).toBe(true);
  });

  it("sorts a search by relevance unless a sort was chosen", () => {
    expect(parse("search=kurta").sortBy).toBe("relevance");
    expect(parse("search=kurta&sortBy=name").sortBy).toBe("name");
  });

  it("ignores bad values instead of failing the page", () => {
    const f = parse(
      "sortBy=cheapest&priceRange=free&availability=maybe&view=table&page=-4&category=Not%20A%20Slug&minPrice=abc",
    );
    expect(f).toMatchObject({ sortBy: "newest", view: "grid", page: 1 });
    expect(f.priceRange).toBeUndefined();
    expect(f.availability).toBeUndefined();
    expect(f.category).toBeUndefined();
    expect(f.minPrice).toBe(0);
  });

  it("parses prices as integers and swaps a reversed range", () => {
    expect(parse("minPrice=1500.75").minPrice).toBe(1500);
    expect(parse("minPrice=4000&maxPrice=1000")).toMatchObject({ minPrice: 1000, maxPrice: 4000 });
  });

  it("treats category=all as no category", () => {
    expect(parse("category=all").category).toBeUndefined();
  });
});

describe("priceBoundsPaise", () => {
  it("under2000 is strictly below 2000 rupees", () => {
    expect(priceBoundsPaise({ priceRange: "under2000" })).toEqual({ min: undefined, max: 199_999 });
  });
  it("2000to5000 includes both ends", () => {
    expect(priceBoundsPaise({ priceRange: "2000to5000" })).toEqual({ min: 200_000, max: 500_000 });
  });
  it("above5000 is strictly above 5000 rupees", () => {
    expect(priceBoundsPaise({ priceRange: "above5000" })).toEqual({ min: 500_001, max: undefined });
  });
  it("intersects a preset with the slider", () => {
    expect(priceBoundsPaise({ priceRange: "2000to5000", minPrice: 3000, maxPrice: 6000 })).toEqual({
      min: 300_000,
      max: 500_000,
    });
    expect(priceBoundsPaise({ minPrice: 0, maxPrice: 3999 })).toEqual({ min: undefined, max: 399_900 });
  });
});

describe("listQuery", () => {
  it("round-trips a state and leaves defaults out", () => {
    const f = parse(
      "category=sarees&sortBy=rating&size=S&size=M&colour=Gold&availability=out-of-stock&view=list&page=2",
    );
    const qs = listQuery(f);
    expect(parseListFilters(new URLSearchParams(qs.slice(1)))).toEqual(f);
    expect(listQuery(parse(""))).toBe("");
    expect(listQuery(parse("search=silk"))).toBe("?search=silk");
  });
});

describe("what a new price changes in lists", () => {
  it("names the lists whose order or members follow prices: a sort by price, a preset or custom range", () => {
    expect(followsPrices(parse("category=kurtas&sortBy=price-low"))).toBe(true);
    expect(followsPrices(parse("sortBy=price-high&size=M"))).toBe(true);
    expect(followsPrices(parse("category=kurtas&priceRange=under1000"))).toBe(true);
    expect(followsPrices(parse("category=kurtas&maxPrice=2500"))).toBe(true);
    expect(followsPrices(parse("category=kurtas&minPrice=500"))).toBe(true);
    expect(followsPrices(parse("category=kurtas&size=M&sortBy=newest"))).toBe(false);
    expect(followsPrices(parse("search=silk"))).toBe(false);
  });

  it("moves a piece into another preset range only across an edge (both ends inclusive)", () => {
    expect(movesPriceRange(499_900, 389_900)).toBe(false);
    expect(movesPriceRange(499_900, 189_900)).toBe(true);
    expect(movesPriceRange(99_999, 100_000)).toBe(true); // ₹999.99 is under ₹1,000; ₹1,000 is also ₹1,000-₹2,000
    expect(movesPriceRange(150_000, 160_000)).toBe(false);
    expect(movesPriceRange(500_000, 500_001)).toBe(true);
    expect(movesPriceRange(600_000, 900_000)).toBe(false);
  });
});
