import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "./test";

/*
 * The demo shop's staff member in end-to-end tests: the credentials the start-up writes beside the
 * embedded database, and signing in as a shop owner does, through the footer's ADM modal.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";

export function demoAdmin(): { email: string; password: string } {
  return JSON.parse(readFileSync(path.join(dataDir, "demo-admin.json"), "utf8")) as { email: string; password: string };
}

/** Signs the demo admin in from the home page's footer; the back office's dashboard opens. */
export async function signInThroughFooter(page: Page): Promise<void> {
  const { email, password } = demoAdmin();
  await page.goto("/");
  await page.getByRole("button", { name: /^ADM/ }).click();
  const modal = page.getByRole("dialog", { name: "Admin sign in" });
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password").fill(password);
  await modal.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}
