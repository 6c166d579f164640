import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { ATTEMPT_RULES } from "../../app/modules/limits/rules";
import { randomPhone, register, signIn } from "./support/shopper";
import { expect, test } from "./support/test";
import { TRACKED_ORDERS, TRACKING_SHOP_DATA_DIR, TRACKING_SHOPPER } from "./support/tracking-shop";

/*
 * Track Your Order (decision 019) at both widths: the form with and without JavaScript, the one
 * generic 'Order not found', the limits per network and per order number (429 with Retry-After), a
 * signed-in shopper's own orders, and a found order's timeline. The states that need no order run on
 * the main test shop; the found orders live in a shop of this file's own, seeded before it starts
 * (there is no checkout to place them yet, and nothing else may open the main shop's embedded database).
 *
 * Every test browses from an address of its own, sent as X-Forwarded-For: the shop trusts that header
 * from loopback (TRUST_PROXY's default, as behind a local proxy), so the per-address limits of one test
 * never reach another's, or the other tests' 127.0.0.1.
 */

const SCREENS = "tmp/screens";

/** An address of this test and project: 198.51.{100 + test}.{1 desktop | 2 phone}. */
function addressOf(testInfo: TestInfo, n: number) {
  return `198.51.${100 + n}.${testInfo.project.name === "desktop" ? 1 : 2}`;
}

async function browseFrom(
  browser: Browser,
  address: string,
  options: { javaScriptEnabled?: boolean; baseURL?: string } = {},
) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": address } });
  return { context, page: await context.newPage() };
}

/** Waits until React has hydrated the form (its DOM node carries React's props), so a submit goes through the router. */
async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector("form[aria-labelledby='track-form-heading']") ?? {}).some((k) =>
          k.startsWith("__reactProps"),
        ),
      ),
    )
    .toBe(true);
}

async function fill(page: Page, orderNumber: string, contact: string) {
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("Phone or e-mail").fill(contact);
}

const submit = (page: Page) => page.getByRole("button", { name: "Track order" }).click();

/** The answer to the form's POST (the page itself without JavaScript, the router's data request with it). */
const postAnswer = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/track-order"));

test.describe("on the main test shop", () => {
  test("the page is never stored or indexed, and the form asks for what is missing", async ({ browser }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 1));
    const response = await page.goto("/track-order");
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Track Your Order");
    await expect(page.getByRole("heading", { name: "Your orders" })).toHaveCount(0);
    await hydrated(page);
    await submit(page);
    await expect(page.getByText("Please enter your order number")).toBeVisible();
    await expect(page.getByText("Please enter the phone number or e-mail you ordered with")).toBeVisible();
    await expect(page.getByLabel("Order number")).toHaveAttribute("aria-invalid", "true");
    await context.close();
  });

  test("an unknown pair: 'Order not found', in the page without a reload, with what was typed kept", async ({
    browser,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 2));
    await page.goto("/track-order");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await fill(page, "ORD-1234567890123", "98765 43210");
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(404);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("alert")).toHaveText("Order not found");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByLabel("Order number")).toHaveValue("ORD-1234567890123");
    await expect(page.getByLabel("Phone or e-mail")).toHaveValue("98765 43210");
    // an e-mail that matches nothing reads exactly the same
    await page.getByLabel("Phone or e-mail").fill("someone@example.com");
    await submit(page);
    await expect(page.getByRole("alert")).toHaveText("Order not found");
    await context.close();
  });

  test("without JavaScript the form posts and answers the same way, keeping what was typed", async ({
    browser,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 3), { javaScriptEnabled: false });
    await page.goto("/track-order");
    await fill(page, "ord-0000 0000 0001", "someone@example.com");
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(404);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("alert")).toHaveText("Order not found");
    await expect(page.getByLabel("Order number")).toHaveValue("ord-0000 0000 0001");
    await expect(page.getByLabel("Phone or e-mail")).toHaveValue("someone@example.com");
    // empty fields: the server's own messages
    await page.getByLabel("Order number").fill("");
    await submit(page);
    await expect(page.getByText("Please enter your order number")).toBeVisible();
    await expect(page.getByLabel("Phone or e-mail")).toHaveValue("someone@example.com");
    await context.close();
  });

  test("too many lookups from one network: a clear message, 429 and Retry-After", async ({ browser }, testInfo) => {
    const address = addressOf(testInfo, 4);
    const { context, page } = await browseFrom(browser, address);
    for (let i = 0; i < ATTEMPT_RULES.trackOrderPerAddress.limit; i++) {
      const earlier = await context.request.post("/track-order", {
        form: { orderNumber: `ORD-${testInfo.project.name}${i}`, contact: "9876543210" },
      });
      expect(earlier.status()).toBe(404);
    }
    await page.goto("/track-order");
    await hydrated(page);
    await fill(page, "ORD-1234567890123", "9876543210");
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(429);
    const retryAfter = Number(answer.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many lookups from your network\. Please try again in \d+ minutes\.$/,
    );
    await expect(page.getByLabel("Order number")).toHaveValue("ORD-1234567890123");
    await context.close();
  });

  test("too many lookups of one order number from many networks: refused for everyone, without JavaScript too", async ({
    browser,
    playwright,
  }, testInfo) => {
    const orderNumber = `ORD-LIMIT${testInfo.project.name.toUpperCase()}`;
    for (let i = 0; i < ATTEMPT_RULES.trackOrderPerOrderNumber.limit; i++) {
      const api = await playwright.request.newContext({
        baseURL: testInfo.project.use.baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": `198.18.${testInfo.project.name === "desktop" ? 1 : 2}.${i + 1}` },
      });
      expect(
        (await api.post("/track-order", { form: { orderNumber, contact: `98765${String(10_000 + i)}` } })).status(),
      ).toBe(404);
      await api.dispose();
    }
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 5), { javaScriptEnabled: false });
    await page.goto("/track-order");
    await fill(page, orderNumber, "9876543210");
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(3000);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many lookups for this order number\. Please try again in \d+ minutes\.$/,
    );
    await context.close();
  });

  test("a signed-in shopper also sees 'Your orders', empty before the first order", async ({
    browser,
    request,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 6));
    await register(page, request, randomPhone());
    await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
    await page.goto("/track-order");
    await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
    await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
    await context.close();
  });
});

/*
 * Found orders, on a shop of this file's own (port E2E_PORT + 3, data in tmp/e2e-track-data): its
 * database is seeded with a shopper and three orders before it starts. The desktop and phone runs
 * share the folder (the seed changes nothing the second time); e2e.mjs removes it at the start of
 * each run, so the limits and sign-in codes of an earlier run do not count.
 */
test.describe("found orders, on a test shop with orders", () => {
  test.describe.configure({ timeout: 300_000 });
  const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;
  const BASE = `http://127.0.0.1:${PORT}`;
  // the embedded database, whatever the caller's environment says
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    BASE_URL: BASE,
    DATA_DIR: TRACKING_SHOP_DATA_DIR,
    SHOP_MODE: "demo",
    // the demo shopper's seeded orders would change the counts these tests read
    DEMO_ORDERS: "off",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    if (!existsSync(`${TRACKING_SHOP_DATA_DIR}/media`)) {
      // the main test shop's pictures are the same files: the seed keeps them instead of drawing them again
      mkdirSync(TRACKING_SHOP_DATA_DIR, { recursive: true });
      cpSync(`${process.env.E2E_DATA_DIR ?? "tmp/e2e-data"}/media`, `${TRACKING_SHOP_DATA_DIR}/media`, {
        recursive: true,
      });
    }
    const seeded = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "tests/e2e/support/seed-tracking-shop.ts"],
      { env, encoding: "utf8" },
    );
    expect(seeded.status, seeded.stderr).toBe(0);
    // the production build the main test shop serves, as it is (scripts/start.mjs could rebuild it)
    server = spawn(process.execPath, ["build/server/main.js"], {
      env: { ...env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await expect
      .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 240_000,
        intervals: [500],
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  const shipped = TRACKED_ORDERS.shipped;

  test("order number and phone: the timeline with its current step, the courier and tracking number, the lines", async ({
    browser,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 11), { baseURL: BASE });
    await page.goto("/track-order");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await fill(
      page,
      shipped.orderNumber.toLowerCase(),
      `+91 ${TRACKING_SHOPPER.phone10.slice(0, 5)}-${TRACKING_SHOPPER.phone10.slice(5)}`,
    );
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("no-store");

    const card = page.getByTestId("tracked-order");
    await expect(card.getByRole("heading", { name: shipped.orderNumber })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const steps = card.getByRole("list", { name: "Order progress" }).getByRole("listitem");
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText("Order placed");
    await expect(card.locator('[aria-current="step"]')).toHaveCount(1);
    const current = card.locator('[aria-current="step"]');
    await expect(current).toContainText("Shipped");
    await expect(current).toContainText("Your parcel is on its way.");
    await expect(current.getByText(shipped.courier)).toBeVisible();
    await expect(current.getByText(shipped.trackingNumber)).toBeVisible();
    await expect(steps.nth(4)).toHaveAttribute("data-state", "upcoming");
    for (const i of [0, 1, 2]) await expect(steps.nth(i).locator("time")).toHaveCount(1);
    await expect(card.getByText("Size M ·", { exact: false })).toBeVisible();
    await expect(card.getByText("Qty 2", { exact: false })).toBeVisible();
    await expect(card.getByText("Paid online")).toBeVisible();
    // the lines' pictures load
    for (const img of await card.locator("img").all())
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // nothing of the address or contact details
    await expect(card).not.toContainText(TRACKING_SHOPPER.email);
    await expect(card).not.toContainText("MG Road");
    // what was typed is still in the form
    await expect(page.getByLabel("Order number")).toHaveValue(shipped.orderNumber.toLowerCase());

    mkdirSync(SCREENS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENS}/track-order-found-${testInfo.project.name}.png`, fullPage: true });
    await context.close();
  });

  test("order number and e-mail without JavaScript; a cancelled order with its reason; an unpaid one awaiting payment", async ({
    browser,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 12), {
      baseURL: BASE,
      javaScriptEnabled: false,
    });
    await page.goto("/track-order");
    await fill(page, shipped.orderNumber, TRACKING_SHOPPER.email.toUpperCase());
    const [answer] = await Promise.all([postAnswer(page), submit(page)]);
    expect(answer.status()).toBe(200);
    await expect(page.getByTestId("tracked-order").locator('[aria-current="step"]')).toContainText("Shipped");

    await fill(page, TRACKED_ORDERS.cancelled.orderNumber, TRACKING_SHOPPER.phone10);
    await submit(page);
    const cancelled = page.getByTestId("tracked-order");
    await expect(cancelled.getByRole("heading", { name: TRACKED_ORDERS.cancelled.orderNumber })).toBeVisible();
    await expect(cancelled.locator('[aria-current="step"]')).toContainText("Cancelled");
    await expect(cancelled.locator('[aria-current="step"]')).toContainText(TRACKED_ORDERS.cancelled.reason);
    await expect(cancelled.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveCount(3);
    if (testInfo.project.name === "phone")
      await page.screenshot({ path: `${SCREENS}/track-order-cancelled-phone.png`, fullPage: true });

    await fill(page, TRACKED_ORDERS.unpaid.orderNumber, TRACKING_SHOPPER.email);
    await submit(page);
    await expect(page.getByTestId("tracked-order").locator('[aria-current="step"]')).toContainText("Awaiting payment");
    await expect(page.getByTestId("tracked-order").getByText("Online payment, not yet paid")).toBeVisible();
    if (testInfo.project.name === "desktop")
      await page.screenshot({ path: `${SCREENS}/track-order-unpaid-desktop.png`, fullPage: true });

    // the right number with another order's contact is just not found
    await fill(page, shipped.orderNumber, "9555500002");
    await submit(page);
    await expect(page.getByRole("alert")).toHaveText("Order not found");
    await expect(page.getByTestId("tracked-order")).toHaveCount(0);
    await context.close();
  });

  test("the shopper, signed in, sees their orders listed there, each opening its page in the account", async ({
    browser,
  }, testInfo) => {
    const { context, page } = await browseFrom(browser, addressOf(testInfo, 13), { baseURL: BASE });
    const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: BASE });
    await signIn(page, api, TRACKING_SHOPPER.phone10);
    await expect(page.getByText(`Welcome back, ${TRACKING_SHOPPER.firstName}!`)).toBeVisible();
    await page.goto("/track-order");
    const mine = page.getByRole("region", { name: "Your orders" });
    for (const { orderNumber } of Object.values(TRACKED_ORDERS))
      await expect(mine.getByRole("link", { name: new RegExp(orderNumber) })).toBeVisible();
    if (testInfo.project.name === "desktop")
      await page.screenshot({ path: `${SCREENS}/track-order-signed-in-desktop.png`, fullPage: true });
    await mine.getByRole("link", { name: new RegExp(shipped.orderNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${shipped.orderNumber}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shipped.orderNumber);
    await api.dispose();
    await context.close();
  });
});
