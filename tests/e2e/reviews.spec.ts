import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { REVIEW_MESSAGES } from "../../app/modules/reviews";
import { axeViolations } from "./support/axe";
import { openProduct, SEEDED, type Seeded } from "./support/catalogue";
import { markDelivered, orderCashOnDelivery, pageFrom } from "./support/delivered-order";
import { randomPhone, register } from "./support/shopper";
import { signInThroughFooter } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * Reviews from verified buyers (decision 043) at 1440 and 390 px. A shopper who has not bought a piece
 * cannot review it; once her cash-on-delivery order is delivered she can, from the product page and
 * her order's page. Her review (stars, fit, words, a photo) shows on the product page for any visitor
 * with the size she bought, in the buyers' photos, the rating and the page's structured data; the
 * piece leads its category in the Rating sort and the dashboard counts it. Another shopper marks it
 * helpful once. Staff hide it with a reason: she reads the reason in her account and it leaves the
 * product page. At 1440 px her review's words carry markup, which every page shows as text and never
 * runs. axe checks each screen.
 */

const SCREENS = "tmp/screens";
/** The sticky header stays at the top of the page in screenshots instead of over what is shot. */
const STILL = "header.site-header { position: static !important; }";

/**
 * Products of their own, from the end of the catalogue, in two categories so each width's piece leads
 * its own in the Rating sort: loungewear in sizes, a lehenga in Free Size. No other test buys them.
 */
const PLENTY = [...SEEDED].reverse().filter((s) => s.total >= 12);
const PIECE: Record<string, Seeded> = { desktop: PLENTY[25]!, phone: PLENTY[28]! };

/** Each role browses from an address of its own (sign-in and review limits are per address). */
const BLOCK = { shopper: 80, voter: 81, staff: 82, visitor: 83 } as const;

/** What each width's shopper writes; at 1440 px her words carry markup that must stay text. */
const REVIEW = {
  desktop: {
    stars: 4,
    word: "Very good",
    fit: "True to size",
    title: `Soft checks <img src=x onerror="window.__xss=1">`,
    body: `Breathable cotton for warm nights. </script><script>window.__xss=1</script> The pyjama ties stay put.`,
  },
  phone: {
    stars: 5,
    word: "Excellent",
    fit: "Runs large",
    title: "A lehenga that catches the light",
    body: "The sequins sit flat and do not scratch. The skirt is generous: I wore heels to keep the hem up.",
  },
} as const;

const photo = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: "#2f4a6b" } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Every Content-Security-Policy refusal on the page (the test fixture watches only its own page). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) violations.push(text);
  });
  return violations;
}

/** The page's Product structured data, as a search engine reads it. */
async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((json) => json["@type"] === "Product");
  expect(product, "the product page's JSON-LD").toBeTruthy();
  return product!;
}

/** Scrolls to the reviews: the list (and a signed-in shopper's own standing) load as it comes near. */
async function reviewsSection(page: Page): Promise<Locator> {
  const section = page.getByRole("region", { name: "Reviews" });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** axe finds nothing on the page as it stands (soft: every page's findings are reported). */
async function expectAccessible(page: Page, where: string) {
  expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

/** No markup of a review ran on the page. */
async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** A visitor with no cookies and no cache: what anyone sees of the product page. */
async function freshVisitor(browser: Browser, testInfo: TestInfo, productId: string) {
  const page = await pageFrom(browser, testInfo, BLOCK.visitor);
  const csp = watchCsp(page);
  await page.goto(`/product/${productId}`);
  return { page, csp };
}

test("a buyer reviews a delivered piece; others read it and mark it helpful; staff hide it", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = testInfo.project.name as keyof typeof REVIEW;
  const s = PIECE[name]!;
  const review = REVIEW[name];
  const shopper = await pageFrom(browser, testInfo, BLOCK.shopper);
  const shopperCsp = watchCsp(shopper);

  // 1. not bought: the review page says who may review, and the product page offers nothing
  await register(shopper, request, randomPhone(), "/authentication", {
    first: "Meera",
    last: "Iyer",
    email: `meera.${name}.${Date.now()}@example.com`,
  });
  await expect(shopper.getByRole("button", { name: "Logout" })).toBeVisible();
  // her standing is asked once the reviews come near, which may be as soon as the page loads
  const standing = shopper.waitForResponse((r) => /\/api\/products\/[^/]+\/my-review$/.test(r.url()));
  await openProduct(shopper, s.product.name);
  const productId = new URL(shopper.url()).pathname.split("/")[2]!;
  const section = await reviewsSection(shopper);
  expect((await (await standing).json()) as { canReview: boolean }).toMatchObject({ canReview: false });
  await expect(section.getByText("No reviews yet")).toBeVisible();
  await expect(section.getByRole("link", { name: "Write a review" })).toHaveCount(0);
  await shopper.goto(`/product/${productId}/review`);
  await expect(shopper.getByTestId("review-not-buyer")).toContainText(REVIEW_MESSAGES.notBuyer);
  await expect(shopper.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  await expect(shopper.getByRole("radio", { name: /stars?:/ })).toHaveCount(0);

  // 2. she orders it; staff mark it delivered; now both pages offer the review
  const orderNumber = await orderCashOnDelivery(shopper, s);
  const staff = await pageFrom(browser, testInfo, BLOCK.staff);
  const staffCsp = watchCsp(staff);
  await signInThroughFooter(staff);
  await markDelivered(staff, orderNumber);
  await shopper.goto(`/product/${productId}`);
  const write = (await reviewsSection(shopper)).getByRole("link", { name: "Write a review" });
  await expect(write).toBeVisible();
  await shopper.goto(`/account/orders/${orderNumber}`);
  await expect(shopper.getByRole("link", { name: `Write a review of ${s.product.name}` })).toBeVisible();

  // 3. the review: stars, fit, title, words and a photo
  await shopper.getByRole("link", { name: `Write a review of ${s.product.name}` }).click();
  await expect(shopper).toHaveURL(new RegExp(`/product/${productId}/review$`));
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(s.product.name);
  const size = s.start.size!;
  await expect(shopper.getByText(`You bought size ${size} · ${s.start.colour}`)).toBeVisible();
  const star = shopper.getByRole("radio", { name: `${review.stars} stars: ${review.word}` });
  await shopper.locator("label").filter({ has: star }).click();
  await expect(star).toBeChecked();
  await shopper.getByRole("radio", { name: review.fit }).check();
  await shopper.getByRole("textbox", { name: "Title" }).fill(review.title);
  await shopper.getByRole("textbox", { name: /^What did you think/ }).fill(review.body);
  await shopper.locator('input[type="file"]').setInputFiles({
    name: "worn.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await expect(shopper.getByRole("img", { name: "Photo 1" })).toBeVisible({ timeout: 15_000 });
  await expect(shopper.getByRole("button", { name: "Submit review" })).toBeEnabled();
  await expectAccessible(shopper, "the review form");
  await shopper.screenshot({ path: `${SCREENS}/review-form-${name}.png`, fullPage: true, style: STILL });
  await shopper.getByRole("button", { name: "Submit review" }).click();
  await expect(shopper).toHaveURL(/\?saved=new$/, { timeout: 15_000 });
  const saved = shopper.getByTestId("review-saved");
  await expect(saved).toContainText(REVIEW_MESSAGES.saved);
  await expect(saved).toContainText(review.title);
  await expectNoScriptRan(shopper);
  await expectAccessible(shopper, "the saved review");
  await shopper.screenshot({ path: `${SCREENS}/review-saved-${name}.png`, fullPage: true, style: STILL });

  // 4. on the product page, for a visitor who never signed in
  const visitor = await freshVisitor(browser, testInfo, productId);
  const guest = visitor.page;
  const rating = `${review.stars}.0 out of 5 stars from 1 review`;
  await expect(guest.getByRole("link", { name: rating })).toBeVisible();
  const reviews = await reviewsSection(guest);
  await expect(reviews.getByRole("img", { name: rating })).toBeVisible();
  await expect(reviews).toContainText("1 review");
  const strip = reviews.getByRole("button", { name: "Open buyer's photo 1 of 1" });
  await expect(strip).toBeVisible();
  await expect
    .poll(() => strip.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const item = reviews.getByRole("article", { name: review.title });
  await expect(item).toBeVisible();
  await expect(item.getByRole("heading", { level: 3 })).toHaveText(review.title);
  await expect(item).toContainText(review.body);
  await expect(item).toContainText("Meera I.");
  await expect(item).toContainText("Verified buyer");
  await expect(item).toContainText(`Size bought:${size} · ${s.start.colour}`);
  await expect(item).toContainText(`Fit:${review.fit}`);
  await expect(item.getByRole("img", { name: `${review.stars} out of 5 stars` })).toBeVisible();
  await expect(item.getByRole("button", { name: "Open photo 1 of 1 from Meera I." })).toBeVisible();
  await expect(reviews.getByText("Showing 1 of 1 review")).toBeVisible();
  const jsonLd = await productJsonLd(guest);
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: review.stars, reviewCount: 1 });
  expect(jsonLd.review).toEqual([
    expect.objectContaining({
      name: review.title,
      reviewRating: expect.objectContaining({ ratingValue: review.stars }),
    }),
  ]);
  await expectNoScriptRan(guest);
  await expectAccessible(guest, "the product page's reviews");
  await reviews.screenshot({ path: `${SCREENS}/reviews-section-${name}.png`, style: STILL });
  expect(visitor.csp).toEqual([]);

  // 5. the piece leads its category in the Rating sort, its card with its stars and count
  await guest.goto(`/products?category=${s.product.category}`);
  expect(await guest.getByLabel("Sort by").locator("option").allTextContents()).toContain("Rating");
  await guest.getByLabel("Sort by").selectOption("rating");
  await expect(guest).toHaveURL(/sortBy=rating/);
  const first = guest.getByTestId("product-card").first();
  await expect(first.getByRole("heading")).toHaveText(s.product.name);
  await expect(first).toContainText(`${review.stars}.0 ★ (1)`);
  await expect(first).toContainText(rating);
  await guest.context().close();

  // the dashboard's panel counts it (the other width's review is hidden by the time this one is written)
  await staff.goto("/admin");
  const panel = staff.getByRole("region", { name: "Reviews", exact: true });
  await expect(panel.getByTestId("reviews-summary")).toContainText("1 review of 1 product");
  await expect(panel.getByTestId("reviews-best")).toContainText(s.product.name);
  await panel.screenshot({ path: `${SCREENS}/admin-dashboard-reviews-${name}.png` });

  // 6. another signed-in shopper finds it helpful, once
  const voter = await pageFrom(browser, testInfo, BLOCK.voter);
  const voterCsp = watchCsp(voter);
  await register(voter, request, randomPhone(), "/authentication", {
    first: "Anjali",
    last: "Das",
    email: `anjali.${name}.${Date.now()}@example.com`,
  });
  await expect(voter.getByRole("button", { name: "Logout" })).toBeVisible();
  await voter.goto(`/product/${productId}`);
  const theirs = (await reviewsSection(voter)).getByRole("article", { name: review.title });
  const helpful = theirs.getByRole("button", { name: /^Helpful/ });
  await expect(helpful).toHaveText("Helpful (0)");
  await helpful.click();
  await expect(theirs.getByRole("status")).toHaveText(REVIEW_MESSAGES.voted);
  await expect(helpful).toHaveText("Helpful (1)");
  await helpful.click();
  await expect(theirs.getByRole("status")).toHaveText(REVIEW_MESSAGES.alreadyVoted);
  await expect(helpful).toHaveText("Helpful (1)");
  await expectAccessible(voter, "the reviews after a vote");
  await expectNoScriptRan(voter);
  expect(voterCsp).toEqual([]);
  await voter.context().close();

  // 7. staff hide it with a reason: she reads it in her account; the product page no longer shows it
  await staff.goto("/admin/reviews?tab=published");
  await expect(staff.getByTestId("reviews-tab-published")).toHaveAttribute("aria-current", "page");
  const card = staff.getByTestId("admin-review").filter({ hasText: review.title });
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(review.title);
  await expect(card).toContainText(review.body);
  await expect(card).toContainText(`Fit: ${review.fit}`);
  await expect(card).toContainText("1 found it helpful");
  await expect(card.getByRole("img", { name: `${review.stars} out of 5 stars` })).toBeVisible();
  await expectNoScriptRan(staff);
  await expectAccessible(staff, "the staff queue");
  await staff.screenshot({ path: `${SCREENS}/admin-reviews-queue-${name}.png`, fullPage: true });
  const reason = "It names another shop's prices; please write about the piece itself.";
  await card.getByText("Hide this review").click();
  await card.getByRole("textbox", { name: /^Why it is hidden/ }).fill(reason);
  await expectAccessible(staff, "the hide form");
  await card.screenshot({ path: `${SCREENS}/admin-review-hide-${name}.png` });
  await card.getByRole("button", { name: "Hide review" }).click();
  await expect(card).toHaveCount(0);
  await staff.getByTestId("reviews-tab-hidden").click();
  await expect(staff).toHaveURL(/tab=hidden/);
  const hidden = staff.getByTestId("admin-review").filter({ hasText: review.title });
  await expect(hidden).toContainText("Hidden");
  await expect(hidden).toContainText(reason);
  await expect(hidden.getByRole("button", { name: "Publish again" })).toBeVisible();
  await expectNoScriptRan(staff);
  await staff.screenshot({ path: `${SCREENS}/admin-reviews-hidden-${name}.png`, fullPage: true });
  expect(staffCsp).toEqual([]);

  await shopper.goto("/account/reviews");
  const mine = shopper.getByTestId("reviews-written").getByRole("listitem").filter({ hasText: review.title });
  await expect(mine).toContainText("Hidden");
  await expect(mine).toContainText(`Hidden by the shop: ${reason}`);
  await expectNoScriptRan(shopper);
  await expectAccessible(shopper, "her account's reviews");
  await shopper.screenshot({ path: `${SCREENS}/account-reviews-hidden-${name}.png`, fullPage: true, style: STILL });
  expect(shopperCsp).toEqual([]);

  // her own view of the piece's page: her review to edit, and why it is hidden
  await shopper.goto(`/product/${productId}`);
  const own = await reviewsSection(shopper);
  await expect(own.getByRole("link", { name: "Edit your review" })).toBeVisible();
  await expect(own.getByText(`Your review is hidden: ${reason}`)).toBeVisible();
  await expect(own.getByText("No reviews yet")).toBeVisible();

  const after = await freshVisitor(browser, testInfo, productId);
  const gone = await reviewsSection(after.page);
  await expect(gone.getByText("No reviews yet")).toBeVisible();
  await expect(gone.getByRole("article")).toHaveCount(0);
  await expect(after.page.getByRole("link", { name: /out of 5 stars/ })).toHaveCount(0);
  const cleared = await productJsonLd(after.page);
  expect(cleared.aggregateRating).toBeUndefined();
  expect(cleared.review).toBeUndefined();
  expect(after.csp).toEqual([]);
  await after.page.context().close();
});
