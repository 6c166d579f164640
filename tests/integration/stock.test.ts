import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { productVariants, products } from "../../app/modules/catalog/schema.server";
import { releaseStock, reserveStock, setVariantStock } from "../../app/modules/catalog/stock.server";
import { findVariant, findVariantBySku, variantsOf } from "../../app/modules/catalog/variants.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The stock module (decision 015): conditional reservations all or nothing, releases, and the
 * product columns derived from the variants, on both databases.
 */

const t = setupTestDatabase();
const others: Database[] = [];
afterAll(async () => {
  for (const db of others) await db.close();
});

async function variantId(productId: string, size: string, colour: string): Promise<string> {
  return (await findVariant(t.db, productId, size, colour))!.id;
}

async function stockOf(id: string): Promise<number> {
  const [row] = await t.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!.stock;
}

/** The product's derived columns; `inStock` must always say `stock > 0`. */
async function derived(productId: string) {
  const [row] = await t.db
    .select({ stock: products.stock, inStock: products.inStock, sizesInStock: products.sizesInStock })
    .from(products)
    .where(eq(products.id, productId));
  expect(row!.inStock).toBe(row!.stock > 0);
  return { stock: row!.stock, sizesInStock: [...row!.sizesInStock].sort() };
}

describe("variants", () => {
  it("are every size x colour of a product, with SKUs from the product's, the stock spread colour by colour", async () => {
    const id = await createTestProduct(t.db, {
      sku: "KUR-7001",
      sizes: ["S", "M", "Free Size"],
      colors: [
        { name: "Navy Blue", hex: "#1F2A44" },
        { name: "Rani Pink", hex: "#D0417E" },
      ],
      stock: 8,
    });
    const variants = (await variantsOf(t.db, [id])).get(id)!;
    expect(variants.map((v) => [v.sku, v.stock])).toEqual([
      ["KUR-7001-S-NAV", 2],
      ["KUR-7001-M-NAV", 2],
      ["KUR-7001-FS-NAV", 1],
      ["KUR-7001-S-RAN", 1],
      ["KUR-7001-M-RAN", 1],
      ["KUR-7001-FS-RAN", 1],
    ]);
    expect(await derived(id)).toEqual({ stock: 8, sizesInStock: ["Free Size", "M", "S"] });
    expect((await findVariantBySku(t.db, "kur-7001-m-ran"))?.size).toBe("M");
    expect(await findVariant(t.db, id, "XL", "Navy Blue")).toBeNull();
  });

  it("of a product without sizes or colours: One Size, Default", async () => {
    const id = await createTestProduct(t.db, { sku: "ACC-7002", sizes: [], colors: [], stock: 3 });
    expect((await variantsOf(t.db, [id])).get(id)!.map((v) => [v.sku, v.size, v.colour, v.stock])).toEqual([
      ["ACC-7002-OS-DEF", "One Size", "Default", 3],
    ]);
    // One Size is not a size the product lists: the size facet leaves it out
    expect(await derived(id)).toEqual({ stock: 3, sizesInStock: [] });
  });

  it("never go below zero, even written directly", async () => {
    const id = await createTestProduct(t.db, { sizes: ["M"], colors: [], stock: 1 });
    const v = await variantId(id, "M", "Default");
    await expect(
      t.db.update(productVariants).set({ stock: -1 }).where(eq(productVariants.id, v)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23514" }),
    });
  });
});

describe("reserveStock", () => {
  it("takes stock line by line and keeps the product's derived stock and sizes in step", async () => {
    const id = await createTestProduct(t.db, {
      sizes: ["S", "M"],
      colors: [],
      variantStock: [
        { size: "S", colour: "Default", stock: 2 },
        { size: "M", colour: "Default", stock: 5 },
      ],
    });
    const [s, m] = [await variantId(id, "S", "Default"), await variantId(id, "M", "Default")];
    const result = await inTransaction(t.db, (tx) =>
      reserveStock(tx, [
        { variantId: m, quantity: 3 },
        { variantId: s, quantity: 2 },
      ]),
    );
    expect(result).toEqual({ ok: true });
    expect([await stockOf(s), await stockOf(m)]).toEqual([0, 2]);
    expect(await derived(id)).toEqual({ stock: 2, sizesInStock: ["M"] });
  });

  it("takes nothing when the second line cannot be served, and names that line", async () => {
    const id = await createTestProduct(t.db, {
      sizes: ["S", "M"],
      colors: [],
      variantStock: [
        { size: "S", colour: "Default", stock: 4 },
        { size: "M", colour: "Default", stock: 1 },
      ],
    });
    const [s, m] = [await variantId(id, "S", "Default"), await variantId(id, "M", "Default")];
    const result = await inTransaction(t.db, (tx) =>
      reserveStock(tx, [
        { variantId: s, quantity: 3 },
        { variantId: m, quantity: 2 },
      ]),
    );
    expect(result).toEqual({ ok: false, line: 1, variantId: m, requested: 2, available: 1 });
    expect([await stockOf(s), await stockOf(m)]).toEqual([4, 1]);
    expect(await derived(id)).toEqual({ stock: 5, sizesInStock: ["M", "S"] });
  });

  it("leaves the caller's own transaction usable after a refused line (only its savepoint is undone)", async () => {
    const id = await createTestProduct(t.db, { sizes: ["M"], colors: [], stock: 1 });
    const m = await variantId(id, "M", "Default");
    const after = await inTransaction(t.db, async (tx) => {
      const refused = await reserveStock(tx, [{ variantId: m, quantity: 5 }]);
      const taken = await reserveStock(tx, [{ variantId: m, quantity: 1 }]);
      return { refused: refused.ok, taken: taken.ok };
    });
    expect(after).toEqual({ refused: false, taken: true });
    expect(await stockOf(m)).toBe(0);
  });

  it("counts two lines of the same variant together", async () => {
    const id = await createTestProduct(t.db, { sizes: ["M"], colors: [], stock: 3 });
    const m = await variantId(id, "M", "Default");
    const result = await inTransaction(t.db, (tx) =>
      reserveStock(tx, [
        { variantId: m, quantity: 2 },
        { variantId: m, quantity: 2 },
      ]),
    );
    expect(result).toEqual({ ok: false, line: 1, variantId: m, requested: 2, available: 1 });
    expect(await stockOf(m)).toBe(3);
  });

  it("reports an unknown variant and refuses quantities that are not whole and positive", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: unknown, quantity: 1 }]))).toEqual({
      ok: false,
      line: 0,
      variantId: unknown,
      requested: 1,
      available: null,
    });
    expect(await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: "junk", quantity: 1 }]))).toMatchObject({
      ok: false,
      available: null,
    });
    await expect(inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: unknown, quantity: 0 }]))).rejects.toThrow(
      RangeError,
    );
    await expect(
      inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: unknown, quantity: 1.5 }])),
    ).rejects.toThrow(RangeError);
  });

  it("sells the last unit once when 20 checkouts take it at the same time", async () => {
    const id = await createTestProduct(t.db, {
      sizes: ["M", "L"],
      colors: [],
      variantStock: [
        { size: "M", colour: "Default", stock: 1 },
        { size: "L", colour: "Default", stock: 6 },
      ],
    });
    const m = await variantId(id, "M", "Default");
    const l = await variantId(id, "L", "Default");
    // On PostgreSQL each checkout gets its own connection, so they really overlap; PGlite has one
    // connection and runs them in turn, and the outcome must be the same.
    let db = t.db;
    if (t.url) {
      const pool = await openDatabase({ kind: "postgres", url: t.url, poolSize: 20 });
      others.push(pool);
      db = pool.db;
    }
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(db, async (tx) => {
          // each also takes one L, which there is enough of for only 6: the M line decides
          const result = await reserveStock(tx, [
            { variantId: l, quantity: 1 },
            { variantId: m, quantity: 1 },
          ]);
          await tx.execute(sql`SELECT ${i}`);
          return result;
        }),
      ),
    );
    const wins = attempts.filter((r) => r.ok);
    expect(wins).toHaveLength(1);
    expect(attempts.filter((r) => !r.ok).every((r) => !r.ok && r.line === 1 && r.available === 0)).toBe(true);
    expect([await stockOf(m), await stockOf(l)]).toEqual([0, 5]);
    expect(await derived(id)).toEqual({ stock: 5, sizesInStock: ["L"] });
  });
});

describe("the derived product columns", () => {
  it("stay the sum of the variants when many checkouts take different sizes of one product at once", async () => {
    const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
    const colors = ["Rust", "Indigo", "Ivory", "Sage"].map((name) => ({ name, hex: "#777777" }));
    const id = await createTestProduct(t.db, {
      sizes,
      colors,
      variantStock: sizes.flatMap((size) => colors.map((c) => ({ size, colour: c.name, stock: 1 }))),
    });
    const variants = (await variantsOf(t.db, [id])).get(id)!;
    let db = t.db;
    if (t.url) {
      const pool = await openDatabase({ kind: "postgres", url: t.url, poolSize: 24 });
      others.push(pool);
      db = pool.db;
    }
    // every variant's last unit, each in its own transaction: all succeed, and the product ends at 0
    const results = await Promise.all(
      variants.map((v) => inTransaction(db, (tx) => reserveStock(tx, [{ variantId: v.id, quantity: 1 }]))),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await derived(id)).toEqual({ stock: 0, sizesInStock: [] });
  });
});

describe("releaseStock and setVariantStock", () => {
  it("put stock back, say which variants came back from 0, and keep the derived columns in step", async () => {
    const id = await createTestProduct(t.db, {
      sizes: ["S", "M"],
      colors: [],
      variantStock: [{ size: "M", colour: "Default", stock: 2 }],
    });
    const [s, m] = [await variantId(id, "S", "Default"), await variantId(id, "M", "Default")];
    expect(await derived(id)).toEqual({ stock: 2, sizesInStock: ["M"] });
    const result = await inTransaction(t.db, (tx) =>
      releaseStock(tx, [
        { variantId: s, quantity: 3 },
        { variantId: m, quantity: 1 },
      ]),
    );
    expect(result).toEqual({ ok: true, restocked: [s] });
    expect(await derived(id)).toEqual({ stock: 6, sizesInStock: ["M", "S"] });
  });

  it("release nothing when a line names no variant", async () => {
    const id = await createTestProduct(t.db, { sizes: ["M"], colors: [], stock: 2 });
    const m = await variantId(id, "M", "Default");
    const unknown = "00000000-0000-4000-8000-000000000000";
    const result = await inTransaction(t.db, (tx) =>
      releaseStock(tx, [
        { variantId: m, quantity: 1 },
        { variantId: unknown, quantity: 1 },
      ]),
    );
    expect(result).toMatchObject({ ok: false, variantId: unknown, available: null });
    expect(await stockOf(m)).toBe(2);
  });

  it("set a count through the same two paths, up or down, never below zero", async () => {
    const id = await createTestProduct(t.db, { sizes: ["M"], colors: [], stock: 4 });
    const m = await variantId(id, "M", "Default");
    expect(await inTransaction(t.db, (tx) => setVariantStock(tx, m, 1))).toEqual({ before: 4, after: 1 });
    expect(await derived(id)).toEqual({ stock: 1, sizesInStock: ["M"] });
    expect(await inTransaction(t.db, (tx) => setVariantStock(tx, m, 0))).toEqual({ before: 1, after: 0 });
    expect(await derived(id)).toEqual({ stock: 0, sizesInStock: [] });
    expect(await inTransaction(t.db, (tx) => setVariantStock(tx, m, 9))).toEqual({ before: 0, after: 9 });
    expect(
      await inTransaction(t.db, (tx) => setVariantStock(tx, "00000000-0000-4000-8000-000000000000", 9)),
    ).toBeNull();
    await expect(inTransaction(t.db, (tx) => setVariantStock(tx, m, -1))).rejects.toThrow(RangeError);
    expect(await stockOf(m)).toBe(9);
  });
});
