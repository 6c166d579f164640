import { expect, test } from "./support/test";
import { openProduct, SEEDED } from "./support/catalogue";
import { randomPhone, register, browseFromOwnNetwork } from "./support/shopper";

/** A product with plenty in the size and colour its page starts on (a sale here changes no count elsewhere). */
const PLENTY = SEEDED.filter(
  (s) =>
    (s.variants.find((v) => v.size === (s.start.size ?? "One Size") && v.colour === (s.start.colour ?? "Default"))
      ?.stock ?? 0) >= 12,
).at(-8)!;

/*
 * The pincode lookup on the address book and the checkout (docs/decisions/016): a valid pincode fills
 * city and state from the offline table, never over what the shopper typed, but over what a saved
 * address brought; a state chosen by hand that is not the pincode's is an error, in the browser and on
 * the server; a pincode in two states offers both; the form still works without JavaScript. Screenshots of the filled form go to
 * tmp/screenshots/pincode-<project>*.png for a person to look at.
 */

const SHOTS = "tmp/screenshots";

test.beforeEach(async ({ page }, testInfo) => browseFromOwnNetwork(page, testInfo, 21));

test("a pincode fills city and state, and a city typed by hand stays", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  await page.goto("/account/addresses");
  await expect(page.getByRole("heading", { name: "Address book" })).toBeVisible();

  const pincode = page.getByLabel("Pincode");
  const city = page.getByLabel("City");
  const state = page.getByRole("combobox", { name: "State" });
  const note = page.getByTestId("pincode-note");

  await page.getByLabel("Full name").fill("Kavya Rao");
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Address line 1").fill("7 Janpath");
  await pincode.pressSequentially("110001");
  await expect(city).toHaveValue("New Delhi");
  await expect(state).toHaveValue("Delhi");
  await expect(note).toHaveText("City and state filled in from pincode 110001: New Delhi, Delhi.");
  await expect(city).toBeEditable();
  await pincode.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/pincode-${testInfo.project.name}.png` });

  // the shopper corrects the city; another pincode moves the state the lookup filled, not that city
  await city.fill("Connaught Place");
  await pincode.fill("400001");
  await expect(state).toHaveValue("Maharashtra");
  await expect(note).toHaveText(
    "State filled in from pincode 400001 (Mumbai, Maharashtra). Your city is kept as you typed it.",
  );
  await expect(city).toHaveValue("Connaught Place");

  // a pincode in two states: the state filled before is withdrawn, both are offered, choosing one fills its city
  await city.fill("");
  await pincode.fill("605007");
  await expect(note).toHaveText("Pincode 605007 is in Puducherry or Tamil Nadu. Please choose your state.");
  await expect(state).toHaveValue("");
  await expect(city).toHaveValue("");
  await page.getByRole("button", { name: "Tamil Nadu" }).click();
  await expect(state).toHaveValue("Tamil Nadu");
  await expect(city).toHaveValue("Cuddalore");
  await expect(page.getByRole("button", { name: "Tamil Nadu" })).toHaveAttribute("aria-pressed", "true");
  await expect(note).toHaveText("Pincode 605007 is in Puducherry or Tamil Nadu.");
  await page.screenshot({ path: `${SHOTS}/pincode-${testInfo.project.name}-two-states.png` });

  // unknown pincode: a note, nothing changed
  await pincode.fill("999999");
  await expect(note).toHaveText("We could not find pincode 999999. Please check it, or enter your city and state.");
  await expect(city).toHaveValue("Cuddalore");

  // Leh is in Ladakh; the filled values are what the form saves
  await city.fill("");
  await pincode.fill("194101");
  await expect(city).toHaveValue("Leh");
  await expect(state).toHaveValue("Ladakh");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added.")).toBeVisible();
  await expect(page.getByTestId("address-card").first()).toContainText("Leh");
  await expect(page.getByTestId("address-card").first()).toContainText("Ladakh");
  await expect(page.getByTestId("address-card").first()).toContainText("194101");

  // editing a saved address looks nothing up until its pincode changes; then the saved city and
  // state give way (the shopper did not choose them for this pincode)
  await page.getByTestId("address-card").first().getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await expect(note).toHaveText("");
  await pincode.fill("560001");
  await expect(note).toHaveText("City and state filled in from pincode 560001: Bengaluru, Karnataka.");
  await expect(city).toHaveValue("Bengaluru");
  await expect(state).toHaveValue("Karnataka");

  // a state chosen by hand that is not the pincode's is the form's error, and the form is not sent
  const mismatch = "Pincode 560001 is in Karnataka, not Kerala. Please check the state or the pincode.";
  await state.selectOption("Kerala");
  await expect(page.getByText(mismatch)).toBeVisible();
  await expect(state).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await state.selectOption("Karnataka");
  await expect(page.getByText(mismatch)).toHaveCount(0);
  await expect(page.getByText("Please correct the highlighted fields")).toHaveCount(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Address updated.")).toBeVisible();
  await expect(page.getByTestId("address-card").first()).toContainText("Karnataka");
});

test("at the checkout, a saved address gives way to a new pincode, and a state chosen by hand must be the pincode's", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  // the saved address: Indiranagar, Bengaluru, Karnataka
  await page.goto("/account/addresses");
  await page.getByLabel("Full name").fill("Kavya Rao");
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Address line 1").fill("12, 80 Feet Road, Indiranagar");
  await page.getByLabel("Pincode").pressSequentially("560038");
  await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added.")).toBeVisible();
  await openProduct(page, PLENTY.product.name);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^Added to cart/)).toBeVisible();

  await page.goto("/checkout");
  const pincode = page.getByLabel("Pincode");
  const city = page.getByLabel("City");
  const state = page.getByRole("combobox", { name: "State" });
  await expect(city).toHaveValue("Bengaluru");
  await expect(state).toHaveValue("Karnataka");
  // moving to Jaipur: the saved city and state were not chosen for this pincode, so both follow it
  await pincode.fill("302001");
  await expect(city).toHaveValue("Jaipur");
  await expect(state).toHaveValue("Rajasthan");
  await expect(page.getByTestId("pincode-note")).toHaveText(
    "City and state filled in from pincode 302001: Jaipur, Rajasthan.",
  );
  await pincode.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/checkout-pincode-${testInfo.project.name}.png` });

  // Karnataka chosen by hand again: an error under State at once, and the order is not placed
  const mismatch = "Pincode 302001 is in Rajasthan, not Karnataka. Please check the state or the pincode.";
  await state.selectOption("Karnataka");
  await expect(page.getByText(mismatch)).toBeVisible();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await state.selectOption("Rajasthan");
  await expect(page.getByText(mismatch)).toHaveCount(0);
});

test("the server refuses a state that is not the pincode's, without JavaScript too", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto("/account/addresses");
  await plain.getByLabel("Full name").fill("Kavya Rao");
  await plain.getByLabel("Phone").fill(phone);
  await plain.getByLabel("Address line 1").fill("MI Road");
  await plain.getByLabel("Pincode").fill("302001");
  await plain.getByLabel("City").fill("Jaipur");
  await plain.getByRole("combobox", { name: "State" }).selectOption("Karnataka");
  await plain.getByRole("button", { name: "Add address" }).click();
  await expect(
    plain.getByText("Pincode 302001 is in Rajasthan, not Karnataka. Please check the state or the pincode."),
  ).toBeVisible();
  await expect(plain.getByLabel("City")).toHaveValue("Jaipur");
  await expect(plain.getByTestId("address-card")).toHaveCount(0);
  await context.close();
});

test("without JavaScript the address form still saves what is typed", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto("/account/addresses");
  await plain.getByLabel("Full name").fill("Kavya Rao");
  await plain.getByLabel("Phone").fill(phone);
  await plain.getByLabel("Address line 1").fill("12 Marine Drive");
  await plain.getByLabel("Pincode").fill("400020");
  await plain.getByLabel("City").fill("Mumbai");
  await plain.getByRole("combobox", { name: "State" }).selectOption("Maharashtra");
  await plain.getByRole("button", { name: "Add address" }).click();
  await expect(plain.getByText("Address added.")).toBeVisible();
  await expect(plain.getByTestId("address-card").first()).toContainText("12 Marine Drive");
  await context.close();
});

test("GET /api/pincodes/:pin answers JSON a browser and a CDN may keep for a day", async ({ request }) => {
  const found = await request.get("/api/pincodes/560001");
  expect(found.status()).toBe(200);
  expect(found.headers()["cache-control"]).toBe("public, max-age=86400, s-maxage=86400");
  expect(await found.json()).toEqual({ pincode: "560001", places: [{ city: "Bengaluru", state: "Karnataka" }] });
  const unknown = await request.get("/api/pincodes/999999");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ pincode: "999999", places: [] });
  expect((await request.get("/api/pincodes/12345")).status()).toBe(400);
});
