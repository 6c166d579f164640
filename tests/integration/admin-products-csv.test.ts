import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, inArray, like, sql } from "drizzle-orm";
import express from "express";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { ProductsCsvActions } from "../../app/components/admin/products/csv-actions";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bodyLimit,
  bufferedBody,
  DEFAULT_BODY_LIMIT,
  PRODUCT_IMPORT_BODY_LIMIT,
  SHOP_BODY_LIMITS,
  streamedBody,
} from "../../server/body-limit";
import { toFetchRequest } from "../../server/request-handler";
import { rawRequest } from "../../server/test-raw-client";
import type * as BootModule from "../../app/boot.server";
import { setDatabase } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { requestBackInStock } from "../../app/modules/catalog/back-in-stock.server";
import { listAdminProducts } from "../../app/modules/catalog/product-admin.server";
import {
  CSV_COLUMNS,
  CSV_MESSAGES,
  IMPORT_MAX_BYTES,
  type CsvColumnKey,
  type ImportAnswer,
  type ImportReport,
} from "../../app/modules/catalog/product-csv";
import { exportRecords, guardCell, unguardCell } from "../../app/modules/catalog/product-csv.server";
import { parseAdminListParams } from "../../app/modules/catalog/product-form";
import { getProduct } from "../../app/modules/catalog/products.server";
import { backInStockRequests, productImages, products, productVariants } from "../../app/modules/catalog/schema.server";
import type * as StockModule from "../../app/modules/catalog/stock.server";
import { reserveStock } from "../../app/modules/catalog/stock.server";
import { findVariantBySku } from "../../app/modules/catalog/variants.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import * as exportRoute from "../../app/routes/admin.products.export";
import * as importRoute from "../../app/routes/admin.products.import";
import { createTestProduct } from "../factories/catalog";
import {
  signedInStaffAndShopper,
  TEST_BASE as BASE,
  settle,
  type RouteArgs as Args,
  type Answer,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";

/*
 * Products as CSV (decision 023): the export's content and filters, and imports of
 * good, bad and mixed files through the import route as staff, a visitor and a shopper. Every
 * fixture is made here. The last test imports 10,000 rows twice (creating, then updating) and prints
 * how long it took.
 */

const mediaRoot = mkdtempSync(path.join(tmpdir(), "admin-products-csv-media-"));
const storage = localDiskStorage(mediaRoot);
vi.mock("../../app/boot.server", async (importOriginal) => {
  const original = await importOriginal<typeof BootModule>();
  return { ...original, getMediaStorage: () => storage };
});

/** Set by a test to make the stock module fail inside an apply (a fault half way through). */
const fault = { releaseStock: false };
vi.mock("../../app/modules/catalog/stock.server", async (importOriginal) => {
  const original = await importOriginal<typeof StockModule>();
  return {
    ...original,
    releaseStock: (...args: Parameters<typeof original.releaseStock>) => {
      if (fault.releaseStock) throw new Error("the stock module failed (test)");
      return original.releaseStock(...args);
    },
  };
});

const t = setupTestDatabase();
let staffCookie = "";
let staffId = "";
let shopperCookie = "";
const purges = countPageCachePurges();

beforeAll(async () => {
  setDatabase(t.database);
  ({ staffId, staffCookie, shopperCookie } = await signedInStaffAndShopper(
    t.db,
    { name: "Meera Iyer", email: "meera.csv@example.com", password: "jasmine-tea-2026" },
    "+919812300071",
    ["203.0.113.70", "203.0.113.71"],
  ));
});

afterAll(() => {
  rmSync(mediaRoot, { recursive: true, force: true });
});

/* ---------- calling the routes ---------- */

const headersFor = (cookie: string | null): Record<string, string> =>
  cookie ? { origin: BASE, cookie } : { origin: BASE };

async function exportResponse(query: string, cookie: string | null = staffCookie): Promise<Response> {
  const request = new Request(`${BASE}/admin/products/export${query}`, { headers: headersFor(cookie) });
  try {
    return (await exportRoute.loader({ request, params: {}, context: {} } as unknown as Args<
      typeof exportRoute.loader
    >)) as Response;
  } catch (thrown) {
    const init = thrown as { init?: { status?: number } };
    return new Response(null, { status: init.init?.status ?? 500 });
  }
}

/** The export's records (header first), read as a spreadsheet would (the byte-order mark dropped). */
async function exported(query: string): Promise<string[][]> {
  const response = await exportResponse(query);
  expect(response.status).toBe(200);
  return parse(await response.text(), { bom: true }) as string[][];
}

function importRequest(
  file: string | Uint8Array | null,
  fields: Record<string, string>,
  cookie: string | null,
  fileName = "products.csv",
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== null)
    form.set(
      "file",
      new File([typeof file === "string" ? file : new Uint8Array(file)], fileName, { type: "text/csv" }),
    );
  return new Request(`${BASE}/admin/products/import`, { method: "POST", headers: headersFor(cookie), body: form });
}

const runImport = (
  file: string | Uint8Array | null,
  fields: Record<string, string>,
  cookie: string | null = staffCookie,
  fileName?: string,
) =>
  settle(() =>
    importRoute.action({
      request: importRequest(file, fields, cookie, fileName),
      params: {},
      context: {},
    } as unknown as Args<typeof importRoute.action>),
  );

async function dryRun(file: string | Uint8Array): Promise<ImportReport> {
  const answer = await runImport(file, { intent: "dry-run" });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const body = answer.body as ImportAnswer;
  if (body.kind !== "dry-run") throw new Error(`expected a dry run, got ${JSON.stringify(body)}`);
  return body.report;
}

async function apply(file: string | Uint8Array, digest: string): Promise<Answer & { body: ImportAnswer }> {
  return (await runImport(file, { intent: "apply", digest })) as Answer & { body: ImportAnswer };
}

/* ---------- fixtures ---------- */

type Row = Partial<Record<CsvColumnKey, string>>;
const ALL = CSV_COLUMNS.map((c) => c.key);
const HEADER = new Map(CSV_COLUMNS.map((c) => [c.key, c.header]));

function csvFile(rows: Row[], columns: CsvColumnKey[] = ALL): string {
  return stringify([columns.map((k) => HEADER.get(k)!), ...rows.map((r) => columns.map((k) => r[k] ?? ""))]);
}

/** A variant row of a new saree; override what the test is about. */
function sareeRow(sku: string, o: Row = {}): Row {
  return {
    productSku: sku,
    name: "Kadhua Banarasi Saree",
    brand: "Kashi Looms",
    category: "sarees",
    price: "7,499",
    originalPrice: "8999",
    description: "Katan silk with kadhua butis, woven over three weeks.",
    details: "5.5 m with a 0.8 m blouse piece.",
    badge: "Handloom",
    material: "Katan silk",
    fabric: "Silk",
    fit: "Free Size",
    care: "Dry clean only",
    type: "Saree",
    occasions: "Wedding, Festive",
    active: "yes",
    size: "Free Size",
    colour: "Maroon",
    colourHex: "#7B1E2B",
    variantSku: "",
    stock: "3",
    pictures: "",
    ...o,
  };
}

async function upload(name: string): Promise<{ key: string; url: string }> {
  const key = `uploads/csv-${name}-${Date.now().toString(36)}`;
  const url = `/media/${key}-800.webp`;
  await t.db
    .insert(mediaUploads)
    .values({ key, url, width: 800, height: 1067, format: "webp", bytes: 1000, uploadedBy: staffId });
  return { key, url };
}

async function productBySku(sku: string) {
  const [row] = await t.db.select().from(products).where(eq(products.sku, sku));
  return row ?? null;
}

async function stockOf(variantSku: string): Promise<number | null> {
  const [row] = await t.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.sku, variantSku));
  return row?.stock ?? null;
}

async function count(table: typeof products | typeof productVariants | typeof auditLog): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

const rowOf = (report: ImportReport, n: number) => report.rows.find((r) => r.row === n);

/* ---------- tests ---------- */

describe("who may export and import", () => {
  it("answers a visitor 401 and a shopper 403, with no data and no change", async () => {
    await createTestProduct(t.db, { name: "Guarded Zari Kurta", sku: "GRD-1001" });
    const file = csvFile([sareeRow("GRD-2001", { variantSku: "GRD-2001-FS-MAR" })]);
    const before = await count(products);
    for (const [cookie, status] of [
      [null, 401],
      [shopperCookie, 403],
    ] as const) {
      const response = await exportResponse("", cookie);
      expect(response.status).toBe(status);
      expect(await response.text()).not.toContain("Guarded Zari Kurta");
      const page = await settle(() =>
        importRoute.loader({
          request: new Request(`${BASE}/admin/products/import`, { headers: headersFor(cookie) }),
          params: {},
          context: {},
        } as unknown as Args<typeof importRoute.loader>),
      );
      expect(page.status).toBe(status);
      for (const intent of ["dry-run", "apply"]) {
        const answer = await runImport(file, { intent, digest: "0".repeat(64) }, cookie);
        expect(answer.status).toBe(status);
        expect(JSON.stringify(answer.body)).not.toContain("GRD-2001");
      }
    }
    expect(await count(products)).toBe(before);
    expect(await productBySku("GRD-2001")).toBeNull();
  });
});

describe("export", () => {
  let hindiId = "";
  beforeAll(async () => {
    const at = new Date("2026-03-01T10:00:00.123Z");
    hindiId = await createTestProduct(
      t.db,
      {
        sku: "ZRK-1001",
        name: "ज़रकन बनारसी साड़ी",
        category: "sarees",
        pricePaise: 749_950,
        originalPricePaise: 899_900,
        description: "Real zari worth every ₹: woven in Varanasi.",
        sizes: ["Free Size"],
        colors: [
          { name: "Maroon", hex: "#7B1E2B" },
          { name: "Gold", hex: "#C9A227" },
        ],
        variantStock: [
          { size: "Free Size", colour: "Maroon", stock: 4 },
          { size: "Free Size", colour: "Gold", stock: 0 },
        ],
        occasions: ["Wedding", "Festive"],
        createdAt: at,
      },
      [
        { key: "test/zrk-front", url: "/media/test/zrk-front-800.webp", width: 800, height: 1067, alt: "Front" },
        { key: "test/zrk-back", url: "/media/test/zrk-back-800.webp", width: 800, height: 1067, alt: "Back" },
      ],
    );
    await createTestProduct(t.db, {
      sku: "ZRK-1002",
      name: "+Zarkan formula kurta",
      category: "kurtas",
      description: '=HYPERLINK("https://evil.example","click")',
      care: "-hand wash",
      badge: "@home",
      material: "'=already quoted",
      isActive: false,
      createdAt: at,
    });
    // three products with one and the same created_at: the keyset's tie-breaker is the id
    for (let i = 3; i <= 6; i++)
      await createTestProduct(t.db, {
        sku: `ZRK-100${i}`,
        name: `Zarkan Co-ord ${i}`,
        category: "co-ords",
        sizes: ["S", "M"],
        colors: [],
        createdAt: at,
      });
  });

  it("downloads a UTF-8 CSV with a byte-order mark, one row per variant, as an attachment", async () => {
    const response = await exportResponse("?search=Zarkan");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="products-zarkan-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(new TextDecoder().decode(bytes), { bom: true }) as string[][];
    expect(records[0]).toEqual(CSV_COLUMNS.map((c) => c.header));
    // the Hindi-named saree, found by its SKU
    const hindi = (await exported("?search=ZRK-1001")).slice(1);
    expect(hindi).toHaveLength(2);
    const col = (name: CsvColumnKey) => CSV_COLUMNS.findIndex((c) => c.key === name);
    expect(
      hindi.map((r) => [r[col("name")], r[col("colour")], r[col("colourHex")], r[col("stock")], r[col("variantSku")]]),
    ).toEqual([
      ["ज़रकन बनारसी साड़ी", "Maroon", "#7B1E2B", "4", "ZRK-1001-FS-MAR"],
      ["ज़रकन बनारसी साड़ी", "Gold", "#C9A227", "0", "ZRK-1001-FS-GOL"],
    ]);
    expect(hindi[0]![col("price")]).toBe("7499.50");
    expect(hindi[0]![col("originalPrice")]).toBe("8999");
    expect(hindi[0]![col("description")]).toBe("Real zari worth every ₹: woven in Varanasi.");
    expect(hindi[0]![col("occasions")]).toBe("Wedding, Festive");
    expect(hindi[0]![col("active")]).toBe("yes");
    expect(hindi[0]![col("pictures")]).toBe(
      `${BASE}/media/test/zrk-front-800.webp | ${BASE}/media/test/zrk-back-800.webp`,
    );
    expect(hindiId).not.toBe("");
  });

  it("guards cells a spreadsheet would run as formulas (OWASP) and the import takes the guard off again", async () => {
    const records = (await exported("?search=formula")).slice(1);
    expect(records).toHaveLength(3);
    const col = (name: CsvColumnKey) => CSV_COLUMNS.findIndex((c) => c.key === name);
    const r = records[0]!;
    expect(r[col("name")]).toBe("'+Zarkan formula kurta");
    expect(r[col("description")]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(r[col("care")]).toBe("'-hand wash");
    expect(r[col("badge")]).toBe("'@home");
    expect(r[col("material")]).toBe("''=already quoted");
    expect(r[col("active")]).toBe("no");
    for (const value of ["=1+1", "+91", "-3", "@x", "\tx", "'=x", "''-y", "plain", "it's"])
      expect(unguardCell(guardCell(value))).toBe(value);
  });

  it("exports exactly the products the list shows for the same filters", async () => {
    for (const query of [
      "?search=Zarkan",
      "?search=Zarkan&status=inactive",
      "?search=Zarkan&status=active&category=co-ords",
      "?search=ZRK-1003-M-DEF",
      "?category=sarees&search=ZRK",
    ]) {
      const records = (await exported(query)).slice(1);
      const skus = [...new Set(records.map((r) => r[0]))].sort();
      const listed = (
        await listAdminProducts(t.db, parseAdminListParams(new URLSearchParams(query.slice(1))), 1000)
      ).items
        .map((i) => i.sku)
        .sort();
      expect(skus, query).toEqual(listed);
      expect(skus.length, query).toBeGreaterThan(0);
    }
    expect((await exported("?search=ZRK-1003-M-DEF")).slice(1).map((r) => r[0])).toEqual(["ZRK-1003", "ZRK-1003"]);
  });

  it("pages through with a keyset, never skipping or repeating a product, also when they share a created_at", async () => {
    const records = async (pageSize: number) => {
      const out: string[][] = [];
      for await (const r of exportRecords(
        t.db,
        { search: "ZRK", category: "", status: "" },
        { baseUrl: BASE, pageSize },
      ))
        out.push(r);
      return out.slice(1);
    };
    const whole = await records(500);
    const paged = await records(2);
    expect(whole.length).toBe(2 + 3 + 4 * 2);
    expect(paged).toEqual(whole);
  });
});

describe("the list's CSV buttons", () => {
  it("link the export with the list's current filters, and the import screen", () => {
    const html = (filters: Parameters<typeof ProductsCsvActions>[0]["filters"]) =>
      renderToStaticMarkup(createElement(MemoryRouter, null, createElement(ProductsCsvActions, { filters })));
    const filtered = html({ search: "silk & zari", category: "sarees", status: "inactive" });
    expect(filtered).toContain(
      'href="/admin/products/export?search=silk+%26+zari&amp;category=sarees&amp;status=inactive"',
    );
    expect(filtered).toMatch(/<a href="\/admin\/products\/export\?[^"]*" download=""/);
    expect(filtered).toContain('href="/admin/products/import"');
    expect(html({})).toContain('href="/admin/products/export"');
  });
});

describe("import: a good file", () => {
  it("dry-runs without changing anything, then applies creates and updates the storefront shows", async () => {
    const existingId = await createTestProduct(t.db, {
      sku: "GDF-1001",
      name: "Indigo Dabu Kurta",
      category: "kurtas",
      pricePaise: 189_900,
      sizes: ["S", "M"],
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
      variantStock: [
        { size: "S", colour: "Indigo", stock: 2 },
        { size: "M", colour: "Indigo", stock: 0 },
      ],
    });
    const sold = (await findVariantBySku(t.db, "GDF-1001-M-IND"))!;
    expect(await requestBackInStock(t.db, { variantId: sold.id, phone: "+919812300072" })).toBe("created");
    const front = await upload("front");
    const back = await upload("back");
    const kurta = {
      productSku: "GDF-1001",
      name: "Indigo Dabu Kurta",
      brand: "Test Label",
      category: "kurtas",
      price: "1,799",
      originalPrice: "",
      description: "A plain cotton kurta used by the tests.",
      details: "Straight fit, mandarin collar, three-quarter sleeves.",
      material: "100% cotton",
      fabric: "Cotton",
      fit: "Regular",
      care: "Machine wash cold",
      type: "Kurta",
      occasions: "Casual",
      active: "yes",
      colour: "Indigo",
      colourHex: "#2E3A87",
    };
    const file = csvFile([
      { ...kurta, size: "S", variantSku: "GDF-1001-S-IND", stock: "2" },
      { ...kurta, size: "M", variantSku: "GDF-1001-M-IND", stock: "6" },
      { ...kurta, size: "L", variantSku: "", stock: "5" },
      sareeRow("GDF-2001", { variantSku: "GDF-2001-FS-MAR", pictures: `${BASE}${front.url} | ${back.url}` }),
      sareeRow("GDF-2001", {
        name: "",
        price: "",
        colour: "Rani Pink",
        colourHex: "",
        variantSku: "GDF-2001-FS-RAN",
        stock: "2",
      }),
      sareeRow("GDF-3001", {
        name: "Tussar Dupatta",
        category: "Jewellery & Accessories",
        price: "999",
        originalPrice: "",
        colour: "Default",
        colourHex: "",
        size: "One Size",
        variantSku: "",
        stock: "7",
      }),
    ]);
    const auditBefore = await count(auditLog);
    const purgesBefore = purges.count;

    const report = await dryRun(file);
    expect(report.counts).toEqual({
      rows: 6,
      newProducts: 2,
      updatedProducts: 1,
      newVariants: 4,
      stockChanges: 1,
      unchanged: 0,
      rejected: 0,
    });
    // the product's own changes are told on its first row, each variant's on its row
    expect(rowOf(report, 2)).toMatchObject({
      kind: "update",
      notes: ["Price ₹1,899 → ₹1,799", "Sizes S, M → S, M, L"],
    });
    expect(rowOf(report, 3)).toMatchObject({ kind: "update", notes: ["Stock 0 → 6"] });
    expect(rowOf(report, 4)).toMatchObject({
      kind: "new-variant",
      variantSku: "GDF-1001-L-IND",
      notes: expect.arrayContaining(["New variant L / Indigo (GDF-1001-L-IND), stock 5"]),
    });
    expect(rowOf(report, 5)!.kind).toBe("new-product");
    expect(rowOf(report, 5)!.notes[0]).toBe(
      "New product ‘Kadhua Banarasi Saree’ in Sarees at ₹7,499 (was ₹8,999): 2 variants, 5 in stock, 2 pictures",
    );
    expect(rowOf(report, 6)).toMatchObject({
      kind: "new-variant",
      notes: ["New variant Free Size / Rani Pink (GDF-2001-FS-RAN), stock 2"],
    });
    expect(rowOf(report, 7)!.notes).toContain(
      "Created inactive: it has no picture yet. Add one in the product editor, then make it active.",
    );
    expect(report.notes[0]).toMatch(/1 product has no picture and stays inactive/);

    // the dry run changed nothing
    expect(await productBySku("GDF-2001")).toBeNull();
    expect((await productBySku("GDF-1001"))!.pricePaise).toBe(189_900);
    expect(await stockOf("GDF-1001-M-IND")).toBe(0);
    expect(await count(auditLog)).toBe(auditBefore);
    expect(purges.count).toBe(purgesBefore);

    const applied = await apply(file, report.digest);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.kind).toBe("applied");

    // the storefront's own functions show the new price, stock, sizes and pictures
    const kurtaPage = (await getProduct(t.db, existingId))!;
    expect(kurtaPage.pricePaise).toBe(179_900);
    expect(kurtaPage.sizes).toEqual(["S", "M", "L"]);
    expect(kurtaPage.variants.map((v) => [v.sku, v.stock])).toEqual([
      ["GDF-1001-S-IND", 2],
      ["GDF-1001-M-IND", 6],
      ["GDF-1001-L-IND", 5],
    ]);
    const saree = (await productBySku("GDF-2001"))!;
    const sareePage = (await getProduct(t.db, saree.id))!;
    expect(sareePage).toMatchObject({
      name: "Kadhua Banarasi Saree",
      pricePaise: 749_900,
      originalPricePaise: 899_900,
      stock: 5,
      occasions: ["Wedding", "Festive"],
    });
    expect(sareePage.colors).toEqual([
      { name: "Maroon", hex: "#7B1E2B" },
      { name: "Rani Pink", hex: "#D0417E" },
    ]);
    expect(sareePage.images.map((i) => i.url)).toEqual([front.url, back.url]);
    const claimed = await t.db
      .select({ attachedAt: mediaUploads.attachedAt })
      .from(mediaUploads)
      .where(inArray(mediaUploads.key, [front.key, back.key]));
    expect(claimed.every((u) => u.attachedAt !== null)).toBe(true);
    const dupatta = (await productBySku("GDF-3001"))!;
    expect(dupatta).toMatchObject({ isActive: false, category: "accessories", sizes: [], stock: 7 });
    expect(await getProduct(t.db, dupatta.id)).toBeNull();
    expect(await stockOf("GDF-3001-OS-DEF")).toBe(7);

    // M came back from 0: the shopper waiting for it is texted (through the outbox)
    const [request] = await t.db.select().from(backInStockRequests).where(eq(backInStockRequests.variantId, sold.id));
    expect(request!.status).toBe("sent");
    const texts = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "+919812300072"));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("Indigo Dabu Kurta in M is back");

    // one audit row per product changed, plus the import's own
    const rows = await t.db.select().from(auditLog).where(like(auditLog.action, "import%"));
    const mine = rows.filter(
      (r) => [existingId, saree.id, dupatta.id].includes(r.entityId) || r.summary.includes("GDF"),
    );
    expect(mine.filter((r) => r.action === "import-update").map((r) => r.entityId)).toEqual([existingId]);
    expect(
      mine
        .filter((r) => r.action === "import-create")
        .map((r) => r.entityId)
        .sort(),
    ).toEqual([saree.id, dupatta.id].sort());
    expect(mine.find((r) => r.entityId === existingId)!.summary).toBe(
      "CSV import: Price ₹1,899 → ₹1,799; Sizes S, M → S, M, L; stock M/Indigo 0 → 6; stock L/Indigo new 5",
    );
    const summary = rows.filter((r) => r.action === "import" && r.summary.startsWith("Imported products.csv (6 rows)"));
    expect(summary).toHaveLength(1);
    expect(summary[0]!.summary).toBe(
      "Imported products.csv (6 rows): 2 new products, 1 updated, 4 new variants, 1 stock changes, 0 rows unchanged, 0 rejected",
    );
    expect(await count(auditLog)).toBe(auditBefore + 4);
    expect(purges.count).toBeGreaterThan(purgesBefore);

    // the same file again: nothing left to do
    const again = await dryRun(file);
    expect(again.counts).toMatchObject({
      rows: 6,
      newProducts: 0,
      updatedProducts: 0,
      newVariants: 0,
      stockChanges: 0,
      unchanged: 6,
      rejected: 0,
    });
    expect((await apply(file, again.digest)).body).toEqual({ kind: "error", message: CSV_MESSAGES.nothingToApply });
  });
});

describe("import: pictures", () => {
  it("reorders, adds the importer's uploads and drops pictures; refuses other products' pictures and others' uploads", async () => {
    const id = await createTestProduct(
      t.db,
      { sku: "PIC-1001", name: "Picture Kurta", sizes: ["M"], colors: [{ name: "Rust", hex: "#B4532A" }] },
      [
        { key: "test/pic-a", url: "/media/test/pic-a-800.webp", width: 800, height: 1067, alt: "Front" },
        { key: "test/pic-b", url: "/media/test/pic-b-800.webp", width: 800, height: 1067, alt: "Back" },
      ],
    );
    await storage.put("test/pic-b", Buffer.from("b"), "image/webp");
    await createTestProduct(t.db, { sku: "PIC-2001", name: "Other Kurta" }, [
      { key: "test/pic-d", url: "/media/test/pic-d-800.webp", width: 800, height: 1067 },
    ]);
    const c = await upload("pic-c");
    const stranger = `uploads/csv-stranger-${Date.now().toString(36)}`;
    await t.db.insert(mediaUploads).values({
      key: stranger,
      url: `/media/${stranger}-800.webp`,
      width: 800,
      height: 800,
      format: "webp",
      bytes: 10,
      uploadedBy: null,
    });
    const version = (await productBySku("PIC-1001"))!.version;
    const kurta = {
      productSku: "PIC-1001",
      name: "Picture Kurta",
      brand: "Test Label",
      category: "kurtas",
      price: "1499",
      size: "M",
      colour: "Rust",
      variantSku: "PIC-1001-M-RUS",
      stock: "",
    };
    const file = csvFile(
      [
        { ...kurta, pictures: `${BASE}${c.url} | /media/test/pic-a-800.webp` },
        sareeRow("PIC-3001", { pictures: `${BASE}/media/test/pic-d-800.webp` }),
        sareeRow("PIC-4001", { pictures: `/media/${stranger}-800.webp` }),
      ],
      [
        "productSku",
        "name",
        "brand",
        "category",
        "price",
        "size",
        "colour",
        "colourHex",
        "variantSku",
        "stock",
        "pictures",
      ],
    );
    const report = await dryRun(file);
    expect(rowOf(report, 2)).toMatchObject({ kind: "update", notes: ["Pictures replaced"] });
    expect(rowOf(report, 3)!.notes.join(" ")).toContain("is another product's picture");
    expect(rowOf(report, 4)!.notes.join(" ")).toContain("was uploaded by someone else");
    expect((await apply(file, report.digest)).status).toBe(200);
    const images = await t.db
      .select({ key: productImages.key, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    expect(images.map((i) => i.key)).toEqual([c.key, "test/pic-a"]);
    expect((await productBySku("PIC-1001"))!.version).toBe(version + 1);
    expect(await storage.exists("test/pic-b")).toBe(false);
    expect(await productBySku("PIC-3001")).toBeNull();
  });
});

describe("import: a bad file", () => {
  it("rejects each bad row with its row number and why, and changes nothing", async () => {
    await createTestProduct(t.db, {
      sku: "BAD-1001",
      name: "Owner Kurta",
      sizes: ["M"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
    });
    const file = csvFile([
      sareeRow("BAD-2001", { price: "abc" }), // 2
      sareeRow("BAD-2002", { category: "sari" }), // 3
      sareeRow("BAD-2003", { stock: "-2" }), // 4
      sareeRow("BAD-2004", { variantSku: "BAD-DUP-1" }), // 5
      sareeRow("BAD-2005", { variantSku: "BAD-DUP-1" }), // 6
      sareeRow("BAD-2006", { pictures: "https://evil.example/saree.jpg" }), // 7
      sareeRow("BAD-2007", { colour: "Peacock", colourHex: "teal" }), // 8
      sareeRow("BAD-2008", { price: "900", originalPrice: "800" }), // 9
      sareeRow("BAD-2009", { variantSku: "BAD-1001-M-RUS" }), // 10
      sareeRow("BAD-2010", { price: "-50" }), // 11
      sareeRow("BAD-2011", { colour: "Peacock", colourHex: "" }), // 12
    ]);
    const before = await count(products);
    const report = await dryRun(file);
    expect(report.counts).toMatchObject({ rows: 11, rejected: 11, newProducts: 0, unchanged: 0 });
    const why = (n: number) => rowOf(report, n)!.notes.join(" ");
    expect(why(2)).toContain("Bad price: ‘abc’ is not a price in rupees");
    expect(why(3)).toContain("Unknown category ‘sari’");
    expect(why(4)).toContain("Stock cannot be negative (-2)");
    expect(why(5)).toContain("Duplicate SKU: variant SKU BAD-DUP-1 is on rows 5, 6");
    expect(why(6)).toContain("Duplicate SKU: variant SKU BAD-DUP-1 is on rows 5, 6");
    expect(why(7)).toContain("Picture 1 (https://evil.example/saree.jpg) is not a picture of this shop");
    expect(why(8)).toContain("Colour hex ‘teal’ is not a shade");
    expect(why(9)).toContain("Original price (₹): The original price must be above the price, or empty");
    expect(why(10)).toContain("Duplicate SKU: variant SKU BAD-1001-M-RUS belongs to BAD-1001 (‘Owner Kurta’)");
    expect(why(11)).toContain("Bad price: ‘-50’ is negative");
    expect(why(12)).toContain("Colour hex is needed for the new colour ‘Peacock’");
    for (const r of report.rows) expect(r.kind).toBe("rejected");
    expect((await apply(file, report.digest)).body).toEqual({ kind: "error", message: CSV_MESSAGES.nothingToApply });
    expect(await count(products)).toBe(before);
  });

  it("numbers rows as a spreadsheet does: blank lines and cells over several lines count", async () => {
    const body = (row: Row) => csvFile([row]).trimEnd().split("\n").slice(1).join("\n");
    const header = csvFile([]).trimEnd();
    // 1 header, 2 blank, 3 NUM-1001 (its description spans two lines), 4 a row of empty cells, 5 NUM-1002
    const file = `${header}\n\n${body(sareeRow("NUM-1001", { description: "Two\nlines", stock: "x" }))}\n,,,\n${body(sareeRow("NUM-1002", { category: "nope" }))}\n`;
    const report = await dryRun(file);
    expect(report.rows.map((r) => [r.row, r.productSku])).toEqual([
      [3, "NUM-1001"],
      [5, "NUM-1002"],
    ]);
    expect(rowOf(report, 3)!.notes).toContain("Stock ‘x’ is not a whole number of pieces.");
  });

  it("refuses a file without a required column, with the columns it lacks", async () => {
    const answer = await runImport(
      csvFile(
        [sareeRow("MIS-1001")],
        ALL.filter((k) => k !== "price" && k !== "stock"),
      ),
      { intent: "dry-run" },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ kind: "error", message: "The file lacks required columns: Price (₹), Stock." });
    expect(await productBySku("MIS-1001")).toBeNull();
  });

  it("explains malformed, non-UTF-8, semicolon, empty, missing and oversized files", async () => {
    const message = async (file: string | Uint8Array | null, name?: string) => {
      const answer = await runImport(file, { intent: "dry-run" }, staffCookie, name);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      return (answer.body as { message: string }).message;
    };
    expect(await message(`${csvFile([])}MAL-1,"Broken name\n`)).toMatch(
      /^The file is not valid CSV: a quoted cell is never closed/,
    );
    expect(await message(`${csvFile([])}"MAL-2,"Na"me,x\n`)).toMatch(
      /^The file is not valid CSV: a quote inside a cell is not doubled/,
    );
    expect(await message(new Uint8Array([0x50, 0x72, 0x6f, 0x64, 0xff, 0xfe, 0x0a]))).toBe(CSV_MESSAGES.notUtf8);
    expect(
      await message("Product SKU;Name;Category;Price;Size;Colour;Variant SKU;Stock\nX;Y;sarees;10;M;Red;;1\n"),
    ).toBe(CSV_MESSAGES.semicolons);
    expect(await message(csvFile([]))).toBe(CSV_MESSAGES.empty);
    expect(await message(null)).toBe(CSV_MESSAGES.noFile);
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61);
    const answer = await runImport(big, { intent: "dry-run" });
    expect(answer).toMatchObject({ status: 413, body: { kind: "error", message: CSV_MESSAGES.tooLarge } });
  });
});

describe("import: a mixed file", () => {
  it("applies the good rows only after the dry run, reports the bad ones, and refuses a plan that changed", async () => {
    const id = await createTestProduct(t.db, {
      sku: "MIX-1001",
      name: "Rust Mul Kurta",
      pricePaise: 150_000,
      sizes: ["M", "L"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
      variantStock: [
        { size: "M", colour: "Rust", stock: 5 },
        { size: "L", colour: "Rust", stock: 5 },
      ],
    });
    const kurta = {
      productSku: "MIX-1001",
      name: "Rust Mul Kurta",
      brand: "Test Label",
      category: "kurtas",
      price: "1350",
      colour: "Rust",
      colourHex: "#B4532A",
      active: "yes",
    };
    const file = csvFile(
      [
        { ...kurta, size: "M", variantSku: "MIX-1001-M-RUS", stock: "9" }, // 2 good
        { ...kurta, size: "L", variantSku: "MIX-1001-L-RUS", stock: "-1" }, // 3 bad
        sareeRow("MIX-2001", { variantSku: "MIX-2001-FS-MAR" }), // 4 good
        sareeRow("MIX-2002", { category: "Sari" }), // 5 bad
      ],
      [
        "productSku",
        "name",
        "brand",
        "category",
        "price",
        "size",
        "colour",
        "colourHex",
        "variantSku",
        "stock",
        "active",
        "originalPrice",
        "description",
        "details",
        "occasions",
      ],
    );
    const report = await dryRun(file);
    expect(report.counts).toMatchObject({ rows: 4, newProducts: 1, updatedProducts: 1, stockChanges: 1, rejected: 2 });
    expect(rowOf(report, 3)).toMatchObject({ kind: "rejected", notes: ["Stock cannot be negative (-1)."] });
    expect(rowOf(report, 5)!.kind).toBe("rejected");
    expect((await productBySku("MIX-1001"))!.pricePaise).toBe(150_000);
    expect(await productBySku("MIX-2001")).toBeNull();

    // Apply with a digest that is not the dry run's: the plan is shown again, nothing applied
    const wrong = await apply(file, "f".repeat(64));
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      kind: "changed",
      message: CSV_MESSAGES.changed,
      report: { digest: report.digest },
    });
    expect(await productBySku("MIX-2001")).toBeNull();

    // a sale between the dry run and Apply: the stock the dry run read is gone, so Apply refuses
    const m = (await findVariantBySku(t.db, "MIX-1001-M-RUS"))!;
    expect(await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: m.id, quantity: 1 }]))).toEqual({
      ok: true,
    });
    const refused = await apply(file, report.digest);
    expect(refused.status).toBe(409);
    const fresh = (refused.body as { report: ImportReport }).report;
    expect(fresh.digest).not.toBe(report.digest);
    expect(rowOf(fresh, 2)!.notes).toContain("Stock 4 → 9");
    expect((await productBySku("MIX-1001"))!.pricePaise).toBe(150_000);
    expect(await stockOf("MIX-1001-M-RUS")).toBe(4);

    const applied = await apply(file, fresh.digest);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ kind: "applied", report: { counts: { rejected: 2 } } });
    const reported = (applied.body as { report: ImportReport }).report;
    expect(reported.rows.filter((r) => r.kind === "rejected").map((r) => r.row)).toEqual([3, 5]);
    expect((await getProduct(t.db, id))!.pricePaise).toBe(135_000);
    expect(await stockOf("MIX-1001-M-RUS")).toBe(9);
    expect(await stockOf("MIX-1001-L-RUS")).toBe(5);
    expect(await productBySku("MIX-2001")).not.toBeNull();
    expect(await productBySku("MIX-2002")).toBeNull();
  });

  it("leaves nothing half-applied when applying fails part way", async () => {
    await createTestProduct(t.db, {
      sku: "HLF-1001",
      name: "Half Kurta",
      pricePaise: 120_000,
      sizes: ["M"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
      variantStock: [{ size: "M", colour: "Rust", stock: 0 }],
    });
    const file = csvFile([
      sareeRow("HLF-2001", { variantSku: "HLF-2001-FS-MAR" }),
      {
        productSku: "HLF-1001",
        name: "Half Kurta",
        brand: "Test Label",
        category: "kurtas",
        price: "1100",
        size: "M",
        colour: "Rust",
        variantSku: "HLF-1001-M-RUS",
        stock: "3",
      },
    ]);
    const report = await dryRun(file);
    expect(report.counts).toMatchObject({ newProducts: 1, updatedProducts: 1, stockChanges: 1 });
    const audits = await count(auditLog);
    fault.releaseStock = true;
    try {
      const failed = await apply(file, report.digest);
      expect(failed).toMatchObject({ status: 500, body: { kind: "error", message: CSV_MESSAGES.applyFailed } });
    } finally {
      fault.releaseStock = false;
    }
    expect(await productBySku("HLF-2001")).toBeNull();
    expect((await productBySku("HLF-1001"))!.pricePaise).toBe(120_000);
    expect(await stockOf("HLF-1001-M-RUS")).toBe(0);
    expect(await count(auditLog)).toBe(audits);
    expect((await apply(file, report.digest)).status).toBe(200);
    expect(await stockOf("HLF-1001-M-RUS")).toBe(3);
  });
}, 60_000);

describe("the upload's size", () => {
  it("streams the import path (and its .data request) to the route up to 5 MB, and refuses anything else over 64 KB", async () => {
    const app = express();
    app.use(bodyLimit(SHOP_BODY_LIMITS));
    // what a route sees: the body as a counted stream (read here to its end), or the buffered bytes
    app.post("/{*splat}", async (req, res) => {
      const stream = streamedBody(req);
      if (!stream) return void res.json({ streamed: false, length: bufferedBody(req)?.length ?? 0 });
      let length = 0;
      try {
        for await (const chunk of stream) length += chunk.length;
      } catch (error) {
        return void res.status(413).json({ streamed: true, error: (error as Error).name });
      }
      res.json({ streamed: true, length });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const send = (pathname: string, bytes: number) =>
      new Promise<{ status: number; body: { streamed?: boolean; length?: number; error?: string } }>(
        (resolve, reject) => {
          const req = http.request(
            { host: "127.0.0.1", port, path: pathname, method: "POST", headers: { "content-length": String(bytes) } },
            (res) => {
              let text = "";
              res.setEncoding("utf8");
              res.on("data", (chunk: string) => (text += chunk));
              res.on("end", () =>
                resolve({ status: res.statusCode ?? 0, body: text.startsWith("{") ? JSON.parse(text) : {} }),
              );
            },
          );
          req.on("error", reject);
          req.end(Buffer.alloc(bytes, "x"));
        },
      );
    try {
      expect(PRODUCT_IMPORT_BODY_LIMIT).toBe(IMPORT_MAX_BYTES + 64 * 1024);
      expect(await send("/admin/products/import", PRODUCT_IMPORT_BODY_LIMIT)).toEqual({
        status: 200,
        body: { streamed: true, length: PRODUCT_IMPORT_BODY_LIMIT },
      });
      expect(await send("/admin/products/import.data", 2 * 1024 * 1024)).toEqual({
        status: 200,
        body: { streamed: true, length: 2 * 1024 * 1024 },
      });
      expect(await send("/admin/products/import", PRODUCT_IMPORT_BODY_LIMIT + 1)).toEqual({
        status: 413,
        body: { streamed: true, error: "RequestBodyTooLargeError" },
      });
      for (const other of ["/admin/products", "/admin/products/import/x", "/admin/products/importx", "/cart"])
        expect((await send(other, DEFAULT_BODY_LIMIT + 1)).status, other).toBe(413);
      expect(await send("/cart", 1000)).toEqual({ status: 200, body: { streamed: false, length: 1000 } });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("an import past the server's limit", () => {
  // The body as the server hands it to the route: counted on its way, and failed once it passes the
  // import's limit. busboy then fails the file part being read, which must not go unheard (an
  // unhandled 'error' event ends the process, and the test run with it).
  it("answers 413 with the limit in the message, for the page and its .data request alike", async () => {
    const app = express();
    app.use(bodyLimit(SHOP_BODY_LIMITS));
    app.post("/{*splat}", async (req, res) => {
      const answer = await settle<ImportAnswer>(() =>
        importRoute.action({ request: toFetchRequest(req), params: {}, context: {} } as unknown as Args<
          typeof importRoute.action
        >),
      );
      res.status(answer.status).json(answer.body);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const boundary = "----csv-import-test";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      );
      const body = Buffer.concat([head, Buffer.alloc(6 * 1024 * 1024, "a")]);
      for (const pathname of ["/admin/products/import", "/admin/products/import.data"]) {
        const answer = await rawRequest({
          port,
          path: pathname,
          headers: { Origin: BASE, Cookie: staffCookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body,
        });
        expect(answer.status, pathname).toBe(413);
        expect(JSON.parse(answer.body), pathname).toEqual({ kind: "error", message: CSV_MESSAGES.tooLarge });
        expect(CSV_MESSAGES.tooLarge).toContain("5 MB");
      }
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("import and export: packed sizes", () => {
  it("writes each product's own packed size (empty: the category's default), reads it back, and rejects bad ones per row", async () => {
    const ownId = await createTestProduct(t.db, {
      sku: "PKD-1001",
      name: "Packed Mul Kurta",
      category: "kurtas",
      sizes: ["M"],
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
    });
    await t.db.update(products).set({ packageWeightGrams: 600 }).where(eq(products.id, ownId));
    const packedOf = async (sku: string) => {
      const row = await productBySku(sku);
      return row ? [row.packageWeightGrams, row.packageLengthCm, row.packageBreadthCm, row.packageHeightCm] : null;
    };

    // the export: the four columns by the names other tools know, the product's own value or empty
    const [header, own] = await exported("?search=PKD-1001");
    const at = (k: CsvColumnKey) => header!.indexOf(HEADER.get(k)!);
    expect(
      ["packageWeight", "packageLength", "packageBreadth", "packageHeight"].map((k) => HEADER.get(k as CsvColumnKey)),
    ).toEqual(["package_weight_g", "package_length_cm", "package_breadth_cm", "package_height_cm"]);
    expect(
      [at("packageWeight"), at("packageLength"), at("packageBreadth"), at("packageHeight")].map((i) => own![i]),
    ).toEqual(["600", "", "", ""]);

    // the same row back with its weight emptied (the default again) and a length of its own, and new products
    own![at("packageWeight")] = "";
    own![at("packageLength")] = "40";
    const line = (r: Row) => ALL.map((k) => r[k] ?? "");
    const file = stringify([
      header!,
      own!, // 2
      line(
        sareeRow("PKD-2001", { packageWeight: "900", packageLength: "36", packageBreadth: "28", packageHeight: "6" }),
      ), // 3
      line(sareeRow("PKD-2002", { packageWeight: "heavy" })), // 4
      line(sareeRow("PKD-2002", { colour: "Gold", colourHex: "#C9A227" })), // 5
      line(sareeRow("PKD-2003", { packageHeight: "5" })), // 6
      line(sareeRow("PKD-2003", { colour: "Gold", colourHex: "#C9A227", packageHeight: "7" })), // 7
    ]);
    const report = await dryRun(file);
    expect(report.counts).toMatchObject({ rows: 6, newProducts: 2, updatedProducts: 1, rejected: 3 });
    expect(rowOf(report, 2)).toMatchObject({ kind: "update" });
    expect(rowOf(report, 2)!.notes).toEqual(
      expect.arrayContaining(["Packed weight 600 g → default", "Packed length default → 40 cm"]),
    );
    const weight =
      "package_weight_g: Enter the weight in whole grams, from 1 to 1,00,000, or leave it empty for the category default";
    expect(rowOf(report, 4)).toMatchObject({ kind: "rejected", notes: [weight] });
    expect(rowOf(report, 5)).toMatchObject({
      kind: "rejected",
      notes: [`Product PKD-2002 is rejected (row 4): ${weight}`],
    });
    expect(rowOf(report, 6)).toMatchObject({ kind: "new-product" });
    expect(rowOf(report, 7)!.kind).toBe("rejected");
    expect(rowOf(report, 7)!.notes.join(" ")).toContain(
      "Its product fields (package_height_cm) differ from row 6 of PKD-2003",
    );
    // a dry run changes nothing
    expect(await packedOf("PKD-1001")).toEqual([600, null, null, null]);
    expect(await productBySku("PKD-2001")).toBeNull();

    expect((await apply(file, report.digest)).body).toMatchObject({ kind: "applied" });
    expect(await packedOf("PKD-1001")).toEqual([null, 40, null, null]);
    expect(await packedOf("PKD-2001")).toEqual([900, 36, 28, 6]);
    expect(await packedOf("PKD-2003")).toEqual([null, null, null, 5]);
    expect(await productBySku("PKD-2002")).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${ownId} AND ${auditLog.action} = 'import-update'`);
    expect(audit!.changes).toMatchObject({
      packageWeightGrams: { before: 600, after: null },
      packageLengthCm: { before: null, after: 40 },
    });

    // a file without the columns leaves the packed size as it is
    const withoutPacking = ALL.filter((k) => !k.startsWith("package"));
    const priceOnly = csvFile([sareeRow("PKD-2001", { price: "7,999" })], withoutPacking);
    const second = await dryRun(priceOnly);
    expect(second.counts).toMatchObject({ rows: 1, updatedProducts: 1, rejected: 0 });
    // (it stays inactive for want of a picture, which the row's notes also say)
    expect(rowOf(second, 2)!.notes[0]).toBe("Price ₹7,499 → ₹7,999");
    expect((await apply(priceOnly, second.digest)).body).toMatchObject({ kind: "applied" });
    expect(await packedOf("PKD-2001")).toEqual([900, 36, 28, 6]);
    const [, again] = await exported("?search=PKD-2001");
    expect(
      [at("packageWeight"), at("packageLength"), at("packageBreadth"), at("packageHeight")].map((i) => again![i]),
    ).toEqual(["900", "36", "28", "6"]);
  });
});

describe("import and export: fit advice", () => {
  it("writes fit_advice as yes or no, reads it back, leaves it when the cell or column is empty, and rejects anything else", async () => {
    const ownId = await createTestProduct(t.db, {
      sku: "FIT-1001",
      name: "Fit Mul Kurta",
      category: "kurtas",
      sizes: ["M"],
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
    });
    const shownOf = async (sku: string) => (await productBySku(sku))?.fitAdviceEnabled ?? null;

    // the export: on by default
    const [header, own] = await exported("?search=FIT-1001");
    const at = header!.indexOf("fit_advice");
    expect(HEADER.get("fitAdvice")).toBe("fit_advice");
    expect(own![at]).toBe("yes");

    own![at] = "no";
    const line = (r: Row) => ALL.map((k) => r[k] ?? "");
    const file = stringify([
      header!,
      own!, // 2
      line(sareeRow("FIT-2001", { fitAdvice: "No" })), // 3
      line(sareeRow("FIT-2002", { fitAdvice: "maybe" })), // 4
      line(sareeRow("FIT-2003")), // 5: empty, a new product's default
    ]);
    const report = await dryRun(file);
    expect(report.counts).toMatchObject({ rows: 4, newProducts: 2, updatedProducts: 1, rejected: 1 });
    expect(rowOf(report, 2)).toMatchObject({ kind: "update", notes: ["Fit advice hidden"] });
    expect(rowOf(report, 4)).toMatchObject({ kind: "rejected", notes: ["fit_advice is ‘maybe’: write yes or no."] });
    expect(await shownOf("FIT-1001")).toBe(true);

    expect((await apply(file, report.digest)).body).toMatchObject({ kind: "applied" });
    expect(await shownOf("FIT-1001")).toBe(false);
    expect(await shownOf("FIT-2001")).toBe(false);
    expect(await shownOf("FIT-2003")).toBe(true);
    expect(await productBySku("FIT-2002")).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${ownId} AND ${auditLog.action} = 'import-update'`);
    expect(audit!.changes).toMatchObject({ fitAdviceEnabled: { before: true, after: false } });
    const [, again] = await exported("?search=FIT-1001");
    expect(again![at]).toBe("no");

    // a file without the column, or with the cell empty, leaves the switch as it is
    const withoutIt = ALL.filter((k) => k !== "fitAdvice");
    const priceOnly = csvFile([sareeRow("FIT-2001", { price: "7,999" })], withoutIt);
    const second = await dryRun(priceOnly);
    expect(second.counts).toMatchObject({ rows: 1, updatedProducts: 1, rejected: 0 });
    expect((await apply(priceOnly, second.digest)).body).toMatchObject({ kind: "applied" });
    const emptyCell = csvFile([sareeRow("FIT-2001", { price: "8,199", fitAdvice: "" })]);
    const third = await dryRun(emptyCell);
    expect((await apply(emptyCell, third.digest)).body).toMatchObject({ kind: "applied" });
    expect(await shownOf("FIT-2001")).toBe(false);
  });
});

describe("re-importing the export", () => {
  it("changes nothing", async () => {
    const response = await exportResponse("");
    const file = new Uint8Array(await response.arrayBuffer());
    const productsBefore = await count(products);
    const report = await dryRun(file);
    expect(report.counts.rows).toBeGreaterThan(20);
    expect(report.counts).toMatchObject({
      newProducts: 0,
      updatedProducts: 0,
      newVariants: 0,
      stockChanges: 0,
      rejected: 0,
    });
    expect(report.counts.unchanged).toBe(report.counts.rows);
    expect(report.rows).toEqual([]);
    expect((await apply(file, report.digest)).body).toEqual({ kind: "error", message: CSV_MESSAGES.nothingToApply });
    expect(await count(products)).toBe(productsBefore);
  });
});

describe("10,000 rows", () => {
  it("imports 10,000 rows (1,250 new products), then 10,000 updates, each well under 30 s", async () => {
    const sizes = ["S", "M", "L", "XL"];
    const colours = [
      ["Indigo", "#2E3A87"],
      ["Rust", "#B4532A"],
    ] as const;
    const rows = (price: (i: number) => string, stock: (i: number, v: number) => string): Row[] =>
      Array.from({ length: 1250 }, (_, i) =>
        colours.flatMap(([colour, hex], c) =>
          sizes.map((size, s) => ({
            productSku: `BLK-${10000 + i}`,
            name: `Bulk Block-Print Kurta ${i}`,
            brand: "Bulk Looms",
            category: "kurtas",
            price: price(i),
            description: "Hand block printed cotton.",
            occasions: "Casual",
            active: "no",
            size,
            colour,
            colourHex: hex,
            variantSku: `BLK-${10000 + i}-${size}-${colour.slice(0, 3).toUpperCase()}`,
            stock: stock(i, c * 4 + s),
          })),
        ),
      ).flat();
    const first = csvFile(
      rows(
        (i) => String(1000 + i),
        (i, v) => String((i + v) % 7),
      ),
    );
    const second = csvFile(
      rows(
        (i) => String(1100 + i),
        (i, v) => String((i + v + 3) % 9),
      ),
    );

    const timed = async (file: string) => {
      const started = performance.now();
      const report = await dryRun(file);
      const dry = performance.now() - started;
      const applied = await apply(file, report.digest);
      expect(applied.status, JSON.stringify(applied.body).slice(0, 500)).toBe(200);
      return { report, dry, total: performance.now() - started };
    };
    const created = await timed(first);
    expect(created.report.counts).toMatchObject({ rows: 10_000, newProducts: 1250, newVariants: 10_000, rejected: 0 });
    const updated = await timed(second);
    expect(updated.report.counts).toMatchObject({ rows: 10_000, updatedProducts: 1250, rejected: 0 });
    expect(updated.report.counts.stockChanges).toBeGreaterThan(8000);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[csv import, ${t.kind}] 10,000 rows creating 1,250 products: dry run ${s(created.dry)}, dry run + apply ${s(created.total)}; ` +
        `10,000 rows updating 1,250 prices and ${updated.report.counts.stockChanges} stocks: dry run ${s(updated.dry)}, dry run + apply ${s(updated.total)}`,
    );
    const [check] = await t.db
      .select({ n: sql<number>`count(*)::int`, stock: sql<number>`sum(${productVariants.stock})::int` })
      .from(productVariants)
      .where(like(productVariants.sku, "BLK-%"));
    expect(check!.n).toBe(10_000);
    expect((await productBySku("BLK-10007"))!.pricePaise).toBe(110_700);
    expect(await stockOf("BLK-10007-XL-RUS")).toBe((7 + 7 + 3) % 9);
    // the figure is for PostgreSQL; the embedded database runs in the test's own process on a
    // shared machine, so it gets twice the time there (and prints what it took)
    const budget = t.kind === "postgres" ? 30_000 : 60_000;
    expect(created.total).toBeLessThan(budget);
    expect(updated.total).toBeLessThan(budget);
  }, 180_000);
});
