import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { CHECKOUT_MESSAGES } from "../../app/modules/checkout/billing";
import { DEMO_TAX_IDENTITY, defaultCategoryTaxRows } from "../../app/modules/invoices/defaults";
import { openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { randomPhone, register } from "./support/shopper";
import { demoAdmin, signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * GST tax invoices end to end (decision 024) at 1440 and 390 px: a shopper places a cash on
 * delivery order and downloads its invoice from the account's order page; the PDF's text is read back
 * (number, the shop's GSTIN, the piece's HSN code, the tax split and the total). Staff see and change
 * the GST rates at /admin/settings/tax, with a message per field for a mistake.
 */

const SCREENS = "tmp/screens";

const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
// plenty of the size and colour the page starts on (as checkout.spec.ts), two that no other test buys
const PLENTY = SEEDED.filter((s) => startStock(s) >= 12).reverse();

test.beforeEach(async ({ page }, testInfo) => {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 250;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `198.19.${hash + 1}.${testInfo.project.name === "desktop" ? 21 : 22}`,
  });
});

async function pdfText(file: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(file));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

async function screenshot(page: Page, name: string, project: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/invoices-${name}-${project}.png`, fullPage: true });
}

test("a shopper places a cash-on-delivery order and downloads its tax invoice from the account", async ({
  page,
  request,
}, testInfo) => {
  const desktop = testInfo.project.name === "desktop";
  const s = PLENTY[desktop ? 6 : 7]!;
  const hsn = defaultCategoryTaxRows([s.product.category])[0]!.hsnCode;
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await openProduct(page, s.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();

  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  // desktop ships to Delhi (another state than the shop's Rajasthan: IGST), the phone to Jaipur (CGST + SGST)
  await page.getByRole("textbox", { name: "Address", exact: true }).fill(desktop ? "14 Janpath" : "22 Johari Bazaar");
  await page.getByLabel("Pincode").fill(desktop ? "110001" : "302001");
  await expect(page.getByLabel("State")).toHaveValue(desktop ? "Delhi" : "Rajasthan");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  const orderNumber = (await page.getByTestId("success-order-number").textContent())!.trim();

  await page.goto(`/account/orders/${encodeURIComponent(orderNumber)}`);
  const link = page.getByRole("link", { name: "Download invoice" });
  await expect(link).toBeVisible();
  const total = (await page
    .locator("dt", { hasText: /^Total$/ })
    .locator("xpath=following-sibling::dd")
    .textContent())!.trim();
  await link.focus();
  await screenshot(page, "order-page", testInfo.project.name);

  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const text = await pdfText((await download.path())!);
  const number = download.suggestedFilename().replace(".pdf", "").replaceAll("-", "/");
  for (const expected of [
    number,
    orderNumber,
    DEMO_TAX_IDENTITY.gstin,
    DEMO_TAX_IDENTITY.legalName,
    hsn,
    s.product.name.split(" ")[0]!,
    total,
    desktop ? "Delhi (07)" : "Rajasthan (08)",
  ]) {
    expect(text, expected).toContain(expected);
  }
  if (desktop) {
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
  } else {
    expect(text).toContain("CGST");
    expect(text).toContain("SGST");
    expect(text).not.toContain("IGST");
  }

  // the same address answers nobody else; staff have their own
  const origin = new URL(page.url()).origin;
  const other = await page
    .context()
    .browser()!
    .newContext({
      baseURL: origin,
      extraHTTPHeaders: { "X-Forwarded-For": desktop ? "198.19.251.21" : "198.19.251.22" },
    });
  const visitor = await other.request.get(`/account/orders/${encodeURIComponent(orderNumber)}/invoice`, {
    maxRedirects: 0,
  });
  expect(visitor.status()).toBe(302);
  const { email, password } = demoAdmin();
  const signedIn = await other.request.post("/api/auth/sign-in/email", {
    headers: { origin },
    data: { email, password },
  });
  expect(signedIn.status()).toBe(200);
  const forStaff = await other.request.get(`/admin/orders/${encodeURIComponent(orderNumber)}/invoice`);
  expect(forStaff.status()).toBe(200);
  expect(forStaff.headers()["content-type"]).toBe("application/pdf");
  expect(forStaff.headers()["cache-control"]).toBe("private, no-store");
  const staffCopy = await extractText(await getDocumentProxy(new Uint8Array(await forStaff.body())), {
    mergePages: true,
  });
  expect(staffCopy.text).toContain(number);
  await other.close();
});

test("staff see the GST rates, get a message per field for a mistake, and schedule a change", async ({
  page,
}, testInfo) => {
  await signInThroughFooter(page);

  await page.goto("/admin/settings/tax");
  await expect(page.getByRole("heading", { name: "GST rates", level: 1 })).toBeVisible();
  await expect(page.getByText(`Invoices are issued as ${DEMO_TAX_IDENTITY.gstin}, Rajasthan.`)).toBeVisible();
  const card = page.getByRole("region", { name: "Lehengas" });
  await expect(card.getByText(/HSN 6204 · 5% \(18% above ₹2,500 a piece\)/)).toBeVisible();
  await screenshot(page, "tax-rates", testInfo.project.name);

  await card.getByText("Change rate").click();
  const form = card.getByRole("form", { name: "New GST rate for Lehengas" });
  await form.getByLabel("GST rate (%)").fill("35");
  await form.getByLabel("Threshold per piece").fill("");
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(form.getByText("Please enter a rate from 0 to 28 %, with at most two decimals")).toBeVisible();
  await expect(form.getByText(/Please enter the value per piece above which the higher rate applies/)).toBeVisible();
  await expect(form.getByLabel("GST rate (%)")).toHaveValue("35");
  await expect(form.getByLabel("GST rate (%)")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "tax-rates-errors", testInfo.project.name);

  const nextYear = `${new Date().getUTCFullYear() + 1}-04-01`;
  await form.getByLabel("Applies from").fill(nextYear);
  await form.getByLabel("GST rate (%)").fill("5");
  await form.getByLabel("Threshold per piece").fill(testInfo.project.name === "desktop" ? "3000" : "3500");
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "GST rate saved" })).toBeVisible();
  await expect(
    card.getByText(
      new RegExp(`above ₹${testInfo.project.name === "desktop" ? "3,000" : "3,500"} a piece\\) · from 1 Apr`),
    ),
  ).toBeVisible();
  await card.getByRole("button", { name: /Cancel change/ }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Scheduled change cancelled" })).toBeVisible();
  await expect(card.getByText(/ · from 1 Apr/)).toHaveCount(0);
});
