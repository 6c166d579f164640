import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { CATEGORIES } from "../../app/modules/catalog/categories";
import { catalogueAddresses } from "../../app/modules/catalog/warm-addresses.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * What the page cache makes before anyone asks (decision 057): the lists as the shop links to them,
 * then the product pages of the pieces on sale, the most popular first.
 */
const t = setupTestDatabase();
const ids: Record<string, string> = {};

beforeAll(async () => {
  setDatabase(t.database);
  const rows = [
    { key: "quiet", name: "Quiet Kurta", category: "kurtas", popularity: 1, pricePaise: 89_900 },
    { key: "loved", name: "Loved Kurta", category: "kurtas", popularity: 90, pricePaise: 249_900 },
    { key: "saree", name: "Silk Saree", category: "sarees", popularity: 40, sizes: ["Free Size"] },
    { key: "coord", name: "Ikat Co-ord Set (2 pcs)", category: "co-ords", popularity: 5 },
    { key: "gone", name: "Retired Saree", category: "sarees", popularity: 99, isActive: false },
  ];
  for (const { key, ...row } of rows) ids[key] = await createTestProduct(t.db, row);
});

describe("the addresses the warm-up makes", () => {
  it("lists every category, then suggestions, lists with one filter, the pieces by popularity, lists with two", async () => {
    const addresses = await catalogueAddresses(t.db);
    const lists = ["/products", ...CATEGORIES.map((c) => `/products?category=${c.slug}`)];
    expect(addresses.slice(0, lists.length)).toEqual(lists);

    const products = addresses.filter((a) => a.startsWith("/product/"));
    expect(products).toEqual([
      `/product/${ids.loved}`,
      `/product/${ids.saree}`,
      `/product/${ids.coord}`,
      `/product/${ids.quiet}`,
    ]);
    const at = (address: string) => addresses.indexOf(address);
    // a list with one filter before the pieces, a list with two after them
    expect(at("/products?category=kurtas&size=M")).toBeLessThan(at(products[0]!));
    expect(at("/products?category=kurtas&sortBy=price-low&size=M")).toBeGreaterThan(at(products.at(-1)!));
    expect(at("/api/search/suggest?q=ku")).toBeGreaterThan(lists.length - 1);
    expect(at("/api/search/suggest?q=ku")).toBeLessThan(at("/products?category=kurtas&size=M"));
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("makes the suggestions for every beginning of the words the pieces' names use, from two letters", async () => {
    const addresses = await catalogueAddresses(t.db);
    for (const term of [
      "ku",
      "kur",
      "kurt",
      "kurta",
      "sa",
      "saree",
      "si",
      "silk",
      "lo",
      "loved",
      "co-",
      "co-ord",
      "pcs",
    ])
      expect(addresses).toContain(`/api/search/suggest?q=${term}`);
    // one letter is not asked for; a piece taken off sale lends no word
    expect(addresses).not.toContain("/api/search/suggest?q=k");
    // numbers and the punctuation around a word are not typed
    expect(addresses).not.toContain("/api/search/suggest?q=2");
    expect(addresses).not.toContain("/api/search/suggest?q=%282");
    expect(addresses).not.toContain("/api/search/suggest?q=pcs)");
    expect(addresses.some((a) => a.includes("q=retir"))).toBe(false);
  });

  it("makes a list with a size and a sort by price, a price range or a colour", async () => {
    const addresses = await catalogueAddresses(t.db);
    expect(addresses).toContain("/products?category=kurtas&sortBy=price-high&size=M");
    expect(addresses).not.toContain("/products?category=kurtas&sortBy=name&size=M");
    expect(addresses).toContain("/products?category=kurtas&priceRange=under1000&size=M");
    expect(addresses).toContain("/products?category=kurtas&size=M&colour=Indigo");
    expect(addresses.some((a) => a.startsWith("/products?category=sarees&size=M"))).toBe(false);
  });

  it("filters a list the way its own links do, only by what it has", async () => {
    const addresses = await catalogueAddresses(t.db);
    expect(addresses).toContain("/products?category=kurtas&size=M");
    expect(addresses).toContain("/products?category=kurtas&colour=Indigo");
    expect(addresses).toContain("/products?category=kurtas&sortBy=price-low");
    // the kurtas cost 899 and 2,499 rupees: under 1,000 and 2,000-5,000 are offered, above 5,000 is not
    expect(addresses).toContain("/products?category=kurtas&priceRange=under1000");
    expect(addresses).toContain("/products?category=kurtas&priceRange=2000to5000");
    expect(addresses).not.toContain("/products?category=kurtas&priceRange=above5000");
    // a saree comes in one size, and a list of two pieces has no second page
    expect(addresses).not.toContain("/products?category=sarees&size=M");
    expect(addresses.some((a) => a.includes("page=2"))).toBe(false);
    // no list of a category without pieces carries a filter
    expect(addresses.some((a) => a.startsWith("/products?category=lehengas&"))).toBe(false);
  });
});
