import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { codeFor, randomPhone, browseFromOwnNetwork } from "./support/shopper";

/*
 * A new shopper registers with a code read from the demo outbox (/dev/outbox, demo mode only:
 * docs/decisions/010), signs out, signs in again, and keeps an address book.
 */

async function requestCode(page: Page, phone: string) {
  await page.getByLabel("Mobile number").fill(`${phone.slice(0, 5)} ${phone.slice(5)}`);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText("OTP sent successfully! Check your phone for the SMS.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Resend OTP in \d+s/ })).toBeDisabled();
}

test.beforeEach(async ({ page }, testInfo) => browseFromOwnNetwork(page, testInfo, 22));

test("register with a phone code, sign out, sign in again, keep an address book", async ({ page, request }) => {
  // one long journey of about 25 page actions
  test.setTimeout(90_000);
  const phone = randomPhone();
  const response = await page.goto("/authentication");
  expect(response?.headers()["cache-control"]).toBe("no-store");

  // Register
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText("Please enter your phone number")).toBeVisible();
  await page.getByLabel("Mobile number").fill("12345");
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText("Please enter a valid 10-digit phone number")).toBeVisible();
  await requestCode(page, phone);
  const code = await codeFor(request, phone);
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("One-time code (OTP)").fill(wrong);
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByText("Invalid OTP. Please try again.")).toBeVisible();
  await page.getByLabel("One-time code (OTP)").fill(code);
  await page.getByRole("button", { name: "Verify and continue" }).click();

  await expect(page.getByRole("heading", { name: "Complete your registration" })).toBeVisible();
  await expect(page.getByText("Please complete your registration")).toBeVisible();
  // nothing filled in: the summary once, above, and what each field needs under it
  await page.getByRole("button", { name: "Complete registration" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  await expect(page.getByText("Please fill in all required fields")).toHaveCount(1);
  await expect(page.getByText("Please enter your first name")).toBeVisible();
  await expect(page.getByText("Please enter your last name")).toBeVisible();
  await expect(page.getByText("Please enter your e-mail address")).toBeVisible();
  // each goes as soon as its field is filled in
  await page.getByLabel("First name").fill("Asha");
  await expect(page.getByText("Please enter your first name")).toHaveCount(0);
  await page.getByLabel("E-mail").fill("asha@example.com");
  await expect(page.getByText("Please enter your e-mail address")).toHaveCount(0);
  await expect(page.getByText("Please enter your last name")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields")).toHaveCount(1);
  await expect(page.getByLabel("First name")).toHaveValue("Asha");
  await page.getByLabel("Last name").fill("Verma");
  await expect(page.getByText("Please fill in all required fields")).toHaveCount(0);
  await page.getByRole("button", { name: "Complete registration" }).click();

  await expect(page.getByRole("heading", { name: "Asha Verma" })).toBeVisible();
  await expect(page.getByText("Welcome to Saanjh, Asha!")).toBeVisible();
  await expect(page.getByText("asha@example.com")).toBeVisible();
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();

  // Sign out, then sign in again
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/authentication");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await requestCode(page, phone);
  await page.getByLabel("One-time code (OTP)").fill(await codeFor(request, phone));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Welcome back, Asha!")).toBeVisible();

  // Address book: add, edit, add a second and make it primary, delete
  await page.getByRole("link", { name: "Add address" }).click();
  await expect(page.getByRole("heading", { name: "Address book" })).toBeVisible();
  await page.getByLabel("Full name").fill("Asha Verma");
  await page.getByLabel("Phone").fill("98123 45678");
  await page.getByLabel("Address line 1").fill("12 MG Road");
  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("Pincode").fill("4110");
  await page.getByLabel("State").selectOption("Maharashtra");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Please enter a valid 6-digit pincode")).toBeVisible();
  await page.getByLabel("Pincode").fill("411001");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added.")).toBeVisible();
  const cards = page.getByTestId("address-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Primary address");

  await cards.first().getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await page.getByLabel("Address line 2 (optional)").fill("Near Camp");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Address updated.")).toBeVisible();
  await expect(cards.first()).toContainText("Near Camp");

  await page.getByLabel("Full name").fill("Asha Verma");
  await page.getByLabel("Phone").fill("9812345678");
  await page.getByLabel("Address line 1").fill("4 Park Street");
  await page.getByLabel("City").fill("Kolkata");
  await page.getByLabel("Pincode").fill("700016");
  await page.getByLabel("State").selectOption("West Bengal");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: "Make 4 Park Street the primary address" }).click();
  await expect(page.getByText("Primary address changed.")).toBeVisible();
  await expect(cards.first()).toContainText("4 Park Street");
  await expect(cards.first()).toContainText("Primary address");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete address 12 MG Road" }).click();
  await expect(page.getByText("Address deleted.")).toBeVisible();
  await expect(cards).toHaveCount(1);

  await page.getByRole("link", { name: "My account" }).click();
  await expect(page.getByRole("region", { name: "Primary address" })).toContainText("4 Park Street");
});

test("Login with a number that has no account goes on to the registration, with the code already verified", async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await page.goto("/authentication");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await requestCode(page, phone);
  await page.getByLabel("One-time code (OTP)").fill(await codeFor(request, phone));
  await page.getByRole("button", { name: "Verify and sign in" }).click();

  // no 'register first' and no second code: the registration form, for the verified number
  await expect(page.getByRole("heading", { name: "Complete your registration" })).toBeVisible();
  await expect(
    page.getByText("Account not found for this number. It is verified: fill in your details to register."),
  ).toBeVisible();
  await expect(page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toBeVisible();
  const outbox = (await (await request.get(`/dev/outbox?phone=${phone}`)).json()) as { messages: unknown[] };
  expect(outbox.messages).toHaveLength(1);
  await page.getByLabel("First name").fill("Ira");
  await page.getByLabel("Last name").fill("Sen");
  await page.getByLabel("E-mail").fill(`ira.${phone}@example.com`);
  await page.getByRole("button", { name: "Complete registration" }).click();
  await expect(page.getByText("Welcome to Saanjh, Ira!")).toBeVisible();
});

test("the demo outbox refuses a malformed phone number", async ({ request }) => {
  const bad = await request.get("/dev/outbox?phone=123");
  expect(bad.status()).toBe(400);
});
