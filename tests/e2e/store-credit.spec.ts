import type { Browser, Page, TestInfo } from "@playwright/test";
import { openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * Store credit (decision 042) at 1440 and 390 px: a new shopper's account shows nothing of it; staff
 * adjust her credit on her customer page (a missing reason is refused with the amount kept); her
 * account then shows the balance and the entry; at checkout she uses it and pays the rest on
 * delivery; the success page shows 'Paid with store credit'.
 */

const SCREENS = "tmp/screens";
/** The shop's sticky header stays at the top of a picture instead of over what it shows. */
const STILL = "header { position: static !important; }";

/** A piece of its own per width, above ₹2,000 so the credit pays part of it. */
const PRICEY = SEEDED.filter((s) => s.product.price > 2_500 && s.quickStock >= 3);
const PIECE: Record<string, Seeded> = { desktop: PRICEY[3]!, phone: PRICEY[4]! };

async function newPage(browser: Browser, testInfo: TestInfo, who: "shopper" | "staff"): Promise<Page> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": `198.18.${who === "staff" ? 80 : 81}.${testInfo.project.name === "desktop" ? 41 : 42}`,
    },
  });
  return context.newPage();
}

test("staff give a shopper store credit, she sees it on her account and pays with it at checkout", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = testInfo.project.name;
  const piece = PIECE[name]!;
  const shopper = await newPage(browser, testInfo, "shopper");
  const phone = randomPhone();
  // the codes are read from this machine's own address (the demo outbox answers no one else)
  await register(shopper, request, phone);
  await expect(shopper.getByRole("button", { name: "Logout" })).toBeVisible();
  // never had credit: nothing of it on her account
  await expect(shopper.getByRole("heading", { name: "Store credit" })).toHaveCount(0);

  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await staff.goto(`/admin/customers?search=${phone}`);
  await staff.getByRole("link", { name: /Kavya Rao/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Kavya Rao" })).toBeVisible();
  const panel = staff.getByRole("region", { name: "Store credit" });
  await expect(panel.getByTestId("admin-store-credit-balance")).toHaveText("₹0.00");
  await panel.getByLabel("Amount (₹)").fill("2,000");
  await panel.getByRole("button", { name: "Adjust store credit" }).click();
  await expect(panel.getByText("Say why (the shopper reads this beside the entry).")).toBeVisible();
  await expect(panel.getByLabel("Amount (₹)")).toHaveValue("2,000");
  await panel.getByLabel("Reason").fill("Sorry for the late delivery of your last order");
  await panel.getByRole("button", { name: "Adjust store credit" }).click();
  await expect(staff.getByText("Store credit adjusted.")).toBeVisible();
  await expect(panel.getByTestId("admin-store-credit-balance")).toHaveText("₹2,000.00");
  await expect(panel.getByText("Sorry for the late delivery of your last order")).toBeVisible();
  await staff.screenshot({ path: `${SCREENS}/store-credit-admin-${name}.png`, fullPage: true, style: STILL });

  await shopper.reload();
  const section = shopper.getByRole("region", { name: "Store credit" });
  await expect(section.getByTestId("store-credit-balance")).toHaveText("₹2,000");
  await expect(section.getByText("Adjusted by the shop")).toBeVisible();
  await expect(section.getByText("+₹2,000.00")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: `${SCREENS}/store-credit-account-${name}.png`, fullPage: true, style: STILL });

  await openProduct(shopper, piece.product.name);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText(/^Added to cart/)).toBeVisible();
  await shopper.goto("/checkout");
  await shopper.getByRole("textbox", { name: "Address", exact: true }).fill("22 Chandpole Bazaar, near the gate");
  await shopper.getByLabel("Pincode").fill("302001");
  await expect(shopper.getByLabel("City")).toHaveValue("Jaipur");
  await shopper.getByRole("radio", { name: /Cash on delivery/ }).check();
  const use = shopper.getByRole("checkbox", { name: "Use store credit (₹2,000 available)" });
  await expect(use).toBeChecked();
  await expect(shopper.getByTestId("checkout-store-credit")).toHaveText("−₹2,000");
  const total = Number((await shopper.getByTestId("checkout-total").textContent())!.replace(/[^\d]/g, ""));
  await expect(shopper.getByTestId("checkout-due")).toHaveText(`₹${(total - 2_000).toLocaleString("en-IN")}`);
  // the summary alone, where the credit is
  await shopper
    .getByRole("complementary", { name: "Order summary" })
    .screenshot({ path: `${SCREENS}/store-credit-checkout-${name}.png`, style: STILL });
  // unticked, the credit stays for later and the whole total is due
  await use.uncheck();
  await expect(shopper.getByTestId("checkout-store-credit")).toHaveCount(0);
  await use.check();
  await shopper.getByRole("button", { name: /^Place order/ }).click();
  await expect(shopper).toHaveURL(/\/order-success/, { timeout: 15_000 });
  await expect(shopper.getByTestId("success-payment-method")).toHaveText("Store credit and cash on delivery");
  await expect(shopper.getByText("Paid with store credit")).toBeVisible();
  await shopper.screenshot({ path: `${SCREENS}/store-credit-success-${name}.png`, fullPage: true, style: STILL });

  await shopper.goto("/authentication");
  await expect(section.getByTestId("store-credit-balance")).toHaveText("₹0");
  await expect(section.getByText("Used on an order")).toBeVisible();
});
