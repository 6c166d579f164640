import { describe, expect, it } from "vitest";
import { normaliseSearchTerm, prefixTsQuery, productsSearchHref, searchWords } from "./search-terms";

describe("search term rules", () => {
  it("searches from two characters, trimmed and with single spaces", () => {
    expect(normaliseSearchTerm("k")).toBeNull();
    expect(normaliseSearchTerm("  k  ")).toBeNull();
    expect(normaliseSearchTerm(null)).toBeNull();
    expect(normaliseSearchTerm(" ku ")).toBe("ku");
    expect(normaliseSearchTerm("block   print\tkurta")).toBe("block print kurta");
    expect(normaliseSearchTerm("x".repeat(200))).toHaveLength(80);
  });

  it("turns words into a prefix query and drops characters that would break to_tsquery", () => {
    expect(prefixTsQuery("Kurtas")).toBe("kurtas:*");
    expect(prefixTsQuery("block-print  kurta")).toBe("block:* & print:* & kurta:*");
    expect(prefixTsQuery("a & b | !c ' :* ()")).toBe("a:* & b:* & c:*");
    expect(prefixTsQuery("Chanderí")).toBe("chanderi:*");
    expect(prefixTsQuery("&&& !!")).toBeNull();
  });

  it("keeps each word to the weights asked for: the name (A), or the name, brand, category and type (AB)", () => {
    expect(prefixTsQuery("silk sa", "A")).toBe("silk:*A & sa:*A");
    expect(prefixTsQuery("Block-Print", "AB")).toBe("block:*AB & print:*AB");
    expect(prefixTsQuery("!!", "A")).toBeNull();
  });

  it("reads the words of a term: letters and digits, accents dropped, at most eight", () => {
    expect(searchWords("Co-ord SET 2")).toEqual(["co", "ord", "set", "2"]);
    expect(searchWords("Chanderí")).toEqual(["chanderi"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("%_'&")).toEqual([]);
  });

  it("links to the collection filtered by the term", () => {
    expect(productsSearchHref(" silk saree ")).toBe("/products?search=silk%20saree");
    expect(productsSearchHref("a&b")).toBe("/products?search=a%26b");
  });
});
