import { expect, test } from "./support/test";
import { randomPhone, register } from "./support/shopper";

/*
 * The pincode lookup on the address book (docs/decisions/016): a valid pincode fills city and
 * state from the offline table, never over what the shopper typed; a pincode in two states offers
 * both; the form still works without JavaScript. Screenshots of the filled form go to
 * tmp/screenshots/pincode-<project>*.png for a person to look at.
 */

const SHOTS = "tmp/screenshots";

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
  await expect(note).toHaveText("State filled in from pincode 400001 (Mumbai, Maharashtra). Your city is kept as you typed it.");
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

  // editing a saved address looks nothing up until its pincode changes, and keeps the saved city
  // and state (the shopper's own): the note says where the new pincode is
  await page.getByTestId("address-card").first().getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await expect(note).toHaveText("");
  await pincode.fill("560001");
  await expect(note).toHaveText("Pincode 560001 is in Bengaluru, Karnataka. Your city and state are kept as you entered them.");
  await expect(city).toHaveValue("Leh");
  await expect(state).toHaveValue("Ladakh");
});

test("without JavaScript the address form still saves what is typed", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await register(page, request, phone);
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
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
