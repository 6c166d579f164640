import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { CHECKOUT_MESSAGES } from "../../app/modules/checkout/billing";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay/fake-razorpay";
import { openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { codeFor, randomPhone, register } from "./support/shopper";
import { expect, test } from "./support/test";

/*
 * The checkout end to end (decision 020) at 1440 and 390 px: a guest's bag through the
 * sign-in question, phone sign-in and back to the checkout, the pincode filling city and state, the
 * demo mode's test gateway (Approve; Decline and paying later from the account), cash on delivery with
 * its text message and e-mail, the form's messages keeping what was typed, a double click placing one
 * order, and Razorpay's modal and redirect mode against the local fake Razorpay (a second shop of this
 * file's own, started with the fake's keys and addresses).
 */

/**
 * Products bought here: plenty of stock in the size and colour the product page starts on, so a few
 * sales change nothing the catalogue and inventory tests count (sold-out sizes, 'Only N left').
 * Taken from the end of the catalogue, away from the ones those tests pick first.
 */
const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
const PLENTY = SEEDED.filter((s) => startStock(s) >= 12).reverse();
const PICK = {
  gateway: PLENTY[0]!,
  decline: PLENTY[1]!,
  cod: PLENTY[2]!,
  form: PLENTY[3]!,
  double: PLENTY[4]!,
  razorpay: PLENTY[5]!,
};

const SCREENS = "tmp/screens";

/*
 * Each test browses from an address of its own (X-Forwarded-For, trusted from loopback as behind a
 * local proxy), so the sign-in codes it asks for count against its own per-address limit (20 an hour),
 * not against the address every other test of the run shares. /dev/outbox is still read from 127.0.0.1.
 */
test.beforeEach(async ({ page }, testInfo) => {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 250;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `198.18.${hash + 1}.${testInfo.project.name === "desktop" ? 11 : 12}`,
  });
});

async function addToBag(page: Page, s: Seeded) {
  await openProduct(page, s.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
}

/** Fills the address part of the billing form (name, e-mail and phone come from the profile). */
async function fillAddress(page: Page) {
  await page.getByRole("textbox", { name: "Address", exact: true }).fill("14 Janpath, near the Government Emporium");
  await page.getByLabel("Pincode").fill("110001");
  await expect(page.getByLabel("City")).toHaveValue("New Delhi");
  await expect(page.getByLabel("State")).toHaveValue("Delhi");
}

/** The checkout of a signed-in shopper with `s` in the bag, ready to place. */
async function readyCheckout(page: Page, request: APIRequestContext, s: Seeded) {
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await addToBag(page, s);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(s.product.name)).toBeVisible();
  await fillAddress(page);
}

const placeButton = (page: Page) => page.getByRole("button", { name: /^Place order/ });

/** The order number of the page's URL (/payment?order=..., /order-success/...). */
function orderNumberOf(page: Page): string {
  const match = decodeURIComponent(page.url()).match(/ORD-[A-Z0-9-]+/);
  expect(match, `an order number in ${page.url()}`).not.toBeNull();
  return match![0];
}

test("a guest's bag: sign in by phone, back to the checkout, pincode fills the address, the test gateway approves, the order is in the account and on Track Your Order", async ({
  page,
  request,
}, testInfo) => {
  const s = PICK.gateway;
  await addToBag(page, s);
  // straight to /checkout: the page asks the question itself
  await page.goto("/checkout");
  await expect(page.getByRole("alertdialog")).toContainText(CHECKOUT_MESSAGES.loginConfirm);
  await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute(
    "href",
    "/authentication?redirectTo=cart",
  );
  // from the bag: the browser's confirm with the sign-in question, then the sign-in screen
  await page.goto("/cart");
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(CHECKOUT_MESSAGES.loginConfirm);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/authentication\?redirectTo=cart$/);

  const phone = randomPhone();
  await register(page, request, phone, "/authentication?redirectTo=cart");
  // back on the checkout with the bag kept in this browser
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText(s.product.name)).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Kavya");
  await expect(page.getByLabel("E-mail")).toHaveValue(`kavya.${phone}@example.com`);
  await expect(page.getByLabel("Country")).toHaveValue("India");
  await fillAddress(page);
  await page.screenshot({ path: `${SCREENS}/checkout-filled-${testInfo.project.name}.png`, fullPage: true });

  const total = await page.getByTestId("checkout-total").textContent();
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/payment\?order=ORD-/);
  const orderNumber = orderNumberOf(page);
  await expect(page.getByTestId("payment-amount")).toHaveText(total!.trim());
  await expect(page.getByText("Test mode · no money moves")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/payment-test-gateway-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  await expect(page.getByTestId("success-order-number")).toHaveText(orderNumber);
  await expect(page.getByTestId("success-payment-method")).toContainText("Paid online");
  await expect(page.getByTestId("success-payment-id")).not.toBeEmpty();
  await expect(page.getByTestId("success-total")).toHaveText(total!.trim());
  await page.screenshot({ path: `${SCREENS}/order-success-${testInfo.project.name}.png`, fullPage: true });

  // the bag is empty, here and in the browser's own copy
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("saanjh.cart.v1") ?? "[]"))).toEqual([]);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  // the account's order: the timeline and the payment
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);
  await expect(page.getByText(s.product.name)).toBeVisible();
  await expect(page.getByRole("link", { name: "Complete payment" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: `Progress of order ${orderNumber}` })).toContainText("Confirmed");

  // Track Your Order by order number and phone, signed out
  await page.context().clearCookies();
  await page.goto("/track-order");
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("Phone or e-mail").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByRole("list", { name: "Order progress" })).toContainText("Confirmed");
  await expect(page.getByText(orderNumber).first()).toBeVisible();
});

test("Decline returns to the payment with the gateway's message; the order is paid later from the account", async ({
  page,
  request,
}) => {
  await readyCheckout(page, request, PICK.decline);
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/payment\?order=ORD-/);
  const orderNumber = orderNumberOf(page);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText(/^Payment failed: /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toBeEnabled();

  // later, from the account
  await page.goto(`/account/orders/${orderNumber}`);
  await page.getByRole("link", { name: "Complete payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment\\?order=${orderNumber}$`));
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  await expect(page.getByTestId("success-order-number")).toHaveText(orderNumber);
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(page.getByRole("link", { name: "Complete payment" })).toHaveCount(0);
});

test("cash on delivery: confirmed at once, with a text message and an e-mail naming the order", async ({
  page,
  request,
}) => {
  const s = PICK.cod;
  await readyCheckout(page, request, s);
  const email = await page.getByLabel("E-mail").inputValue();
  const phone = (await page.getByLabel("Phone").inputValue()).replace(/\D/g, "").slice(-10);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expect(placeButton(page)).toHaveText("Place order");
  await placeButton(page).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  const orderNumber = (await page.getByTestId("success-order-number").textContent())!.trim();
  await expect(page.getByTestId("success-payment-method")).toHaveText("Cash on delivery");

  await expect
    .poll(async () => {
      const body = (await (await request.get(`/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as {
        messages: Array<{ subject: string; text: string; html: string }>;
      };
      return body.messages.some(
        (m) => m.subject.includes(orderNumber) && m.text.includes(s.product.name) && m.html.includes(orderNumber),
      );
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/dev/outbox?phone=${phone}`)).json()) as {
        messages: Array<{ body: string }>;
      };
      return body.messages.some((m) => m.body.includes(orderNumber));
    })
    .toBe(true);
});

test("a form with mistakes says what is missing and keeps everything typed", async ({ page, request }) => {
  await readyCheckout(page, request, PICK.form);
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Pincode").fill("1100");
  await page.getByLabel("Note to seller (optional)").fill("Please gift wrap it");
  await placeButton(page).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.required)).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
    "14 Janpath, near the Government Emporium",
  );
  await expect(page.getByLabel("Pincode")).toHaveValue("1100");
  await expect(page.getByLabel("Note to seller (optional)")).toHaveValue("Please gift wrap it");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Pincode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please enter your first name")).toBeVisible();
  // the summary is said once, above the form
  await expect(page.getByText(CHECKOUT_MESSAGES.required)).toHaveCount(1);

  // each message goes as soon as its field is right, before any new submit
  await page.getByLabel("First name").fill("Meera");
  await expect(page.getByText("Please enter your first name")).toHaveCount(0);
  await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid", /.*/);
  await expect(page.getByText(CHECKOUT_MESSAGES.required)).toHaveCount(0);
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await page.getByLabel("Pincode").fill("110001");
  await expect(page.getByText("Please enter a valid 6-digit pincode")).toHaveCount(0);
  await expect(page.getByText("Please correct the highlighted fields")).toHaveCount(0);
  await expect(page.locator("#checkout-message").getByRole("alert")).toHaveCount(0);

  // no message while a field is being typed in, only once the shopper leaves it
  await page.getByLabel("E-mail").fill("meera@");
  await expect(page.getByText("Please enter a valid e-mail address")).toHaveCount(0);
  await page.getByLabel("E-mail").blur();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("E-mail").fill("meera@example.com");
  await expect(page.getByText("Please enter a valid e-mail address")).toHaveCount(0);
});

test("a double click places one order", async ({ page, request }) => {
  await readyCheckout(page, request, PICK.double);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await placeButton(page).dblclick();
  await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
  const orderNumber = (await page.getByTestId("success-order-number").textContent())!.trim();
  // the shopper's orders (listed on Track Your Order when signed in): exactly the one
  await page.goto("/track-order");
  const mine = page.getByRole("region", { name: "Your orders" }).getByRole("listitem");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(orderNumber);
});

test.describe("Razorpay against the local fake gateway", () => {
  const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
  const BASE = `http://127.0.0.1:${PORT}`;
  const DATA_DIR = "tmp/e2e-razorpay-data";
  let fake: FakeRazorpay;
  let server: ChildProcess | undefined;
  let shopRequest: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    fake = await startFakeRazorpay({ webhookUrl: `${BASE}/api/payments/razorpay/webhook` });
    if (!existsSync(DATA_DIR))
      cpSync(`${process.env.E2E_DATA_DIR ?? "tmp/e2e-data"}/media`, `${DATA_DIR}/media`, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BASE_URL: BASE,
      DATA_DIR,
      SHOP_MODE: "demo",
      // the demo shopper's seeded orders would change the counts these tests read
      DEMO_ORDERS: "off",
      LOG_LEVEL: "warn",
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: fake.checkoutUrl,
    };
    delete env.DATABASE_URL;
    // the production build the main test shop serves, as it is (scripts/start.mjs might rebuild it)
    server = spawn(process.execPath, ["build/server/main.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
    await expect
      .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 280_000,
        intervals: [500],
      })
      .toBe(200);
    shopRequest = await playwrightRequest.newContext({ baseURL: BASE });
  });

  test.afterAll(async () => {
    await shopRequest?.dispose();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await fake?.close();
  });

  async function shopperAt(browser: Browser, userAgent?: string) {
    const context = await browser.newContext({ baseURL: BASE, ...(userAgent ? { userAgent } : {}) });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
        violations.push(message.text());
    });
    const phone = randomPhone();
    await page.goto("/authentication");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByLabel("One-time code (OTP)").fill(await codeFor(shopRequest, phone));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await page.getByLabel("First name").fill("Meera");
    await page.getByLabel("Last name").fill("Iyer");
    await page.getByLabel("E-mail").fill(`meera.${phone}@example.com`);
    await page.getByRole("button", { name: "Complete registration" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await addToBag(page, PICK.razorpay);
    await page.goto("/checkout");
    await fillAddress(page);
    return { context, page, violations };
  }

  const frame = (page: Page) => page.frameLocator('iframe[name="razorpay-checkout-frame"]');

  test("the modal: a failure shows Razorpay's description, then a payment confirms the order", async ({
    browser,
  }, testInfo) => {
    const { context, page, violations } = await shopperAt(browser);
    const total = (await page.getByTestId("checkout-total").textContent())!.trim();
    await placeButton(page).click();
    await expect(page).toHaveURL(/\/payment\?order=ORD-/);
    const orderNumber = orderNumberOf(page);
    // the fake's Checkout opens by itself, with the order's own amount
    await expect(frame(page).locator("#amount")).toHaveText(new RegExp(`^₹${total.replace(/[^\d,]/g, "")}`));
    await page.screenshot({ path: `${SCREENS}/payment-razorpay-modal-${testInfo.project.name}.png` });
    // a failed attempt: the shop shows Razorpay's description; Checkout stays open for another try
    await frame(page).getByRole("button", { name: "Fail" }).click();
    await expect(page.getByText(/^Payment failed: /)).toBeVisible();
    // Checkout posts the signed result to the shop's callback address, which confirms and moves on
    await frame(page).getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/order-success/, { timeout: 10_000 });
    await expect(page.getByTestId("success-order-number")).toHaveText(orderNumber);
    const paymentId = (await page.getByTestId("success-payment-id").textContent())!.trim();
    expect(paymentId).toMatch(/^pay_/);
    // the fake holds that payment as captured for the Razorpay order the shop created, receipt = our number
    const captured = [...fake.payments.values()].find((p) => p.id === paymentId)!;
    expect(captured.status).toBe("captured");
    expect(fake.orders.get(captured.order_id)!.receipt).toBe(orderNumber);
    expect(violations).toEqual([]);
    await context.close();
  });

  test("redirect mode for in-app browsers: the gateway's page posts back and the order is confirmed", async ({
    browser,
  }) => {
    const instagram =
      "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android";
    const { context, page, violations } = await shopperAt(browser, instagram);
    await placeButton(page).click();
    await expect(page).toHaveURL(/\/payment\?order=ORD-/);
    const orderNumber = orderNumberOf(page);
    // the whole page goes to the gateway, then comes back to the shop
    await expect(page).toHaveURL(new RegExp(`^${fake.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/_fake/checkout/ui`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${BASE}/order-success`), { timeout: 15_000 });
    await expect(page.getByTestId("success-order-number")).toHaveText(orderNumber);
    await expect(page.getByTestId("success-payment-method")).toContainText("Paid online");
    expect(violations).toEqual([]);
    await context.close();
  });
});

test("a total tampered with in the form is refused; the payment asks for the server's total", async ({
  page,
  request,
}) => {
  await readyCheckout(page, request, PICK.gateway);
  const total = (await page.getByTestId("checkout-total").textContent())!.trim();
  // the total is changed as the form is sent: any drawing of the form before that (a field left, the
  // button pressed) sets the hidden total back to the page's own
  await page.evaluate(() =>
    window.addEventListener(
      "submit",
      (event) => {
        const input = (event.target as HTMLFormElement).querySelector<HTMLInputElement>(
          'input[name="expectedTotalPaise"]',
        );
        if (input) input.value = "100";
      },
      { capture: true, once: true },
    ),
  );
  await placeButton(page).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.totalChanged)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
    "14 Janpath, near the Government Emporium",
  );
  await page.reload();
  await fillAddress(page);
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/payment\?order=ORD-/);
  await expect(page.getByTestId("payment-amount")).toHaveText(total);
});
