import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { RETURN_MESSAGES } from "../../app/modules/returns";
import { SEEDED, type Seeded } from "./support/catalogue";
import { markDelivered, orderCashOnDelivery, pageFrom } from "./support/delivered-order";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * The shopper's side of returns (decision 042) at 1440 and 390 px: her cash-on-delivery order is
 * delivered; on its page she finds 'Return or exchange' with the windows, asks to exchange the piece for
 * another colour with a photo (a refund is refused for her reason, with why), sees the request on the
 * order page as Requested with what she asked for, and withdraws it.
 */

const SCREENS = "tmp/screens";

/** Products of their own, from the end of the catalogue (sarees in two colours no other test buys). */
const PLENTY = [...SEEDED].reverse().filter((s) => s.total >= 12);
const PIECE: Record<string, Seeded> = { desktop: PLENTY[20]!, phone: PLENTY[21]! };

/** Each width browses from addresses of its own (sign-in limits are per address). */
function newPage(browser: Browser, testInfo: TestInfo, who: "shopper" | "staff"): Promise<Page> {
  return pageFrom(browser, testInfo, who === "staff" ? 70 : 71);
}

/**
 * A new shopper orders the product (cash on delivery, to Jaipur); returns the order number. Her code
 * is read from the demo outbox through `request`, which (unlike her browser) comes from the shop's machine.
 */
async function placeCodOrder(page: Page, request: APIRequestContext, s: Seeded): Promise<string> {
  await register(page, request, randomPhone());
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  return orderCashOnDelivery(page, s);
}

const photo = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: "#8a3b2e" } })
    .jpeg({ quality: 80 })
    .toBuffer();

test("a shopper asks to exchange a delivered piece, sees it as Requested and withdraws it", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = testInfo.project.name;
  const s = PIECE[name]!;
  const wanted = s.variants.find((v) => v.colour !== s.start.colour && v.stock > 0)!;
  const shopper = await newPage(browser, testInfo, "shopper");
  const orderNumber = await placeCodOrder(shopper, request, s);

  // not delivered yet: no way to ask, and the request page says why
  await shopper.goto(`/account/orders/${orderNumber}`);
  await expect(shopper.getByRole("link", { name: "Return or exchange" })).toHaveCount(0);
  await shopper.goto(`/account/orders/${orderNumber}/return`);
  await expect(shopper.getByText("This order has not been delivered yet.")).toBeVisible();

  const staff = await newPage(browser, testInfo, "staff");
  await signInThroughFooter(staff);
  await markDelivered(staff, orderNumber);

  await shopper.goto(`/account/orders/${orderNumber}`);
  const offer = shopper.getByTestId("return-offer");
  await expect(offer).toContainText(/Exchange until \d{1,2} [A-Z][a-z]{2} · Returns until \d{1,2} [A-Z][a-z]{2}/);
  await shopper.screenshot({ path: `${SCREENS}/return-offer-${name}.png`, fullPage: true });
  await offer.getByRole("link", { name: "Return or exchange" }).click();
  await expect(shopper.getByRole("heading", { name: "Return or exchange", level: 1 })).toBeVisible();
  await expect(shopper.getByTestId("return-windows")).toHaveText(/^Exchange until .* · Returns until /);

  await shopper.getByLabel("Quantity to send back").selectOption("1");
  await shopper.getByRole("radio", { name: "Colour not as shown" }).check();
  // a refund is for faults only: refused, with why
  await expect(shopper.getByRole("radio", { name: /^Refund/ })).toBeDisabled();
  await expect(shopper.getByText(/^A refund to your payment is for damaged pieces/)).toBeVisible();
  await shopper.getByRole("radio", { name: /^Exchange/ }).check();
  const chip = `${wanted.size} · ${wanted.colour}`;
  await shopper.getByText(chip, { exact: true }).click();
  await expect(shopper.getByRole("radio", { name: new RegExp(chip) })).toBeChecked();
  await shopper.getByLabel("Details (optional)").fill("The colour is much lighter than in the pictures.");
  await shopper.locator('input[type="file"]').setInputFiles({
    name: "saree.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await expect(shopper.getByRole("img", { name: "Photo 1" })).toBeVisible({ timeout: 15_000 });
  await shopper.screenshot({ path: `${SCREENS}/return-request-${name}.png`, fullPage: true });
  await shopper.getByRole("button", { name: "Send request" }).click();

  const returnNumber = `${orderNumber}-R1`;
  await expect(shopper).toHaveURL(new RegExp(`\\?return=${returnNumber}$`), { timeout: 15_000 });
  await expect(shopper.getByText(`Request ${returnNumber} sent. We reply within one working day.`)).toBeVisible();
  const card = shopper.getByRole("article", { name: `Request ${returnNumber}` });
  await expect(card.getByTestId("return-status")).toHaveText("Requested");
  await expect(card).toContainText("Exchange · Colour not as shown");
  await expect(card).toContainText(`for size ${wanted.size} · ${wanted.colour}`);
  await expect(card.getByRole("img", { name: "Photo 1" })).toBeVisible();
  // the only piece is on its way back: nothing more to ask for
  await expect(shopper.getByTestId("return-offer")).toHaveCount(0);
  await shopper.screenshot({ path: `${SCREENS}/return-requested-${name}.png`, fullPage: true });

  shopper.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Withdraw request" }).click();
  await expect(shopper.getByText(`Request ${returnNumber} withdrawn.`)).toBeVisible();
  await expect(card.getByTestId("return-status")).toHaveText("Withdrawn");
  await expect(card.getByRole("button", { name: "Withdraw request" })).toHaveCount(0);
  await expect(shopper.getByTestId("return-offer")).toBeVisible();
  await shopper.screenshot({ path: `${SCREENS}/return-withdrawn-${name}.png`, fullPage: true });

  // Without JavaScript the form posts plainly, and a refused post keeps what she chose.
  const plain = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: false,
    storageState: await shopper.context().storageState(),
  });
  const page = await plain.newPage();
  await page.goto(`/account/orders/${orderNumber}/return`);
  await expect(page.getByText(/^Adding photos needs JavaScript\./)).toBeVisible();
  await page.getByLabel("Quantity to send back").selectOption("1");
  await page.getByRole("radio", { name: "Damaged", exact: true }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Please check what is marked below.")).toBeVisible();
  await expect(page.getByText(RETURN_MESSAGES.resolution)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Damaged", exact: true })).toBeChecked();
  await expect(page.getByLabel("Quantity to send back")).toHaveValue("1");
  await page.screenshot({ path: `${SCREENS}/return-request-no-js-${name}.png`, fullPage: true });
  await page.getByRole("radio", { name: /^Store credit/ }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?return=${orderNumber}-R2$`));
  const second = page.getByRole("article", { name: `Request ${orderNumber}-R2` });
  await expect(second.getByTestId("return-status")).toHaveText("Requested");
  await expect(second).toContainText("Store credit · Damaged");
  await plain.close();
});
