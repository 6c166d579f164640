import type { Page } from "@playwright/test";
import { openProduct } from "./support/catalogue";
import { expect, test } from "./support/test";
import { randomPhone, register, signIn, signOut, browseFromOwnNetwork } from "./support/shopper";

/*
 * The cart and wishlist (decision 012): guest carts in local storage, the
 * merge on sign-in, coupon messages, the stock cap, the wishlist's bulk actions, and the stored
 * cart working without JavaScript.
 */

const JHUMKAS = "Mor Oxidised Jhumkas"; // ₹549 (was ₹699), Free Size, Oxidised Silver, stock 88
const KURTI = "Chhoti Buti Mulmul Short Kurti"; // ₹899, XS first, Sage first
const SOLD_OUT = "Sanganeri Phool Rayon Straight Kurta"; // stock 0
const SCARCE_SAREE = "Rani Pink Banarasi Silk Saree"; // ₹12,999, Free Size: one in Rani Pink, one in Gold

async function addFromProductPage(page: Page, name: string, quantity = 1) {
  await openProduct(page, name);
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Added to cart|available/ })).toBeVisible();
}

const badge = (page: Page, n: number) =>
  page.getByRole("link", { name: n > 0 ? `Cart, ${n} item${n === 1 ? "" : "s"}` : "Cart", exact: true });
const line = (page: Page, name: string) => page.getByTestId("cart-line").filter({ hasText: name });
const summary = (page: Page, id: "subtotal" | "shipping" | "discount" | "total") => page.getByTestId(`summary-${id}`);

test.beforeEach(async ({ page }, testInfo) => browseFromOwnNetwork(page, testInfo, 23));

test("a guest's cart and wishlist merge into the stored ones on sign-in; a failed save rolls back", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const phone = randomPhone();

  // A shopper with a stored cart: one pair of jhumkas.
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  await addFromProductPage(page, JHUMKAS);
  await expect(badge(page, 1)).toBeVisible();
  await signOut(page);
  await expect(badge(page, 0)).toBeVisible();

  // As a guest: two more of the same (same cartId), a kurti, and a wishlist heart.
  await addFromProductPage(page, JHUMKAS, 2);
  await addFromProductPage(page, KURTI);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
  await expect(badge(page, 3)).toBeVisible();
  await page.goto("/cart");
  await expect(line(page, JHUMKAS).getByTestId("line-quantity")).toHaveText("2");

  // Checkout asks a guest to sign in and comes back to the checkout afterwards, with the bag merged.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Please login to continue with checkout. Would you like to go to the login page?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/authentication\?redirectTo=cart$/);
  await signIn(page, request, phone, "/authentication?redirectTo=cart");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(KURTI)).toBeVisible();
  await page.goto("/cart");

  // The merged cart: 1 + 2 jhumkas on one line, the kurti, and the local copies gone.
  await expect(line(page, JHUMKAS).getByTestId("line-quantity")).toHaveText("3");
  await expect(line(page, KURTI).getByTestId("line-quantity")).toHaveText("1");
  await expect(line(page, KURTI)).toContainText("Size: XS");
  await expect(line(page, KURTI)).toContainText("Colour: Sage");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(badge(page, 4)).toBeVisible();
  await expect(summary(page, "subtotal")).toHaveText("₹2,546");
  await expect
    .poll(() =>
      page.evaluate(() => [localStorage.getItem("saanjh.cart.v1"), localStorage.getItem("saanjh.wishlist.v1")]),
    )
    .toEqual([null, null]);

  // The stored cart survives a reload, and the wishlist was merged too.
  await page.reload();
  await expect(line(page, JHUMKAS).getByTestId("line-quantity")).toHaveText("3");
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-card")).toHaveCount(1);
  await expect(page.getByTestId("wishlist-card")).toContainText(KURTI);

  // A signed-in shopper's hearts save on the server, and every heart and the wishlist page agree.
  await page.goto(`/products?search=${encodeURIComponent(JHUMKAS)}`);
  await page.getByRole("button", { name: `Add ${JHUMKAS} to wishlist` }).click();
  await expect(page.getByRole("button", { name: `Remove ${JHUMKAS} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await openProduct(page, JHUMKAS);
  await expect(page.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-card")).toHaveCount(2);
  // the card goes at once; the reload waits for the save (a reload during it races its own read: decision 032)
  const removed = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/wishlist"),
  );
  await page
    .getByTestId("wishlist-card")
    .filter({ hasText: KURTI })
    .getByRole("button", { name: `Remove ${KURTI} from wishlist` })
    .click();
  await expect(page.getByTestId("wishlist-card")).toHaveCount(1);
  await removed;
  await page.reload();
  await expect(page.getByTestId("wishlist-card")).toHaveCount(1);
  await expect(page.getByTestId("wishlist-card")).toContainText(JHUMKAS);

  // While signed in, a change shows at once and rolls back with a message when the save fails.
  await page.goto("/cart");
  await page.route("**/cart.data**", (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await line(page, KURTI)
    .getByRole("button", { name: `Increase quantity of ${KURTI}` })
    .click();
  await expect(line(page, KURTI).getByText("Could not save your change. Please try again.")).toBeVisible();
  await expect(line(page, KURTI).getByTestId("line-quantity")).toHaveText("1");
  await page.unroute("**/cart.data**");
  await line(page, KURTI)
    .getByRole("button", { name: `Increase quantity of ${KURTI}` })
    .click();
  await expect(line(page, KURTI).getByTestId("line-quantity")).toHaveText("2");
  await expect(badge(page, 5)).toBeVisible();
  await page.reload();
  await expect(line(page, KURTI).getByTestId("line-quantity")).toHaveText("2");

  // Proceeding to checkout works on the server and shows PROCESSING... meanwhile.
  const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/checkout"));
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await toCheckout;

  // Signing out shows the browser's (now empty) cart again.
  await signOut(page);
  await expect(badge(page, 0)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("a heart tapped just before the page is left is still saved", async ({ page, request }) => {
  await register(page, request, randomPhone());
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  await page.goto(`/products?search=${encodeURIComponent(JHUMKAS)}`);
  // The heart's save is still on its way (held for 3 s) when the shopper types another address.
  let held = 0;
  await page.route("**/wishlist.data", async (route) => {
    if (route.request().method() !== "POST" || held++ > 0) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue().catch(() => undefined);
  });
  await page.getByRole("button", { name: `Add ${JHUMKAS} to wishlist` }).click();
  await expect(page.getByRole("button", { name: `Remove ${JHUMKAS} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto("/wishlist");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("wishlist-card")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId("wishlist-card")).toContainText(JHUMKAS);
});

test("coupon messages, totals and a coupon removed when the cart stops qualifying", async ({ page }) => {
  await addFromProductPage(page, JHUMKAS);
  await page.goto("/cart");
  await expect(summary(page, "subtotal")).toHaveText("₹549");
  await expect(summary(page, "shipping")).toHaveText("Free");
  await expect(summary(page, "total")).toHaveText("₹549");

  const input = page.getByLabel("Coupon code");
  const apply = page.getByRole("button", { name: "Apply" });
  await apply.click();
  await expect(page.getByText("Please enter a coupon code")).toBeVisible();
  await input.fill("nope");
  await expect(input).toHaveValue("NOPE");
  await apply.click();
  await expect(page.getByText("Invalid coupon code")).toBeVisible();
  await expect(input).toHaveValue("NOPE");
  await input.fill("first100");
  await apply.click();
  await expect(page.getByText("Minimum order amount ₹800 required for this coupon")).toBeVisible();
  await input.fill("save10");
  await apply.click();
  // 10% of ₹549 is ₹54.90: a percentage comes off in whole rupees, rounded up, so no total shows paise
  await expect(page.getByText("Coupon applied! You saved ₹55")).toBeVisible();
  await expect(summary(page, "discount")).toHaveText("−₹55");
  await expect(summary(page, "total")).toHaveText("₹494");

  // Removing clears the discount and the code; the coupon is kept in this browser until then.
  await page.reload();
  await expect(summary(page, "discount")).toHaveText("−₹55");
  await page.getByRole("button", { name: "Remove coupon SAVE10" }).click();
  await expect(summary(page, "discount")).toHaveCount(0);
  await expect(summary(page, "total")).toHaveText("₹549");

  // WELCOME20 needs ₹1,000: two pairs qualify, going back to one removes it with a message.
  await line(page, JHUMKAS)
    .getByRole("button", { name: `Increase quantity of ${JHUMKAS}` })
    .click();
  await expect(summary(page, "subtotal")).toHaveText("₹1,098");
  await page.getByLabel("Coupon code").fill("welcome20");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon applied! You saved ₹220")).toBeVisible();
  await expect(summary(page, "total")).toHaveText("₹878");
  await line(page, JHUMKAS)
    .getByRole("button", { name: `Decrease quantity of ${JHUMKAS}` })
    .click();
  await expect(
    page.getByText("Coupon WELCOME20 removed: Minimum order amount ₹1,000 required for this coupon"),
  ).toBeVisible();
  await expect(summary(page, "discount")).toHaveCount(0);
  await expect(summary(page, "total")).toHaveText("₹549");
  expect(await page.evaluate(() => localStorage.getItem("saanjh.coupon.v1"))).toBeNull();

  // Quantity 0 removes the line; the empty state follows.
  await line(page, JHUMKAS)
    .getByRole("button", { name: `Remove ${JHUMKAS} (quantity 1)` })
    .click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await page.getByRole("link", { name: "Start shopping" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("the stock caps each size and colour with a clear message, on the product page and in the cart", async ({
  page,
  context,
}) => {
  await openProduct(page, SCARCE_SAREE);
  // one left in Rani Pink: the stepper stops at 1, a second add is capped
  await expect(page.getByTestId("low-stock")).toHaveText("Only 1 left");
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Only 1 available: your bag now has 1.")).toBeVisible();
  // Gold has its own one
  await page.getByRole("button", { name: "Gold", exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart: .*Gold × 1$/)).toBeVisible();

  await page.goto("/cart");
  const gold = line(page, SCARCE_SAREE).filter({ hasText: "Colour: Gold" });
  for (const row of [line(page, SCARCE_SAREE).filter({ hasText: "Colour: Rani Pink" }), gold]) {
    await expect(row.getByTestId("line-quantity")).toHaveText("1");
    await expect(row.getByRole("button", { name: `Increase quantity of ${SCARCE_SAREE}` })).toBeDisabled();
    await expect(row.getByText("Only 1 left")).toBeVisible();
  }
  await expect(summary(page, "total")).toHaveText("₹25,998");

  // A second tab follows the first through storage events.
  const other = await context.newPage();
  await other.goto("/cart");
  await expect(line(other, SCARCE_SAREE)).toHaveCount(2);
  await gold.getByRole("button", { name: `Remove ${SCARCE_SAREE} (quantity 1)` }).click();
  await expect(line(other, SCARCE_SAREE)).toHaveCount(1);
  await expect(badge(other, 1)).toBeVisible();
  await expect(summary(other, "total")).toHaveText("₹12,999");
});

test("wishlist: cards, Add All to Cart skips what is sold out, remove fades, Clear Wishlist empties it", async ({
  page,
}) => {
  for (const name of [JHUMKAS, KURTI, SOLD_OUT]) {
    await openProduct(page, name);
    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expect(page.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");
  }
  // the heart on a product card reflects the same wishlist
  await page.goto(`/products?search=${encodeURIComponent(KURTI)}`);
  await expect(page.getByRole("button", { name: `Remove ${KURTI} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const response = await page.goto("/wishlist");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  const cards = page.getByTestId("wishlist-card");
  await expect(cards).toHaveCount(3);
  const jhumkas = cards.filter({ hasText: JHUMKAS });
  await expect(jhumkas).toContainText("Mor Oxidised Jhumkas");
  await expect(jhumkas.locator("s")).toContainText("₹699");
  await expect(
    cards.filter({ hasText: SOLD_OUT }).getByRole("button", { name: `${SOLD_OUT} is out of stock` }),
  ).toBeDisabled();

  await page.getByRole("button", { name: "Add All to Cart" }).click();
  await expect(page.getByText("Added 2 pieces to your cart. 1 out of stock piece was not added")).toBeVisible();
  await expect(badge(page, 2)).toBeVisible();

  await cards
    .filter({ hasText: KURTI })
    .getByRole("button", { name: `Remove ${KURTI} from wishlist` })
    .click();
  await expect(cards).toHaveCount(2);

  await page.getByRole("link", { name: JHUMKAS }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(JHUMKAS);
  await page.goBack();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Clear Wishlist" }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Shopping" })).toBeVisible();
  // the cart keeps what Add All put in it
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});

test("without JavaScript: a signed-in shopper changes the stored cart with plain forms; a guest is told why", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  await addFromProductPage(page, JHUMKAS);

  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  const response = await plain.goto("/cart");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(line(plain, JHUMKAS).getByTestId("line-quantity")).toHaveText("1");
  await line(plain, JHUMKAS)
    .getByRole("button", { name: `Increase quantity of ${JHUMKAS}` })
    .click();
  await expect(line(plain, JHUMKAS).getByTestId("line-quantity")).toHaveText("2");
  await expect(summary(plain, "subtotal")).toHaveText("₹1,098");
  await plain.getByLabel("Coupon code").fill("FIRST100");
  await plain.getByRole("button", { name: "Apply" }).click();
  await expect(plain.getByText("Coupon applied! You saved ₹100")).toBeVisible();
  await expect(summary(plain, "total")).toHaveText("₹998");
  await line(plain, JHUMKAS)
    .getByRole("button", { name: `Remove ${JHUMKAS}`, exact: true })
    .click();
  await expect(plain.getByText("Your cart is empty")).toBeVisible();
  await noScript.close();

  // A guest's cart lives in the browser: a browser without scripts shows the page's <noscript> note
  // (Playwright cannot switch a page's parser to no-script mode, so the note is read from the HTML).
  const html = await (await request.get("/cart")).text();
  expect(html).toMatch(
    /<noscript><p[^>]*>Your cart is kept in this browser\. Please turn on JavaScript, or sign in to see it\.<\/p><\/noscript>/,
  );
  const guest = await browser.newContext({ javaScriptEnabled: false });
  const guestPage = await guest.newPage();
  await guestPage.goto("/cart");
  await expect(guestPage.getByRole("status")).toContainText("Loading your cart...");
  await guest.close();
});
