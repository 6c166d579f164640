import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Boot from "../../app/boot.server";
import { setDatabase } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { requestBackInStock } from "../../app/modules/catalog/back-in-stock.server";
import { listAdminProducts, loadProductForEdit, saveProduct } from "../../app/modules/catalog/product-admin.server";
import { PRODUCT_MESSAGES, stockCells, type ProductFormValues } from "../../app/modules/catalog/product-form";
import { getProduct } from "../../app/modules/catalog/products.server";
import { backInStockRequests, productImages, products, productVariants } from "../../app/modules/catalog/schema.server";
import { reserveStock } from "../../app/modules/catalog/stock.server";
import { findVariant, findVariantBySku, variantsOf } from "../../app/modules/catalog/variants.server";
import { PRODUCT_IMAGE_WIDTHS, thumbnailKey, variantKey } from "../../app/modules/media/images";
import { storeResponsivePicture } from "../../app/modules/media/process.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { orderHistory } from "../../app/modules/orders/product-history.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { orderLines } from "../../app/modules/orders/schema.server";
import * as editorRoute from "../../app/routes/admin.products.$id";
import * as listRoute from "../../app/routes/admin.products";
import { createTestProduct } from "../factories/catalog";
import { createTestOrder, createTestShopper } from "../factories/orders";
import {
  signedInStaffAndShopper,
  settle,
  routeRequest as request,
  type RouteArgs as Args,
  type Answer,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { countPageCachePurges } from "../support/page-cache";

/*
 * The admin's products screens: every loader and action of /admin/products and the
 * editor as a visitor, a shopper and staff; search, filters and paging; creating, editing (stock
 * through the stock module, so back-in-stock texts go out), the version check, delete or archive,
 * pictures only from the shop's own uploads, and the page cache purged after every change.
 */

const mediaRoot = mkdtempSync(path.join(tmpdir(), "admin-products-media-"));
const storage = localDiskStorage(mediaRoot);
vi.mock("../../app/boot.server", async (importOriginal) => {
  const original = await importOriginal<typeof Boot>();
  return { ...original, getMediaStorage: () => storage };
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
    { name: "Priya Shah", email: "priya@example.com", password: "kesar-mango-42" },
    "+919812300001",
    ["203.0.113.40", "203.0.113.41"],
  ));
});

afterAll(() => {
  rmSync(mediaRoot, { recursive: true, force: true });
});

/* ---------- calling the routes ---------- */

const listLoader = (query: string, cookie: string | null) =>
  settle(() =>
    listRoute.loader({
      request: request(`/admin/products${query}`, cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof listRoute.loader>),
  );
const listAction = (form: Record<string, string>, cookie: string | null) =>
  settle(() =>
    listRoute.action({ request: request("/admin/products", cookie, form), params: {}, context: {} } as unknown as Args<
      typeof listRoute.action
    >),
  );
const editorLoader = (id: string, cookie: string | null) =>
  settle(() =>
    editorRoute.loader({
      request: request(`/admin/products/${id}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof editorRoute.loader>),
  );
const save = (id: string, values: ProductFormValues, cookie: string | null = staffCookie) =>
  settle(() =>
    editorRoute.action({
      request: request(`/admin/products/${id}`, cookie, { intent: "save", product: JSON.stringify(values) }),
      params: { id },
      context: {},
    } as unknown as Args<typeof editorRoute.action>),
  );

/* ---------- uploads and forms ---------- */

let uploadSequence = 0;

/** A picture as the uploads endpoint leaves it: files in storage and a media_uploads row of this staff member. */
async function uploaded(uploadedBy: string | null = staffId) {
  uploadSequence += 1;
  const key = `uploads/test-${Date.now().toString(36)}-${uploadSequence}`;
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 120, g: 30, b: 50 } } })
    .png()
    .toBuffer();
  await storage.put(key, png, "image/png");
  const stored = await storeResponsivePicture(storage, png, key);
  await t.db.insert(mediaUploads).values({
    key,
    url: stored.url,
    width: stored.width,
    height: stored.height,
    format: "png",
    bytes: png.length,
    uploadedBy,
  });
  return { key, url: stored.url, width: stored.width, height: stored.height, alt: "" };
}

const filesOf = (key: string) => [key, ...PRODUCT_IMAGE_WIDTHS.map((w) => variantKey(key, w)), thumbnailKey(key)];
async function stored(key: string): Promise<boolean[]> {
  return Promise.all(filesOf(key).map((k) => storage.exists(k)));
}

async function newForm(overrides: Partial<ProductFormValues> = {}): Promise<ProductFormValues> {
  const sizes = overrides.sizes ?? ["S", "M"];
  const colours = overrides.colours ?? [
    { name: "Indigo", hex: "#2E3A87" },
    { name: "Rust", hex: "#B4532A" },
  ];
  return {
    name: "Chanderi Silk Saree",
    brand: "Weaver's Loom",
    price: "4,999",
    originalPrice: "6499",
    category: "sarees",
    description: "A handwoven chanderi saree with zari buttis.",
    details: "Six yards with an unstitched blouse piece.",
    badge: "New",
    material: "Silk-cotton chanderi",
    fabric: "Chanderi",
    fit: "Free Size",
    care: "Dry clean only",
    type: "Saree",
    occasions: ["Festive", "Wedding"],
    isActive: true,
    sizes,
    colours,
    stock: stockCells(sizes, colours, []).map((c) => ({
      ...c,
      stock: c.size === "S" && c.colour === "Rust" ? "0" : "5",
    })),
    pictures: [await uploaded(), await uploaded()],
    packageWeight: "",
    packageLength: "",
    packageBreadth: "",
    packageHeight: "",
    fitAdviceEnabled: true,
    version: null,
    ...overrides,
  };
}

async function productCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row!.n;
}

async function formFor(id: string): Promise<ProductFormValues> {
  return (await loadProductForEdit(t.db, id, orderHistory))!.values;
}

const created = (answer: Answer) => (answer.body as { ok: boolean; id: string }).id;

/* ---------- the tests ---------- */

describe("who may use the products screens", () => {
  it("shows a visitor the sign-in answer (401) with no data and changes nothing", async () => {
    const id = await createTestProduct(t.db, { name: "Guarded Kurta" });
    const before = await productCount();
    for (const answer of [await listLoader("", null), await editorLoader(id, null), await editorLoader("new", null)]) {
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain("Guarded Kurta");
    }
    expect((await listAction({ intent: "delete", productId: id }, null)).status).toBe(401);
    const refusedSave = await save(id, { ...(await formFor(id)), name: "Taken Over" }, null);
    expect(refusedSave).toMatchObject({ status: 401, body: { ok: false, formError: PRODUCT_MESSAGES.signedOut } });
    expect((await save("new", await newForm(), null)).status).toBe(401);
    expect(await productCount()).toBe(before);
    expect((await getProduct(t.db, id))?.name).toBe("Guarded Kurta");
  });

  it("refuses a shopper (403) with no data and changes nothing", async () => {
    const id = await createTestProduct(t.db, { name: "Shopper Proof Kurta" });
    const before = await productCount();
    for (const answer of [
      await listLoader("", shopperCookie),
      await editorLoader(id, shopperCookie),
      await editorLoader("new", shopperCookie),
    ]) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain("Shopper Proof Kurta");
    }
    expect((await listAction({ intent: "delete", productId: id }, shopperCookie)).status).toBe(403);
    expect((await save(id, { ...(await formFor(id)), name: "Taken Over" }, shopperCookie)).status).toBe(403);
    expect((await save("new", await newForm(), shopperCookie)).status).toBe(403);
    expect(await productCount()).toBe(before);
    expect((await getProduct(t.db, id))?.name).toBe("Shopper Proof Kurta");
  });

  it("gives staff the list and the editor", async () => {
    const id = await createTestProduct(t.db, { name: "Staff View Kurta" });
    const list = await listLoader("?search=Staff%20View", staffCookie);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, items: [{ id, name: "Staff View Kurta" }] });
    const editor = await editorLoader(id, staffCookie);
    expect(editor.status).toBe(200);
    expect(editor.body).toMatchObject({ product: { id, values: { name: "Staff View Kurta", price: "1499" } } });
    const fresh = await editorLoader("new", staffCookie);
    expect(fresh.body).toMatchObject({ product: null, skuNumber: expect.any(Number) });
    expect((await editorLoader("00000000-0000-4000-8000-000000000000", staffCookie)).status).toBe(404);
  });
});

describe("the list", () => {
  it("searches name, brand, product SKU and variant SKU, filters by category and status, and pages newest first", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const ids = {
      mul: await createTestProduct(t.db, {
        name: "Mulberry Tussar Saree",
        brand: "Banaras Looms",
        category: "sarees",
        sku: "SAR-8801",
        createdAt: new Date(now - 5 * day),
      }),
      kota: await createTestProduct(t.db, {
        name: "Kota Doria Kurta",
        brand: "Banaras Looms",
        category: "kurtas",
        sku: "KUR-8802",
        createdAt: new Date(now - 4 * day),
      }),
      old: await createTestProduct(t.db, {
        name: "Retired Tussar Dupatta",
        brand: "Old Mill",
        category: "sarees",
        sku: "SAR-8803",
        isActive: false,
        createdAt: new Date(now - 3 * day),
      }),
    };
    const names = async (query: string) =>
      ((await listLoader(query, staffCookie)).body as { items: Array<{ name: string }> }).items.map((i) => i.name);

    expect(await names("?search=tussar")).toEqual(["Retired Tussar Dupatta", "Mulberry Tussar Saree"]);
    expect(await names("?search=banaras%20LOOMS")).toEqual(["Kota Doria Kurta", "Mulberry Tussar Saree"]);
    expect(await names("?search=kur-8802")).toEqual(["Kota Doria Kurta"]);
    const variantSku = (await variantsOf(t.db, [ids.mul])).get(ids.mul)![0]!.sku;
    expect(await names(`?search=${variantSku.toLowerCase()}`)).toEqual(["Mulberry Tussar Saree"]);
    expect(await names("?search=tussar&status=active")).toEqual(["Mulberry Tussar Saree"]);
    expect(await names("?search=tussar&status=inactive")).toEqual(["Retired Tussar Dupatta"]);
    expect(await names("?search=looms&category=kurtas")).toEqual(["Kota Doria Kurta"]);
    expect(await names("?search=100%25")).toEqual([]);

    const page1 = await listAdminProducts(t.db, { search: "", category: "", status: "", view: "grid", page: 1 }, 2);
    const page2 = await listAdminProducts(t.db, { search: "", category: "", status: "", view: "grid", page: 2 }, 2);
    const all = await listAdminProducts(t.db, { search: "", category: "", status: "", view: "grid", page: 1 }, 500);
    expect(page1.total).toBe(all.total);
    expect(page1.pageCount).toBe(Math.ceil(all.total / 2));
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual(all.items.slice(0, 4).map((i) => i.id));
    const positions = [ids.old, ids.kota, ids.mul].map((id) => all.items.findIndex((i) => i.id === id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe("adding a product", () => {
  it("creates the product, its variants with their stock and its pictures in order; the shop shows it", async () => {
    const purgesBefore = purges.count;
    const form = await newForm();
    form.pictures[0]!.alt = "Chanderi saree, front";
    const answer = await save("new", form);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, created: true } });
    const id = created(answer);

    const shown = (await getProduct(t.db, id))!;
    expect(shown).toMatchObject({
      name: "Chanderi Silk Saree",
      brand: "Weaver's Loom",
      pricePaise: 499_900,
      originalPricePaise: 649_900,
      category: "sarees",
      badge: "New",
      stock: 15,
    });
    expect(shown.sku).toMatch(/^SAR-\d{4,}$/);
    expect(shown.images.map((i) => i.alt)).toEqual(["Chanderi saree, front", "Chanderi Silk Saree, picture 2"]);
    expect(shown.images.map((i) => i.url)).toEqual(form.pictures.map((p) => p.url));
    expect(shown.variants.map((v) => [v.size, v.colour, v.stock])).toEqual([
      ["S", "Indigo", 5],
      ["M", "Indigo", 5],
      ["S", "Rust", 0],
      ["M", "Rust", 5],
    ]);
    expect(shown.variants[0]!.sku).toBe(`${shown.sku}-S-IND`);
    const [row] = await t.db
      .select({ slug: products.slug, sizesInStock: products.sizesInStock, version: products.version })
      .from(products)
      .where(eq(products.id, id));
    expect(row).toMatchObject({ slug: "chanderi-silk-saree", version: 1 });
    expect([...row!.sizesInStock].sort()).toEqual(["M", "S"]);

    const uploads = await t.db
      .select({ attachedAt: mediaUploads.attachedAt })
      .from(mediaUploads)
      .where(sql`${mediaUploads.key} IN (${form.pictures[0]!.key}, ${form.pictures[1]!.key})`);
    expect(uploads.every((u) => u.attachedAt !== null)).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ action: "create", actorName: "Priya Shah" });
    expect(audit!.summary).toContain("Added ‘Chanderi Silk Saree’");
    expect(purges.count).toBeGreaterThan(purgesBefore);

    // the same name again gets its own address name and SKU
    const again = created(await save("new", await newForm()));
    const [second] = await t.db
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(eq(products.id, again));
    expect(second!.slug).toBe("chanderi-silk-saree-2");
    expect(second!.sku).not.toBe(shown.sku);
  });

  it("sells a product without sizes or colours as One Size / Default", async () => {
    const form = await newForm({ sizes: [], colours: [], name: "Oxidised Jhumkas", category: "accessories" });
    form.stock = stockCells([], [], []).map((c) => ({ ...c, stock: "12" }));
    const id = created(await save("new", form));
    const shown = (await getProduct(t.db, id))!;
    expect(shown.sku).toMatch(/^ACC-\d+$/);
    expect(shown.variants.map((v) => [v.size, v.colour, v.stock, v.sku])).toEqual([
      ["One Size", "Default", 12, `${shown.sku}-OS-DEF`],
    ]);
  });

  it("answers the spec's messages, writes nothing, and keeps nothing of a refused form", async () => {
    const before = await productCount();
    const purgesBefore = purges.count;
    const missing = await save("new", { ...(await newForm()), name: " ", price: "" });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        ok: false,
        formError: "Please fill in all required fields",
        fieldErrors: { name: "Enter the product name", price: "Enter the price" },
      },
    });
    const noPicture = await save("new", { ...(await newForm()), pictures: [] });
    expect(noPicture).toMatchObject({ status: 400, body: { formError: "Please upload at least one image" } });
    const original = await save("new", { ...(await newForm()), originalPrice: "4999" });
    expect(original).toMatchObject({
      status: 400,
      body: { fieldErrors: { originalPrice: "The original price must be above the price, or empty" } },
    });
    const broken = await settle(() =>
      editorRoute.action({
        request: request("/admin/products/new", staffCookie, { intent: "save", product: "{" }),
        params: { id: "new" },
        context: {},
      } as unknown as Args<typeof editorRoute.action>),
    );
    expect(broken).toMatchObject({ status: 400, body: { formError: "Error saving product" } });
    expect(await productCount()).toBe(before);
    expect(purges.count).toBe(purgesBefore);
  });

  it("takes only pictures uploaded to this shop by staff and not on a product already", async () => {
    const before = await productCount();
    const unknown = {
      key: "uploads/never-uploaded",
      url: "/media/uploads/never-uploaded-w800.webp",
      width: 800,
      height: 1067,
      alt: "",
    };
    expect(await save("new", { ...(await newForm()), pictures: [unknown] })).toMatchObject({
      status: 400,
      body: { formError: PRODUCT_MESSAGES.unknownPicture },
    });
    const anonymous = await uploaded(null);
    expect(await save("new", { ...(await newForm()), pictures: [anonymous] })).toMatchObject({
      status: 400,
      body: { formError: PRODUCT_MESSAGES.unknownPicture },
    });
    const first = await newForm();
    created(await save("new", first));
    const after = await productCount();
    expect(after).toBe(before + 1);
    // a picture another product already has
    expect(await save("new", { ...(await newForm()), pictures: [first.pictures[0]!] })).toMatchObject({
      status: 400,
      body: { formError: PRODUCT_MESSAGES.unknownPicture },
    });
    expect(await productCount()).toBe(after);
  });
});

describe("editing a product", () => {
  it("changes the price the shop shows and sets stock through the stock module, texting shoppers waiting for a size", async () => {
    const id = created(await save("new", await newForm({ name: "Bandhani Dupatta Set" })));
    const rustS = (await findVariant(t.db, id, "S", "Rust"))!;
    expect(rustS.stock).toBe(0);
    expect(await requestBackInStock(t.db, { variantId: rustS.id, phone: "+919876500011" })).toBe("created");
    const purgesBefore = purges.count;

    const form = await formFor(id);
    form.price = "4499";
    form.stock = form.stock.map((c) => (c.size === "S" && c.colour === "Rust" ? { ...c, stock: "3" } : c));
    expect(await save(id, form)).toMatchObject({ status: 200, body: { ok: true, created: false } });

    const shown = (await getProduct(t.db, id))!;
    expect(shown.pricePaise).toBe(449_900);
    expect(shown.variants.find((v) => v.size === "S" && v.colour === "Rust")!.stock).toBe(3);
    expect(shown.stock).toBe(18);
    const texts = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "+919876500011"));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("Bandhani Dupatta Set in S is back");
    const [request] = await t.db
      .select({ status: backInStockRequests.status })
      .from(backInStockRequests)
      .where(eq(backInStockRequests.variantId, rustS.id));
    expect(request!.status).toBe("sent");
    expect(purges.count).toBeGreaterThan(purgesBefore);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "update")));
    expect(audit!.summary).toBe("Price ₹4,999 → ₹4,499; stock S/Rust 0 → 3");
    const activity = (await editorLoader(id, staffCookie)).body as { activity: Array<{ summary: string }> };
    expect(activity.activity.map((a) => a.summary)).toEqual([
      "Price ₹4,999 → ₹4,499; stock S/Rust 0 → 3",
      expect.stringContaining("Added ‘Bandhani Dupatta Set’"),
    ]);
  });

  it("purges for a new price or picture the pages that show the piece; for a new description every list, as for a name", async () => {
    const id = created(await save("new", await newForm({ name: "Kota Doria Saree", category: "sarees" })));
    const pages = [`product:${id}`, `card:${id}`, "home"];
    const priceLists = ["list-price:sarees", "list-price-mixed"];
    expect((await formFor(id)).price).toBe("4999");

    const pictured = await formFor(id);
    pictured.pictures = [...pictured.pictures].reverse();
    const beforePictures = purges.scopes.length;
    expect((await save(id, pictured)).status).toBe(200);
    expect(purges.scopes.slice(beforePictures)).toEqual([{ tags: pages }]);

    // within its price range (₹2,000-₹5,000): the lists sorted or filtered by price only go stale (decision 059)
    const repriced = await formFor(id);
    repriced.price = "3899";
    const before = purges.scopes.length;
    expect((await save(id, repriced)).status).toBe(200);
    expect(purges.scopes.slice(before)).toEqual([{ tags: pages }, { tags: priceLists, expire: true }]);

    // across a range's edge: every list of its category and the mixed ones count it in another range
    const cheaper = await formFor(id);
    cheaper.price = "1899";
    const beforeCheaper = purges.scopes.length;
    expect((await save(id, cheaper)).status).toBe(200);
    expect(purges.scopes.slice(beforeCheaper)).toEqual([
      { tags: pages },
      { tags: [...priceLists, "list:sarees", "list-mixed"], expire: true },
    ]);

    const described = await formFor(id);
    described.description = "Handwoven Kota doria with a zari border, light enough for summer.";
    const beforeWords = purges.scopes.length;
    expect((await save(id, described)).status).toBe(200);
    // searches and suggestions find pieces by their words (the description is in the search's vector)
    expect(purges.scopes.slice(beforeWords)).toEqual([{ tags: [...pages, "list"] }]);
  });

  it("makes a category's product pages stale when a piece joins it: their 'You may also like' shows its newest", async () => {
    const beforeNew = purges.scopes.length;
    const id = created(await save("new", await newForm({ name: "Gota Patti Kurta", category: "kurtas" })));
    expect(purges.scopes.slice(beforeNew)).toEqual([
      { tags: [`product:${id}`, `card:${id}`, "home", "list"] },
      { tags: ["related:kurtas"], expire: true },
    ]);

    const moved = await formFor(id);
    moved.category = "sarees";
    const beforeMove = purges.scopes.length;
    expect((await save(id, moved)).status).toBe(200);
    expect(purges.scopes.slice(beforeMove)).toEqual([
      { tags: [`product:${id}`, `card:${id}`, "home", "list"] },
      { tags: ["related:sarees"], expire: true },
    ]);

    // a piece that leaves (made inactive) goes from the pages that show its card; no more is purged
    const hidden = await formFor(id);
    hidden.isActive = false;
    const beforeHide = purges.scopes.length;
    expect((await save(id, hidden)).status).toBe(200);
    expect(purges.scopes.slice(beforeHide)).toEqual([{ tags: [`product:${id}`, `card:${id}`, "home", "list"] }]);

    const shown = await formFor(id);
    shown.isActive = true;
    const beforeShow = purges.scopes.length;
    expect((await save(id, shown)).status).toBe(200);
    expect(purges.scopes.slice(beforeShow)).toEqual([
      { tags: [`product:${id}`, `card:${id}`, "home", "list"] },
      { tags: ["related:sarees"], expire: true },
    ]);
  });

  it("does not undo a sale made while the form was open: only cells staff changed are written", async () => {
    const id = created(await save("new", await newForm({ name: "Leheriya Kurta" })));
    const form = await formFor(id);
    const m = (await findVariant(t.db, id, "M", "Indigo"))!;
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: m.id, quantity: 2 }]));
    form.name = "Leheriya Cotton Kurta";
    expect((await save(id, form)).status).toBe(200);
    expect((await findVariant(t.db, id, "M", "Indigo"))!.stock).toBe(3);
  });

  it("adds and removes sizes and colours: a new combination gets a variant, a removed one is deleted, or kept at 0 when an order names it", async () => {
    const id = created(await save("new", await newForm({ name: "Ajrakh Shirt", category: "shirts" })));
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id, {
      lines: [{ name: "Ajrakh Shirt", unitPricePaise: 499_900, quantity: 1, size: "S", colour: "Indigo" }],
    });
    const sIndigo = (await findVariant(t.db, id, "S", "Indigo"))!;
    await t.db.update(orderLines).set({ productId: id, variantId: sIndigo.id }).where(eq(orderLines.orderId, order.id));
    const sRust = (await findVariant(t.db, id, "S", "Rust"))!;

    const form = await formFor(id);
    form.sizes = ["M", "L"];
    form.stock = stockCells(form.sizes, form.colours, form.stock).map((c) =>
      c.size === "L" ? { ...c, stock: "2" } : c,
    );
    expect((await save(id, form)).status).toBe(200);

    const rows = await t.db
      .select({
        id: productVariants.id,
        size: productVariants.size,
        colour: productVariants.colour,
        stock: productVariants.stock,
        sku: productVariants.sku,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id));
    const byName = new Map(rows.map((r) => [`${r.size}/${r.colour}`, r]));
    expect(byName.get("S/Indigo")).toMatchObject({ id: sIndigo.id, stock: 0 });
    expect(byName.has("S/Rust")).toBe(false);
    expect(await findVariantBySku(t.db, sRust.sku)).toBeNull();
    expect(byName.get("L/Indigo")).toMatchObject({ stock: 2 });
    expect(byName.get("L/Rust")!.sku).toMatch(/-L-RUS$/);
    const shown = (await getProduct(t.db, id))!;
    expect(shown.sizes).toEqual(["M", "L"]);
    expect(shown.variants.map((v) => `${v.size}/${v.colour}`)).toEqual(["M/Indigo", "L/Indigo", "M/Rust", "L/Rust"]);
    expect(shown.stock).toBe(14);
    const [derived] = await t.db
      .select({ sizesInStock: products.sizesInStock })
      .from(products)
      .where(eq(products.id, id));
    expect([...derived!.sizesInStock].sort()).toEqual(["L", "M"]);

    // S offered again: the kept variant comes back with its SKU
    const again = await formFor(id);
    again.sizes = ["S", "M", "L"];
    again.stock = stockCells(again.sizes, again.colours, again.stock).map((c) =>
      c.size === "S" && c.colour === "Indigo" ? { ...c, stock: "6" } : c,
    );
    expect((await save(id, again)).status).toBe(200);
    expect(await findVariant(t.db, id, "S", "Indigo")).toMatchObject({ id: sIndigo.id, sku: sIndigo.sku, stock: 6 });
  });

  it("reorders, removes and re-describes pictures; a removed picture's files are deleted", async () => {
    const id = created(await save("new", await newForm({ name: "Kalamkari Kurta" })));
    const form = await formFor(id);
    const [first, second] = form.pictures;
    const third = await uploaded();
    form.pictures = [
      { ...third, alt: "Detail of the print" },
      { ...second!, alt: "Back view" },
    ];
    expect((await save(id, form)).status).toBe(200);
    const images = await t.db
      .select({ key: productImages.key, position: productImages.position, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    expect(images).toEqual([
      { key: third.key, position: 0, alt: "Detail of the print" },
      { key: second!.key, position: 1, alt: "Back view" },
    ]);
    expect(await stored(first!.key)).toEqual(filesOf(first!.key).map(() => false));
    expect((await stored(second!.key)).every(Boolean)).toBe(true);
  });

  it("refuses the second of two saves made from the same version, and keeps the first one's values", async () => {
    const id = created(await save("new", await newForm({ name: "Patola Saree" })));
    const mine = await formFor(id);
    const theirs = await formFor(id);
    mine.price = "5200";
    theirs.price = "3999";
    theirs.name = "Patola Silk Saree";
    expect((await save(id, mine)).status).toBe(200);
    const purgesBefore = purges.count;
    const refused = await save(id, theirs);
    expect(refused).toMatchObject({
      status: 409,
      body: { ok: false, conflict: true, formError: PRODUCT_MESSAGES.conflict },
    });
    expect(purges.count).toBe(purgesBefore);
    const now = (await loadProductForEdit(t.db, id, orderHistory))!;
    expect(now.values).toMatchObject({ name: "Patola Saree", price: "5200" });
    expect(now.version).toBe(2);
    const updates = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "update")));
    expect(updates).toHaveLength(1);
  });

  it("keeps a packed size of its own, loads it back, audits it, and goes back to the category's default", async () => {
    const id = created(await save("new", await newForm({ name: "Gota Patti Lehenga", category: "lehengas" })));
    const packed = async () =>
      (
        await t.db
          .select({
            weight: products.packageWeightGrams,
            length: products.packageLengthCm,
            breadth: products.packageBreadthCm,
            height: products.packageHeightCm,
          })
          .from(products)
          .where(eq(products.id, id))
      )[0];
    // a new product from the editor's empty fields: the category's default everywhere
    expect(await packed()).toEqual({ weight: null, length: null, breadth: null, height: null });
    const loaded = await formFor(id);
    expect(loaded).toMatchObject({ packageWeight: "", packageLength: "", packageBreadth: "", packageHeight: "" });

    // refused values: a message on each field, nothing written, and the answer keeps nothing of its own
    const purgesBefore = purges.count;
    const refused = await save(id, { ...loaded, packageWeight: "0", packageHeight: "501", price: "4,899" });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        ok: false,
        formError: "Please correct the highlighted fields",
        fieldErrors: {
          packageWeight:
            "Enter the weight in whole grams, from 1 to 1,00,000, or leave it empty for the category default",
          packageHeight:
            "Enter the height in whole centimetres, from 1 to 500, or leave it empty for the category default",
        },
      },
    });
    expect(Object.keys((refused.body as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      "packageHeight",
      "packageWeight",
    ]);
    expect(await packed()).toEqual({ weight: null, length: null, breadth: null, height: null });
    expect((await getProduct(t.db, id))!.pricePaise).toBe(499_900);
    expect(purges.count).toBe(purgesBefore);

    // saved as typed (a unit and a thousands' comma are fine), and the editor loads it back
    expect(
      await save(id, {
        ...loaded,
        packageWeight: "2,100 g",
        packageLength: "48",
        packageBreadth: "38",
        packageHeight: "",
      }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(await packed()).toEqual({ weight: 2_100, length: 48, breadth: 38, height: null });
    const again = await formFor(id);
    expect(again).toMatchObject({
      packageWeight: "2100",
      packageLength: "48",
      packageBreadth: "38",
      packageHeight: "",
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "update")));
    expect(audit!.summary).toBe(
      "Packed weight default → 2,100 g; Packed length default → 48 cm; Packed breadth default → 38 cm",
    );
    expect(audit!.changes).toEqual({
      packageWeightGrams: { before: null, after: 2_100 },
      packageLengthCm: { before: null, after: 48 },
      packageBreadthCm: { before: null, after: 38 },
    });

    // emptied: back to the category's default
    expect((await save(id, { ...again, packageWeight: "", packageLength: " " })).status).toBe(200);
    expect(await packed()).toEqual({ weight: null, length: null, breadth: 38, height: null });
    expect(await formFor(id)).toMatchObject({ packageWeight: "", packageLength: "", packageBreadth: "38" });
  });

  it("turns the fit advice from returns off and on with the version check, audited, and loads it back", async () => {
    const id = created(await save("new", await newForm({ name: "Bandhani Kurta" })));
    const shown = async () =>
      (await t.db.select({ on: products.fitAdviceEnabled }).from(products).where(eq(products.id, id)))[0]!.on;
    // on for a new product
    expect(await shown()).toBe(true);
    const loaded = await formFor(id);
    expect(loaded.fitAdviceEnabled).toBe(true);

    const purgesBefore = purges.count;
    expect(await save(id, { ...loaded, fitAdviceEnabled: false })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await shown()).toBe(false);
    expect((await formFor(id)).fitAdviceEnabled).toBe(false);
    // the shared product page is refreshed at once, as for any save
    expect(purges.count).toBeGreaterThan(purgesBefore);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "update")));
    expect(audit!.summary).toBe("Fit advice hidden");
    expect(audit!.changes).toEqual({ fitAdviceEnabled: { before: true, after: false } });

    // a form opened before that save cannot turn it back on unseen
    expect(await save(id, { ...loaded, fitAdviceEnabled: true })).toMatchObject({
      status: 409,
      body: { ok: false, conflict: true, formError: PRODUCT_MESSAGES.conflict },
    });
    expect(await shown()).toBe(false);
    expect(await save(id, { ...(await formFor(id)), fitAdviceEnabled: true })).toMatchObject({ status: 200 });
    expect(await shown()).toBe(true);
  });

  it("lets only one of two simultaneous saves of one version through", async () => {
    const id = created(await save("new", await newForm({ name: "Ikat Dupatta" })));
    const a = { ...(await formFor(id)), price: "1111" };
    const b = { ...(await formFor(id)), price: "2222" };
    const answers = await Promise.all([save(id, a), save(id, b)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const won = answers[0]!.status === 200 ? "1111" : "2222";
    expect((await formFor(id)).price).toBe(won);
  });
});

describe("deleting a product", () => {
  it("archives a product that was ever ordered: inactive, kept, hidden from the shop", async () => {
    const id = created(await save("new", await newForm({ name: "Ordered Anarkali" })));
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id, {
      lines: [{ name: "Ordered Anarkali", unitPricePaise: 499_900, quantity: 1 }],
    });
    await t.db.update(orderLines).set({ productId: id }).where(eq(orderLines.orderId, order.id));
    const pictures = (await formFor(id)).pictures;
    const purgesBefore = purges.count;

    const answer = await listAction({ intent: "delete", productId: id }, staffCookie);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, outcome: "archived" } });
    const [row] = await t.db.select({ isActive: products.isActive }).from(products).where(eq(products.id, id));
    expect(row).toEqual({ isActive: false });
    expect(await getProduct(t.db, id)).toBeNull();
    expect((await stored(pictures[0]!.key)).every(Boolean)).toBe(true);
    expect(purges.count).toBeGreaterThan(purgesBefore);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "archive")));
    expect(audit!.summary).toContain("Archived ‘Ordered Anarkali’");
  });

  it("deletes a product nobody ordered, with its variants, pictures and their files", async () => {
    const id = created(await save("new", await newForm({ name: "Unsold Palazzo" })));
    const pictures = (await formFor(id)).pictures;
    expect((await stored(pictures[0]!.key)).every(Boolean)).toBe(true);

    const answer = await listAction({ intent: "delete", productId: id }, staffCookie);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, outcome: "deleted" } });
    expect(await t.db.select().from(products).where(eq(products.id, id))).toHaveLength(0);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, id))).toHaveLength(0);
    for (const p of pictures) expect(await stored(p.key)).toEqual(filesOf(p.key).map(() => false));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "delete")));
    expect(audit!.summary).toMatch(/^Deleted ‘Unsold Palazzo’ \(SAR-\d+\) with 2 pictures$/);
    expect((await editorLoader(id, staffCookie)).status).toBe(404);
    expect(await listAction({ intent: "delete", productId: id }, staffCookie)).toMatchObject({
      status: 404,
      body: { ok: false },
    });
  });
});

describe("saveProduct itself", () => {
  it("keeps a save whose removed picture's files cannot be deleted, and says so (the editor shows 'Error removing image')", async () => {
    const id = created(await save("new", await newForm({ name: "Stubborn Picture Kurta" })));
    const form = await formFor(id);
    const removed = form.pictures[0]!;
    form.pictures = form.pictures.slice(1);
    const failing = { ...storage, delete: async () => Promise.reject(new Error("storage is down")) };
    const answer = await saveProduct(t.db, { id: staffId, name: "Priya Shah" }, id, form, {
      storage: failing,
      orders: orderHistory,
      brandFallback: "Saanjh",
    });
    expect(answer).toMatchObject({ ok: true, pictureCleanupFailed: true });
    expect((await getProduct(t.db, id))!.images).toHaveLength(1);
    expect((await stored(removed.key)).every(Boolean)).toBe(true);
  });

  it("refuses an update of a product that does not exist", async () => {
    const form = { ...(await newForm()), version: 1 };
    const answer = await saveProduct(
      t.db,
      { id: staffId, name: "Priya Shah" },
      "00000000-0000-4000-8000-000000000001",
      form,
      { storage, orders: orderHistory, brandFallback: "Saanjh" },
    );
    expect(answer).toMatchObject({ ok: false, status: 404, formError: "Product not found" });
  });
});
