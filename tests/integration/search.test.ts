import { beforeAll, describe, expect, it } from "vitest";
import { parseListFilters } from "../../app/modules/catalog/filters-parse";
import { listCatalogue } from "../../app/modules/catalog/list.server";
import { searchSuggestions } from "../../app/modules/catalog/search.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();

async function seed() {
  const img = (key: string) => [{ key, url: `/media/${key}-w800.webp`, width: 800, height: 1067 }];
  await createTestProduct(
    t.db,
    { name: "Indigo Block-Print Kurta", brand: "Bagru Looms", category: "kurtas", pricePaise: 189_900 },
    img("p/indigo"),
  );
  await createTestProduct(t.db, { name: "Rust Straight Kurta Set", brand: "Bagru Looms", category: "kurtas" });
  await createTestProduct(t.db, {
    name: "Chanderi Silk Saree",
    brand: "Maheshwar Weaves",
    category: "sarees",
    type: "Saree",
    description: "Handwoven silk with a zari border.",
  });
  await createTestProduct(t.db, {
    name: "Mirror-Work Lehenga",
    brand: "Kutch Threads",
    category: "lehengas",
    type: "Lehenga",
    description: "Festive set with mirror embroidery.",
  });
  await createTestProduct(t.db, { name: "Hidden Kurta", brand: "Bagru Looms", category: "kurtas", isActive: false });
}

describe("search suggestions", () => {
  beforeAll(seed);

  it("finds kurtas by word, plural, misspelling and prefix, never inactive ones", async () => {
    for (const term of ["kurta", "Kurtas", "kurtha", "kur"]) {
      const names = (await searchSuggestions(t.db, term)).map((s) => s.name);
      expect(names, term).toEqual(expect.arrayContaining(["Indigo Block-Print Kurta", "Rust Straight Kurta Set"]));
      expect(names, term).not.toContain("Hidden Kurta");
      expect(names, term).not.toContain("Chanderi Silk Saree");
    }
  });

  it("finds products by brand (also misspelt) and by category", async () => {
    expect((await searchSuggestions(t.db, "Maheshwar")).map((s) => s.name)).toEqual(["Chanderi Silk Saree"]);
    expect((await searchSuggestions(t.db, "maheshwer")).map((s) => s.name)).toEqual(["Chanderi Silk Saree"]);
    expect((await searchSuggestions(t.db, "lehengas")).map((s) => s.name)).toEqual(["Mirror-Work Lehenga"]);
  });

  it("matches a substring inside a word of the name or a category name, as the spec's overlay did", async () => {
    expect((await searchSuggestions(t.db, "irror")).map((s) => s.name)).toEqual(["Mirror-Work Lehenga"]);
    expect((await searchSuggestions(t.db, "ehenga")).map((s) => s.name)).toEqual(["Mirror-Work Lehenga"]);
  });

  it("offers near spellings only when nothing matches exactly", async () => {
    // 'silks' has no exact match (no product says 'silks'), so the near spelling of 'Silk' is offered...
    expect((await searchSuggestions(t.db, "sillk")).map((s) => s.name)).toEqual(["Chanderi Silk Saree"]);
    // ...but 'kurta' matches exactly, so a loosely similar name is not mixed in.
    await createTestProduct(t.db, {
      name: "Kurti Top",
      brand: "Other House",
      category: "short-kurtis",
      type: "Top",
      description: "A short top.",
    });
    expect((await searchSuggestions(t.db, "kurta")).map((s) => s.name)).not.toContain("Kurti Top");
  });

  it("suggests the first products of the list page's results for the same term, in the same order", async () => {
    for (const term of ["kurta", "silk", "kurtha", "bagru"]) {
      const list = await listCatalogue(t.db, parseListFilters(new URLSearchParams({ search: term })));
      const suggested = await searchSuggestions(t.db, term);
      expect(
        suggested.map((s) => s.id),
        term,
      ).toEqual(list.items.slice(0, 8).map((p) => p.id));
    }
  });

  it("answers name, category, brand, price and a small picture", async () => {
    const [first] = await searchSuggestions(t.db, "indigo");
    expect(first).toMatchObject({
      name: "Indigo Block-Print Kurta",
      brand: "Bagru Looms",
      category: "kurtas",
      categoryName: "Kurtas",
      pricePaise: 189_900,
      imageUrl: "/media/p/indigo-w400.webp",
    });
  });

  it("returns nothing below two characters, for no match, and at most eight", async () => {
    expect(await searchSuggestions(t.db, "k")).toEqual([]);
    expect(await searchSuggestions(t.db, "zzqxw")).toEqual([]);
    expect(await searchSuggestions(t.db, "%_'&:*")).toEqual([]);
    for (let i = 0; i < 10; i++) await createTestProduct(t.db, { name: `Everyday Cotton Kurta ${i}` });
    expect(await searchSuggestions(t.db, "kurta")).toHaveLength(8);
  });
});
