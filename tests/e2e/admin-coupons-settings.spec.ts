import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { openProduct } from "./support/catalogue";
import { demoAdmin, signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The admin's Coupons and Settings tabs end to end, at 1440 and 390 px: staff create a coupon in the
 * editor (modal on a desktop, full screen on a phone); a guest applies it in the cart and sees the
 * discount; staff deactivate it and the cart refuses it. Staff change the store's contact phone and
 * the footer shows it at once (the save purges the page cache); the phone is put back afterwards. They
 * set the shipping and delivery card's dispatch days and cash-on-delivery confirmation, and put them back.
 * Every coupon here has a code of its own, so other specs of the run never meet it.
 */

const SCREENS = "tmp/screens";

const JHUMKAS = "Mor Oxidised Jhumkas"; // ₹549, Free Size

/** Each test and width signs staff in from an address of its own (5 password sign-ins a minute per address). */
const network = (testInfo: TestInfo, n: number) => ({
  "x-forwarded-for": `198.51.100.${60 + n * 2 + (testInfo.project.name === "phone" ? 1 : 0)}`,
});

async function guest(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  return context.newPage();
}

async function shot(page: Page, name: string, testInfo: TestInfo) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}-${testInfo.project.name}.png`), fullPage: false });
}

async function noHorizontalOverflow(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });

test("staff create a coupon, a shopper saves with it in the cart, staff deactivate it and the cart refuses it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === "phone";
  const code = `E2E${phone ? "P" : "D"}${Date.now().toString(36).toUpperCase()}`;

  await page.setExtraHTTPHeaders(network(testInfo, 0));
  await signInThroughFooter(page);
  await tabs(page).getByRole("link", { name: "Coupons" }).click();
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  // the four starting coupons are there
  const rows = page.getByTestId(phone ? "admin-coupon-card" : "admin-coupon");
  await expect(rows.filter({ hasText: "SAVE10" })).toBeVisible();
  await noHorizontalOverflow(page);
  await shot(page, "coupons-list", testInfo);

  // A code already in use is refused on its field, and what was typed stays.
  await page.getByRole("link", { name: "New coupon" }).click();
  let dialog = page.getByRole("dialog", { name: "Create coupon" });
  await expect(dialog).toBeVisible();
  if (phone) {
    const box = await dialog.getByTestId("coupon-editor").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
  }
  await dialog.getByRole("textbox", { name: "Code" }).fill("save10");
  await dialog.getByText("Percentage", { exact: true }).click();
  await dialog.getByRole("textbox", { name: "Percent off" }).fill("12");
  await dialog.getByRole("textbox", { name: "Minimum order amount" }).fill("300");
  await dialog.getByRole("textbox", { name: "Description" }).fill("End-to-end 12% off");
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await expect(dialog.getByText("A coupon with this code already exists")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Percent off" })).toHaveValue("12");
  await expect(dialog.getByRole("textbox", { name: "Description" })).toHaveValue("End-to-end 12% off");

  // An end before the start is refused in place.
  await dialog.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  await dialog.getByLabel("Valid from").fill("2030-01-10T10:00");
  await dialog.getByLabel("Valid until").fill("2030-01-01T10:00");
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await expect(dialog.getByText("The end must be after the start")).toBeVisible();
  await dialog.getByLabel("Valid from").fill("");
  await dialog.getByLabel("Valid until").fill("");
  await expect(dialog.getByText("Shoppers get 12% off orders of ₹300 or more.")).toBeVisible();
  await shot(page, "coupon-editor", testInfo);
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `Coupon created: ${code}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = rows.filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText("12% off");
  await expect(row).toContainText("Active");

  // A guest applies it in the cart: 12% of ₹549 is ₹65.88, taken off as ₹66 (whole rupees, the shopper's way).
  const shopper = await guest(browser, testInfo);
  await openProduct(shopper, JHUMKAS);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: /Added to cart/ })).toBeVisible();
  await shopper.goto("/cart");
  await shopper.getByLabel("Coupon code").fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByText("Coupon applied! You saved ₹66")).toBeVisible();
  await expect(shopper.getByTestId("summary-discount")).toHaveText("−₹66");
  await expect(shopper.getByTestId("summary-total")).toHaveText("₹483");

  // Staff deactivate it from the list.
  await row.getByRole("button", { name: `Deactivate ${code}` }).click();
  // the toast of the deactivation (the creation's may still be showing beside it)
  await expect(
    page
      .getByTestId("toast")
      .filter({ hasText: code })
      .filter({ hasText: /deactivated/i }),
  ).toBeVisible();
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("button", { name: `Reactivate ${code}` })).toBeVisible();

  // The cart drops it with the reason, and refuses it when applied again.
  await shopper.reload();
  await expect(shopper.getByText(`Coupon ${code} removed: This coupon is no longer available`)).toBeVisible();
  await expect(shopper.getByTestId("summary-discount")).toHaveCount(0);
  await expect(shopper.getByTestId("summary-total")).toHaveText("₹549");
  await shopper.getByLabel("Coupon code").fill(code);
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByText("This coupon is no longer available")).toBeVisible();
  await shopper.context().close();

  // Its detail: no uses, no orders, the changes in its activity.
  await row.getByRole("link", { name: `Edit ${code}` }).click();
  dialog = page.getByRole("dialog", { name: `Edit ${code}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Code" })).toHaveAttribute("readonly", "");
  await expect(dialog.getByText("No order has used it yet.")).toBeVisible();
  await expect(dialog.getByText(`Deactivated coupon ${code}`)).toBeVisible();
  await shot(page, "coupon-detail", testInfo);
  await dialog.getByRole("button", { name: "Close the editor" }).click();
  await expect(dialog).toHaveCount(0);
});

test("staff change the store's contact phone and the footer shows it; a bad field keeps what was typed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const newPhone = `+91 90000 ${String(Date.now() % 100_000).padStart(5, "0")}`;
  await page.setExtraHTTPHeaders(network(testInfo, 1));
  const { email, password } = demoAdmin();
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: testInfo.project.use.baseURL! },
    data: { email, password },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "GST rates by category" })).toHaveAttribute(
    "href",
    "/admin/settings/tax",
  );
  const phoneField = page.getByRole("textbox", { name: "Contact phone" });
  const original = await phoneField.inputValue();
  await noHorizontalOverflow(page);
  await shot(page, "settings", testInfo);

  try {
    // a bad percent: the message on its field, the phone typed is kept, nothing saved
    await phoneField.fill(newPhone);
    const prepaid = page.getByRole("textbox", { name: "Prepaid discount (%)" });
    await prepaid.fill("60");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter a whole percent from 0 to 50")).toBeVisible();
    await expect(prepaid).toBeFocused();
    await expect(phoneField).toHaveValue(newPhone);
    await shot(page, "settings-error", testInfo);

    await prepaid.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.getByText("All changes saved")).toHaveCount(1);

    // a visitor's page (the shared page cache was purged by the save)
    const visitor = await guest(browser, testInfo);
    await visitor.goto("/");
    await expect(visitor.getByRole("contentinfo").getByRole("link", { name: newPhone })).toBeVisible();
    await visitor.context().close();
  } finally {
    // put the shop back as other specs expect it
    await page.goto("/admin/settings");
    await page.getByRole("textbox", { name: "Contact phone" }).fill(original);
    await page.getByRole("textbox", { name: "Prepaid discount (%)" }).fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: /Settings saved|Nothing to save/ })).toBeVisible();
  }
});

test("staff set the dispatch days and when cash-on-delivery shoppers confirm; a bad value keeps what was typed", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setExtraHTTPHeaders(network(testInfo, 2));
  const { email, password } = demoAdmin();
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: testInfo.project.use.baseURL! },
    data: { email, password },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto("/admin/settings");
  const card = page.getByRole("region", { name: "Shipping & delivery" });
  const days = card.getByRole("textbox", { name: "Dispatch days" });
  const above = card.getByRole("textbox", { name: "Ask cash-on-delivery shoppers to confirm orders above ₹" });
  const hours = card.getByRole("textbox", { name: "Flag unconfirmed orders after (hours)" });
  // the shop's starting values: one working day, never asked, flagged after a day
  await expect(days).toHaveValue("1");
  await expect(above).toHaveValue("");
  await expect(above).toHaveAttribute("placeholder", "Never");
  await expect(hours).toHaveValue("24");
  await card.scrollIntoViewIfNeeded();
  await noHorizontalOverflow(page);
  await shot(page, "settings-delivery", testInfo);

  try {
    await days.fill("2");
    await above.fill("3,000");
    await hours.fill("200");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(card.getByText("Enter whole hours from 1 to 168 (7 days)")).toBeVisible();
    await expect(hours).toBeFocused();
    await expect(days).toHaveValue("2");
    await expect(above).toHaveValue("3,000");
    await shot(page, "settings-delivery-error", testInfo);

    await hours.fill("12");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Settings saved" })).toBeVisible();
    await page.reload();
    await expect(days).toHaveValue("2");
    await expect(above).toHaveValue("3000");
    await expect(hours).toHaveValue("12");
  } finally {
    // put the shop back as other specs expect it
    await page.goto("/admin/settings");
    await days.fill("1");
    await above.fill("");
    await hours.fill("24");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: /Settings saved|Nothing to save/ })).toBeVisible();
  }
});
