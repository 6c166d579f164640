import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { randomPhone, register } from "./support/shopper";

/*
 * Catalogue pages are the same for everyone (decision 029): a signed-in shopper gets the
 * shared copy of the home, list, search and product pages, and their cart badge, hearts and sign-in
 * state arrive through one small personal request (GET /api/me) after the page loads.
 */

const SHARED = "public, max-age=0, s-maxage=30";

test.beforeEach(async ({ page }, testInfo) => {
  // each test signs in from an address of its own: the sign-in limits count per network (decision 014)
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.14.${testInfo.project.name === "desktop" ? 21 : 22}` });
});

interface Shopper {
  phone: string;
  first: string;
  last: string;
  email: string;
}

/** A new shopper with names found nowhere in the catalogue, registered by phone code. */
async function registerShopper(page: Page, request: APIRequestContext): Promise<Shopper> {
  const phone = randomPhone();
  const shopper = { phone, first: "Zephyrine", last: "Quillfeather", email: `zq.${phone}@example.com` };
  await register(page, request, phone, "/authentication", shopper);
  await expect(page.getByText(`Welcome to Saanjh, ${shopper.first}!`)).toBeVisible();
  return shopper;
}

/** Quick-adds the first three products of the list that can be added (3 lines), and wishlists a fourth. */
async function fillBag(page: Page): Promise<{ wished: string }> {
  await page.goto("/products?sortBy=name");
  // by name: a button just pressed is named 'Added to bag: ...' for a moment, so the list's order moves
  const quick = page.getByRole("button", { name: /^Quick add .* to cart$/ });
  await expect(quick.nth(2)).toBeVisible();
  const labels = await quick.evaluateAll((buttons) => buttons.slice(0, 3).map((b) => b.getAttribute("aria-label")!));
  expect(labels).toHaveLength(3);
  for (const [i, label] of labels.entries()) {
    await page.getByRole("button", { name: label, exact: true }).click();
    await expect(page.getByTestId("cart-count")).toHaveText(String(i + 1));
  }
  const heart = page.getByRole("button", { name: /^Add .* to wishlist$/ }).nth(3);
  const wished = (await heart.getAttribute("aria-label"))!.replace(/^Add (.*) to wishlist$/, "$1");
  // the heart fills at once; wait for the save itself before leaving the page
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/wishlist") && r.request().method() === "POST"),
    heart.click(),
  ]);
  await expect(page.getByRole("button", { name: `Remove ${wished} from wishlist` }).first()).toBeVisible();
  return { wished };
}

/** CLS and the two moments the page marks: interactive (hydrated) and the shopper's data in. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function pageFigures(page: Page) {
  return page.evaluate(() => {
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {
      cls: (window as unknown as { __cls: number }).__cls,
      hydrated: mark("shop:hydrated"),
      shopper: mark("shop:shopper"),
    };
  });
}

test("a signed-in shopper gets the shared catalogue pages, with their own badge and hearts filled in after load", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await registerShopper(page, request);
  const { wished } = await fillBag(page);
  await watchLayoutShifts(page);
  // addresses of this run's own, so no copy made earlier can expire between the two loads
  const probe = `probe=${testInfo.project.name}-${Date.now()}`;

  for (const address of [`/products?sortBy=name&${probe}`, `/?${probe}`]) {
    await page.goto(address);
    // the second load of the same address is answered from the shared copy
    const response = await page.goto(address);
    expect(response?.headers()["cache-control"]).toBe(SHARED);
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    await expect(page.getByTestId("cart-count")).toHaveText("3");
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
    if (address.startsWith("/products")) {
      await expect(page.getByRole("button", { name: `Remove ${wished} from wishlist` }).first()).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
    const figures = await pageFigures(page);
    expect(figures.cls).toBeLessThanOrEqual(0.01);
    const timing = `${testInfo.project.name} ${address}: shopper data ${Math.round(figures.shopper! - figures.hydrated!)} ms after hydration; CLS ${figures.cls.toFixed(3)}`;
    testInfo.annotations.push({ type: "timing", description: timing });
    console.log(timing);
  }

  // the product page of the wished piece: the same copy for everyone, its heart filled for this shopper
  await page.goto("/products?sortBy=name");
  await page
    .getByRole("link", { name: new RegExp(wished) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(wished);
  const productPath = `${new URL(page.url()).pathname}?${probe}`;
  await page.goto(productPath);
  const product = await page.goto(productPath);
  expect(product?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect(page.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");

  // the personal request itself is never shared
  const me = await page.request.get("/api/me");
  expect(me.headers()["cache-control"]).toBe("private, no-store");

  // signed out: the badge and hearts go, and this browser asks no more until it signs in again
  await page.goto("/authentication");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/me") asked.push(r.url());
  });
  await page.goto("/products?sortBy=name");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: `Add ${wished} to wishlist` }).first()).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  expect(asked).toEqual([]);
});

test("no personal datum ever appears in a shared answer, across 50 addresses fetched by a signed-in shopper with a cart and an order", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "server answers: the same at any width");
  test.setTimeout(90_000);
  const shopper = await registerShopper(page, request);
  await fillBag(page);

  // an order by cash on delivery, so the shopper has an order number to leak
  await page.goto("/checkout");
  await page.getByRole("textbox", { name: "Address", exact: true }).fill("7 Residency Road, above the bakery");
  await page.getByLabel("Pincode").fill("110001");
  await expect(page.getByLabel("City")).toHaveValue("New Delhi");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 15_000 });
  const orderNumber = (await page.getByTestId("success-order-number").textContent())!.trim();
  await page.goto("/products?sortBy=name");
  // the bag is empty after the order: three lines again, so the shopper has a cart as well
  await fillBag(page);

  const me = (await (await page.request.get("/api/me")).json()) as {
    user: { id: string; name: string; phone: string };
    shopper: { cart: unknown[] };
  };
  expect(me.user.name).toContain(shopper.first);
  expect(me.shopper.cart).toHaveLength(3);
  const secrets = [shopper.first, shopper.last, shopper.phone, shopper.email, me.user.id, orderNumber, me.user.phone];

  // the addresses a shopper's browser asks for on shared pages: documents, their data and suggestions
  const productLinks = await page
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  expect(productLinks.length).toBeGreaterThanOrEqual(20);
  const addresses = [
    "/",
    "/_root.data",
    "/products",
    "/products.data",
    "/products?sortBy=name",
    "/products?category=kurtas",
    "/products?category=sarees&sortBy=price-low",
    "/products?category=lehengas&view=list",
    "/products?search=silk",
    "/products?search=kurta&page=2",
    "/products.data?category=dresses",
    "/products?sortBy=rating",
    "/api/search/suggest?q=kurta",
    "/api/search/suggest?q=silk",
    "/api/search/suggest?q=sa",
    ...productLinks.slice(0, 20),
    ...productLinks.slice(0, 15).map((href) => `${href}.data`),
  ];
  expect(addresses).toHaveLength(50);

  for (const address of addresses) {
    // twice: the first may render for this shopper, the second comes from the shared copy
    for (const pass of ["render", "copy"]) {
      const response = await page.request.get(address);
      const where = `${address} (${pass})`;
      expect(response.status(), where).toBe(200);
      expect(response.headers()["cache-control"], where).toMatch(/^public,.*s-maxage=30$/);
      expect(response.headers()["set-cookie"], where).toBeUndefined();
      expect(response.headers()["vary"] ?? "", where).not.toMatch(/cookie/i);
      const body = await response.text();
      for (const secret of secrets) expect(body.includes(secret), `${where} contains ${secret}`).toBe(false);
      // no cart or wishlist is ever part of a shared page's data
      expect(body, where).not.toMatch(/"(?:cart|wishlist)"/);
    }
  }
});
