import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { reserveStock, variantRows } from "../../app/modules/catalog/stock.server";
import { openBlankDatabase } from "../setup/test-db";

/*
 * drizzle/0004 on a copy of the old schema with data: migrate to 0003, insert products the old way
 * (one stock number each, cart lines by size and colour), migrate to the latest, and check that
 * every product's sizes x colours became variants with the SKUs and stock the TypeScript rules give
 * (decision 015), that no unit of stock was lost and that the new stock functions work on them.
 */

const LAST_OLD = "0003_password_sign_in_failures";

let database: Database;
let drop: () => Promise<void>;
let oldMigrations: string;

function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: Array<{ tag: string }> };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  expect(entries.at(-1)?.tag).toBe(tag);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(`drizzle/${e.tag}.sql`, path.join(dir, `${e.tag}.sql`));
  return dir;
}

async function migrateWith(folder: string): Promise<void> {
  const before = process.env.MIGRATIONS_DIR;
  process.env.MIGRATIONS_DIR = folder;
  try {
    await database.migrate();
  } finally {
    if (before === undefined) delete process.env.MIGRATIONS_DIR;
    else process.env.MIGRATIONS_DIR = before;
  }
}

interface OldProduct {
  sku: string;
  sizes: string[];
  colours: string[];
  stock: number;
  active?: boolean;
}

const OLD: OldProduct[] = [
  { sku: "KUR-1001", sizes: ["S", "M", "L"], colours: ["Indigo", "Off White"], stock: 7 },
  { sku: "ACC-1061", sizes: [], colours: [], stock: 5 },
  // a repeated and a blank size; two colours whose codes collide (PIN)
  { sku: "DRE-1020", sizes: ["M", "", "M", "XXL"], colours: ["Pink", "Pink Rose"], stock: 3 },
  { sku: "SAR-1043", sizes: ["Free Size"], colours: ["Gold"], stock: 100 },
  { sku: "KUR-1002", sizes: ["XS", "S"], colours: ["Rust"], stock: 0 },
  { sku: "LEH-1050", sizes: ["S", "M"], colours: ["Maroon", "Wine", "Gold"], stock: 4, active: false },
];

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

beforeAll(async () => {
  ({ database, drop } = await openBlankDatabase());
  oldMigrations = migrationsUpTo(LAST_OLD);
  await migrateWith(oldMigrations);
  const db = database.db;
  await db.execute(sql`INSERT INTO categories (slug, name) VALUES ('kurtas', 'Kurtas')`);
  for (const [i, p] of OLD.entries()) {
    const colours = JSON.stringify(p.colours.map((name) => ({ name, hex: "#777777" })));
    await db.execute(sql`
      INSERT INTO products (slug, sku, name, brand, category, price_paise, sizes, colors, color_names, stock, is_active)
      VALUES (${`old-${i}`}, ${p.sku}, ${`Old Product ${i}`}, 'Saanjh Studio', 'kurtas', 129900, ${textArray(p.sizes)}, ${colours}::jsonb, ${textArray(p.colours)}, ${p.stock}, ${p.active ?? true})`);
  }
  await db.execute(
    sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ('old-shopper', 'Old Shopper', 'old@example.test', true, now(), now())`,
  );
  await db.execute(sql`INSERT INTO carts (user_id) VALUES ('old-shopper')`);
  await db.execute(sql`
    INSERT INTO cart_lines (cart_id, product_id, size, colour, quantity)
    SELECT c.id, p.id, 'M', 'Indigo', 2 FROM carts c, products p WHERE c.user_id = 'old-shopper' AND p.sku = 'KUR-1001'`);
  await migrateWith(path.resolve("drizzle"));
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
});

describe("migration 0004: product stock becomes variant stock", () => {
  it("makes every size x colour a variant, with the SKUs and stock the TypeScript rules give", async () => {
    const rows = await queryRows<{
      product_sku: string;
      product_id: string;
      sku: string;
      size: string;
      colour: string;
      stock: number;
    }>(
      database.db,
      sql`SELECT p.sku AS product_sku, p.id AS product_id, v.sku, v.size, v.colour, v.stock
          FROM product_variants v JOIN products p ON p.id = v.product_id ORDER BY v.sku`,
    );
    for (const old of OLD) {
      const mine = rows.filter((r) => r.product_sku === old.sku);
      const expected = variantRows({
        productId: mine[0]!.product_id,
        productSku: old.sku,
        sizes: old.sizes,
        colourNames: old.colours,
        stock: old.stock,
      });
      expect(
        mine
          .map(({ sku, size, colour, stock }) => ({ sku, size, colour, stock }))
          .sort((a, b) => a.sku.localeCompare(b.sku)),
      ).toEqual(
        expected
          .map(({ sku, size, colour, stock }) => ({ sku, size, colour, stock }))
          .sort((a, b) => a.sku.localeCompare(b.sku)),
      );
    }
    // spelled out, so a change to the TypeScript rules cannot silently change both sides
    const skus = (productSku: string) =>
      rows.filter((r) => r.product_sku === productSku).map((r) => `${r.sku}:${r.stock}`);
    expect(skus("KUR-1001")).toEqual([
      "KUR-1001-L-IND:1",
      "KUR-1001-L-OFF:1",
      "KUR-1001-M-IND:1",
      "KUR-1001-M-OFF:1",
      "KUR-1001-S-IND:2",
      "KUR-1001-S-OFF:1",
    ]);
    expect(skus("ACC-1061")).toEqual(["ACC-1061-OS-DEF:5"]);
    expect(skus("DRE-1020")).toEqual([
      "DRE-1020-M-PIN1:1",
      "DRE-1020-M-PIN2:1",
      "DRE-1020-XXL-PIN1:1",
      "DRE-1020-XXL-PIN2:0",
    ]);
    expect(skus("SAR-1043")).toEqual(["SAR-1043-FS-GOL:100"]);
    expect(skus("KUR-1002")).toEqual(["KUR-1002-S-RUS:0", "KUR-1002-XS-RUS:0"]);
    expect(skus("LEH-1050")).toHaveLength(6);
  });

  it("loses no stock: each product's variants add up to its old stock, which products.stock still holds", async () => {
    const sums = await queryRows<{
      sku: string;
      stock: number;
      total: number;
      in_stock: boolean;
      sizes_in_stock: string[];
    }>(
      database.db,
      sql`SELECT p.sku, p.stock, (SELECT sum(v.stock)::int FROM product_variants v WHERE v.product_id = p.id) AS total, p.in_stock, p.sizes_in_stock
          FROM products p ORDER BY p.sku`,
    );
    for (const old of OLD) {
      const row = sums.find((r) => r.sku === old.sku)!;
      expect([row.stock, row.total, row.in_stock]).toEqual([old.stock, old.stock, old.stock > 0]);
    }
    const sizes = Object.fromEntries(sums.map((r) => [r.sku, [...r.sizes_in_stock].sort()]));
    expect(sizes).toEqual({
      "ACC-1061": [], // sold as One Size, which it does not list
      "DRE-1020": ["M", "XXL"],
      "KUR-1001": ["L", "M", "S"],
      "KUR-1002": [],
      "LEH-1050": ["M", "S"],
      "SAR-1043": ["Free Size"],
    });
  });

  it("keeps the old cart lines, which now name a variant that exists", async () => {
    const lines = await queryRows<{ sku: string; quantity: number }>(
      database.db,
      sql`SELECT v.sku, l.quantity FROM cart_lines l JOIN product_variants v ON v.product_id = l.product_id AND v.size = l.size AND v.colour = l.colour`,
    );
    expect(lines).toEqual([{ sku: "KUR-1001-M-IND", quantity: 2 }]);
  });

  it("leaves data the stock functions work on", async () => {
    const [v] = await queryRows<{ id: string; product_id: string }>(
      database.db,
      sql`SELECT id, product_id FROM product_variants WHERE sku = 'KUR-1001-M-IND'`,
    );
    expect(
      await inTransaction(database.db, (tx) => reserveStock(tx, [{ variantId: v!.id, quantity: 2 }])),
    ).toMatchObject({
      ok: false,
      available: 1,
    });
    expect(await inTransaction(database.db, (tx) => reserveStock(tx, [{ variantId: v!.id, quantity: 1 }]))).toEqual({
      ok: true,
    });
    const [after] = await queryRows<{ stock: number }>(
      database.db,
      sql`SELECT stock FROM products WHERE id = ${v!.product_id}`,
    );
    expect(after?.stock).toBe(6);
  });
});
