import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { openProduct, SEEDED, variantStock } from "./support/catalogue";
import { randomPhone, register } from "./support/shopper";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * axe-core (WCAG 2.0-2.2 A and AA, target size included) on every kind of page a shopper or a staff
 * member opens, at 1440 and 390 px: the storefront as a guest, the checkout, the test gateway's
 * payment page and the account as a signed-in shopper, and the back office. Each page is checked as
 * it stands once loaded and hydrated; nothing is left out of the check. One sign-in per role. On the
 * way, the order number is checked where it is a heading: set in the text face with even-width
 * figures, on one line, inside the screen.
 */

/** A kurta with a size guide and stock to spare in the size and colour its page starts on. */
const KURTA = SEEDED.find(
  (s) =>
    s.product.category === "kurtas" &&
    s.product.sizes.length > 1 &&
    variantStock(s, s.start.size!, s.start.colour!) >= 12,
)!;

async function settled(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("shop:hydrated").length)).toBe(1);
  await page.waitForLoadState("networkidle");
}

/** axe on the page as it stands: the assertion names the page, and the walk goes on to the next one. */
async function check(page: Page, name: string, path?: string) {
  if (path) await page.goto(path);
  await settled(page);
  expect.soft(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

async function expectOrderCode(code: Locator, where: string) {
  await expect(code).toHaveText(/^ORD-/);
  const look = await code.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const style = getComputedStyle(element);
    return {
      font: style.fontFamily,
      figures: style.fontVariantNumeric,
      lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
      right: Math.max(...rects.map((rect) => rect.right)),
    };
  });
  expect(look.font, `the order number on ${where}: the text face`).toMatch(/^"?Jost/);
  expect(look.figures, `the order number on ${where}: even-width figures`).toContain("tabular-nums");
  expect(look.lines, `the order number on ${where}: one line`).toBe(1);
  expect(look.right, `the order number on ${where}: inside the screen`).toBeLessThanOrEqual(
    code.page().viewportSize()!.width,
  );
}

/*
 * Sign-in codes and staff passwords are limited per address: each test browses from an address of its
 * own (X-Forwarded-For, believed from loopback), not the one the rest of the suite shares.
 */
const ADDRESSES = { storefront: 31, shopper: 32, staff: 33 } as const;
const networkOf = (who: keyof typeof ADDRESSES, project: string) => ({
  "X-Forwarded-For": `198.18.${ADDRESSES[who]}.${project === "desktop" ? 1 : 2}`,
});

test("the storefront, as a guest", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().setExtraHTTPHeaders(networkOf("storefront", testInfo.project.name));
  await check(page, "home", "/");
  await check(page, "a category's list", "/products?category=kurtas");
  await check(page, "search results", "/products?search=kurta");
  await openProduct(page, KURTA.product.name);
  await check(page, "a product page");
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await check(page, "the cart with a piece", "/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await check(page, "the wishlist", "/wishlist");
  await expect(page.getByText(KURTA.product.name)).toBeVisible();
  await check(page, "about", "/about");
  await check(page, "the shipping policy", "/shipping-policy");
  await check(page, "the return policy", "/return-policy");
  await check(page, "the privacy policy", "/privacy-policy");
  await check(page, "track order", "/track-order");
  await check(page, "the sign-in screen", "/authentication");
});

test("the checkout, the test gateway and the account, signed in", async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  await page.context().setExtraHTTPHeaders(networkOf("shopper", testInfo.project.name));
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await check(page, "the account");
  await openProduct(page, KURTA.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await check(page, "the checkout with a piece in the bag", "/checkout");

  await page.getByRole("textbox", { name: "Address", exact: true }).fill("14 Janpath, near the Government Emporium");
  await page.getByLabel("Pincode").fill("110001");
  await expect(page.getByLabel("City")).toHaveValue("New Delhi");
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/payment\?order=ORD-/);
  const orderNumber = /ORD-[A-Z0-9-]+/.exec(decodeURIComponent(page.url()))![0];
  await check(page, "the test gateway's payment page");

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 15_000 });
  await check(page, "the order's success page");
  await expectOrderCode(page.getByTestId("success-order-number"), "the success page");
  await check(page, "the account's order page", `/account/orders/${orderNumber}`);
  await expectOrderCode(page.getByRole("heading", { level: 1 }), "the account's order page");
  await check(page, "track order with the shopper's orders", "/track-order");
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("Phone or e-mail").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByRole("list", { name: "Order progress" })).toBeVisible();
  await check(page, "track order's answer");
  await expectOrderCode(page.getByRole("heading", { name: orderNumber }), "track order's answer");
});

test("the back office", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const network = networkOf("staff", testInfo.project.name);
  await page.context().setExtraHTTPHeaders(network);
  const { email, password } = demoAdmin();
  const answer = await page.request.post("/api/auth/sign-in/email", {
    headers: { ...network, origin: baseURL! },
    data: { email, password },
  });
  expect(answer.status()).toBe(200);

  await check(page, "the admin dashboard", "/admin");
  await check(page, "the admin's products list", "/admin/products");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check(page, "a product's editor");
  await check(page, "the admin's orders list", "/admin/orders");
  // the newest order (the signed-in walk above places one)
  await page.getByRole("link", { name: /^ORD-/ }).filter({ visible: true }).first().click();
  await expect(page.getByTestId("order-detail")).toBeVisible();
  await check(page, "an order's page");
  await expectOrderCode(page.getByRole("heading", { level: 1 }), "the admin's order page");
  await check(page, "the admin's customers", "/admin/customers");
  await check(page, "the admin's coupons", "/admin/coupons");
  await check(page, "the store settings", "/admin/settings");
  await check(page, "the GST rates", "/admin/settings/tax");
});
