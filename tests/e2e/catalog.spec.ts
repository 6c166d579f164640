import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { applyIfSheet, openFilters, openProduct, SEEDED } from "./support/catalogue";

const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;
const count = (n: number) => `${n} product${n === 1 ? "" : "s"} found`;
const resultCount = (page: Page) => page.getByText(/products? found$/);

test("filters by size (where it is in stock) and colour from the catalogue's facets, kept in the URL across a reload", async ({
  page,
}) => {
  const xxlInStock = SEEDED.filter((s) => s.variants.some((v) => v.size === "XXL" && v.stock > 0)).map(
    (s) => s.product,
  );
  const expected = xxlInStock.filter((p) => p.colours.some((c) => c.name === "Indigo"));
  expect(expected.length).toBeGreaterThan(0);
  await page.goto("/products");
  const { region, sheet } = await openFilters(page);
  const xxl = xxlInStock.length;
  await expect(region.getByRole("checkbox", { name: `XXL (${xxl})` })).toBeVisible();
  await region.getByRole("checkbox", { name: /^XXL/ }).check();
  if (!sheet) await expect(page).toHaveURL(/size=XXL/);
  await region.getByRole("checkbox", { name: /^Indigo/ }).check();
  await applyIfSheet(page, sheet);
  await expect(page).toHaveURL(/size=XXL.*colour=Indigo/);
  await expect(resultCount(page)).toHaveText(count(expected.length));
  await page.reload();
  await expect(resultCount(page)).toHaveText(count(expected.length));
  for (const p of expected.slice(0, 3))
    await expect(page.getByRole("heading", { name: p.name, exact: true })).toBeVisible();
});

test("the price presets keep their exact boundaries and Clear all resets", async ({ page }) => {
  const under2000 = CATALOGUE.filter((p) => p.price < 2000).length;
  const mid = CATALOGUE.filter((p) => p.price >= 2000 && p.price <= 5000).length;
  await page.goto("/products?priceRange=under2000");
  await expect(resultCount(page)).toHaveText(count(under2000));
  await page.goto("/products?priceRange=2000to5000");
  await expect(resultCount(page)).toHaveText(count(mid));
  const { region } = await openFilters(page);
  await expect(region.getByRole("radio", { name: "₹2,000 – ₹5,000" })).toBeChecked();
  await region.getByRole("link", { name: "Clear all" }).last().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(resultCount(page)).toHaveText(count(CATALOGUE.length));
});

test("jewellery's metals are filtered under Material, never Fabric, and no Rating sort is offered without ratings", async ({
  page,
}) => {
  const brass = CATALOGUE.filter((p) => p.category === "accessories" && p.fabric === "Brass").length;
  await page.goto("/products");
  expect(await page.getByLabel("Sort by").locator("option").allTextContents()).not.toContain("Rating");
  const { region } = await openFilters(page);
  await expect(
    region.getByRole("group", { name: "Material" }).getByRole("checkbox", { name: `Brass (${brass})` }),
  ).toBeVisible();
  await expect(region.getByRole("group", { name: "Fabric" }).getByRole("checkbox", { name: /^Cotton/ })).toBeVisible();
  await expect(
    region.getByRole("group", { name: "Fabric" }).getByRole("checkbox", { name: /^(Brass|Silver)/ }),
  ).toHaveCount(0);
  // an old link asking for the Rating sort still shows the collection, newest first
  await page.goto("/products?sortBy=rating");
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(resultCount(page)).toHaveText(count(CATALOGUE.length));
});

test("shows the empty message when nothing matches", async ({ page }) => {
  await page.goto("/products?category=accessories&size=XXL");
  await expect(page.getByText("No products found matching your criteria")).toBeVisible();
  await expect(resultCount(page)).toHaveText("0 products found");
});

test("sorts by price from the dropdown", async ({ page }) => {
  const cheapest = [...CATALOGUE].sort((a, b) => a.price - b.price)[0]!;
  const dearest = [...CATALOGUE].sort((a, b) => b.price - a.price)[0]!;
  await page.goto("/products");
  await page.getByLabel("Sort by").selectOption("price-low");
  await expect(page).toHaveURL(/sortBy=price-low/);
  await expect(page.getByTestId("product-card").first().getByRole("heading")).toHaveText(cheapest.name);
  await expect(page.getByTestId("product-card").first()).toContainText(rupees(cheapest.price));
  await page.getByLabel("Sort by").selectOption("price-high");
  await expect(page.getByTestId("product-card").first().getByRole("heading")).toHaveText(dearest.name);
});

test("switches between grid and list, and the choice survives paging", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByTestId("product-grid")).toBeVisible();
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("product-list")).toBeVisible();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/view=list.*page=2|page=2.*view=list/);
  await expect(page.getByTestId("product-list")).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(24);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.getByTestId("product-card")).toHaveCount(CATALOGUE.length - 48);
});

test("search ranks by relevance and forgives a misspelling", async ({ page }) => {
  await page.goto("/products?search=kurtha");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for ‘kurtha’");
  const first = page.getByTestId("product-card").first().getByRole("heading");
  await expect(first).toContainText(/Kurt/i);
});

test("quick add puts size M and the first colour in the guest cart, says so where the shopper is looking, and updates the header badge", async ({
  page,
}) => {
  // the first card by name whose size M in the first colour is in stock
  const product = [...SEEDED]
    .sort((a, b) => a.product.name.localeCompare(b.product.name))
    .find((s) => s.quickStock > 0)!.product;
  const name = product.name;
  await page.goto("/products?sortBy=name");
  const card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await card.hover();
  await card.getByRole("button", { name: `Quick add ${name} to cart` }).click();
  // the button says it, its name too (a label names what it shows)
  await expect(card.getByRole("button", { name: `Added to bag: ${name}` })).toHaveText("Added to bag");
  // one message for the page, in a live region screen readers announce, with a way to the bag
  const toast = page.getByTestId("bag-toast");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Added to bag");
  await expect(toast).toContainText(name);
  await expect(page.getByTestId("bag-toast-region")).toHaveAttribute("aria-live", "polite");
  await expect(page.getByTestId("bag-toast")).toHaveCount(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("saanjh.cart.v1") ?? "[]"));
  expect(stored).toEqual([
    {
      productId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      size: product.sizes.includes("M") ? "M" : (product.sizes[0] ?? "One Size"),
      colour: product.colours[0]?.name ?? "Default",
      quantity: 1,
    },
  ]);
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
  await toast.getByRole("link", { name: "View bag" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("bag-toast")).toHaveCount(0);
});

test("the wishlist heart toggles without opening the product", async ({ page }) => {
  await page.goto("/products");
  const card = page.getByTestId("product-card").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add ${name} to wishlist` }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(card.getByRole("button", { name: `Remove ${name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("saanjh.wishlist.v1") ?? "[]"))).toHaveLength(1);
});

test("product detail: the first in-stock size and colour preselected, the selection rules alert, the stepper stops at that size's stock", async ({
  page,
}) => {
  // a product whose starting colour has another size in stock with 2 to 5 left
  const s = SEEDED.find(
    (x) =>
      x.start.colour !== null &&
      x.start.size !== null &&
      x.variants.some((v) => v.colour === x.start.colour && v.size !== x.start.size && v.stock >= 2 && v.stock <= 5),
  )!;
  const { product } = s;
  const colour = s.start.colour!;
  const low = s.variants.find((v) => v.colour === colour && v.size !== s.start.size && v.stock >= 2 && v.stock <= 5)!;
  await openProduct(page, product.name);
  await expect(page.getByRole("button", { name: s.start.size!, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: colour, exact: true })).toHaveAttribute("aria-pressed", "true");

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.getByRole("button", { name: s.start.size!, exact: true }).click(); // clears the size
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect.poll(() => dialogs).toEqual(["Please select a size"]);
  await page.getByRole("button", { name: low.size, exact: true }).click();
  await page.getByRole("button", { name: colour, exact: true }).click(); // clears the colour
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect.poll(() => dialogs).toEqual(["Please select a size", "Please select a color"]);
  await page.getByRole("button", { name: colour, exact: true }).click();

  const plus = page.getByRole("button", { name: "Increase quantity" });
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  for (let i = 1; i < low.stock; i++) await plus.click();
  await expect(page.getByTestId("quantity")).toHaveText(String(low.stock));
  await expect(plus).toBeDisabled();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("saanjh.cart.v1") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ size: low.size, colour, quantity: low.stock })]);
});

test("product detail: out of stock in every size and colour disables both purchase buttons", async ({ page }) => {
  const product = CATALOGUE.find((p) => p.stock === 0)!;
  await openProduct(page, product.name);
  const buttons = page.getByRole("button", { name: "Out of stock" });
  await expect(buttons).toHaveCount(2);
  await expect(buttons.first()).toBeDisabled();
  await expect(buttons.last()).toBeDisabled();
});

test("product detail: Buy Now adds the line then opens the cart; SEO tags are in the HTML", async ({
  page,
  request,
}) => {
  const product = SEEDED.find((s) => s.total > 10)!.product;
  await openProduct(page, product.name);
  const url = page.url();
  const html = await (await request.get(url)).text();
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('"priceCurrency":"INR"');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\//);
  await page.getByRole("button", { name: "Product Details" }).click();
  await expect(page.getByRole("button", { name: "Product Details" })).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "Details & Care" }).click();
  await expect(page.getByRole("button", { name: "Product Details" })).toHaveAttribute("aria-expanded", "false");
  // Buy Now adds, then opens the cart
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line").filter({ hasText: product.name })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("saanjh.cart.v1") ?? "[]"))).toHaveLength(1);
});

test("/product without an id shows 'Invalid Product URL'", async ({ page }) => {
  await page.goto("/product");
  await expect(page.getByRole("heading", { name: "Invalid Product URL" })).toBeVisible();
  await expect(page.getByText("No product ID found in the URL.")).toBeVisible();
});
