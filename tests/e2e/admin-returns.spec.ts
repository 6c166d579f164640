import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { SEEDED, type Seeded } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { markDelivered } from "./support/delivered-order";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The back office's returns end to end (decision 042) at 1440 and 390 px: a shopper's cash-on-delivery
 * order is delivered and she asks to exchange it for another size; staff find the request in the
 * returns queue, approve it, enter the pickup they booked by hand, mark it picked up, receive and
 * accept the piece, resolve it, and see the exchange's new order number.
 */

const SCREENS = "tmp/screens";

/** Products of their own, from the end of the catalogue: loungewear in several sizes no other test buys. */
const PLENTY = [...SEEDED].reverse().filter((s) => s.total >= 12);
const PIECE: Record<string, Seeded> = { desktop: PLENTY[22]!, phone: PLENTY[23]! };

/** Each width browses from addresses of its own (sign-in limits are per address). */
async function newPage(browser: Browser, testInfo: TestInfo, who: "shopper" | "staff"): Promise<Page> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": `198.17.${who === "staff" ? 60 : 61}.${testInfo.project.name === "desktop" ? 41 : 42}`,
    },
  });
  return context.newPage();
}

/** A new shopper orders the product (cash on delivery, to Lucknow); returns the order number. */
async function placeCodOrder(page: Page, request: APIRequestContext, s: Seeded): Promise<string> {
  // the codes are read from the demo outbox, which answers only the shop's own machine
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  return buyCashOnDelivery(page, s, {
    address: "9 Vidhan Sabha Marg, near the museum",
    pincode: "226001",
    city: "Lucknow",
  });
}

/** The shopper asks to exchange her piece for another size, from her order's page. */
async function askForExchange(page: Page, orderNumber: string, s: Seeded): Promise<string> {
  await page.goto(`/account/orders/${orderNumber}/return`);
  // the form shows the sizes to exchange for once React has taken over the page (a choice made before
  // that is kept by the browser but not seen by the form: the phone run on a busy machine missed them)
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("shop:hydrated").length)).toBe(1);
  await page.getByLabel("Quantity to send back").selectOption("1");
  await page.getByRole("radio", { name: "Too small" }).check();
  await page.getByRole("radio", { name: /^Exchange/ }).check();
  const start = s.start;
  const other = s.variants.find((v) => v.colour === start.colour && v.size !== start.size && v.stock > 0)!;
  await page.getByText(`${other.size} · ${other.colour}`, { exact: true }).click();
  await page.getByLabel("Details (optional)").fill("It is a size too small across the shoulders.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\?return=/, { timeout: 15_000 });
  return `${orderNumber}-R1`;
}

test("staff take a shopper's exchange from the queue to its new order", async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const name = testInfo.project.name;
  const s = PIECE[name]!;
  const shopper = await newPage(browser, testInfo, "shopper");
  const orderNumber = await placeCodOrder(shopper, request, s);
  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await markDelivered(staff, orderNumber);
  const returnNumber = await askForExchange(shopper, orderNumber, s);

  // the queue opens on the requests waiting; the navigation counts them
  await staff.getByRole("link", { name: /^Returns/ }).click();
  await expect(staff.getByRole("heading", { name: "Returns", level: 1 })).toBeVisible();
  await expect(staff.getByTestId("returns-waiting")).toBeVisible();
  await expect(staff.getByTestId("returns-tab-requested")).toHaveAttribute("aria-current", "page");
  await staff.getByLabel("Search").fill(orderNumber);
  await staff.getByRole("button", { name: "Apply" }).click();
  const link = staff.getByRole("link", { name: returnNumber });
  await expect(link.first()).toBeVisible();
  await staff.screenshot({ path: `${SCREENS}/admin-returns-queue-${name}.png`, fullPage: true });
  expect(await axeViolations(staff)).toEqual([]);
  await link.filter({ visible: true }).first().click();

  // the request, its piece and the size wanted
  await expect(staff.getByRole("heading", { name: returnNumber, level: 1 })).toBeVisible();
  await expect(staff.getByTestId("return-status")).toHaveText("Requested");
  await expect(staff.getByTestId("return-reason")).toHaveText("Too small");
  await expect(staff.getByTestId("return-resolution")).toHaveText("Exchange");
  await expect(staff.getByTestId("piece-exchange")).toContainText("held from stock");
  await staff.screenshot({ path: `${SCREENS}/admin-return-requested-${name}.png`, fullPage: true });

  const action = staff.getByTestId("return-action");
  const shoot = (step: string) => action.screenshot({ path: `${SCREENS}/admin-return-action-${step}-${name}.png` });
  await shoot("requested");
  expect(await axeViolations(staff)).toEqual([]);
  await action.getByRole("button", { name: "Approve return" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Approved");
  await shoot("approved");

  // the pickup booked by hand: the form names what is missing and keeps what was typed
  await action.getByText("Booked it by hand?").click();
  const manual = action.getByTestId("manual-pickup-form");
  await manual.getByLabel("Courier").fill("Delhivery");
  await manual.getByRole("button", { name: "Save pickup" }).click();
  await expect(manual.getByText("Enter the courier's tracking number (AWB).")).toBeVisible();
  await expect(manual.getByLabel("Courier")).toHaveValue("Delhivery");
  await shoot("manual-pickup");
  await manual.getByLabel(/AWB/).fill("DLV5544332211");
  await manual.getByRole("button", { name: "Save pickup" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Pickup scheduled");
  await expect(staff.getByTestId("return-pickup")).toContainText("DLV5544332211");
  await shoot("pickup-scheduled");

  await action.getByRole("button", { name: "Mark picked up" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Picked up");

  const receive = action.getByTestId("receive-form");
  await expect(receive.getByLabel(/Accepted \(of 1\)/)).toHaveValue("1");
  await shoot("picked-up");
  expect(await axeViolations(staff)).toEqual([]);
  await receive.getByRole("button", { name: "Mark received" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Received");

  const resolve = action.getByTestId("resolve-form");
  await expect(resolve.getByTestId("exchange-pieces")).toBeVisible();
  await shoot("received");
  await resolve.getByRole("button", { name: "Place the exchange order" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Exchange sent");
  await expect(staff.getByTestId("exchange-order")).toHaveText(`${returnNumber}-X`);
  await expect(staff.getByTestId("return-steps").getByTestId("return-step")).toHaveCount(6);
  await staff.screenshot({ path: `${SCREENS}/admin-return-resolved-${name}.png`, fullPage: true });
  expect(await axeViolations(staff)).toEqual([]);

  // the exchange's order is a confirmed order of its own, and the original order lists the return
  await staff.getByTestId("exchange-order").click();
  await expect(staff.getByRole("heading", { name: `${returnNumber}-X`, level: 1 })).toBeVisible();
  await expect(staff.getByTestId("order-status")).toHaveText("Confirmed");
  await staff.goto(`/admin/orders?search=${encodeURIComponent(orderNumber)}`);
  await staff.getByRole("link", { name: orderNumber, exact: true }).first().click();
  await expect(staff.getByTestId("order-returns").getByRole("link", { name: returnNumber })).toBeVisible();
  await staff.getByTestId("order-returns").screenshot({ path: `${SCREENS}/admin-order-returns-${name}.png` });
});
