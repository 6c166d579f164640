import type { Browser, Page, TestInfo } from "@playwright/test";
import { type Seeded } from "./catalogue";
import { buyCashOnDelivery } from "./checkout";
import { expect } from "./test";

/*
 * Steps to a delivered order, as the reviews' and returns' end-to-end tests take them: a browser of
 * its own on an address of its own, a cash-on-delivery order of one piece, and staff marking it delivered.
 */

/**
 * A new browser for this screen size coming from `198.17.<block>.<41|42>` (X-Forwarded-For, believed
 * from loopback): sign-in and review limits count per address, so each role of each width has its own.
 */
export async function pageFrom(browser: Browser, testInfo: TestInfo, block: number): Promise<Page> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": `198.17.${block}.${testInfo.project.name === "desktop" ? 41 : 42}` },
  });
  return context.newPage();
}

/**
 * The signed-in shopper on `page` orders the product as its page starts (cash on delivery, to Jaipur);
 * returns the order number.
 */
export async function orderCashOnDelivery(page: Page, s: Seeded): Promise<string> {
  return buyCashOnDelivery(page, s, {
    address: "22 Chandpole Bazaar, near the gate",
    pincode: "302001",
    city: "Jaipur",
  });
}

/** Staff (signed in on `staff`) mark the order delivered from its page. */
export async function markDelivered(staff: Page, orderNumber: string) {
  await staff.goto(`/admin/orders?search=${encodeURIComponent(orderNumber)}`);
  await staff.getByRole("link", { name: orderNumber }).first().click();
  await expect(staff.getByRole("heading", { name: orderNumber, level: 1 })).toBeVisible();
  const form = staff.getByTestId("status-form");
  await form.getByLabel("New status").selectOption("delivered");
  await form.getByRole("button", { name: "Update status" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("Delivered");
}
