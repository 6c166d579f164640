import { expect, test } from "./support/test";
import { randomPhone, register } from "./support/shopper";

/*
 * The shared page cache (docs/decisions/013, 029): visitors of catalogue pages may get a copy up to
 * 30 s old, signed in or not, since those pages carry nothing personal; a shopper's own pages (the
 * cart, the account) are never shared.
 */
/** The page as kept: every response carries its own script nonce (server/nonce.ts), the rest is shared. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

test("catalogue pages are shared between every visitor, signed in or not; a shopper's own pages never are", async ({
  page,
}, info) => {
  const address = `/products?category=sarees&view=list&probe=${info.project.name}`;
  const first = await page.request.get(address);
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=30");
  const second = await page.request.get(address);
  expect(second.headers()["x-page-cache"]).toBe("hit");
  const [firstHtml, secondHtml] = [await first.text(), await second.text()];
  expect(withoutNonce(secondHtml)).toBe(withoutNonce(firstHtml));
  // ...and the two copies do not share a nonce
  expect(secondHtml).not.toBe(firstHtml);

  // a new shopper signs in by phone code (the admin's password sign-in is rate limited per address,
  // and the shell tests use it)
  await register(page, page.request, randomPhone());
  await expect(page.getByText("Welcome to Saanjh, Kavya!")).toBeVisible();

  const signedIn = await page.goto(address);
  expect(signedIn?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=30");
  expect(signedIn?.headers()["x-page-cache"]).toBe("hit");
  expect(withoutNonce(await signedIn!.text())).toBe(withoutNonce(firstHtml));
  await expect(page.getByRole("heading", { name: "Sarees" })).toBeVisible();

  // the shopper's own pages are answered for them alone
  for (const own of ["/cart", "/account"]) {
    const response = await page.goto(own);
    expect(response?.headers()["cache-control"], own).toMatch(/no-store|private/);
    expect(response?.headers()["x-page-cache"], own).toBeUndefined();
  }
});

test("not-found answers are never kept and never stand in for the collection", async ({ page }, info) => {
  const probe = `probe=${info.project.name}-missing`;
  for (const address of [`/no/such/page?${probe}`, `/products?category=nonsense&${probe}`]) {
    for (let i = 0; i < 2; i++) {
      const response = await page.request.get(address);
      expect(response.status(), address).toBe(404);
      expect(response.headers()["x-page-cache"], address).toBeUndefined();
      expect(await response.text(), address).toContain("We could not find");
    }
  }
  // the list at its own address is the list alone, kept and shared as before
  const list = `/products?${probe}`;
  for (const state of [undefined, "hit"]) {
    const response = await page.request.get(list);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-page-cache"]).toBe(state);
    expect(await response.text()).not.toContain("We could not find");
  }
});
