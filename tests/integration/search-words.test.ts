import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSearchSettings } from "../../app/modules/catalog/match.server";
import { parseListFilters } from "../../app/modules/catalog/filters-parse";
import { listCatalogue } from "../../app/modules/catalog/list.server";
import {
  deleteOrArchiveProduct,
  loadProductForEdit,
  saveProduct,
} from "../../app/modules/catalog/product-admin.server";
import type { ProductFormValues } from "../../app/modules/catalog/product-form";
import { products, productSearchWords } from "../../app/modules/catalog/schema.server";
import { byWordsStatement, searchSuggestions } from "../../app/modules/catalog/search.server";
import { setVariantStock } from "../../app/modules/catalog/stock.server";
import { variantsOf } from "../../app/modules/catalog/variants.server";
import { inTransaction } from "../../app/db/transaction.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { orderHistory } from "../../app/modules/orders/product-history.server";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The search's order (decision 046) and the words table that hands the suggestions their first
 * eight: where the term was found (the name; the brand, category or type; the description; only
 * inside a word), newest first within each, the same in the overlay and on the list page, and the
 * words kept in step with every change of a product (created, edited in the editor, hidden, shown
 * again, deleted, or changed by any SQL), on PGlite and PostgreSQL.
 */

const t = setupTestDatabase();
const mediaRoot = mkdtempSync(path.join(tmpdir(), "search-words-media-"));
const storage = localDiskStorage(mediaRoot);
afterAll(() => rmSync(mediaRoot, { recursive: true, force: true }));

const DAY = 86_400_000;
const picture = (key: string) => [{ key, url: `/media/${key}-w800.webp`, width: 800, height: 1067 }];

/** A product made `daysAgo` days ago (its creation date set by SQL, as an import could). */
async function product(daysAgo: number, fields: Parameters<typeof createTestProduct>[1]): Promise<string> {
  const id = await createTestProduct(t.db, { description: "A plain piece.", type: "Kurta", ...fields });
  await t.db
    .update(products)
    .set({ createdAt: new Date(Date.UTC(2026, 10, 1) - daysAgo * DAY) })
    .where(eq(products.id, id));
  return id;
}

const suggested = async (term: string) => (await searchSuggestions(t.db, term)).map((s) => s.name);
const listed = async (term: string) =>
  (await listCatalogue(t.db, parseListFilters(new URLSearchParams({ search: term })))).items.map((p) => p.name);

describe("the search's order", () => {
  beforeAll(async () => {
    await product(10, { name: "Zardozi Potli Bag", brand: "Lucknow Lane", category: "accessories", type: "Potli" });
    await product(9, { name: "Zardozi Clutch", brand: "Lucknow Lane", category: "accessories", type: "Clutch" });
    await product(1, { name: "Velvet Jutti", brand: "Zardozi House", category: "accessories", type: "Jutti" });
    await product(2, { name: "Plain Stole", brand: "Lucknow Lane", category: "accessories", type: "Zardozi Stole" });
    await product(0, { name: "Wine Anarkali", brand: "Lucknow Lane", description: "Hand zardozi on the yoke." });
    await product(3, { name: "Nazardozikari Shawl", brand: "Lucknow Lane", category: "accessories", type: "Shawl" });
  });

  it("puts the name first, then brand, category or type, then the description, then a match inside a word; newest first within each", async () => {
    const expected = [
      "Zardozi Clutch",
      "Zardozi Potli Bag",
      "Velvet Jutti",
      "Plain Stole",
      "Wine Anarkali",
      "Nazardozikari Shawl",
    ];
    expect(await suggested("zardozi")).toEqual(expected);
    expect(await listed("zardozi")).toEqual(expected);
    // a prefix and a plural (stemmed) find the same products by their words; 'zardozis' is not inside a word
    expect(await suggested("Zard")).toEqual(expected);
    expect(await suggested("zardozis")).toEqual(expected.slice(0, 5));
    expect(await listed("zardozis")).toEqual(expected.slice(0, 5));
  });

  it("orders a term of several words by where all of them were found", async () => {
    // both words in the name; 'clutch' only in the type and 'zardozi' in the name is the second tier
    await product(20, { name: "Zardozi Box", brand: "Lucknow Lane", category: "accessories", type: "Clutch" });
    expect(await suggested("zardozi clutch")).toEqual(["Zardozi Clutch", "Zardozi Box"]);
    expect(await listed("zardozi clutch")).toEqual(["Zardozi Clutch", "Zardozi Box"]);
  });
});

describe("the first eight of many matches", () => {
  beforeAll(async () => {
    // tier 1 by several words starting with 'kal' (one product has two of them)
    await product(30, { name: "Kalamkari Kurta One", brand: "Vana" });
    await product(31, { name: "Kalamkari Kurta Two", brand: "Vana" });
    await product(25, { name: "Kalash Lamp", brand: "Vana", description: "A kalamkari border." });
    await product(33, { name: "Kalash Kalamkari Set", brand: "Vana" });
    await product(34, { name: "Kalamkari Kurta Three", brand: "Vana" });
    await product(40, { name: "Kalash Diya", brand: "Vana" });
    // tier 2 (brand), tier 3 (description): all newer than every tier 1 product
    await product(5, { name: "Teal Kurta A", brand: "Kala Studio" });
    await product(6, { name: "Teal Kurta B", brand: "Kala Studio" });
    await product(7, { name: "Teal Kurta C", brand: "Kala Studio" });
    await product(4, { name: "Teal Kurta D", brand: "Vana", description: "Printed with kalamkari paisleys." });
  });

  it("takes each word's first products and keeps a product once, by its best word", async () => {
    const expected = [
      "Kalash Lamp",
      "Kalamkari Kurta One",
      "Kalamkari Kurta Two",
      "Kalash Kalamkari Set",
      "Kalamkari Kurta Three",
      "Kalash Diya",
      "Teal Kurta A",
      "Teal Kurta B",
    ];
    expect(await suggested("kal")).toEqual(expected);
    expect((await listed("kal")).slice(0, 8)).toEqual(expected);
  });

  it("suggests the list's first eight for every kind of term", async () => {
    for (const term of ["ka", "kala", "kalamkari", "kurta", "teal k", "kal kur", "vana", "the", "jewellery", "amkar"]) {
      expect(await suggested(term), term).toEqual((await listed(term)).slice(0, 8));
    }
  });

  it("reads a few index entries of the words however many products match", async () => {
    // a catalogue of 600 more products, 400 of them named for 'ikat', made in bulk (through the trigger)
    await t.db.execute(sql`INSERT INTO products (slug, sku, name, brand, category, description, price_paise)
      SELECT 'bulk-' || i, 'BULK-' || i, CASE WHEN i <= 400 THEN 'Ikat Dupatta ' ELSE 'Plain Stole ' END || i,
        'Pochampally Looms', 'accessories', 'Handwoven in Telangana.', 99900
      FROM generate_series(1, 600) AS i`);
    // statistics and a visibility map, as a live PostgreSQL keeps them (PGlite never vacuums by itself)
    await t.db.execute(sql`VACUUM ANALYZE product_search_words`);
    const plan = await withSearchSettings(t.db, async (db) => {
      const result = (await db.execute(
        sql`EXPLAIN (ANALYZE, FORMAT JSON) ${byWordsStatement("ikat", 8)}`,
      )) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const cell = Object.values(result.rows[0]!)[0];
      return (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
    });
    // every row the statement took from the words' index, over all its scans
    expect(rowsRead(plan[0]!.Plan, "product_search_words")).toBeLessThanOrEqual(10);
    expect(await suggested("ikat")).toEqual((await listed("ikat")).slice(0, 8));
    expect(await suggested("ikat")).toHaveLength(8);
  });
});

interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

function rowsRead(node: PlanNode, relation: string): number {
  const own = node["Relation Name"] === relation ? node["Actual Rows"] * node["Actual Loops"] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, relation), 0);
}

describe("short terms", () => {
  it("match the start of a word below three letters, never two letters inside one", async () => {
    await product(1, { name: "Mulmul Gujrati Top", brand: "Soot", category: "shirts", type: "Top" });
    expect(await suggested("gu")).toEqual(["Mulmul Gujrati Top"]);
    expect(await suggested("uj")).toEqual([]);
    expect(await listed("uj")).toEqual([]);
    expect(await suggested("ujrat")).toEqual(["Mulmul Gujrati Top"]);
    expect(await suggested("%&")).toEqual([]);
    expect(await listed("%_'&")).toEqual([]);
  });
});

describe("the words in step with the catalogue", () => {
  let staff: { id: string; name: string };
  beforeAll(async () => {
    staff = { id: (await createTestShopper(t.db)).id, name: "Priya Shah" };
  });

  async function edit(id: string, change: (form: ProductFormValues) => void): Promise<void> {
    const form = (await loadProductForEdit(t.db, id, orderHistory))!.values;
    change(form);
    const answer = await saveProduct(t.db, staff, id, form, { storage, orders: orderHistory, brandFallback: "Saanjh" });
    expect(answer).toMatchObject({ ok: true });
  }

  const wordsOf = async (id: string) =>
    (await t.db.select().from(productSearchWords).where(eq(productSearchWords.productId, id))).length;

  it("follows a product created, renamed, re-described, hidden, shown again, sold out and deleted", async () => {
    const id = await createTestProduct(
      t.db,
      { name: "Phulkari Dupatta", brand: "Patiala Threads", category: "accessories", type: "Dupatta" },
      picture("p/phulkari"),
    );
    expect(await suggested("phulkari")).toEqual(["Phulkari Dupatta"]);

    await edit(id, (f) => (f.name = "Bagh Dupatta"));
    expect(await suggested("phulkari")).toEqual([]);
    expect(await suggested("bagh")).toEqual(["Bagh Dupatta"]);

    // now found by its description alone, after a newer product named for it
    await createTestProduct(t.db, { name: "Phulkari Bagh Wrap", brand: "Patiala Threads", category: "accessories" });
    await edit(id, (f) => (f.description = "Bagh work, the densest kind of phulkari."));
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap", "Bagh Dupatta"]);
    // renamed again: both in the name, the newer first
    await edit(id, (f) => (f.name = "Phulkari Bagh Dupatta"));
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap", "Phulkari Bagh Dupatta"]);

    await edit(id, (f) => (f.isActive = false));
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap"]);
    expect(await wordsOf(id)).toBe(0);
    await edit(id, (f) => (f.isActive = true));
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap", "Phulkari Bagh Dupatta"]);

    // stock does not matter to search: a sold-out piece is still suggested
    const variants = (await variantsOf(t.db, [id])).get(id) ?? [];
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) await inTransaction(t.db, (tx) => setVariantStock(tx, v.id, 0));
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap", "Phulkari Bagh Dupatta"]);

    // any writer keeps the words: a name changed by hand-written SQL
    await t.db.execute(sql`UPDATE products SET name = 'Chikankari Dupatta' WHERE id = ${id}`);
    expect(await suggested("chikan")).toEqual(["Chikankari Dupatta"]);
    expect(await suggested("phulkari")).toEqual(["Phulkari Bagh Wrap", "Chikankari Dupatta"]);

    const deleted = await deleteOrArchiveProduct(t.db, staff, id, { storage, orders: orderHistory });
    expect(deleted).toMatchObject({ ok: true, outcome: "deleted" });
    expect(await suggested("chikan")).toEqual([]);
    expect(await wordsOf(id)).toBe(0);
  });
});
