import type { Browser, Page, TestInfo } from "@playwright/test";
import { SEEDED } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";
import { randomPhone, register, signIn } from "./support/shopper";

/*
 * The admin's Customers tab end to end, at 1440 and 390 px (decision 026): a shopper signs in and places a
 * cash-on-delivery order; staff deactivate them (after a confirmation); the shopper's next page load is
 * signed out and signing in again says 'This account is disabled. Please contact support.'; the order
 * stays on their page; staff reactivate them and they sign in. An owner (the demo admin) adds a staff member who signs in to /admin, then removes them: their
 * next page load shows the sign-in form.
 */

const SCREENS = "tmp/screens";
const DISABLED = "This account is disabled. Please contact support.";

/** A product with plenty of stock, away from the ones the checkout and inventory tests buy. */
const PRODUCT = SEEDED.filter(
  (s) =>
    (s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
      ?.stock ?? 0) >= 12,
).reverse()[10]!;

/** The shopper places a cash-on-delivery order (the billing name, e-mail and phone come from the profile). */
async function placeCodOrder(page: Page): Promise<string> {
  return buyCashOnDelivery(page, PRODUCT, {
    address: "14 Janpath, near the Government Emporium",
    pincode: "110001",
    city: "New Delhi",
  });
}

/** An address of each browser's own (the sign-in limits count per address): test x project x role. */
function network(testInfo: TestInfo, role: number): Record<string, string> {
  const project = testInfo.project.name === "desktop" ? 0 : 1;
  return { "X-Forwarded-For": `198.18.240.${10 + project * 40 + role}` };
}

/** A browser signed in as the demo admin (an owner), through the auth endpoint the ADM modal calls. */
async function ownerPage(browser: Browser, testInfo: TestInfo, role: number): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: network(testInfo, role) });
  const { email, password } = demoAdmin();
  const answer = await context.request.post("/api/auth/sign-in/email", {
    headers: { origin: testInfo.project.use.baseURL! },
    data: { email, password },
  });
  expect(answer.status()).toBe(200);
  return context.newPage();
}

test("staff deactivate a signed-in shopper, who is signed out and refused, then reactivate them", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  await page.setExtraHTTPHeaders(network(testInfo, 1));
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  const orderNumber = await placeCodOrder(page);

  const staff = await ownerPage(browser, testInfo, 2);
  await staff.goto("/admin/customers");
  await expect(staff.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await staff.getByLabel("Search customers").fill(`${phone.slice(0, 5)} ${phone.slice(5)}`);
  await staff.getByRole("button", { name: "Search" }).click();
  await expect(staff).toHaveURL(/search=/);
  await staff.screenshot({ path: `${SCREENS}/admin-customers-list-${project}.png`, fullPage: true });
  await staff.getByRole("link", { name: /Kavya Rao/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Kavya Rao" })).toBeVisible();
  await expect(staff.getByText(`kavya.${phone}@example.com`)).toBeVisible();
  const order = staff.getByRole("link", { name: new RegExp(orderNumber) });
  await expect(order).toHaveAttribute("href", /^\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(order).toContainText("Confirmed");

  // a confirmation first; Cancel changes nothing
  await staff.getByRole("button", { name: "Deactivate account" }).click();
  const dialog = staff.getByRole("alertdialog", { name: "Deactivate this customer?" });
  await expect(dialog).toBeVisible();
  await staff.screenshot({ path: `${SCREENS}/admin-customer-confirm-${project}.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await staff.getByRole("button", { name: "Deactivate account" }).click();
  await dialog.getByLabel("Reason (optional, for staff)").fill("Repeated fake orders");
  await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(
    staff.getByTestId("toast").filter({ hasText: "Customer deactivated. They were signed out." }),
  ).toBeVisible();
  await expect(staff.getByRole("button", { name: "Reactivate account" })).toBeVisible();
  await expect(staff.getByText("Reason: Repeated fake orders")).toBeVisible();
  await expect(order).toBeVisible(); // the orders stay
  await staff.screenshot({ path: `${SCREENS}/admin-customer-deactivated-${project}.png`, fullPage: true });

  // the shopper's next page load is signed out; asking for a code says why
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Mobile number").fill(phone);
  const texted = async () =>
    ((await (await request.get(`/dev/outbox?phone=${phone}`)).json()) as { messages: unknown[] }).messages.length;
  const before = await texted();
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText(DISABLED)).toBeVisible();
  expect(await texted()).toBe(before); // no code was sent
  await page.screenshot({ path: `${SCREENS}/shopper-disabled-${project}.png` });

  await staff.getByRole("button", { name: "Reactivate account" }).click();
  await expect(
    staff.getByTestId("toast").filter({ hasText: "Customer reactivated. They can sign in again." }),
  ).toBeVisible();
  await expect(staff.getByRole("button", { name: "Deactivate account" })).toBeVisible();

  await signIn(page, request, phone);
  await expect(page.getByText("Welcome back, Kavya!")).toBeVisible();
  await staff.context().close();
});

test("an owner adds a staff member who signs in to /admin, then removes them", async ({ page, browser }, testInfo) => {
  const project = testInfo.project.name;
  const owner = await ownerPage(browser, testInfo, 3);
  await owner.goto("/admin/customers/staff");
  await expect(owner.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const staffList = owner.getByRole("list", { name: "Staff accounts" });
  await expect(staffList.getByRole("listitem").filter({ hasText: "Demo Admin(you)" })).toContainText("Owner");
  await owner.getByRole("button", { name: "Add staff member" }).click();

  const form = owner.getByRole("region", { name: "Add a staff member" });
  const name = `Farah ${project}`;
  const email = `farah.${project}.${Date.now()}@example.com`;
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill("short1");
  await form.getByRole("button", { name: "Add staff member" }).click();
  await expect(form.getByText("Password must be at least 10 characters")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue(name);
  await owner.screenshot({ path: `${SCREENS}/admin-staff-add-${project}.png`, fullPage: true });
  await form.getByLabel("Password").fill("jasmine-rice-91");
  await form.getByRole("button", { name: "Add staff member" }).click();
  await expect(owner.getByTestId("toast").filter({ hasText: `${name} was added to the staff.` })).toBeVisible();
  const card = staffList.getByRole("listitem").filter({ hasText: email });
  await expect(card).toContainText("Added");
  await expect(card).toContainText("by Demo Admin");

  // the new member signs in at /admin with the sign-in form
  await page.setExtraHTTPHeaders(network(testInfo, 4));
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("jasmine-rice-91");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
  await page.goto("/admin/customers/staff");
  await expect(page.getByText("Only an owner can add or remove staff.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add staff member" })).toHaveCount(0);

  await owner.reload();
  await owner.getByRole("button", { name: `Remove ${name}` }).click();
  const dialog = owner.getByRole("alertdialog", { name: "Remove this staff member?" });
  await expect(dialog).toContainText(email);
  await owner.screenshot({ path: `${SCREENS}/admin-staff-remove-${project}.png` });
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(owner.getByTestId("toast").filter({ hasText: `${name} was removed from the staff.` })).toBeVisible();
  await expect(staffList.getByText(email)).toHaveCount(0);
  await owner.screenshot({ path: `${SCREENS}/admin-staff-${project}.png`, fullPage: true });

  // their next page load shows the sign-in form, not data
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
  await owner.context().close();
});
