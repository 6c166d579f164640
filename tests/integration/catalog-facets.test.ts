import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { offeredSorts } from "../../app/modules/catalog/filters";
import { parseListFilters } from "../../app/modules/catalog/filters-parse";
import { loadListPage } from "../../app/modules/catalog/list-page.server";
import { catalogueFacets, listCatalogue } from "../../app/modules/catalog/list.server";
import { forgetFacets } from "../../app/modules/catalog/facet-cache.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * What a first-time shopper reads in the filters: jewellery's metals under Material, never under
 * Fabric; and a Rating sort only where some product has a rating to sort by.
 */

const t = setupTestDatabase();
const names = async (qs: string) =>
  (await listCatalogue(t.db, parseListFilters(new URLSearchParams(qs)))).items.map((p) => p.name).sort();
const page = (qs: string) => loadListPage(t.db, new URL(`http://shop.test/products${qs}`));
const day = 86_400_000;

beforeAll(async () => {
  setDatabase(t.database);
  const rows = [
    { name: "Cotton Kurta", category: "kurtas", fabric: "Cotton", type: "Kurta" },
    { name: "Silk Saree", category: "sarees", fabric: "Silk", type: "Saree", sizes: ["Free Size"] },
    { name: "Brass Jhumkas", category: "accessories", fabric: "Brass", type: "Earrings", sizes: ["Free Size"] },
    { name: "Brass Necklace", category: "accessories", fabric: "Brass", type: "Necklace", sizes: ["Free Size"] },
    { name: "Silver Bangles", category: "accessories", fabric: "Silver", type: "Bangles", sizes: ["Free Size"] },
  ];
  // no ratings at first, as in the demo shop before reviews exist
  for (const [i, row] of rows.entries())
    await createTestProduct(t.db, { ...row, rating: null, reviewsCount: 0, createdAt: new Date(Date.now() - i * day) });
});

describe("Fabric and Material", () => {
  it("counts jewellery's metals as Material and keeps Fabric for clothes", async () => {
    const all = await catalogueFacets(t.db, {});
    expect(all.fabrics).toEqual([
      { value: "Cotton", count: 1 },
      { value: "Silk", count: 1 },
    ]);
    expect(all.materials).toEqual([
      { value: "Brass", count: 2 },
      { value: "Silver", count: 1 },
    ]);
    const jewellery = await catalogueFacets(t.db, { category: "accessories" });
    expect(jewellery.fabrics).toEqual([]);
    expect(jewellery.materials.map((m) => m.value)).toEqual(["Brass", "Silver"]);
    expect((await catalogueFacets(t.db, { category: "sarees" })).materials).toEqual([]);
  });

  it("filters by material, and by a fabric and a material ticked together as one question", async () => {
    expect(await names("material=Brass")).toEqual(["Brass Jhumkas", "Brass Necklace"]);
    expect(await names("material=Silver&category=accessories")).toEqual(["Silver Bangles"]);
    expect(await names("fabric=Silk&material=Silver")).toEqual(["Silk Saree", "Silver Bangles"]);
    // a metal is no fabric: asked as a fabric it matches nothing
    expect(await names("fabric=Brass")).toEqual([]);
  });
});

describe("the Rating sort", () => {
  it("is not offered while no product listed has a rating, and an address asking for it gets the usual order", async () => {
    forgetFacets();
    const list = await page("?sortBy=rating");
    expect(list.facets.rated).toBe(0);
    expect(offeredSorts(list.facets).map((o) => o.value)).not.toContain("rating");
    // newest first, as without a sort, and the dropdown shows that
    expect(list.filters).toMatchObject({ sortBy: "newest", sortChosen: false });
    expect(list.items.map((p) => p.name)).toEqual([
      "Cotton Kurta",
      "Silk Saree",
      "Brass Jhumkas",
      "Brass Necklace",
      "Silver Bangles",
    ]);
    const search = await page("?search=brass&sortBy=rating");
    expect(search.filters).toMatchObject({ sortBy: "relevance", sortChosen: false });
  });

  it("is offered where a product has a rating, and sorts by it", async () => {
    await createTestProduct(t.db, {
      name: "Rated Kurta",
      category: "kurtas",
      fabric: "Cotton",
      rating: 4.4,
      reviewsCount: 3,
    });
    forgetFacets();
    const kurtas = await page("?category=kurtas&sortBy=rating");
    expect(kurtas.facets.rated).toBe(1);
    expect(offeredSorts(kurtas.facets).map((o) => o.value)).toContain("rating");
    expect(kurtas.filters).toMatchObject({ sortBy: "rating", sortChosen: true });
    expect(kurtas.items.map((p) => p.name)).toEqual(["Rated Kurta", "Cotton Kurta"]);
    // jewellery has no rated piece: no Rating sort there
    expect((await page("?category=accessories")).facets.rated).toBe(0);
  });
});
