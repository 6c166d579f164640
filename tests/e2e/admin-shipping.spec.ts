import type { APIRequestContext, Browser, Locator, Page, TestInfo } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { LOW_STOCK } from "../../app/modules/catalog/variants";
import { SHIPPING_MESSAGES } from "../../app/modules/shipping/staff-shipping";
import { BULK_REASONS } from "../../app/components/admin/orders/shipping-format";
import { axeViolations } from "./support/axe";
import { expectLowStockSoon, openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * Shipping from the back office in demo mode (decision 041), at 1440 and 390 px: staff book a
 * confirmed order with the demo courier (the cheapest chosen first), open its label, request the
 * pickup and advance its scans to delivered; take another parcel back to origin and receive it (its
 * piece back on sale); cancel a booking before pickup and book again; and print two orders' labels
 * from the orders list's selection.
 */

const SCREENS = "tmp/screens";

/** Products of their own, from the end of the catalogue (the admin orders test takes the 9th and 10th). */
const FROM_END = [...SEEDED].reverse();
const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
const PLENTY = FROM_END.filter((s) => startStock(s) >= 12);
const DELIVER = PLENTY[12]!;
const REBOOK = PLENTY[13]!;
const SECOND = PLENTY[14]!;
/** A size and colour with a few pieces left, so the product page says 'Only N left'. */
const RETURN = FROM_END.flatMap((s) =>
  PLENTY.slice(8, 15).includes(s)
    ? []
    : s.variants
        .filter((v) => v.stock >= 3 && v.stock <= LOW_STOCK && s.product.sizes.includes(v.size))
        .map((v) => ({ s, v })),
)[5]!;

function network(testInfo: TestInfo, who: "shopper" | "staff") {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 200;
  return {
    "X-Forwarded-For": `198.18.${hash + (who === "staff" ? 50 : 1)}.${testInfo.project.name === "desktop" ? 31 : 32}`,
  };
}

async function newPage(browser: Browser, testInfo: TestInfo, who: "shopper" | "staff"): Promise<Page> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: network(testInfo, who),
  });
  return context.newPage();
}

/** A new shopper places a cash-on-delivery order to Lucknow; returns its number. */
async function placeCodOrder(
  browser: Browser,
  testInfo: TestInfo,
  request: APIRequestContext,
  s: Seeded,
  productUrl?: string,
) {
  const page = await newPage(browser, testInfo, "shopper");
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const orderNumber = await buyCashOnDelivery(
    page,
    s,
    { address: "14 Ashok Marg, near the park", pincode: "226001", city: "Lucknow" },
    productUrl,
  );
  await page.context().close();
  return orderNumber;
}

async function staffPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  return staff;
}

/** Opens the order from the list's search; returns its shipping panel. */
async function openOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page.goto(`/admin/orders?search=${encodeURIComponent(orderNumber)}`);
  await page.getByRole("link", { name: orderNumber }).first().click();
  await expect(page.getByRole("heading", { name: orderNumber, level: 1 })).toBeVisible();
  return page.getByTestId("order-shipping");
}

/** Books the parcel with the courier chosen first (the cheapest); returns its AWB. */
async function bookCheapest(page: Page, panel: Locator): Promise<string> {
  const form = panel.getByTestId("booking-form");
  await expect(form.getByRole("radio", { name: /Cheapest/ })).toBeChecked();
  await form.getByRole("button", { name: "Book with courier" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: /^Booked with .+\. AWB SJ\d+\.$/ })).toBeVisible({
    timeout: 15_000,
  });
  const shipment = panel.getByTestId("shipment");
  await expect(shipment.getByTestId("shipment-status")).toHaveText("Booked with courier");
  await expect(panel.getByTestId("booking-form")).toHaveCount(0);
  const awb = (await shipment.getByTestId("shipment-awb").textContent())!.trim();
  expect(awb).toMatch(/^SJ\d{10}$/);
  return awb;
}

/** Presses one of the demo courier's buttons and waits for the shipment to reach `status`. */
async function demoScan(panel: Locator, button: string, status: string) {
  await panel.getByTestId("demo-courier").getByRole("button", { name: button }).click();
  await expect(panel.getByTestId("shipment").getByTestId("shipment-status")).toHaveText(status);
}

async function pdfOf(page: Page, href: string): Promise<string> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.body())), {
    mergePages: true,
  });
  return text;
}

test("staff book a confirmed order with the demo courier, open its label, request the pickup and advance its scans to delivered", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = testInfo.project.name;
  const orderNumber = await placeCodOrder(browser, testInfo, request, DELIVER);
  const staff = await staffPage(browser, testInfo);
  const panel = await openOrder(staff, orderNumber);
  await expect(staff.getByTestId("order-status")).toHaveText("Confirmed");

  // the parcel prefilled; a weight couriers do not take is refused under its field, with the focus
  const form = panel.getByTestId("booking-form");
  const weight = form.getByLabel("Weight (g)");
  await expect(weight).toHaveValue(/^\d+$/);
  const prefilled = await weight.inputValue();
  await expect(form.getByLabel("Length (cm)")).toHaveValue(/^\d+$/);
  await expect(form.getByRole("radio")).toHaveCount(2);
  await expect(form.getByRole("radio", { checked: true })).toHaveCount(1);
  await expect(form.getByRole("radio", { name: /Cheapest/ })).toBeChecked();
  await expect(form).toContainText("Fastest");
  await expect(form).toContainText(/Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/);
  await staff.screenshot({ path: `${SCREENS}/admin-shipping-booking-${name}.png`, fullPage: true });
  await panel.screenshot({ path: `${SCREENS}/admin-shipping-panel-booking-${name}.png` });
  expect(await axeViolations(staff)).toEqual([]);
  await weight.fill("5");
  await form.getByRole("button", { name: "Book with courier" }).click();
  await expect(form.getByText("The weight must be at least 10 g")).toBeVisible();
  await expect(weight).toBeFocused();
  await weight.fill(prefilled);

  const awb = await bookCheapest(staff, panel);
  await expect(staff.getByTestId("order-status")).toHaveText("Processing");
  const shipment = panel.getByTestId("shipment");
  await expect(shipment).toContainText(`${Number(prefilled).toLocaleString("en-IN")} g`);

  // the label, as the link opens it
  const label = shipment.getByRole("link", { name: /^Label 4x6/ });
  await expect(label).toHaveAttribute("target", "_blank");
  expect(await pdfOf(staff, (await label.getAttribute("href"))!)).toContain(awb);

  await shipment.getByRole("button", { name: "Request pickup" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: /^Pickup requested/ })).toBeVisible();
  await expect(shipment.getByTestId("shipment-status")).toHaveText("Pickup scheduled");
  await expect(shipment.getByTestId("shipment-pickup")).not.toBeEmpty();
  await expect(shipment.getByRole("button", { name: "Request pickup" })).toHaveCount(0);

  await demoScan(panel, "Next scan", "Picked up");
  await expect(staff.getByTestId("order-status")).toHaveText("Shipped");
  await demoScan(panel, "Next scan", "In transit");
  await expect(shipment.getByTestId("scans").getByRole("listitem").first()).toContainText("In transit");
  await expect(shipment.getByTestId("scans").getByRole("listitem").nth(1)).toContainText(/picked up/i);
  await expect(shipment.getByRole("button", { name: "Cancel shipment" })).toHaveCount(0);
  await staff.screenshot({ path: `${SCREENS}/admin-shipping-scans-${name}.png`, fullPage: true });
  await panel.screenshot({ path: `${SCREENS}/admin-shipping-panel-demo-${name}.png` });
  expect(await axeViolations(staff)).toEqual([]);

  await demoScan(panel, "Next scan", "Out for delivery");
  await demoScan(panel, "Next scan", "Delivered");
  await expect(staff.getByTestId("order-status")).toHaveText("Delivered");
  await expect(shipment.getByTestId("scans").getByRole("listitem").first()).toContainText("Delivered");
  await expect(panel.getByTestId("demo-courier")).toHaveCount(0);
  await staff.screenshot({ path: `${SCREENS}/admin-shipping-delivered-${name}.png`, fullPage: true });
  await staff.context().close();
});

test("a parcel returned to origin is received back and its piece is on sale again", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { s, v } = RETURN;
  const shopper = await newPage(browser, testInfo, "shopper");
  await openProduct(shopper, s.product.name);
  const productUrl = `${new URL(shopper.url()).pathname}?size=${encodeURIComponent(v.size)}&colour=${encodeURIComponent(v.colour)}`;
  await shopper.goto(productUrl);
  const before = Number((await shopper.getByTestId("low-stock").textContent())!.match(/Only (\d+) left/)![1]);
  expect(before).toBeGreaterThanOrEqual(2);
  const orderNumber = await placeCodOrder(browser, testInfo, request, s, productUrl);
  await expectLowStockSoon(shopper, productUrl, `Only ${before - 1} left`);

  const staff = await staffPage(browser, testInfo);
  const panel = await openOrder(staff, orderNumber);
  await bookCheapest(staff, panel);
  const shipment = panel.getByTestId("shipment");
  await demoScan(panel, "Next scan", "Picked up");
  await demoScan(panel, "Next scan", "In transit");
  await demoScan(panel, "Failed delivery attempt", "Delivery attempt failed");
  await expect(shipment).toContainText("Consignee not available at the address");
  await demoScan(panel, "Return to origin", "Returning to us");
  await demoScan(panel, "Next scan", "Back with us");
  await expect(staff.getByTestId("order-status")).toHaveText("Shipped");

  await shipment.getByRole("button", { name: "Parcel received back" }).click();
  const dialog = staff.getByRole("alertdialog", { name: "Has the parcel come back to you?" });
  await expect(dialog).toContainText("back into stock");
  await staff.screenshot({ path: `${SCREENS}/admin-shipping-receive-${testInfo.project.name}.png` });
  await dialog.getByRole("button", { name: "Parcel received back" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: SHIPPING_MESSAGES.received })).toBeVisible();
  await expect(staff.getByTestId("order-status")).toHaveText("Returned undelivered");
  await expect(shipment.getByTestId("shipment-status")).toHaveText("Received back");
  await expect(shipment.getByRole("button", { name: "Parcel received back" })).toHaveCount(0);

  await shopper.goto(productUrl);
  await expect(shopper.getByTestId("low-stock")).toHaveText(`Only ${before} left`);
  await Promise.all([shopper.context().close(), staff.context().close()]);
});

test("a booking cancelled before pickup is booked again, and the orders list prints two orders' labels and asks one pickup", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = testInfo.project.name;
  const first = await placeCodOrder(browser, testInfo, request, REBOOK);
  const second = await placeCodOrder(browser, testInfo, request, SECOND);
  const staff = await staffPage(browser, testInfo);

  // an order not booked yet: the bar says why its actions have nothing to take
  await staff.goto("/admin/orders");
  await staff.getByRole("checkbox", { name: `Select order ${second}` }).check();
  const bar = staff.getByTestId("bulk-shipping");
  await expect(bar).toContainText("1 order selected");
  await expect(bar.getByTestId("bulk-shipping-reason")).toHaveText(BULK_REASONS.noneBooked);
  await expect(bar.getByRole("button", { name: "Request pickup" })).toBeDisabled();
  await expect(bar.getByRole("link", { name: /^Labels 4x6/ })).toHaveCount(0);

  let panel = await openOrder(staff, first);
  const cancelledAwb = await bookCheapest(staff, panel);
  await panel.getByTestId("shipment").getByRole("button", { name: "Cancel shipment" }).click();
  const dialog = staff.getByRole("alertdialog", { name: "Cancel this shipment with the courier?" });
  await expect(dialog).toContainText(cancelledAwb);
  await dialog.getByRole("button", { name: "Cancel shipment" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: SHIPPING_MESSAGES.cancelled })).toBeVisible();
  await expect(panel.getByTestId("shipment")).toHaveCount(0);
  await expect(panel.getByTestId("cancelled-shipments")).toContainText("Cancelled shipments (1)");
  const rebooked = await bookCheapest(staff, panel);
  expect(rebooked).not.toBe(cancelledAwb);
  await expect(panel.getByTestId("shipment")).toContainText(`${first}-2`);

  panel = await openOrder(staff, second);
  const secondAwb = await bookCheapest(staff, panel);

  await staff.goto("/admin/orders");
  for (const orderNumber of [first, second])
    await staff.getByRole("checkbox", { name: `Select order ${orderNumber}` }).check();
  const rows = staff.getByTestId(name === "desktop" ? "admin-order" : "admin-order-card");
  await expect(rows.filter({ hasText: first }).getByTestId("order-shipment")).toContainText(rebooked);
  await expect(bar).toContainText("2 orders selected");
  await expect(bar).toContainText("2 waiting for pickup");
  await staff.screenshot({ path: `${SCREENS}/admin-shipping-list-selection-${name}.png`, fullPage: true });
  expect(await axeViolations(staff)).toEqual([]);

  const labels = bar.getByRole("link", { name: /^Labels 4x6/ });
  await expect(labels).toHaveAttribute(
    "href",
    /^\/admin\/shipping\/labels\?shipments=[0-9a-f-]{36},[0-9a-f-]{36}&format=4x6$/,
  );
  const text = await pdfOf(staff, (await labels.getAttribute("href"))!);
  expect(text).toContain(rebooked);
  expect(text).toContain(secondAwb);
  expect(text).not.toContain(cancelledAwb);
  await expect(bar.getByRole("link", { name: /^Manifest/ })).toHaveAttribute(
    "href",
    /^\/admin\/shipping\/manifest\?shipments=/,
  );

  await bar.getByRole("button", { name: "Request pickup" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: /^Pickup requested/ })).toBeVisible();
  for (const orderNumber of [first, second])
    await expect(rows.filter({ hasText: orderNumber }).getByTestId("shipment-status")).toHaveText("Pickup scheduled");
  await expect(bar.getByTestId("bulk-shipping-reason")).toHaveText(BULK_REASONS.noneAwaitingPickup);
  await staff.context().close();
});
