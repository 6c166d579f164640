import { E2E_PORT } from "../../playwright.config";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The demo shop at its other local name: this server's BASE_URL is 127.0.0.1, and the staff dialog
 * opened at localhost signs in all the same (the auth library used to refuse it as another origin,
 * and the dialog said the password was wrong).
 */

const OTHER_NAME = `http://localhost:${E2E_PORT}`;

test("staff sign in through the footer's dialog at localhost while BASE_URL is 127.0.0.1", async ({ page }) => {
  const { email, password } = demoAdmin();
  await page.goto(`${OTHER_NAME}/`);
  await page.getByRole("button", { name: /^ADM/ }).click();
  const modal = page.getByRole("dialog", { name: "Admin sign in" });
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password").fill(password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${OTHER_NAME}/admin`);
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
});
