import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { demoAdmin, signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";
import { randomPhone, register } from "./support/shopper";

/*
 * The admin's Products tab end to end, at 1440 and 390 px: staff sign in through the footer's ADM
 * modal, add a product with two pictures and a stock grid with a sold-out size, find it in the shop
 * with that size struck through, change its price and see the shop follow, delete it; a second save
 * from an old version is refused with everything typed kept; a packed size of its own is saved, shown
 * back and emptied to the category's default again; shoppers and visitors see no data.
 * Pictures go through POST /admin/uploads (the real endpoint and sharp pipeline).
 */

const SCREENS = "tmp/screens";
const PICTURES = "tmp/e2e-pictures";

async function pictureFiles(project: string): Promise<string[]> {
  mkdirSync(PICTURES, { recursive: true });
  const front = path.join(PICTURES, `front-${project}.jpg`);
  const back = path.join(PICTURES, `back-${project}.png`);
  const canvas = (background: string) => sharp({ create: { width: 600, height: 800, channels: 3, background } });
  await canvas("#7a2333").jpeg({ quality: 80 }).toFile(front);
  await canvas("#2e3a87").png().toFile(back);
  return [front, back];
}

/**
 * Staff here sign in from an address of their own (X-Forwarded-For, which the server believes from
 * loopback): the auth library allows 5 password sign-ins per address until a minute passes without
 * one, and the rest of the suite signs in from 127.0.0.1.
 */
const STAFF_NETWORK = { "x-forwarded-for": "198.51.100.12" };

const sessionFile = (testInfo: TestInfo) => path.join("tmp", `e2e-admin-session-${testInfo.project.name}.json`);

/** A signed-in staff browser context: the session of the ADM sign-in test when it ran, else one signed in here. */
async function staffContext(browser: Browser, testInfo: TestInfo) {
  const state = sessionFile(testInfo);
  const options = { ...testInfo.project.use, baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: STAFF_NETWORK };
  if (!existsSync(state)) {
    const context = await browser.newContext(options);
    const { email, password } = demoAdmin();
    const answer = await context.request.post("/api/auth/sign-in/email", {
      headers: { origin: testInfo.project.use.baseURL! },
      data: { email, password },
    });
    expect(answer.status()).toBe(200);
    await context.storageState({ path: state });
    await context.close();
  }
  return browser.newContext({ ...options, storageState: state });
}

// a fresh server run has fresh sessions
// eslint-disable-next-line no-empty-pattern
test.beforeAll(({}, testInfo) => {
  rmSync(sessionFile(testInfo), { force: true });
});

const editor = (page: Page, title: "Add product" | "Edit product") => page.getByRole("dialog", { name: title });
const field = (page: Page, title: "Add product" | "Edit product", name: string) =>
  editor(page, title).getByRole("textbox", { name, exact: true });

async function noHorizontalOverflow(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test("a visitor gets the sign-in form and a shopper the refusal at /admin/products, never product data", async ({
  page,
  request,
}) => {
  const seeded = CATALOGUE[0]!.name;
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByText(seeded)).toHaveCount(0);
  await page.goto(`/admin/products/new`);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();

  // the shopper's phone sign-in from a network of its own too (the codes are read from /dev/outbox on loopback)
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.13" });
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  for (const address of ["/admin", "/admin/products", "/admin/products?view=table", "/admin/products/new"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to the back office." })).toBeVisible();
    await expect(page.getByText(seeded)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  }
});

test("staff add a product with two pictures and a sold-out size, see it in the shop, change its price, and delete it", async ({
  page,
}, testInfo) => {
  // a long walk (two uploads through sharp, three saves, the shop in between): room for a busy machine
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const name = `Kora Tissue Saree ${project} ${Date.now().toString(36)}`;
  await page.setExtraHTTPHeaders(STAFF_NETWORK);
  await signInThroughFooter(page);
  await page.context().storageState({ path: sessionFile(testInfo) });
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();

  // The editor: a labelled modal dialog; save stays disabled, with its reason, until it can work.
  await page.getByRole("link", { name: "Add product" }).click();
  const dialog = editor(page, "Add product");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  const save = dialog.getByRole("button", { name: "Add product" });
  await expect(save).toBeDisabled();
  await expect(dialog.getByText("Please fill in all required fields")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Category" })).toHaveValue("sarees");
  await field(page, "Add product", "Name").fill(name);
  await field(page, "Add product", "Price").fill("2,450");
  await field(page, "Add product", "Original price").fill("2999");
  await expect(dialog.getByText("Shown struck through: 18% off")).toBeVisible();
  await field(page, "Add product", "Description").fill("A light kora tissue saree with a woven zari border.");
  await expect(dialog.getByText("Please upload at least one image")).toBeVisible();
  await expect(save).toBeDisabled();

  // sizes, colours (a custom one refused when its name is taken), the stock grid with 'set all'
  for (const size of ["S", "M", "L"]) await dialog.getByRole("button", { name: size, exact: true }).click();
  await dialog.getByRole("button", { name: "Indigo" }).click();
  await dialog.getByRole("button", { name: "Rust" }).click();
  await dialog.getByRole("textbox", { name: "New colour" }).fill("indigo");
  await dialog.getByRole("button", { name: "Add colour" }).click();
  await expect(dialog.getByText("indigo is already in the list")).toBeVisible();
  await dialog.getByRole("textbox", { name: "New size" }).fill("  ");
  await dialog.getByRole("button", { name: "Add size" }).click();
  await expect(dialog.getByText("Type a size to add")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Set all to" }).fill("5");
  await dialog.getByRole("button", { name: "Set all" }).click();
  await expect(dialog.getByRole("textbox", { name: "Stock of M in Rust" })).toHaveValue("5");
  await dialog.getByRole("textbox", { name: "Stock of L in Indigo" }).fill("0");
  await expect(dialog.getByText("6 variants · 25 in stock · 1 sold out")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-new-${project}.png` });
  await noHorizontalOverflow(page);

  // two pictures at once, each with its progress bar, then reordered from the keyboard and described
  const [front, back] = await pictureFiles(project);
  await dialog.getByLabel("Choose pictures to upload").setInputFiles([front!, back!]);
  await expect(page.getByTestId("toast").filter({ hasText: "Images uploaded successfully!" })).toBeVisible();
  await expect(dialog.getByTestId("picture")).toHaveCount(2);
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  const secondSrc = await dialog.getByTestId("picture").nth(1).locator("img").getAttribute("src");
  await dialog.getByRole("button", { name: "Move picture 2 left" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("picture").first().locator("img")).toHaveAttribute("src", secondSrc!);
  await expect(dialog.getByRole("button", { name: "Move picture 1 right" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Alt text for picture 1" }).fill(`${name}, back view`);
  await dialog.getByRole("textbox", { name: "Alt text for picture 2" }).fill(`${name}, front view`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product added successfully!" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const card = page.getByTestId("admin-product").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("stock-badge")).toHaveText("In stock · 25");
  await expect(card).toContainText("₹2,450");

  // the shop: found by search, the sold-out size struck through
  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const productUrl = page.url();
  await expect(page.getByText("₹2,450").first()).toBeVisible();
  const struck = page.getByRole("button", { name: "L, sold out", exact: true });
  await expect(struck).toBeVisible();
  await expect(struck).toHaveCSS("text-decoration-line", "line-through");
  await expect(page.getByRole("img", { name: `${name}, back view` }).first()).toBeVisible();

  // a new price, seen by the shop at once (the page cache was purged)
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: `Edit ${name}` })
    .first()
    .click();
  const edit = editor(page, "Edit product");
  await expect(field(page, "Edit product", "Price")).toHaveValue("2450");
  await field(page, "Edit product", "Price").fill("2199");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product updated successfully!" })).toBeVisible();
  await expect(edit).toBeHidden();
  await page
    .getByRole("link", { name: `Edit ${name}` })
    .first()
    .click();
  await expect(edit.getByTestId("recent-activity")).toContainText("Price ₹2,450 → ₹2,199");
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-${project}.png` });
  await edit.getByRole("button", { name: "Close the editor" }).click();
  await expect(edit).toBeHidden();

  await page.goto(productUrl);
  await expect(page.getByText("₹2,199").first()).toBeVisible();
  await expect(page.getByText("₹2,450")).toHaveCount(0);

  // delete after the confirmation question; nobody ordered it, so it is gone from the list and the shop
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this product?" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product deleted successfully!" })).toBeVisible();
  await expect(page.getByTestId("admin-product").filter({ hasText: name })).toHaveCount(0);
  const gone = await page.goto(productUrl);
  expect(gone?.status()).toBe(404);
});

test("a save from an old version is refused with everything typed kept; Escape leaves the editor", async ({
  browser,
}, testInfo) => {
  const context = await staffContext(browser, testInfo);
  const product = CATALOGUE[CATALOGUE.length - 1]!;
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await page
      .getByRole("link", { name: `Edit ${product.name}` })
      .first()
      .click();
    await expect(editor(page, "Edit product")).toBeVisible();
  }
  // the first tab saves (the same text with a space more: trimmed, so nothing in the shop changes)
  await field(first, "Edit product", "Care").fill(`${product.care} `);
  await editor(first, "Edit product").getByRole("button", { name: "Save changes" }).click();
  await expect(first.getByTestId("toast").filter({ hasText: "Product updated successfully!" })).toBeVisible();

  // the second tab started from the older version
  const typed = `${product.material} (edited in another tab)`;
  await field(second, "Edit product", "Material").fill(typed);
  await editor(second, "Edit product").getByRole("button", { name: "Save changes" }).click();
  const dialog = editor(second, "Edit product");
  await expect(dialog.getByRole("alert")).toContainText(
    "This product was changed by someone else while you were editing. Reload to see the latest version; your changes are still in the form.",
  );
  await expect(second.getByTestId("toast").filter({ hasText: "Error saving product" })).toBeVisible();
  await expect(field(second, "Edit product", "Material")).toHaveValue(typed);
  await expect(field(second, "Edit product", "Name")).toHaveValue(product.name);

  // reloading takes the latest version (and drops what was typed)
  await dialog.getByRole("button", { name: /Reload the latest version/ }).click();
  await expect(field(second, "Edit product", "Material")).toHaveValue(product.material);
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // a required field emptied: its message, save disabled; Escape asks before dropping the change
  await field(second, "Edit product", "Price").fill("");
  await expect(dialog.getByText("Please fill in all required fields")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save changes" })).toBeDisabled();
  second.once("dialog", (question) => void question.accept());
  await second.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(second).toHaveURL(/\/admin\/products\?search=/);
  await context.close();
});

test("the list searches, filters, pages and switches to a table; screenshots of list and editor", async ({
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const context = await staffContext(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ products/)).toBeVisible();
  await expect(page.getByTestId("admin-product")).toHaveCount(24);
  await noHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENS}/admin-products-grid-${project}.png` });

  // search by SKU, by brand; the category filter applies on change
  const seeded = CATALOGUE.find((p) => p.category === "lehengas")!;
  await page.getByRole("searchbox", { name: "Search" }).fill(seeded.brand.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(seeded.brand.toUpperCase());
  await expect(page.getByTestId("admin-product").filter({ hasText: seeded.name })).toBeVisible();
  await page.getByRole("combobox", { name: "Category" }).selectOption("lehengas");
  await expect(page).toHaveURL(/category=lehengas/);
  // the address changes as the navigation starts; the list follows when its data arrives
  await expect(page.getByTestId("admin-product").filter({ hasNotText: "Lehengas" })).toHaveCount(0);
  await expect(page.getByTestId("admin-product").filter({ hasText: seeded.name })).toBeVisible();

  await page.goto("/admin/products?page=2");
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.getByRole("navigation", { name: "List view" }).getByRole("link", { name: "Table" }).click();
  await expect(page).toHaveURL(/view=table/);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Picture",
    "Name",
    "Description",
    "Price",
    "Stock",
    "Actions",
  ]);
  await expect(table.getByTestId("stock-badge").first()).toBeVisible();
  await noHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENS}/admin-products-table-${project}.png` });

  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  const dialog = editor(page, "Edit product");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Recent activity" })).toBeVisible();
  await noHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-existing-${project}.png` });
  await dialog.getByRole("heading", { name: "Stock", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-stock-${project}.png` });
  // focus stays inside the modal editor
  for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
  await context.close();
});

test("staff give a product a packed size of its own, see the category's default as placeholders, and go back to it", async ({
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const context = await staffContext(browser, testInfo);
  const page = await context.newPage();
  // a kurta of its own per width, so the two runs never meet
  const product = CATALOGUE.filter((p) => p.category === "kurtas")[project === "phone" ? 4 : 3]!;
  const open = async () => {
    await page.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await page
      .getByRole("link", { name: `Edit ${product.name}` })
      .first()
      .click();
    await expect(editor(page, "Edit product")).toBeVisible();
  };
  await open();
  const dialog = editor(page, "Edit product");
  const weight = field(page, "Edit product", "Weight (g)");
  const length = field(page, "Edit product", "Length (cm)");
  // empty: the category's default, which the placeholders show and which follows the category
  await expect(weight).toHaveValue("");
  await expect(weight).toHaveAttribute("placeholder", "Default for Kurtas: 450 g");
  await expect(length).toHaveAttribute("placeholder", "Default for Kurtas: 32 cm");
  await expect(field(page, "Edit product", "Breadth (cm)")).toHaveAttribute("placeholder", "Default for Kurtas: 26 cm");
  await expect(field(page, "Edit product", "Height (cm)")).toHaveAttribute("placeholder", "Default for Kurtas: 4 cm");
  const category = dialog.getByRole("combobox", { name: "Category" });
  await category.selectOption("lehengas");
  await expect(weight).toHaveAttribute("placeholder", "Default for Lehengas: 1,800 g");
  await category.selectOption("kurtas");

  // a weight the courier cannot take: its message on the field, the focus there, the length typed kept
  await length.fill("40");
  await weight.fill("1.2 kg");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  const message = "Enter the weight in whole grams, from 1 to 1,00,000, or leave it empty for the category default";
  await expect(weight).toHaveAttribute("aria-invalid", "true");
  await expect(weight).toHaveAccessibleDescription(message);
  await expect(weight).toBeFocused();
  await expect(length).toHaveValue("40");
  await dialog.getByRole("heading", { name: "Shipping", exact: true }).scrollIntoViewIfNeeded();
  await noHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-shipping-error-${project}.png` });

  await weight.fill("1,200");
  await expect(weight).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product updated successfully!" })).toBeVisible();
  await expect(dialog).toBeHidden();

  // loaded back as saved, and in the product's activity
  await open();
  await expect(weight).toHaveValue("1200");
  await expect(length).toHaveValue("40");
  await expect(dialog.getByTestId("recent-activity")).toContainText(
    "Packed weight default → 1,200 g; Packed length default → 40 cm",
  );
  await dialog.getByRole("heading", { name: "Shipping", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/admin-products-editor-shipping-${project}.png` });

  // emptied: the category's default again
  await weight.fill("");
  await length.fill("");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product updated successfully!" })).toBeVisible();
  await open();
  await expect(weight).toHaveValue("");
  await expect(length).toHaveValue("");
  await expect(dialog.getByTestId("recent-activity")).toContainText("Packed weight 1,200 g → default");
  await context.close();
});
