import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { builtManifest } from "./support/build-manifest";
import { randomPhone, register } from "./support/shopper";
import { expect, test } from "./support/test";

/*
 * The back office's shell (decision 021) at 1440 and 390 px: a visitor gets the sign-in
 * form and no data, staff sign in there and move between the tabs, a shopper is refused, the admin's
 * JavaScript never reaches a storefront page.
 */

const SCREENS = "tmp/screens";

function demoAdmin(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
  return JSON.parse(readFileSync(path.join(dataDir, "demo-admin.json"), "utf8")) as { email: string; password: string };
}

async function signInOnAdminPage(page: Page, password = demoAdmin().password) {
  const form = page.getByRole("region", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(demoAdmin().email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a visitor sees the sign-in form and no figures; staff sign in there and use the tabs", async ({
  page,
}, testInfo) => {
  // an address of its own: the auth library allows 5 password sign-ins a minute per address
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.253.${testInfo.project.name === "desktop" ? 11 : 12}` });
  // an address under /admin that names no screen gives a visitor nothing but the same sign-in form
  const unknown = await page.goto("/admin/settingz");
  expect(unknown?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  const response = await page.goto("/admin/orders");
  expect(response?.status()).toBe(401);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
  await expect(page.getByText(/ORD-/)).toHaveCount(0);
  // the storefront's header and footer are not part of the back office
  await expect(page.getByRole("button", { name: /^ADM/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/admin-sign-in-${testInfo.project.name}.png`, fullPage: true });

  await signInOnAdminPage(page, "not-the-password-1");
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please try again.");
  await signInOnAdminPage(page);
  // back on the page that was asked for
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: `${SCREENS}/admin-orders-${testInfo.project.name}.png`, fullPage: true });

  await tabs.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/admin-customers-${testInfo.project.name}.png`, fullPage: true });
  await page.getByLabel("Search customers").fill("no such shopper anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText('No customers match "no such shopper anywhere".')).toBeVisible();
  await expect(page).toHaveURL(/search=no\+such/);

  // a mistyped address stays in the back office: its own 'not found', in its layout, status 404
  const missing = await page.goto("/admin/settingz");
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^ADM/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/admin-not-found-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // every tab is reachable with the keyboard, and the page never scrolls sideways at phone width
  await tabs.getByRole("link", { name: "Dashboard" }).focus();
  await expect(tabs.getByRole("link", { name: "Dashboard" })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
});

test("a signed-in shopper opening /admin is refused and sees no data", async ({ page, request }, testInfo) => {
  // an address of its own, so its sign-in code does not count against the run's shared 127.0.0.1
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.251.${testInfo.project.name === "desktop" ? 11 : 12}` });
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have access to the back office." })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
  const orders = await page.request.get("/admin/orders");
  expect(orders.status()).toBe(403);
  expect(await orders.text()).not.toContain("ORD-");
  expect((await page.request.get("/admin/settingz")).status()).toBe(403);
});

test("storefront pages load none of the admin's JavaScript", async ({ request }) => {
  const manifest = builtManifest();
  const storefrontFiles = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (!id.startsWith("routes/admin"))
      for (const f of [route.module, ...(route.imports ?? [])]) storefrontFiles.add(f);
  }
  // files only admin routes use
  const adminOnly = Object.entries(manifest.routes)
    .filter(([id]) => id.startsWith("routes/admin"))
    .flatMap(([, route]) => [route.module, ...(route.imports ?? [])])
    .filter((f) => !storefrontFiles.has(f));
  expect(adminOnly.length).toBeGreaterThan(0);
  for (const pagePath of ["/", "/products", "/cart", "/wishlist", "/authentication", "/track-order"]) {
    const html = await (await request.get(pagePath)).text();
    for (const f of adminOnly) expect(html, `${pagePath} mentions ${f}`).not.toContain(f);
  }
});

test("storefront pages load none of the admin's styles, and the back office gets them", async ({ request }) => {
  const manifest = builtManifest();
  const adminCss = manifest.routes["routes/admin"]?.css ?? [];
  expect(adminCss.length).toBeGreaterThan(0);
  const rootCss = manifest.routes.root?.css ?? [];
  const ruleNames = (css: string) =>
    new Set(Array.from(css.matchAll(/\.((?:\\.|[\w-])+)[^{]*\{/g), (m) => m[1]!.replace(/\\/g, "")));
  const storefrontRules = ruleNames(readFileSync(`build/client${rootCss[0]}`, "utf8"));
  const adminRules = ruleNames(readFileSync(`build/client${adminCss[0]}`, "utf8"));
  // utilities that only the back office's files use are in its own stylesheet, not in every page's
  const adminOnly = [...adminRules].filter((name) => !storefrontRules.has(name));
  expect(adminOnly.length).toBeGreaterThan(100);
  for (const pagePath of ["/", "/products", "/cart", "/authentication"]) {
    const html = await (await request.get(pagePath)).text();
    for (const f of adminCss) expect(html, `${pagePath} links ${f}`).not.toContain(f);
  }
  // the back office's sign-in page (a visitor) links it
  const admin = await (await request.get("/admin")).text();
  for (const f of adminCss) expect(admin).toContain(`href="${f}"`);
});
