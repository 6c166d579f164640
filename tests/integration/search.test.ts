import { beforeAll, describe, expect, it } from "vitest";
import { searchSuggestions } from "../../app/modules/search/search.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();

async function seed() {
  const img = (key: string) => [{ key, url: `/media/${key}-w800.webp`, width: 800, height: 1067 }];
  await createTestProduct(t.db, { name: "Indigo Block-Print Kurta", brand: "Bagru Looms", category: "kurtas", pricePaise: 189_900 }, img("p/indigo"));
  await createTestProduct(t.db, { name: "Rust Straight Kurta Set", brand: "Bagru Looms", category: "kurtas" });
  await createTestProduct(t.db, { name: "Chanderi Silk Saree", brand: "Maheshwar Weaves", category: "sarees", type: "Saree", description: "Handwoven silk with a zari border." });
  await createTestProduct(t.db, { name: "Mirror-Work Lehenga", brand: "Kutch Threads", category: "lehengas", type: "Lehenga", description: "Festive set with mirror embroidery." });
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
