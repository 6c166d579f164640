import type { Page } from "@playwright/test";
import { openProduct, type Seeded } from "./catalogue";
import { openCheckoutForm } from "./shopper";
import { expect } from "./test";

/* The order tests' way to an order: one piece in the bag, then the checkout with cash on delivery. */

/** Where an order goes: the pincode fills the city the form must show. */
export interface DeliverTo {
  address: string;
  pincode: string;
  city: string;
}

/**
 * The signed-in shopper on `page` adds one piece of the product (as its page starts, or the size and
 * colour of `productUrl`) and orders it cash on delivery to `to`; returns the order number.
 */
export async function buyCashOnDelivery(page: Page, s: Seeded, to: DeliverTo, productUrl?: string): Promise<string> {
  if (productUrl) await page.goto(productUrl);
  else await openProduct(page, s.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await (await openCheckoutForm(page)).fill(to.address);
  await page.getByLabel("Pincode").fill(to.pincode);
  await expect(page.getByLabel("City")).toHaveValue(to.city);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 15_000 });
  return (await page.getByTestId("success-order-number").textContent())!.trim();
}
