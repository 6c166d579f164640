import type { Page } from "@playwright/test";
import { CHECKOUT_MESSAGES } from "../../app/modules/checkout/billing";
import {
  DELIVERY_MESSAGES,
  DELIVERY_PINCODE_KEY,
  type DeliveryAnswer,
  deliveryMessage,
} from "../../app/modules/shipping/delivery";
import { axeViolations } from "./support/axe";
import { openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { browseFromOwnNetwork, randomPhone, register } from "./support/shopper";
import { expect, test } from "./support/test";

/*
 * The shopper's pincode check (decision 041) at 1440 and 390 px: on the product page (a date and cash
 * on delivery, none at 744101 in the Andaman Islands, none at all at 999999, a malformed pincode's
 * message, a network failure), nothing of it in the shared page's HTML, the pincode remembered from the
 * product page to the cart, and the checkout closing cash on delivery for 744101 and placing the order
 * online. Screenshots go to tmp/screenshots/delivery-*.png for a person to look at.
 */

const SHOTS = "tmp/screenshots";

const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
/** Products with plenty in the size and colour their page starts on, away from the ones other specs buy. */
const PLENTY = SEEDED.filter((s) => startStock(s) >= 12);
const PICK = { look: PLENTY.at(-10)!, remember: PLENTY.at(-11)!, checkout: PLENTY.at(-12)! };

test.beforeEach(async ({ page }, testInfo) => browseFromOwnNetwork(page, testInfo, 24));

/** The line the page should show: the route's own answer, in the shared words. */
async function expectedLine(page: Page, pincode: string): Promise<string> {
  const response = await page.request.get(`/api/delivery/${pincode}`);
  expect(response.status()).toBe(200);
  return deliveryMessage((await response.json()) as DeliveryAnswer);
}

const checkBox = (page: Page) => page.getByTestId("delivery-check");

async function check(page: Page, pincode: string) {
  await page.getByLabel("Check delivery").fill(pincode);
  await checkBox(page).getByRole("button", { name: "Check", exact: true }).click();
}

test("the product page's check: a date with cash on delivery, none at 744101, no delivery at 999999, and a bad pincode's message", async ({
  page,
}, testInfo) => {
  const s = PICK.look;
  // the shared page carries the empty form only: no answer, no pincode
  await openProduct(page, s.product.name);
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain("Check delivery");
  expect(html).not.toMatch(/Delivery by|We do not deliver|name="pincode"[^>]*value=/);

  const box = checkBox(page);
  const input = page.getByLabel("Check delivery");
  const answer = box.getByRole("status");
  await expect(input).toHaveAttribute("inputmode", "numeric");
  await expect(input).toHaveAttribute("autocomplete", "postal-code");
  await expect(input).toHaveAttribute("maxlength", "6");
  await expect(answer).toHaveText("");

  const delhi = await expectedLine(page, "110001");
  expect(delhi).toMatch(/^Delivery by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} · Cash on delivery available$/);
  await check(page, "110001");
  await expect(answer).toHaveText(delhi);
  await expect(input).not.toHaveAttribute("aria-invalid", /.*/);
  // axe before scrolling: the sticky header over a scrolled page would hide other targets in part
  expect(await axeViolations(page)).toEqual([]);
  await input.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/delivery-product-${testInfo.project.name}.png` });

  // the Andaman Islands: a date, but no cash on delivery
  const portBlair = await expectedLine(page, "744101");
  expect(portBlair).toMatch(/^Delivery by .+ · Cash on delivery not available$/);
  await check(page, "744101");
  await expect(answer).toHaveText(portBlair);

  // a pincode no courier serves
  await check(page, "999999");
  await expect(answer).toHaveText(DELIVERY_MESSAGES.notServiceable("999999"));

  // a malformed pincode: the message, and the box marked
  await check(page, "12345");
  await expect(answer).toHaveText(DELIVERY_MESSAGES.invalid);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const refused = await page.request.get("/api/delivery/12345");
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ error: DELIVERY_MESSAGES.invalid });

  // the shop cannot be reached: a polite word, and the next try works
  await page.route("**/api/delivery/**", (route) => route.abort("internetdisconnected"));
  await check(page, "560038");
  await expect(answer).toHaveText(DELIVERY_MESSAGES.failed);
  await page.unroute("**/api/delivery/**");

  // by keyboard alone: type, Enter; Tab reaches Check, and Enter on it checks again
  await input.fill("");
  await input.focus();
  await page.keyboard.type("302001");
  await page.keyboard.press("Enter");
  await expect(answer).toHaveText(await expectedLine(page, "302001"));
  await page.keyboard.press("Tab");
  await expect(box.getByRole("button", { name: "Check", exact: true })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("744101");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(answer).toHaveText(portBlair);
});

test("a checked pincode is remembered: the cart answers it without typing, and so does the next product page", async ({
  page,
}, testInfo) => {
  const s = PICK.remember;
  await openProduct(page, s.product.name);
  const line = await expectedLine(page, "560038");
  await check(page, "560038");
  await expect(checkBox(page).getByRole("status")).toHaveText(line);
  expect(await page.evaluate((key) => localStorage.getItem(key), DELIVERY_PINCODE_KEY)).toBe("560038");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();

  await page.goto("/cart");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByLabel("Check delivery")).toHaveValue("560038");
  await expect(summary.getByTestId("delivery-check").getByRole("status")).toHaveText(line);
  expect(await axeViolations(page)).toEqual([]);
  await summary.getByLabel("Check delivery").evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/delivery-cart-${testInfo.project.name}.png` });

  // another pincode checked in the cart is the one the product page answers next
  const andaman = await expectedLine(page, "744101");
  await summary.getByLabel("Check delivery").fill("744101");
  await summary.getByLabel("Check delivery").press("Enter");
  await expect(summary.getByTestId("delivery-check").getByRole("status")).toHaveText(andaman);
  await openProduct(page, PICK.look.product.name);
  await expect(page.getByLabel("Check delivery")).toHaveValue("744101");
  await expect(checkBox(page).getByRole("status")).toHaveText(andaman);
});

test("at the checkout, 744101 closes cash on delivery: a chosen one moves to Pay online, nothing typed is lost, and the order is paid online", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const s = PICK.checkout;
  await register(page, page.request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await openProduct(page, s.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();

  const note = page.getByTestId("delivery-note");
  const cod = page.getByRole("radio", { name: /Cash on delivery/ });
  const online = page.getByRole("radio", { name: /Pay online/ });
  const address = page.getByRole("textbox", { name: "Address", exact: true });
  // by role: once cash on delivery names the pincode, its radio's label mentions one too
  const pincode = page.getByRole("textbox", { name: "Pincode" });
  await expect(note).toHaveText("Enter your pincode to see when your order arrives.");

  // Delhi: a date, cash on delivery open; the shopper chooses it
  await address.fill("7 Aberdeen Bazaar, near the clock tower");
  await page.getByLabel("Note to seller (optional)").fill("Please call before delivery");
  await pincode.fill("110001");
  await expect(note).toHaveText(await expectedLine(page, "110001"));
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByRole("button", { name: /^Place order/ })).toHaveText("Place order");

  // Port Blair: cash on delivery closes with the reason, the choice moves to Pay online and is said
  await pincode.fill("744101");
  await expect(page.getByLabel("City")).toHaveValue("South Andaman");
  const line = await expectedLine(page, "744101");
  await expect(note).toContainText(line);
  await expect(note).toContainText("We have switched your payment to Pay online.");
  await expect(cod).toBeDisabled();
  await expect(online).toBeChecked();
  await expect(page.getByText(DELIVERY_MESSAGES.codRefused("744101"))).toBeVisible();
  await expect(page.getByRole("button", { name: /^Place order/ })).toHaveText(/^Place order and pay ₹/);
  await expect(address).toHaveValue("7 Aberdeen Bazaar, near the clock tower");
  await expect(page.getByLabel("Note to seller (optional)")).toHaveValue("Please call before delivery");
  await expect(pincode).toHaveValue("744101");
  expect(await axeViolations(page)).toEqual([]);
  await note.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/delivery-checkout-${testInfo.project.name}.png` });

  // a pincode nobody serves: the line, and the button still there (the server decides)
  await pincode.fill("999999");
  await expect(note).toHaveText(DELIVERY_MESSAGES.notServiceable("999999"));
  await expect(page.getByRole("button", { name: /^Place order/ })).toBeEnabled();

  // back to Port Blair, and the order goes through the test gateway
  await pincode.fill("744101");
  await expect(note).toContainText(line);
  await expect(page.getByLabel("State")).toHaveValue("Andaman and Nicobar Islands");
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/payment\?order=ORD-/);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  await expect(page.getByTestId("success-payment-method")).toContainText("Paid online");
});
