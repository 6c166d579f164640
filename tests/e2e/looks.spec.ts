import type { Locator, Page } from "@playwright/test";
import { openProduct, SEEDED, variantStock } from "./support/catalogue";
import { demoAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/*
 * How the storefront and the back office are laid out at 1440 and 390 px, where a shopper would see
 * it go wrong: copy on a picture's edge, a card at the screen's edge, rows cut mid-word with no sign
 * that they scroll, tap targets smaller than 24 x 24 px (WCAG 2.2), a chip alone on its line, a
 * heading broken over two lines. Measured in the page as it is drawn.
 */

const isPhone = (page: Page) => page.viewportSize()!.width < 768;
/** Each measure is reported on its own: one run shows every place that is off. */
const soft = expect.configure({ soft: true });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `a box for ${String(locator)}`).not.toBeNull();
  return found!;
}

async function expectTapTarget(locator: Locator, name: string) {
  const { width, height } = await box(locator);
  soft(Math.min(width, height), `${name}: ${width.toFixed(1)} x ${height.toFixed(1)} px`).toBeGreaterThanOrEqual(24);
}

/** The lines a text is drawn on: the distinct tops of the boxes of the text nodes that contain `text`. */
function linesOf(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  }, text);
}

/** A row that scrolls on phones shows a fade at its end, and its last item clears the fade once scrolled there. */
async function expectFadedRow(row: Locator, faded: Locator, name: string) {
  const fade = await faded.evaluate((element) => getComputedStyle(element, "::after").backgroundImage);
  soft(fade, `${name}: a fade at the row's end`).toContain("gradient");
  await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const last = await box(row.getByRole("link").last());
  const edge = await box(faded);
  const fadeWidth = await faded.evaluate((element) => parseFloat(getComputedStyle(element, "::after").width));
  soft(last.x + last.width, `${name}: the last link, scrolled to the end, is not under the fade`).toBeLessThanOrEqual(
    edge.x + edge.width - fadeWidth + 0.5,
  );
}

test("home: the hero's copy has its own space on phones, New Arrivals keep the page's margin, the carousel's controls keep their contrast", async ({
  page,
}) => {
  await page.goto("/");
  const slide = page.getByRole("group", { name: /^1 of 5/ });
  const picture = await box(slide.locator("img"));
  const copy = await box(slide.locator("p").first());
  if (isPhone(page))
    soft(copy.y, "the first line of the hero's copy starts below its picture").toBeGreaterThanOrEqual(
      picture.y + picture.height,
    );

  // on desktop the dots lie on the picture: the pill under them is near-opaque ivory
  const controls = page.getByRole("button", { name: "Pause slideshow" }).locator("..");
  const ground = await controls.evaluate((element) => getComputedStyle(element).backgroundColor);
  if (!isPhone(page)) soft(ground, "the carousel's controls lie on a pill").not.toBe("rgba(0, 0, 0, 0)");

  const first = page.getByTestId("new-arrival").first();
  await first.scrollIntoViewIfNeeded();
  const heading = await box(page.getByRole("heading", { name: "New Arrivals" }));
  await soft
    .poll(async () => (await box(first)).x, { message: "the first new arrival lines up with the section's heading" })
    .toBeGreaterThanOrEqual(heading.x - 0.5);
});

test("the header's collections: 24 px targets; on phones the row fades at its end, clear of the last link", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Collections" });
  for (const link of await nav.getByRole("link").all())
    await expectTapTarget(link, `collection link ${await link.textContent()}`);
  if (isPhone(page)) await expectFadedRow(nav.getByRole("list"), nav, "the header's collections");
});

test("the category chips never leave one alone on a line", async ({ page }) => {
  await page.goto("/products");
  const chips = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
  await expect(chips).toHaveCount(12);
  if (isPhone(page)) return; // one row that scrolls
  const tops = await chips.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  const perLine = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
  soft(Math.min(...perLine), `chips per line: ${perLine.join(", ")}`).toBeGreaterThan(1);
});

test("product and cart: Size guide, Remove and Clear cart are 24 px targets; the cart's title is one line", async ({
  page,
}) => {
  // a kurta (it has a size guide) with stock to spare in the size and colour its page starts on
  const kurta = SEEDED.find(
    (s) =>
      s.product.category === "kurtas" &&
      s.product.sizes.length > 1 &&
      variantStock(s, s.start.size!, s.start.colour!) >= 12,
  )!;
  await openProduct(page, kurta.product.name);
  await expectTapTarget(page.getByRole("button", { name: "Size guide" }), "Size guide");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expectTapTarget(
    page.getByTestId("cart-line").getByRole("button", { name: `Remove ${kurta.product.name}`, exact: true }),
    "Remove",
  );
  await expectTapTarget(page.getByRole("button", { name: "Clear cart" }), "Clear cart");
  soft(await linesOf(page.getByRole("heading", { level: 1 }), "Shopping Cart"), "lines of 'Shopping Cart'").toBe(1);
});

test("about: Back to Store comes first, above the hero", async ({ page }) => {
  await page.goto("/about");
  const back = await box(page.getByRole("link", { name: "Back to Store" }));
  const hero = await box(page.locator("main img").first());
  expect(back.y + back.height, "Back to Store ends above the hero's picture").toBeLessThanOrEqual(hero.y);
});

test("the back office's tabs: on phones the row fades at its end, clear of the last tab", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the tabs fit on one row on desktop");
  const network = { "X-Forwarded-For": "198.18.34.2" };
  await page.context().setExtraHTTPHeaders(network);
  const { email, password } = demoAdmin();
  expect(
    (
      await page.request.post("/api/auth/sign-in/email", {
        headers: { ...network, origin: baseURL! },
        data: { email, password },
      })
    ).status(),
  ).toBe(200);
  await page.goto("/admin");
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expectFadedRow(tabs.getByRole("list"), tabs.getByRole("list").locator(".."), "the back office's tabs");
});
