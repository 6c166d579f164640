import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expect, test } from "./support/test";

/*
 * Products as CSV (decision 023) at 1440 and 390 px: staff export the catalogue as
 * a download, then import a small file of their own: the dry run's report (with a rejected row),
 * Apply, and the storefront shows the new price to a visitor at once (the page cache was purged).
 */

const SCREENS = "tmp/screens";

function demoAdmin(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
  return JSON.parse(readFileSync(path.join(dataDir, "demo-admin.json"), "utf8")) as { email: string; password: string };
}

/**
 * Staff sign in from an address of their own per screen size (X-Forwarded-For, believed from loopback):
 * the auth library allows 5 password sign-ins per address, and the rest of the suite uses 127.0.0.1.
 */
async function signInAt(page: Page, address: string, project: string) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": project === "phone" ? "198.51.100.42" : "198.51.100.41" });
  const response = await page.goto(address);
  expect(response?.status()).toBe(401);
  const form = page.getByRole("region", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(demoAdmin().email);
  await form.getByLabel("Password").fill(demoAdmin().password);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The price as the storefront prints it. */
const rupees = (n: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(n);

async function visitorPage(
  browser: Browser,
  baseURL: string | undefined,
  address: string,
): Promise<{ text: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.goto(address);
  expect(response?.status()).toBe(200);
  const text = await page.locator("main").innerText();
  return { text, close: () => context.close() };
}

test("staff export the products as a CSV download", async ({ page }, testInfo) => {
  await signInAt(page, "/admin/products/import", testInfo.project.name);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "export of the products" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(bytes, { bom: true }) as string[][];
  expect(records[0]!.slice(0, 5)).toEqual(["Product SKU", "Name", "Brand", "Category", "Price (₹)"]);
  // the demo catalogue: 69 products, one row per size and colour
  expect(new Set(records.slice(1).map((r) => r[0])).size).toBeGreaterThanOrEqual(69);
  expect(records.slice(1).every((r) => r.length === records[0]!.length)).toBe(true);
});

test("staff import a small file: dry run, report, apply, and the storefront shows the change", async ({
  page,
  browser,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await signInAt(page, "/admin/products/import", testInfo.project.name);
  await page.screenshot({ path: `${SCREENS}/admin-products-csv-import-${testInfo.project.name}.png`, fullPage: true });

  // a product of the demo catalogue, a different one per screen size (both runs share the shop)
  const exported = await page.request.get("/admin/products/export?status=active");
  expect(exported.status()).toBe(200);
  const records = parse(await exported.body(), { bom: true }) as string[][];
  const [header, ...rows] = records as [string[], ...string[][]];
  const col = (name: string) => header.indexOf(name);
  const skus = [...new Set(rows.map((r) => r[col("Product SKU")]!))];
  // from the middle of the list: not among the home page's four newest, nor the cheapest or dearest the catalogue tests sort by
  const sku = skus[phone ? 23 : 20]!;
  const mine = rows.filter((r) => r[col("Product SKU")] === sku);
  const oldPrice = Number(mine[0]![col("Price (₹)")]);
  const newPrice = oldPrice - (phone ? 37 : 23);
  const edited = mine.map((r, i) => {
    const copy = [...r];
    copy[col("Price (₹)")] = String(newPrice);
    if (i === 0) copy[col("Stock")] = String(Number(r[col("Stock")]) + 7);
    return copy;
  });
  const fresh = (productSku: string, stock: string) =>
    header.map(
      (h) =>
        ({
          "Product SKU": productSku,
          Name: `Chikankari Kurta ${productSku}`,
          Category: "kurtas",
          "Price (₹)": "1,499",
          Size: "M",
          Colour: "Ivory",
          Stock: stock,
          Active: "yes",
        })[h] ?? "",
    );
  const tag = phone ? "PH" : "DT";
  const file = stringify([header, ...edited, fresh(`E2E-${tag}-1`, "4"), fresh(`E2E-${tag}-2`, "-3")]);

  // the product's id, from the admin list's edit link
  await page.goto(`/admin/products?search=${encodeURIComponent(sku)}`);
  const href = await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .getAttribute("href");
  const productId = href!.match(/\/admin\/products\/([0-9a-f-]{36})/)![1]!;
  // a visitor sees the old price (and the shared page cache keeps that page)
  const before = await visitorPage(browser, testInfo.project.use.baseURL, `/product/${productId}`);
  expect(before.text).toContain(rupees(oldPrice));
  await before.close();

  await page.goto("/admin/products/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "e2e-import.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const heading = page.getByRole("heading", { level: 2, name: /e2e-import\.csv: \d+ rows? would change/ });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const counts = page.getByTestId("import-counts");
  await expect(counts.getByText("Rows rejected")).toBeVisible();
  const table = page.getByRole("table", { name: /Dry run of e2e-import\.csv/ });
  await expect(table).toBeVisible();
  const rejected = table.getByRole("row").filter({ hasText: `E2E-${tag}-2` });
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText("Stock cannot be negative (-3).");
  await expect(table.getByRole("row").filter({ hasText: `E2E-${tag}-1` })).toContainText(
    "Created inactive: it has no picture yet.",
  );
  await expect(table.getByRole("row").filter({ hasText: sku }).first()).toContainText(
    `Price ${rupees(oldPrice)} → ${rupees(newPrice)}`,
  );
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/admin-products-csv-dry-run-${testInfo.project.name}.png`, fullPage: true });

  // nothing changed yet
  const unchanged = await visitorPage(browser, testInfo.project.use.baseURL, `/product/${productId}`);
  expect(unchanged.text).toContain(rupees(oldPrice));
  await unchanged.close();

  await page.getByRole("button", { name: /^Apply \d+ changes?$/ }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: /^Imported e2e-import\.csv: \d+ rows? applied$/ }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: /What the import of e2e-import\.csv changed/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/admin-products-csv-applied-${testInfo.project.name}.png`, fullPage: true });

  // the storefront: the new price at once for a visitor, the new product not shown (no picture yet)
  const after = await visitorPage(browser, testInfo.project.use.baseURL, `/product/${productId}`);
  expect(after.text).toContain(rupees(newPrice));
  await after.close();
  await page.goto(`/admin/products?search=E2E-${tag}`);
  await expect(page.getByText(`Chikankari Kurta E2E-${tag}-1`).first()).toBeVisible();
  await expect(page.getByText(`Chikankari Kurta E2E-${tag}-2`)).toHaveCount(0);
});
