import type { APIRequestContext, APIResponse, Browser, Locator, Page, TestInfo } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { deliveryDay } from "../../app/modules/shipping/delivery";
import { axeViolations } from "./support/axe";
import { SEEDED, type Seeded } from "./support/catalogue";
import { buyCashOnDelivery } from "./support/checkout";
import { randomPhone, register } from "./support/shopper";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The shopper follows her parcel (decision 041) at 1440 and 390 px, in demo mode: a cash-on-delivery
 * order is booked with the demo courier and its scans advanced by staff through the order page's
 * shipping forms (posted as the page's forms post them, with the shipment's id and version read from
 * the page's loader data); the shopper sees on Track Your Order and on her account's order page the
 * courier and AWB, the date it arrives by, the courier's scans newest first, a missed delivery's notice
 * and, at the end, 'Delivered'. Another parcel comes back undelivered and the order reads 'Returned
 * undelivered' with what happens to the money.
 */

const SCREENS = "tmp/screens";
const ORDER_ROUTE = "routes/admin.orders.$id";

/** Products of their own, from the end of the catalogue (admin orders and shipping take 8-15; there are 18). */
const startStock = (s: Seeded) =>
  s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
    ?.stock ?? 0;
const PLENTY = [...SEEDED].reverse().filter((s) => startStock(s) >= 12);
const FOLLOW = PLENTY[17]!;
const COMES_BACK = PLENTY[16]!;

const indiaDay = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));

/** Each test, width and role browses from an address of its own (sign-in and lookup limits are per address). */
function network(testInfo: TestInfo, who: "shopper" | "staff" | "visitor") {
  let hash = 0;
  for (const c of testInfo.title) hash = (hash * 31 + c.charCodeAt(0)) % 60;
  const role = { shopper: 1, staff: 80, visitor: 160 }[who];
  return { "X-Forwarded-For": `198.18.${hash + role}.${testInfo.project.name === "desktop" ? 51 : 52}` };
}

async function newPage(
  browser: Browser,
  testInfo: TestInfo,
  who: "shopper" | "staff" | "visitor",
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    ...options,
    extraHTTPHeaders: network(testInfo, who),
  });
  return context.newPage();
}

/**
 * A new shopper places a cash-on-delivery order to Lucknow; she stays signed in. Her sign-in code is
 * read from the demo outbox through `request`, which (unlike her browser) comes from the shop's machine.
 */
async function placeCodOrder(
  page: Page,
  request: APIRequestContext,
  s: Seeded,
): Promise<{ orderNumber: string; phone: string }> {
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  return {
    orderNumber: await buyCashOnDelivery(page, s, {
      address: "7 Rana Pratap Marg, near the lake",
      pincode: "226001",
      city: "Lucknow",
    }),
    phone,
  };
}

interface StaffScan {
  activity: string;
  status: string | null;
  occurredAt: string;
}
interface StaffShipment {
  id: string;
  version: number;
  status: string;
  courierName: string;
  awb: string;
  estimatedDelivery: string | null;
  scans: StaffScan[];
}
interface StaffOrder {
  order: { id: string; version: number };
  shipping: {
    shipments: StaffShipment[];
    booking: {
      parcel: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
      couriers: Array<{ courierId: string }>;
    } | null;
  };
}

/** A single-fetch answer (`.data`), decoded as the router in the browser decodes it. */
async function decoded(response: APIResponse): Promise<unknown> {
  const { value, done } = await decodeTurboStream(
    new Response(new Uint8Array(await response.body())).body!,
    globalThis,
  );
  await done;
  return value;
}

/** Staff signed in (as the ADM modal does, through the auth endpoint), with the order's id from the list's search. */
async function staffFor(browser: Browser, testInfo: TestInfo, orderNumber: string) {
  const page = await newPage(browser, testInfo, "staff");
  const origin = testInfo.project.use.baseURL!;
  const signIn = await page.request.post("/api/auth/sign-in/email", { headers: { origin }, data: demoAdmin() });
  expect(signIn.status()).toBe(200);
  await page.goto(`/admin/orders?search=${encodeURIComponent(orderNumber)}`);
  const href = await page.getByRole("link", { name: orderNumber }).first().getAttribute("href");
  const id = href!.match(/\/admin\/orders\/([0-9a-f-]{36})/)![1]!;

  const order = async (): Promise<StaffOrder> => {
    const response = await page.request.get(`/admin/orders/${id}.data?_routes=${encodeURIComponent(ORDER_ROUTE)}`);
    expect(response.status()).toBe(200);
    return ((await decoded(response)) as Record<string, { data: StaffOrder }>)[ORDER_ROUTE]!.data;
  };
  /** Posts one of the order page's shipping forms; fails the test unless staff are told it worked. */
  const post = async (form: Record<string, string | number>) => {
    const response = await page.request.post(`/admin/orders/${id}.data`, { headers: { origin }, form });
    const answer = ((await decoded(response)) as { data: { ok: boolean; message?: string; formError?: string } }).data;
    expect(answer, `${String(form.intent)} answered ${JSON.stringify(answer)}`).toMatchObject({ ok: true });
  };
  const shipment = async () => (await order()).shipping.shipments[0]!;

  return {
    page,
    shipment,
    /** Books the parcel as the booking form comes prefilled, with the first courier offered. */
    async book(): Promise<StaffShipment> {
      const { order: o, shipping } = await order();
      expect(shipping.booking?.couriers.length, "couriers offered for the booking").toBeGreaterThan(0);
      await post({
        intent: "book-shipment",
        version: o.version,
        courierId: shipping.booking!.couriers[0]!.courierId,
        ...shipping.booking!.parcel,
      });
      return shipment();
    },
    /** The demo courier's next scan (next, failed-attempt, return-to-origin) and where it leaves the parcel. */
    async advance(move: "next" | "failed-attempt" | "return-to-origin", expected: string): Promise<StaffShipment> {
      const { id: shipmentId, version } = await shipment();
      await post({ intent: "advance-demo-scan", shipmentId, version, move });
      const after = await shipment();
      expect(after.status).toBe(expected);
      return after;
    },
    async receiveBack(): Promise<void> {
      const { id: shipmentId, version } = await shipment();
      await post({ intent: "receive-returned", shipmentId, version });
    },
  };
}

/** Track Your Order, looked up by the order number and her phone; returns the parcel's section. */
async function trackOrder(page: Page, orderNumber: string, phone: string): Promise<Locator> {
  await page.goto("/track-order");
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("Phone or e-mail").fill(phone);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByRole("heading", { name: orderNumber })).toBeVisible();
  return page.getByTestId("tracked-order").getByRole("region", { name: "Your parcel" });
}

/** The courier, the AWB and the scans newest first, as the courier's words. */
async function expectParcel(parcel: Locator, shipment: StaffShipment) {
  await expect(parcel.getByTestId("parcel-courier")).toHaveText(
    new RegExp(`^Courier\\s*${escape(shipment.courierName)}\\s*AWB\\s*${shipment.awb}`),
  );
  const newestFirst = [...shipment.scans].reverse();
  const items = parcel.getByRole("list", { name: "Courier updates, newest first" }).getByRole("listitem");
  await expect(items).toHaveCount(Math.min(5, newestFirst.length));
  for (const [i, scan] of newestFirst.slice(0, 5).entries()) {
    await expect(items.nth(i)).toContainText(scan.activity);
    await expect(items.nth(i).locator("time")).toHaveAttribute("datetime", scan.occurredAt);
  }
}

/** The order's own header (number, date, status badge) on the account's order page. */
const orderHeader = (page: Page) => page.locator("header", { has: page.getByRole("heading", { level: 1 }) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function expectAccessible(page: Page, where: string, options: { exclude?: string[] } = {}) {
  expect(await axeViolations(page, options), `axe on ${where}`).toEqual([]);
}

test("the shopper follows her parcel on Track Your Order and her order page: on its way, a missed delivery, delivered", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = testInfo.project.name;
  const shopper = await newPage(browser, testInfo, "shopper");
  const { orderNumber, phone } = await placeCodOrder(shopper, request, FOLLOW);
  const staff = await staffFor(browser, testInfo, orderNumber);
  const visitor = await newPage(browser, testInfo, "visitor");

  // booked, picked up and in transit
  await staff.book();
  await staff.advance("next", "picked_up");
  let shipment = await staff.advance("next", "in_transit");
  expect(shipment.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const arriving = `Arriving by ${deliveryDay(shipment.estimatedDelivery!)}`;

  let parcel = await trackOrder(visitor, orderNumber, phone);
  await expect(parcel.getByTestId("parcel-headline")).toHaveText(arriving);
  await expect(parcel).toContainText("In transit");
  await expectParcel(parcel, shipment);
  await expect(parcel.getByTestId("parcel-notice")).toHaveCount(0);
  await visitor.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await parcel.getByRole("button", { name: `Copy AWB ${shipment.awb}` }).click();
  await expect(parcel.getByRole("button", { name: `Copied AWB ${shipment.awb}` })).toBeVisible();
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(shipment.awb);
  await expectAccessible(visitor, "Track Your Order with a parcel in transit");
  await visitor.screenshot({ path: `${SCREENS}/parcel-in-transit-track-order-${name}.png`, fullPage: true });

  await shopper.goto(`/account/orders/${orderNumber}`);
  parcel = shopper.getByRole("region", { name: "Your parcel" });
  await expect(parcel.getByTestId("parcel-headline")).toHaveText(arriving);
  await expectParcel(parcel, shipment);
  await expectAccessible(shopper, "the account's order page with a parcel in transit");
  await shopper.screenshot({ path: `${SCREENS}/parcel-in-transit-account-${name}.png`, fullPage: true });

  // out for delivery, and nobody home
  await staff.advance("next", "out_for_delivery");
  shipment = await staff.advance("failed-attempt", "delivery_failed");
  const failedAt = [...shipment.scans].reverse().find((s) => s.status === "delivery_failed")!;
  const notice = new RegExp(
    `^The courier could not deliver on ${indiaDay(failedAt.occurredAt)}: ${escape(failedAt.activity.replace(/\.$/, ""))}\\. ` +
      "They will try again on the next working day\\.\\s*To change the time or address, call us at \\+91[\\d ]+\\.$",
  );
  parcel = await trackOrder(visitor, orderNumber, phone);
  await expect(parcel.getByTestId("parcel-headline")).toHaveText("Delivery attempt failed");
  await expect(parcel.getByTestId("parcel-notice")).toHaveText(notice);
  await expect(parcel.getByTestId("parcel-notice").getByRole("link", { name: /^\+91/ })).toHaveAttribute(
    "href",
    /^tel:\+91\d{10}$/,
  );
  await expectParcel(parcel, shipment);
  await expectAccessible(visitor, "Track Your Order after a missed delivery");
  await visitor.screenshot({ path: `${SCREENS}/parcel-failed-attempt-track-order-${name}.png`, fullPage: true });

  await shopper.goto(`/account/orders/${orderNumber}`);
  parcel = shopper.getByRole("region", { name: "Your parcel" });
  await expect(parcel.getByTestId("parcel-notice")).toHaveText(notice);
  await expectParcel(parcel, shipment);
  await expectAccessible(shopper, "the account's order page after a missed delivery");
  await shopper.screenshot({ path: `${SCREENS}/parcel-failed-attempt-account-${name}.png`, fullPage: true });

  // out again, and delivered: seven updates, the newest five shown
  await staff.advance("next", "out_for_delivery");
  shipment = await staff.advance("next", "delivered");
  expect(shipment.scans).toHaveLength(7);
  await shopper.goto(`/account/orders/${orderNumber}`);
  parcel = shopper.getByRole("region", { name: "Your parcel" });
  await expect(parcel.getByTestId("parcel-headline")).toHaveText(/^Delivered on \w{3}, \d{1,2} \w{3}$/);
  await expect(orderHeader(shopper).getByText("Delivered", { exact: true })).toBeVisible();
  await expect(parcel.getByTestId("parcel-notice")).toHaveCount(0);
  await expectParcel(parcel, shipment);
  const earlier = parcel.getByRole("list", { name: "Earlier courier updates" });
  await expect(earlier).toBeHidden();
  await parcel.getByText("Show all 7 updates").click();
  await expect(earlier.getByRole("listitem")).toHaveText([
    new RegExp(escape(shipment.scans[1]!.activity)),
    new RegExp(escape(shipment.scans[0]!.activity)),
  ]);
  await expectAccessible(shopper, "the account's order page once delivered");
  await shopper.screenshot({ path: `${SCREENS}/parcel-delivered-account-${name}.png`, fullPage: true });

  // the same without JavaScript: the form posts, and the earlier updates open all the same
  const plain = await newPage(browser, testInfo, "visitor", { javaScriptEnabled: false });
  parcel = await trackOrder(plain, orderNumber, phone);
  await expect(parcel.getByTestId("parcel-headline")).toHaveText(/^Delivered on /);
  await expect(
    plain.getByTestId("tracked-order").locator("header").first().getByText("Delivered", { exact: true }),
  ).toBeVisible();
  await expect(parcel.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await plain.screenshot({ path: `${SCREENS}/parcel-delivered-track-order-nojs-${name}.png`, fullPage: true });
  await parcel.getByText("Show all 7 updates").click();
  await expect(parcel.getByRole("list", { name: "Earlier courier updates" }).getByRole("listitem")).toHaveCount(2);

  await Promise.all([shopper, staff.page, visitor, plain].map((p) => p.context().close()));
});

test("a parcel that comes back: 'Returning to us', then the order 'Returned undelivered' with nothing to pay", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = testInfo.project.name;
  const shopper = await newPage(browser, testInfo, "shopper");
  const { orderNumber, phone } = await placeCodOrder(shopper, request, COMES_BACK);
  const staff = await staffFor(browser, testInfo, orderNumber);
  await staff.book();
  await staff.advance("next", "picked_up");
  await staff.advance("next", "in_transit");
  await staff.advance("failed-attempt", "delivery_failed");
  await staff.advance("return-to-origin", "rto_initiated");

  await shopper.goto(`/account/orders/${orderNumber}`);
  let parcel = shopper.getByRole("region", { name: "Your parcel" });
  await expect(parcel.getByTestId("parcel-headline")).toHaveText("Returning to us");
  await expect(parcel.getByTestId("parcel-notice")).toContainText(
    "The courier could not deliver this parcel and is bringing it back to us.",
  );

  await staff.advance("next", "rto_delivered");
  await staff.receiveBack();
  await shopper.goto(`/account/orders/${orderNumber}`);
  parcel = shopper.getByRole("region", { name: "Your parcel" });
  await expect(parcel.getByTestId("parcel-headline")).toHaveText("Returned undelivered");
  await expect(parcel.getByTestId("parcel-notice")).toContainText("This parcel came back to us undelivered");
  await expect(parcel.getByTestId("parcel-notice")).toContainText(
    "As this was a cash-on-delivery order, there is nothing for you to pay.",
  );
  // the timeline ends where the parcel turned back: no 'Delivered' still to come
  const progress = shopper.getByRole("list", { name: `Progress of order ${orderNumber}` });
  await expect(progress.locator("[data-step]")).toHaveText([/Order placed/, /Confirmed/, /Processing/, /Shipped/]);
  await expect(progress).toContainText("Your parcel came back to us undelivered.");
  await expectAccessible(shopper, "the account's order page of a returned order");
  await shopper.screenshot({ path: `${SCREENS}/parcel-returned-account-${name}.png`, fullPage: true });

  const visitor = await newPage(browser, testInfo, "visitor");
  parcel = await trackOrder(visitor, orderNumber, phone);
  await expect(parcel.getByTestId("parcel-headline")).toHaveText("Returned undelivered");
  await expectAccessible(visitor, "Track Your Order of a returned order");
  await visitor.screenshot({ path: `${SCREENS}/parcel-returned-track-order-${name}.png`, fullPage: true });
  await Promise.all([shopper, staff.page, visitor].map((p) => p.context().close()));
});
