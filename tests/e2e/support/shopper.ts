import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { CART_STORAGE_KEY } from "../../../app/modules/cart/local-cart";

/* Sign-in steps shared by the end-to-end tests (codes come from the demo outbox: decision 010). */

export function randomPhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox?phone=${phone}`);
      const body = (await response.json()) as { messages: Array<{ body: string }> };
      code = body.messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function sendCode(page: Page, phone: string) {
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText("OTP sent successfully! Check your phone for the SMS.")).toBeVisible();
}

/** Registers a new shopper from the account screen at `path`; ends signed in. */
export async function register(
  page: Page,
  request: APIRequestContext,
  phone: string,
  path = "/authentication",
  names: { first: string; last: string; email: string } = {
    first: "Kavya",
    last: "Rao",
    email: `kavya.${phone}@example.com`,
  },
) {
  await page.goto(path);
  await page.getByRole("button", { name: "Register" }).click();
  await sendCode(page, phone);
  await page.getByLabel("One-time code (OTP)").fill(await codeFor(request, phone));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await page.getByLabel("First name").fill(names.first);
  await page.getByLabel("Last name").fill(names.last);
  await page.getByLabel("E-mail").fill(names.email);
  await page.getByRole("button", { name: "Complete registration" }).click();
}

/** Signs an existing shopper in from the account screen at `path`. */
export async function signIn(page: Page, request: APIRequestContext, phone: string, path = "/authentication") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await sendCode(page, phone);
  await page.getByLabel("One-time code (OTP)").fill(await codeFor(request, phone));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}

export async function signOut(page: Page) {
  await page.goto("/authentication");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Browses from an address of its own for this test and screen size (X-Forwarded-For, believed from
 * loopback as behind a local proxy), so the codes it asks for count against its own limit of 20 an
 * hour, not against the 127.0.0.1 every other test of the run shares. `block` keeps spec files apart.
 */
export async function browseFromOwnNetwork(
  page: Page,
  testInfo: { title: string; project: { name: string } },
  block: number,
) {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 250;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${block}.${hash + 1}.${testInfo.project.name === "desktop" ? 1 : 2}`,
  });
}

/**
 * Opens the checkout and returns its Address field once the form is there. When the form does not come
 * (the bag is empty, a line is blocked, the page failed), fails with what the shopper saw instead: the
 * answer's status, where the page ended up and its text, so a failure on CI says which it was.
 */
export async function openCheckoutForm(page: Page) {
  const response = await page.goto("/checkout");
  const address = page.getByRole("textbox", { name: "Address", exact: true });
  try {
    await address.waitFor({ state: "visible", timeout: 30_000 });
  } catch {
    const text = await page
      .locator("main")
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => "(no main)");
    const bag = await page.evaluate((key) => window.localStorage.getItem(key), CART_STORAGE_KEY).catch(() => null);
    throw new Error(
      `The checkout form did not come: /checkout answered ${response?.status() ?? "nothing"}, ` +
        `the page is at ${page.url()}, the browser's own bag holds ${bag ?? "nothing"}; it shows:\n` +
        text.replace(/\s+/g, " ").slice(0, 600),
    );
  }
  return address;
}
