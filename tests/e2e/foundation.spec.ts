import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { CATALOGUE } from "../../app/db/seed/catalogue";

const newestFour = [...CATALOGUE].sort((a, b) => a.addedDaysAgo - b.addedDaysAgo).slice(0, 4);
const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

async function expectImagesLoaded(page: Page, selector: string) {
  const images = page.locator(selector);
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test("home page shows the four newest products from the database, with pictures", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Saanjh/);
  await expect(page.getByRole("link", { name: "Saanjh home" })).toHaveAttribute("href", "/");
  const cards = page.getByTestId("new-arrival");
  await expect(cards).toHaveCount(4);
  for (const [i, product] of newestFour.entries()) {
    await expect(cards.nth(i).getByRole("heading")).toHaveText(product.name);
    await expect(cards.nth(i)).toContainText(rupees(product.price));
  }
  await expectImagesLoaded(page, '[data-testid="new-arrival"] img:not([alt=""])');
  await expect(page.getByText("TEST MODE", { exact: false })).toBeVisible();
});

test("a New Arrival opens its product page with name, price and picture", async ({ page }) => {
  const product = newestFour[0]!;
  await page.goto("/");
  await page.getByTestId("new-arrival").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole("main")).toContainText(rupees(product.price));
  await expect(page.getByText("Shipping calculated at checkout.")).toBeVisible();
  // the demo shop's WhatsApp support, with its made-up number (marked in the settings as one to replace)
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/919876543210\?text=/,
  );
  const main = page.getByRole("img", { name: new RegExp(`^${product.name}.*front view$`) }).first();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("a product id that does not exist shows 'Product not found' with status 404", async ({ page }) => {
  const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/products");
});

test("/account opens the account screen", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/authentication$/);
});

test("an unknown address shows the whole collection under 'We could not find that page', with status 404", async ({
  page,
}) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page).toHaveTitle("Page not found · Saanjh");
  await expect(page.getByTestId("not-found-notice")).toHaveText(/^We could not find that page/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Collections");
  await expect(page.getByRole("status")).toHaveText(`${CATALOGUE.length} products found`);
  await expect(page.getByTestId("product-card")).toHaveCount(24);
  // from here the shopper browses the collection at its own address
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Sarees" }).click();
  await expect(page).toHaveURL(/\/products\?category=sarees$/);
  await expect(page.getByTestId("not-found-notice")).toHaveCount(0);
});

test("an unknown category shows the whole collection with a notice naming it, with status 404", async ({ page }) => {
  for (const address of ["/products?category=nonsense", "/categories/nonsense"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page).toHaveURL(/\/products\?category=nonsense$/);
    await expect(page.getByTestId("not-found-notice")).toHaveText(/^We could not find the category ‘nonsense’/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Collections");
    await expect(page.getByRole("status")).toHaveText(`${CATALOGUE.length} products found`);
  }
});

test("the collection pages 24 at a time and narrows to a category", async ({ page }) => {
  await page.goto("/products");
  await expect(page.locator("article")).toHaveCount(24);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "3" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.locator("article")).toHaveCount(CATALOGUE.length - 48);

  await page.goto("/products?category=sarees");
  const sarees = CATALOGUE.filter((p) => p.category === "sarees");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sarees");
  await expect(page.getByRole("status")).toHaveText(`${sarees.length} products found`);
  await expect(page.locator("article h3")).toHaveText(
    [...sarees].sort((a, b) => a.addedDaysAgo - b.addedDaysAgo).map((p) => p.name),
  );
});

test("the cart badge counts a guest's cart from local storage", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.evaluate(() =>
    localStorage.setItem(
      "saanjh.cart.v1",
      JSON.stringify([
        { productId: "a", size: "M", colour: "Indigo", quantity: 2 },
        { productId: "b", size: "Free Size", colour: "Gold", quantity: 1 },
      ]),
    ),
  );
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toHaveAttribute("href", "/cart");
});

test("health check reports the embedded database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  // and how far the making of the catalogue's pages has come since the first visitor (decision 057)
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["status", "database", "warmUp"]);
  expect(body).toMatchObject({
    status: "ok",
    database: { kind: "pglite", ok: true },
    warmUp: { running: expect.any(Boolean), rounds: expect.any(Number), made: expect.any(Number) },
  });
});

test("state-changing requests from another site are refused", async ({ request }) => {
  const foreign = await request.post("/api/auth/sign-out", { headers: { origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe("Cross-site request refused.");
});

test("the two text faces are fetched with the page, each once, and set its text", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".woff2")) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto("/products");
  const preloaded = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
  expect(preloaded).toHaveLength(2);
  expect(preloaded.some((href) => /jost-latin-wght/.test(href!))).toBe(true);
  expect(preloaded.some((href) => /cormorant-garamond-latin-wght/.test(href!))).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(
      () => document.fonts.check('16px "Jost Variable"') && document.fonts.check('16px "Cormorant Garamond Variable"'),
    ),
  ).toBe(true);
  // the preload is the request the page's @font-face uses (same address and mode), not a second download
  for (const href of preloaded)
    expect(
      fonts.filter((f) => f === href),
      href!,
    ).toHaveLength(1);
});

test("pictures and assets are served with long-lived caching", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.getByTestId("new-arrival").first().locator("img").first().getAttribute("src");
  const picture = await request.get(src!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  const html = await (await request.get("/")).text();
  const asset = html.match(/<link rel="modulepreload" fetchpriority="low" href="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeDefined();
  const response = await request.get(asset!);
  expect(response.headers()["cache-control"]).toContain("immutable");
  // a missing asset or picture is a plain 404, not a redirect to the collection
  expect((await request.get("/assets/no-such-chunk.js", { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get("/media/products/none-w800.webp", { maxRedirects: 0 })).status()).toBe(404);
});
