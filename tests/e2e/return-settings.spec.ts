import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The returns and exchanges settings end to end, at 1440 and 390 px: staff change the exchange window
 * to 10 days and mark a category non-returnable (a window out of range is refused first, with its
 * message, keeping what was typed); the Return Policy page, as any visitor reads it, says 10 days and
 * names the category. The settings are put back afterwards for the other specs.
 */

const SCREENS = "tmp/screens";
const CATEGORY = "Jewellery & Accessories";

/** Each width signs staff in from an address of its own (5 password sign-ins a minute per address). */
const network = (testInfo: TestInfo) => ({
  "x-forwarded-for": `198.51.100.${140 + (testInfo.project.name === "phone" ? 1 : 0)}`,
});

async function shot(page: Page, name: string, testInfo: TestInfo) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}-${testInfo.project.name}.png`), fullPage: false });
}

/** The page marks when React has hydrated it: a click before then would be undone by the hydration. */
async function hydrated(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("shop:hydrated").length)).toBe(1);
}

async function noHorizontalOverflow(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test("staff set a 10-day exchange window and a non-returnable category; the Return Policy page says so", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setExtraHTTPHeaders(network(testInfo));
  const { email, password } = demoAdmin();
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: testInfo.project.use.baseURL! },
    data: { email, password },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto("/admin/settings");
  await hydrated(page);
  const card = page.getByRole("region", { name: "Returns and exchanges" });
  const exchange = card.getByRole("textbox", { name: "Exchange window (days)" });
  const category = card.getByRole("checkbox", { name: CATEGORY });
  const save = page.getByRole("button", { name: "Save settings" });
  // the shop's starting rules: 15 days to exchange, 7 to return, every category returnable
  await expect(exchange).toHaveValue("15");
  await expect(card.getByRole("textbox", { name: "Return window (days)" })).toHaveValue("7");
  await expect(category).not.toBeChecked();
  await expect(
    card.getByRole("checkbox", { name: "Refund to the payment only for damaged or wrong pieces" }),
  ).toBeChecked();
  await expect(card.getByRole("textbox", { name: "Store credit lasts (days)" })).toHaveValue("365");

  try {
    await category.check();
    await exchange.fill("95");
    await save.click();
    await expect(card.getByText("Enter whole days from 0 to 90")).toBeVisible();
    await expect(exchange).toBeFocused();
    await expect(category).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await noHorizontalOverflow(page);
    await shot(page, "settings-returns-error", testInfo);

    await exchange.fill("10");
    await save.click();
    await expect(page.getByTestId("toast").filter({ hasText: "Settings saved" })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(exchange).toHaveValue("10");
    await expect(category).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await shot(page, "settings-returns", testInfo);

    // any visitor: a browser that is not signed in
    const visitor = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
    const policy = await visitor.newPage();
    await policy.goto("/return-policy");
    await expect(policy.getByRole("heading", { name: "Return & Exchange Policy", level: 1 })).toBeVisible();
    await expect(policy.getByText("Ask for an exchange within 10 days of delivery")).toBeVisible();
    await expect(
      policy.getByTestId("non-returnable").getByRole("listitem").filter({ hasText: CATEGORY }),
    ).toBeVisible();
    await expect(policy.getByText(/15 days/)).toHaveCount(0);
    const how = policy.getByRole("region", { name: "How to start a return or exchange" });
    await expect(how.getByRole("link", { name: "your account" })).toHaveAttribute("href", "/account");
    await noHorizontalOverflow(policy);
    await shot(policy, "return-policy", testInfo);
    await policy.getByRole("region", { name: "What cannot be returned or refunded" }).scrollIntoViewIfNeeded();
    await shot(policy, "return-policy-excluded", testInfo);
    await visitor.close();
  } finally {
    // put the shop back as other specs expect it
    await page.goto("/admin/settings");
    await hydrated(page);
    await exchange.fill("15");
    await category.uncheck();
    await save.click();
    await expect(page.getByTestId("toast").filter({ hasText: /Settings saved|Nothing to save/ })).toBeVisible();
  }
});
