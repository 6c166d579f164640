import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { SEEDED, type Seeded } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { randomPhone, register } from "./support/shopper";
import { expect, test } from "./support/test";

/*
 * The admin dashboard at 1440 and 390 px: a visitor opening /admin gets the sign-in form
 * and no figures; staff signed in through the footer's ADM modal see the four tiles, the chart drawn
 * by uPlot (under the page's Content-Security-Policy: no inline script, no eval), its table of
 * figures from the keyboard, and an order a shopper just placed at the top of Recent Orders. The chart
 * library is fetched on the dashboard only: no route of the build imports it, and neither the
 * storefront nor another admin tab requests it.
 */

const SCREENS = "tmp/screens";
const UPLOT_CHUNK = /\/assets\/uPlot[^/]*\.js$/;

function demoAdmin(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
  return JSON.parse(readFileSync(path.join(dataDir, "demo-admin.json"), "utf8")) as { email: string; password: string };
}

async function signInAsStaff(page: Page) {
  const admin = demoAdmin();
  // an address of its own: the auth library allows 5 password sign-ins a minute per address
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.248.${1 + Math.floor(Math.random() * 250)}` });
  await page.goto("/");
  await page.getByRole("button", { name: /^ADM/ }).click();
  const modal = page.getByRole("dialog", { name: "Admin sign in" });
  await modal.getByLabel("Email").fill(admin.email);
  await modal.getByLabel("Password").fill(admin.password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Products with plenty of stock where the product page starts, away from those the checkout tests buy. */
const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
const PLENTY = SEEDED.filter((s) => startStock(s) >= 12);

/** A new shopper (in a browser of their own) buys `s` with cash on delivery; returns the order number. */
async function placeCodOrder(browser: Browser, baseURL: string, s: Seeded): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // the page browses from an address of its own (its sign-in code counts there); codes are read from loopback
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.249.${1 + Math.floor(Math.random() * 250)}` });
  try {
    await register(page, context.request, randomPhone());
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    return await buyCashOnDelivery(page, s, {
      address: "14 Janpath, near the Government Emporium",
      pincode: "110001",
      city: "New Delhi",
    });
  } finally {
    await context.close();
  }
}

test("a visitor opening /admin gets the sign-in form and no figures", async ({ page }) => {
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  const html = await response!.text();
  for (const words of ["Total Orders", "Revenue", "Recent Orders", "Low stock"]) expect(html).not.toContain(words);
  await expect(page.getByTestId("tile-orders")).toHaveCount(0);
});

// One staff sign-in per run: the auth library allows five password sign-ins a minute from one address,
// and the footer's own ADM test signs in twice.
test("staff see the tiles, the chart and a new order at the top of Recent Orders; the chart library loads on the dashboard only", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const orderNumber = await placeCodOrder(browser, baseURL!, PLENTY[phone ? 9 : 8]!);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const uplotRequests = () => scripts.filter((file) => UPLOT_CHUNK.test(file)).length;

  // the storefront: no route of the build imports uPlot, and the page does not fetch it
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const imports = await page.evaluate(() => {
    const manifest = (
      window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string; imports?: string[] }> } }
    ).__reactRouterManifest;
    return Object.values(manifest.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]);
  });
  expect(imports.length).toBeGreaterThan(10);
  expect(imports.filter((file) => UPLOT_CHUNK.test(file))).toEqual([]);
  expect(uplotRequests()).toBe(0);

  await signInAsStaff(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

  for (const [id, label] of [
    ["products", "Total Products"],
    ["orders", "Total Orders"],
    ["users", "Active Users"],
    ["revenue", "Revenue"],
  ] as const) {
    const tile = page.getByTestId(`tile-${id}`);
    await expect(tile).toBeVisible();
    await expect(tile.getByRole("term")).toHaveText(label);
  }
  // the demo catalogue's 69 products and any other tests of the run added (the CSV import's); at least
  // the order placed above; revenue in rupees (the exact figures are the integration tests')
  expect(
    Number((await page.getByTestId("tile-products-value").textContent())!.replace(/,/g, "")),
  ).toBeGreaterThanOrEqual(69);
  expect(Number((await page.getByTestId("tile-orders-value").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(
    1,
  );
  expect(Number((await page.getByTestId("tile-users-value").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(
    1,
  );
  await expect(page.getByTestId("tile-revenue-value")).toHaveText(/^₹[\d,]+(\.\d\d)?$/);

  // the newest order, live: number, customer, amount, its status and today's date
  const recent = page.getByRole("region", { name: "Recent Orders" });
  const first = phone
    ? recent.getByTestId("recent-orders-list").getByRole("listitem").first()
    : recent.getByTestId("recent-orders").getByRole("row").nth(1);
  await expect(first).toContainText(orderNumber);
  await expect(first).toContainText("Kavya Rao");
  await expect(first).toContainText("Confirmed");
  await expect(first).toContainText("₹");

  // orders by status lists every status with its count
  const statuses = page.getByTestId("orders-by-status");
  await expect(statuses.getByRole("listitem")).toHaveCount(9);
  await expect(statuses.locator("[data-status='confirmed']")).toContainText(/Confirmed\s*[1-9]/);

  // the chart: uPlot drew it on a canvas
  const chart = page.getByTestId("revenue-chart");
  await expect(chart).toHaveAttribute("data-state", "ready");
  await expect(chart.locator("canvas")).toBeVisible();
  const canvas = await chart.locator("canvas").boundingBox();
  expect(canvas!.width).toBeGreaterThan(phone ? 250 : 600);
  await expect(page.getByTestId("chart-summary")).toContainText(/[1-9][\d,]* orders? placed/);

  // its text alternative: the figures by day, opened from the keyboard; today (last row first) counts the order
  await page.getByText("Figures by day").focus();
  await page.keyboard.press("Enter");
  const table = page.getByTestId("revenue-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).not.toHaveText("0");

  // every low-stock or sold-out line links to its product's editor
  for (const name of ["Low stock", "Sold out"]) {
    const panel = page.getByRole("region", { name });
    await expect(panel).toBeVisible();
    const links = panel.getByRole("link", { name: /^Edit / });
    if ((await links.count()) > 0)
      await expect(links.first()).toHaveAttribute("href", /^\/admin\/products\/[0-9a-f-]{36}$/);
  }

  await page.getByRole("heading", { name: "Dashboard", level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/admin-dashboard-${testInfo.project.name}.png`, fullPage: true });

  // another admin tab, loaded afresh, does without it; back on the Dashboard tab it is fetched once
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  scripts.length = 0;
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.some((file) => file.includes("/assets/admin"))).toBe(true);
  expect(uplotRequests()).toBe(0);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("revenue-chart")).toHaveAttribute("data-state", "ready");
  expect(uplotRequests()).toBe(1);
});
