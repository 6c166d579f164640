import { beforeAll, describe, expect, it } from "vitest";
import { parseListFilters } from "../../app/modules/catalog/filters-parse";
import { cachedFacets, catalogueFacets, listCatalogue, listRelated } from "../../app/modules/catalog/list.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();
const f = (qs: string) => parseListFilters(new URLSearchParams(qs));
const names = async (qs: string, perPage?: number) =>
  (await listCatalogue(t.db, f(qs), perPage)).items.map((p) => p.name);
const day = 86_400_000;
const now = Date.now();

// A small catalogue whose every row matters to some assertion below.
beforeAll(async () => {
  const rows = [
    // sold out in S, five left in M
    {
      name: "Indigo Block Print Kurta",
      category: "kurtas",
      pricePaise: 199_999,
      sizes: ["S", "M"],
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
      fabric: "Cotton",
      type: "Kurta",
      occasions: ["Casual"],
      variantStock: [{ size: "M", colour: "Indigo", stock: 5 }],
      rating: 4.5,
      popularity: 50,
      orderCount: 30,
      age: 1,
    },
    {
      name: "Rust Anarkali Kurta",
      category: "kurtas",
      pricePaise: 200_000,
      sizes: ["M", "L"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
      fabric: "Rayon",
      type: "Kurta",
      occasions: ["Festive", "Party"],
      stock: 0,
      rating: 3.9,
      popularity: 90,
      orderCount: 10,
      age: 2,
    },
    {
      name: "Banarasi Silk Saree",
      category: "sarees",
      brand: "Resham Gali",
      pricePaise: 500_000,
      sizes: ["Free Size"],
      colors: [
        { name: "Maroon", hex: "#7B1E2B" },
        { name: "Gold", hex: "#C9A227" },
      ],
      fabric: "Silk",
      type: "Saree",
      occasions: ["Wedding"],
      stock: 3,
      rating: 4.9,
      popularity: 70,
      orderCount: 80,
      age: 3,
      description: "Handwoven in Varanasi with zari.",
    },
    {
      name: "Chanderi Saree",
      category: "sarees",
      pricePaise: 500_100,
      sizes: ["Free Size"],
      colors: [{ name: "Gold", hex: "#C9A227" }],
      fabric: "Chanderi",
      type: "Saree",
      occasions: ["Festive"],
      stock: 8,
      rating: null,
      popularity: 10,
      orderCount: 5,
      age: 4,
      description: "Light as air, with a silk border.",
    },
    {
      name: "Linen Shirt",
      category: "shirts",
      pricePaise: 99_900,
      sizes: ["S", "M", "L", "XL"],
      colors: [
        { name: "Indigo", hex: "#2E3A87" },
        { name: "Ivory", hex: "#F4EFE3" },
      ],
      fabric: "Linen",
      type: "Shirt",
      occasions: ["Casual", "Formal"],
      stock: 40,
      rating: 4.1,
      popularity: 20,
      orderCount: 60,
      age: 5,
    },
  ];
  for (const { age, ...row } of rows) {
    await createTestProduct(t.db, { ...row, createdAt: new Date(now - age * day) });
  }
  await createTestProduct(t.db, {
    name: "Hidden Silk Kurta",
    category: "kurtas",
    isActive: false,
    createdAt: new Date(now),
  });
});

describe("listCatalogue", () => {
  it("lists the active catalogue newest first with its total", async () => {
    const list = await listCatalogue(t.db, f(""));
    expect(list.total).toBe(5);
    expect(list.items.map((p) => p.name)).toEqual([
      "Indigo Block Print Kurta",
      "Rust Anarkali Kurta",
      "Banarasi Silk Saree",
      "Chanderi Saree",
      "Linen Shirt",
    ]);
  });

  it("sorts by every order of the dropdown", async () => {
    expect(await names("sortBy=price-low")).toEqual([
      "Linen Shirt",
      "Indigo Block Print Kurta",
      "Rust Anarkali Kurta",
      "Banarasi Silk Saree",
      "Chanderi Saree",
    ]);
    expect(await names("sortBy=price-high")).toEqual([
      "Chanderi Saree",
      "Banarasi Silk Saree",
      "Rust Anarkali Kurta",
      "Indigo Block Print Kurta",
      "Linen Shirt",
    ]);
    expect(await names("sortBy=popular")).toEqual([
      "Rust Anarkali Kurta",
      "Banarasi Silk Saree",
      "Indigo Block Print Kurta",
      "Linen Shirt",
      "Chanderi Saree",
    ]);
    expect((await names("sortBy=rating")).at(-1)).toBe("Chanderi Saree"); // unrated last
    expect((await names("sortBy=rating"))[0]).toBe("Banarasi Silk Saree");
    expect(await names("sortBy=name")).toEqual([
      "Banarasi Silk Saree",
      "Chanderi Saree",
      "Indigo Block Print Kurta",
      "Linen Shirt",
      "Rust Anarkali Kurta",
    ]);
    expect(await names("sortBy=most-ordered")).toEqual([
      "Banarasi Silk Saree",
      "Linen Shirt",
      "Indigo Block Print Kurta",
      "Rust Anarkali Kurta",
      "Chanderi Saree",
    ]);
  });

  it("applies the preset price ranges with their exact boundaries", async () => {
    expect(await names("priceRange=under2000&sortBy=price-low")).toEqual(["Linen Shirt", "Indigo Block Print Kurta"]);
    expect(await names("priceRange=2000to5000&sortBy=price-low")).toEqual([
      "Rust Anarkali Kurta",
      "Banarasi Silk Saree",
    ]);
    expect(await names("priceRange=above5000")).toEqual(["Chanderi Saree"]);
    expect(await names("minPrice=1000&maxPrice=2000&sortBy=price-low")).toEqual([
      "Indigo Block Print Kurta",
      "Rust Anarkali Kurta",
    ]);
  });

  it("combines category, facets and availability", async () => {
    expect(await names("category=kurtas")).toEqual(["Indigo Block Print Kurta", "Rust Anarkali Kurta"]);
    // a size matches only where it is in stock: the Anarkali comes in L but has none left
    expect(await names("size=L")).toEqual(["Linen Shirt"]);
    expect(await names("size=S")).toEqual(["Linen Shirt"]);
    expect(await names("size=M")).toEqual(["Indigo Block Print Kurta", "Linen Shirt"]);
    expect(await names("size=L&colour=Indigo")).toEqual(["Linen Shirt"]);
    expect(await names("colour=Gold&colour=Rust")).toEqual([
      "Rust Anarkali Kurta",
      "Banarasi Silk Saree",
      "Chanderi Saree",
    ]);
    expect(await names("occasion=Festive&fabric=Chanderi")).toEqual(["Chanderi Saree"]);
    expect(await names("type=Kurta&availability=in-stock")).toEqual(["Indigo Block Print Kurta"]);
    expect(await names("availability=out-of-stock")).toEqual(["Rust Anarkali Kurta"]);
    const none = await listCatalogue(t.db, f("category=lehengas"));
    expect(none).toMatchObject({ total: 0, items: [], page: 1, pages: 1 });
  });

  it("pages with a stable order and clamps a page past the end", async () => {
    const p1 = await listCatalogue(t.db, f("sortBy=name"), 2);
    const p3 = await listCatalogue(t.db, f("sortBy=name&page=3"), 2);
    expect(p1).toMatchObject({ total: 5, pages: 3, page: 1 });
    expect(p1.items.map((p) => p.name)).toEqual(["Banarasi Silk Saree", "Chanderi Saree"]);
    expect(p3.items.map((p) => p.name)).toEqual(["Rust Anarkali Kurta"]);
    const past = await listCatalogue(t.db, f("sortBy=name&page=99"), 2);
    expect(past.page).toBe(3);
  });

  it("searches name, brand, category and description, ranking name matches first, and forgives a misspelling", async () => {
    const silk = await names("search=silk");
    expect(silk[0]).toBe("Banarasi Silk Saree");
    expect(silk).toContain("Chanderi Saree"); // 'silk' only in its description
    expect(silk).not.toContain("Hidden Silk Kurta");
    expect(await names("search=resham")).toEqual(["Banarasi Silk Saree"]); // brand
    expect(await names("search=sarees")).toEqual(expect.arrayContaining(["Banarasi Silk Saree", "Chanderi Saree"])); // category
    expect(await names("search=kurtha")).toEqual(
      expect.arrayContaining(["Indigo Block Print Kurta", "Rust Anarkali Kurta"]),
    );
    expect(await names("search=anark")).toEqual(["Rust Anarkali Kurta"]); // prefix
    expect(await names("search=zzzz qqq")).toEqual([]);
    expect(await names("search=%27%3A*%20%26%7C!")).toEqual([]); // tsquery syntax is not injected
    expect(await names("search=silk&sortBy=price-high")).toEqual(["Chanderi Saree", "Banarasi Silk Saree"]);
  });
});

describe("catalogueFacets", () => {
  it("counts sizes (only where in stock), colours, occasions, fabrics, types and stock over the category", async () => {
    const all = await catalogueFacets(t.db, {});
    expect(all.sizes.map((s) => s.value)).toEqual(["S", "M", "L", "XL", "Free Size"]);
    expect(all.sizes.map((s) => s.count)).toEqual([1, 2, 1, 1, 2]);
    expect(all.colours[0]).toEqual({ value: "Gold", count: 2, hex: "#C9A227" });
    expect(all.colours.find((c) => c.value === "Indigo")?.count).toBe(2);
    expect(all.fabrics.map((x) => x.value)).toEqual(["Chanderi", "Cotton", "Linen", "Rayon", "Silk"]);
    expect(all.availability).toEqual({ inStock: 4, outOfStock: 1 });
    expect(all.priceMax).toBe(5001);

    const sarees = await catalogueFacets(t.db, { category: "sarees" });
    expect(sarees.types).toEqual([{ value: "Saree", count: 2 }]);
    expect(sarees.occasions).toEqual([
      { value: "Festive", count: 1 },
      { value: "Wedding", count: 1 },
    ]);
    const search = await catalogueFacets(t.db, { search: "linen" });
    expect(search.sizes.map((s) => s.value)).toEqual(["S", "M", "L", "XL"]);
  });
});

describe("cachedFacets", () => {
  it("answers from memory for a minute, then counts again", async () => {
    const at = Date.now();
    const first = await cachedFacets(t.db, { category: "shirts" }, at);
    expect(first.types).toEqual([{ value: "Shirt", count: 1 }]);
    await createTestProduct(t.db, { category: "shirts", type: "Shirt", name: "Second Shirt" });
    expect((await cachedFacets(t.db, { category: "shirts" }, at + 59_000)).types).toEqual([
      { value: "Shirt", count: 1 },
    ]);
    expect((await cachedFacets(t.db, { category: "shirts" }, at + 61_000)).types).toEqual([
      { value: "Shirt", count: 2 },
    ]);
  });
});

describe("cards", () => {
  it("carry the stock of the variant quick add would take (size M, first colour)", async () => {
    const cards = (await listCatalogue(t.db, f("sortBy=name"))).items;
    const quick = Object.fromEntries(cards.map((c) => [c.name, [c.stock, c.quickAddStock]]));
    expect(quick).toMatchObject({
      "Banarasi Silk Saree": [3, 2], // Free Size: 3 over Maroon and Gold, 2 in the first colour
      "Chanderi Saree": [8, 8],
      "Indigo Block Print Kurta": [5, 5],
      "Linen Shirt": [40, 5],
      "Rust Anarkali Kurta": [0, 0],
    });
  });
});

describe("listRelated", () => {
  it("gives other products of the same category", async () => {
    const [saree] = (await listCatalogue(t.db, f("search=banarasi"))).items;
    const related = await listRelated(t.db, saree!);
    expect(related.map((p) => p.name)).toEqual(["Chanderi Saree"]);
  });
});

describe("list cards' pictures", () => {
  it("carries each card's first two pictures in position order", async () => {
    await createTestProduct(
      t.db,
      { name: "Pictured Lehenga", category: "lehengas" },
      [2, 0, 1].map((n) => ({
        key: `l/${n}`,
        url: `/media/l/${n}-w800.webp`,
        width: 800,
        height: 1067,
        alt: `view ${n}`,
      })),
    );
    const [card] = (await listCatalogue(t.db, f("category=lehengas"))).items;
    expect(card?.images.map((i) => i.url)).toEqual(["/media/l/2-w800.webp", "/media/l/0-w800.webp"]);
    expect(card?.images[0]).toEqual({ url: "/media/l/2-w800.webp", width: 800, height: 1067, alt: "view 2" });
    expect((await listCatalogue(t.db, f("category=shirts"))).items[0]?.images).toEqual([]);
  });
});
