import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { ORDER_ADMIN_MESSAGES } from "../../app/modules/orders/admin-orders";
import { LOW_STOCK } from "../../app/modules/catalog/variants";
import { expectLowStockSoon, openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The admin's Orders end to end (decision 027) at 1440 and 390 px: a shopper places a cash-on-delivery
 * order; staff find it in the list, mark it shipped with a courier and a tracking number (the form
 * asks for both first), and Track Your Order shows them; staff cancel another order with a reason and
 * the product page's stock for that size comes back.
 */

const SCREENS = "tmp/screens";

/** From the end of the catalogue, away from the products the checkout and inventory tests buy. */
const FROM_END = [...SEEDED].reverse();
const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
const SHIP = FROM_END.filter((s) => startStock(s) >= 12)[8]!;
/** A size and colour with a few pieces left, so the product page says 'Only N left'. */
const LOW = FROM_END.flatMap((s) =>
  s === SHIP
    ? []
    : s.variants
        .filter((v) => v.stock >= 3 && v.stock <= LOW_STOCK && s.product.sizes.includes(v.size))
        .map((v) => ({ s, v })),
)[2]!;

/** Each test and width browses from an address of its own (sign-in limits are per address). */
function network(testInfo: TestInfo, who: "shopper" | "staff") {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 200;
  return {
    "X-Forwarded-For": `198.19.${hash + (who === "staff" ? 50 : 1)}.${testInfo.project.name === "desktop" ? 21 : 22}`,
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

/** A shopper places a cash-on-delivery order for the product page at `productUrl`; returns the order number. */
async function placeCodOrder(
  page: Page,
  request: APIRequestContext,
  s: Seeded,
  productUrl?: string,
): Promise<{ orderNumber: string; phone: string }> {
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  return {
    orderNumber: await buyCashOnDelivery(
      page,
      s,
      { address: "22 Hazratganj, opposite the post office", pincode: "226001", city: "Lucknow" },
      productUrl,
    ),
    phone,
  };
}

/** Staff open the order from the list's search. */
async function openOrder(page: Page, orderNumber: string, testInfo: TestInfo) {
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await page.getByLabel("Search").fill(orderNumber);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${orderNumber}`));
  const visible =
    testInfo.project.name === "desktop" ? page.getByTestId("admin-order") : page.getByTestId("admin-order-card");
  await expect(visible).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS}/admin-orders-search-${testInfo.project.name}.png`, fullPage: true });
  await visible.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { name: orderNumber, level: 1 })).toBeVisible();
}

test("staff mark a cash-on-delivery order shipped with a courier and tracking number, and Track Your Order shows them", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await newPage(browser, testInfo, "shopper");
  const { orderNumber, phone } = await placeCodOrder(shopper, request, SHIP);

  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await staff.goto("/admin/orders");
  await staff.screenshot({ path: `${SCREENS}/admin-orders-list-${testInfo.project.name}.png`, fullPage: true });
  await openOrder(staff, orderNumber, testInfo);
  await expect(staff.getByTestId("order-status")).toHaveText("Confirmed");
  await expect(staff.getByTestId("order-lines")).toContainText(SHIP.product.name);
  await expect(staff.getByRole("link", { name: "Download invoice (PDF)" })).toHaveAttribute(
    "href",
    /\/admin\/orders\/[0-9a-f-]{36}\/invoice$/,
  );

  const form = staff.getByTestId("status-form");
  await form.getByLabel("New status").selectOption("shipped");
  await form.getByLabel("Courier").fill("Delhivery");
  await form.getByRole("button", { name: "Mark shipped" }).click();
  // the tracking number is asked for, and the courier typed stays
  await expect(form.getByText(ORDER_ADMIN_MESSAGES.trackingRequired)).toBeVisible();
  await expect(form.getByLabel("Courier")).toHaveValue("Delhivery");
  await expect(form.getByLabel("Tracking number")).toBeFocused();
  await form.getByLabel("Tracking number").fill("DLV7788990011");
  await staff.screenshot({ path: `${SCREENS}/admin-order-ship-form-${testInfo.project.name}.png`, fullPage: true });
  await form.getByRole("button", { name: "Mark shipped" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: ORDER_ADMIN_MESSAGES.shipped })).toBeVisible();
  await expect(staff.getByTestId("order-status")).toHaveText("Shipped");
  await expect(staff.getByTestId("order-courier")).toHaveText("Delhivery");
  await expect(staff.getByTestId("order-tracking")).toHaveText("DLV7788990011");
  await expect(staff.getByTestId("order-history")).toContainText("Delhivery, tracking number DLV7788990011");
  await staff.screenshot({ path: `${SCREENS}/admin-order-shipped-${testInfo.project.name}.png`, fullPage: true });

  // the shopper's text names the order, the courier and the tracking number
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/dev/outbox?phone=${phone}`)).json()) as {
        messages: Array<{ body: string }>;
      };
      return body.messages.some(
        (m) => m.body.includes(orderNumber) && m.body.includes("Delhivery") && m.body.includes("DLV7788990011"),
      );
    })
    .toBe(true);

  // Track Your Order, signed out
  const visitor = await newPage(browser, testInfo, "shopper");
  await visitor.goto("/track-order");
  await visitor.getByLabel("Order number").fill(orderNumber);
  await visitor.getByLabel("Phone or e-mail").fill(phone);
  await visitor.getByRole("button", { name: "Track order" }).click();
  const progress = visitor.getByRole("list", { name: "Order progress" });
  await expect(progress).toContainText("Shipped");
  await expect(progress).toContainText("Delhivery");
  await expect(progress).toContainText("DLV7788990011");
  await visitor.screenshot({ path: `${SCREENS}/track-order-shipped-${testInfo.project.name}.png`, fullPage: true });
  await Promise.all([shopper.context().close(), staff.context().close(), visitor.context().close()]);
});

test("staff cancel an order with a reason and the product page's stock for that size comes back", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { s, v } = LOW;
  const shopper = await newPage(browser, testInfo, "shopper");
  await openProduct(shopper, s.product.name);
  const productUrl = `${new URL(shopper.url()).pathname}?size=${encodeURIComponent(v.size)}&colour=${encodeURIComponent(v.colour)}`;
  await shopper.goto(productUrl);
  const lowText = (await shopper.getByTestId("low-stock").textContent())!.trim();
  const before = Number(lowText.match(/Only (\d+) left/)![1]);
  expect(before).toBeGreaterThanOrEqual(2);

  const { orderNumber } = await placeCodOrder(shopper, request, s, productUrl);
  await expectLowStockSoon(shopper, productUrl, `Only ${before - 1} left`);

  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await openOrder(staff, orderNumber, testInfo);
  const form = staff.getByTestId("status-form");
  await form.getByLabel("New status").selectOption("cancelled");
  await form.getByRole("button", { name: "Cancel order" }).click();
  await expect(form.getByText(ORDER_ADMIN_MESSAGES.reasonRequired)).toBeVisible();
  await form.getByLabel(/Reason for cancelling/).fill("The shopper asked to cancel by phone");
  await staff.screenshot({ path: `${SCREENS}/admin-order-cancel-form-${testInfo.project.name}.png`, fullPage: true });
  await form.getByRole("button", { name: "Cancel order" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: ORDER_ADMIN_MESSAGES.cancelled })).toBeVisible();
  await expect(staff.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(staff.getByText("The shopper asked to cancel by phone").first()).toBeVisible();
  await staff.screenshot({ path: `${SCREENS}/admin-order-cancelled-${testInfo.project.name}.png`, fullPage: true });

  await shopper.goto(productUrl);
  await expect(shopper.getByTestId("low-stock")).toHaveText(`Only ${before} left`);
  await Promise.all([shopper.context().close(), staff.context().close()]);
});

const FLAG = FROM_END.filter((s) => startStock(s) >= 12)[9]!;

test("a payment for an order staff had cancelled is listed first; staff confirm it, then cancel the paid order and see the test gateway's refund", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shopper = await newPage(browser, testInfo, "shopper");
  await register(shopper, request, randomPhone());
  await expect(shopper.getByRole("button", { name: "Logout" })).toBeVisible();
  await openProduct(shopper, FLAG.product.name);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText(/^Added to cart/)).toBeVisible();
  await shopper.goto("/checkout");
  await shopper.getByRole("textbox", { name: "Address", exact: true }).fill("5 Lake View Road");
  await shopper.getByLabel("Pincode").fill("600004");
  await expect(shopper.getByLabel("City")).toHaveValue("Chennai");
  await shopper.getByRole("button", { name: /^Place order/ }).click();
  await expect(shopper).toHaveURL(/\/payment\?order=ORD-/);
  const orderNumber = decodeURIComponent(shopper.url()).match(/ORD-[A-Z0-9-]+/)![0];
  await expect(shopper.getByRole("button", { name: "Approve" })).toBeVisible();

  // staff cancel the unpaid order; the shopper pays anyway
  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await openOrder(staff, orderNumber, testInfo);
  const form = staff.getByTestId("status-form");
  await expect(form.getByLabel("New status").locator("option")).toHaveText(["Choose a status", "Cancelled"]);
  await form.getByLabel("New status").selectOption("cancelled");
  await form.getByLabel(/Reason for cancelling/).fill("Payment not received");
  await form.getByRole("button", { name: "Cancel order" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("Cancelled");
  await shopper.getByRole("button", { name: "Approve" }).click();
  await expect(shopper.getByText("Order creation failed. Please contact support.")).toBeVisible();

  // listed first, with the payment; confirmed from the list
  await staff.goto("/admin/orders");
  const flagged = staff.getByTestId("flagged-payment").filter({ hasText: orderNumber });
  await expect(flagged).toContainText("Paid for a cancelled order");
  await expect(flagged).toContainText(/payment pay_/);
  await staff.screenshot({ path: `${SCREENS}/admin-orders-flagged-${testInfo.project.name}.png`, fullPage: true });
  await flagged.getByRole("button", { name: `Confirm order ${orderNumber} with this payment` }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: ORDER_ADMIN_MESSAGES.confirmed })).toBeVisible();
  await expect(staff.getByTestId("flagged-payment").filter({ hasText: orderNumber })).toHaveCount(0);

  // the order is confirmed; cancelling it now refunds the payment through the test gateway
  await openOrder(staff, orderNumber, testInfo);
  await expect(staff.getByTestId("order-status")).toHaveText("Confirmed");
  await form.getByLabel("New status").selectOption("cancelled");
  await expect(form).toContainText("is refunded to the shopper through the payment gateway");
  await form.getByLabel(/Reason for cancelling/).fill("Fabric flaw found before dispatch");
  await form.getByRole("button", { name: "Cancel order" }).click();
  await expect(staff.getByTestId("toast").filter({ hasText: ORDER_ADMIN_MESSAGES.refundProcessed })).toBeVisible();
  await expect(staff.getByTestId("refund-status")).toHaveText("Processed");
  await expect(staff.getByTestId("refund")).toContainText(/rfnd_[A-Za-z0-9]{14}/);
  await staff.screenshot({ path: `${SCREENS}/admin-order-refunded-${testInfo.project.name}.png`, fullPage: true });
  await Promise.all([shopper.context().close(), staff.context().close()]);
});
