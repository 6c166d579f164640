import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { getProduct } from "../../app/modules/catalog/products.server";
import { productJsonLd } from "../../app/modules/catalog/seo";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ATTEMPT_RULES } from "../../app/modules/limits";
import { checkAttempt } from "../../app/modules/limits/attempts.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { moveOrder } from "../../app/modules/orders/orders.server";
import { REVIEW_MESSAGES, REVIEW_STATUS_LABELS } from "../../app/modules/reviews";
import { reviewRequestsOff } from "../../app/modules/reviews/invitations.server";
import { reviews } from "../../app/modules/reviews/schema.server";
import * as accountReviewsRoute from "../../app/routes/account.reviews";
import * as reviewRoute from "../../app/routes/product.review";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { addLine } from "../../app/modules/cart/cart.server";
import { deliveredOrder, orderPage } from "../factories/returns";
import { routeRequest, settle, signedInShopper, TEST_BASE } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Writing a review through its page (decision 043): only a shopper with a delivered piece may review
 * it (checked by the server, whatever the page showed), once per product (a second post edits), with
 * the version she started from; photos only her own; what she typed kept after any refusal; her words
 * stored and shown as text; a daily limit; the shop's approval when it asks for one; and her account's
 * page of pieces waiting and the switch for review requests.
 */

const t = setupTestDatabase();
type Shopper = { id: string; cookie: string; ip: string };
let phoneSeq = 0;

async function shopper(): Promise<Shopper> {
  phoneSeq += 1;
  const ip = `198.51.100.${100 + phoneSeq}`;
  const s = await signedInShopper(t.db, `+9198123007${String(phoneSeq).padStart(2, "0")}`, ip);
  return { ...s, ip };
}

function kurta(name = "Chanderi Kurta"): Promise<string> {
  return createTestProduct(t.db, {
    name,
    sizes: ["S", "M", "L"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    stock: 600,
    rating: null,
    reviewsCount: 0,
  });
}

const M = (productId: string) => [{ productId, size: "M", colour: "Indigo", quantity: 1 }];

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
});

type PageData = Awaited<ReturnType<typeof reviewRoute.loader>>;
type Refusal = {
  message: string;
  fieldErrors: Record<string, string>;
  values: { fields: Record<string, string>; photos: string[] };
};

function reviewPage(s: Shopper | null, productId: string, search = "") {
  return settle<PageData>(() =>
    reviewRoute.loader({
      request: routeRequest(`/product/${productId}/review${search}`, s?.cookie ?? null),
      params: { id: productId },
      context: {},
    } as never),
  );
}

const GOOD = {
  rating: "5",
  title: "Soft and easy to wear",
  body: "The chanderi is light and the colour is true.",
  fit: "true_to_size",
};

/** The form posted as a browser posts it, from the shopper's own address; the answer with its headers. */
async function postReview(s: Shopper, productId: string, fields: Record<string, string>, photos: string[] = []) {
  const body = new URLSearchParams(fields);
  for (const p of photos) body.append("photos", p);
  const request = new Request(`${TEST_BASE}/product/${productId}/review`, {
    method: "POST",
    headers: { origin: TEST_BASE, cookie: s.cookie, "x-forwarded-for": s.ip },
    body,
  });
  let value: unknown;
  try {
    value = await reviewRoute.action({ request, params: { id: productId }, context: {} } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, body: null as Refusal | null };
  const d = value as { data: Refusal; init: { status?: number; headers?: Record<string, string> } | null };
  return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
}

async function storedReviews(userId: string, productId: string) {
  return t.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
}

async function setApproval(on: boolean) {
  await t.db.update(storeSettings).set({ reviewsNeedApproval: on });
}

describe("who may write a review", () => {
  it("a buyer of a delivered piece writes one: published at once and counted in the product's rating", async () => {
    const asha = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, asha.id, M(product));
    const page = await reviewPage(asha, product);
    expect(page.status).toBe(200);
    expect(page.body.purchase).toMatchObject({ size: "M", colour: "Indigo" });
    expect(page.body.review).toBeNull();

    const posted = await postReview(asha, product, GOOD);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/product/${product}/review?saved=new`);
    const after = await reviewPage(asha, product, "?saved=new");
    expect(after.body.savedMessage).toBe(REVIEW_MESSAGES.saved);
    expect(after.body.review).toMatchObject({ status: "published", title: GOOD.title, sizeBought: "M" });
    const shown = await getProduct(t.db, product);
    expect(shown).toMatchObject({ rating: 5, reviewsCount: 1 });
  });

  it("sends a signed-out visitor to sign in and back to the form", async () => {
    const product = await kurta();
    const page = await reviewPage(null, product);
    expect(page.status).toBe(302);
    expect(page.headers?.get("Location")).toBe(
      `/authentication?redirectTo=${encodeURIComponent(`/product/${product}/review`)}`,
    );
  });

  it("answers 404 for a product that does not exist", async () => {
    const asha = await shopper();
    expect((await reviewPage(asha, randomUUID())).status).toBe(404);
  });

  it("refuses a shopper who did not buy it, on the page and on the server, storing nothing", async () => {
    const bina = await shopper();
    const product = await kurta();
    const page = await reviewPage(bina, product);
    expect(page.body.purchase).toBeNull();
    const posted = await postReview(bina, product, GOOD);
    expect(posted.status).toBe(403);
    expect(posted.body?.message).toBe(REVIEW_MESSAGES.notBuyer);
    expect(await storedReviews(bina.id, product)).toHaveLength(0);
  });

  it("refuses a shopper whose order was cancelled, or is still on its way", async () => {
    const chitra = await shopper();
    const cancelledOne = await kurta();
    const onItsWay = await kurta();
    const added = await addLine(t.db, chitra.id, M(cancelledOne)[0]!);
    expect(added.ok).toBe(true);
    const order = await placeCheckoutOrder(t.db, { userId: chitra.id, onlineAvailable: false, form: checkoutForm() });
    await t.db.transaction((tx) => moveOrder(tx, order.id, { from: order.status, to: "cancelled", actor: "staff" }));
    await deliveredOrder(t.db, chitra.id, M(onItsWay), { status: "shipped" });
    for (const product of [cancelledOne, onItsWay]) {
      expect((await reviewPage(chitra, product)).body.purchase).toBeNull();
      const posted = await postReview(chitra, product, GOOD);
      expect(posted.status).toBe(403);
      expect(await storedReviews(chitra.id, product)).toHaveLength(0);
    }
    // and her order page offers no review on an order not received
    const shipped = await orderPage(chitra.cookie, order.orderNumber);
    expect(shipped.body.reviewed).toBeNull();
  });
});

describe("one review per shopper and product", () => {
  it("a second post edits the same review; the count stays one; the order page says 'Edit your review'", async () => {
    const dev = await shopper();
    const product = await kurta();
    const order = await deliveredOrder(t.db, dev.id, M(product));
    expect((await orderPage(dev.cookie, order.orderNumber)).body.reviewed).toEqual([]);
    expect((await postReview(dev, product, GOOD)).status).toBe(302);
    const again = await postReview(dev, product, {
      ...GOOD,
      rating: "3",
      title: "Good, but runs small",
      fit: "runs_small",
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/product/${product}/review?saved=updated`);
    expect((await reviewPage(dev, product, "?saved=updated")).body.savedMessage).toBe(REVIEW_MESSAGES.updated);
    const rows = await storedReviews(dev.id, product);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 3, title: "Good, but runs small", fit: "runs_small" });
    expect(await getProduct(t.db, product)).toMatchObject({ rating: 3, reviewsCount: 1 });
    expect((await orderPage(dev.cookie, order.orderNumber)).body.reviewed).toEqual([product]);
  });

  it("refuses an edit made from an older version with 409, keeping what she typed", async () => {
    const esha = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, esha.id, M(product));
    await postReview(esha, product, GOOD);
    const started = (await reviewPage(esha, product)).body.review!;
    expect(
      (await postReview(esha, product, { ...GOOD, title: "First tab", version: String(started.version) })).status,
    ).toBe(302);
    const stale = await postReview(esha, product, { ...GOOD, title: "Second tab", version: String(started.version) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: REVIEW_MESSAGES.stale, values: { fields: { title: "Second tab" } } });
    expect((await storedReviews(esha.id, product))[0]!.title).toBe("First tab");
  });
});

describe("what she typed", () => {
  it("answers field errors with 422 and every value she typed kept", async () => {
    const farah = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, farah.id, M(product));
    const posted = await postReview(farah, product, { rating: "", title: "Lovely", body: "Too short", fit: "" });
    expect(posted.status).toBe(422);
    expect(posted.body!.fieldErrors).toMatchObject({
      rating: REVIEW_MESSAGES.rating,
      body: REVIEW_MESSAGES.body,
      fit: REVIEW_MESSAGES.fit,
    });
    expect(posted.body!.fieldErrors.title).toBeUndefined();
    expect(posted.body!.values.fields).toMatchObject({ title: "Lovely", body: "Too short" });
    expect(await storedReviews(farah.id, product)).toHaveLength(0);
  });

  it("attaches only her own photos: another shopper's or an unknown one is refused, nothing stored", async () => {
    const gita = await shopper();
    const hema = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, gita.id, M(product));
    const photo = async (owner: Shopper) => {
      const key = `returns/photos/${randomUUID()}.jpg`;
      const url = `/media/${key}-w800.webp`;
      await t.db
        .insert(mediaUploads)
        .values({ key, url, width: 800, height: 1000, format: "jpeg", bytes: 1000, uploadedBy: owner.id });
      return url;
    };
    const hers = await photo(gita);
    const notHers = await photo(hema);
    for (const bad of [notHers, "/media/returns/photos/unknown.jpg-w800.webp"]) {
      const posted = await postReview(gita, product, GOOD, [hers, bad]);
      expect(posted.status).toBe(422);
      expect(posted.body!.fieldErrors.photos).toBeTruthy();
      expect(posted.body!.values.fields.title).toBe(GOOD.title);
      expect(await storedReviews(gita.id, product)).toHaveLength(0);
    }
    expect((await postReview(gita, product, GOOD, [hers])).status).toBe(302);
    expect((await storedReviews(gita.id, product))[0]!.photos).toEqual([hers]);
  });

  it("stores scripts and tags as text and shows them escaped, on her pages and in the product's structured data", async () => {
    const ira = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, ira.id, M(product));
    const title = `<script>alert("t")</script>`;
    const body = `"><img src=x onerror=alert(1)> the fabric is soft`;
    expect((await postReview(ira, product, { ...GOOD, title, body })).status).toBe(302);
    expect((await storedReviews(ira.id, product))[0]).toMatchObject({ title, body });

    const edit = (await reviewPage(ira, product)).body;
    const account = (await settle<AccountData>(() => accountLoader(ira))).body;
    const shopUrl = "http://localhost:3000";
    const shown = await getProduct(t.db, product);
    const html = [
      render(`/product/${product}/review`, reviewRoute.default, edit),
      render("/account/reviews", accountReviewsRoute.default, account),
      renderMeta({ "script:ld+json": productJsonLd(shown!, shopUrl) }),
    ];
    for (const page of html) {
      expect(page).not.toContain("<script>alert");
      expect(page).not.toMatch(/<img[^>]*onerror/);
    }
    expect(html[0]).toContain("&lt;script&gt;");
    expect(html[1]).toContain("&lt;script&gt;");
    expect(html[2]).toContain("\\u003cscript\\u003e");
  });
});

describe("limits and approval", () => {
  it("answers 429 with Retry-After once she has sent a day's reviews, keeping what she typed", async () => {
    const jaya = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, jaya.id, M(product));
    for (let i = 0; i < ATTEMPT_RULES.reviewsPerUser.limit; i += 1)
      await checkAttempt(t.db, { ...ATTEMPT_RULES.reviewsPerUser, key: jaya.id });
    const posted = await postReview(jaya, product, GOOD);
    expect(posted.status).toBe(429);
    expect(Number(posted.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(posted.body!.message).toMatch(new RegExp(`^${REVIEW_MESSAGES.tooMany}`));
    expect(posted.body!.values.fields).toMatchObject({ title: GOOD.title, body: GOOD.body });
    expect(await storedReviews(jaya.id, product)).toHaveLength(0);
  });

  it("with approval on, a new review waits and is not counted", async () => {
    const kavya = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, kavya.id, M(product));
    await setApproval(true);
    try {
      expect((await postReview(kavya, product, GOOD)).status).toBe(302);
    } finally {
      await setApproval(false);
    }
    const page = await reviewPage(kavya, product, "?saved=new");
    expect(page.body.savedMessage).toBe(REVIEW_MESSAGES.savedPending);
    expect(page.body.review?.status).toBe("pending");
    expect((await getProduct(t.db, product))?.reviewsCount).toBe(0);
  });

  it("a review the shop hid shows its reason, and an edit sends it back to be read", async () => {
    const lata = await shopper();
    const product = await kurta();
    await deliveredOrder(t.db, lata.id, M(product));
    await postReview(lata, product, GOOD);
    await t.db
      .update(reviews)
      .set({ status: "hidden", hiddenReason: "It names a courier's staff member." })
      .where(eq(reviews.userId, lata.id));
    const page = await reviewPage(lata, product);
    expect(page.body.review).toMatchObject({ status: "hidden", hiddenReason: "It names a courier's staff member." });
    expect(render(`/product/${product}/review`, reviewRoute.default, page.body)).toContain(
      "Hidden by the shop: It names a courier&#x27;s staff member.",
    );
    await postReview(lata, product, { ...GOOD, version: String(page.body.review!.version) });
    expect((await reviewPage(lata, product, "?saved=updated")).body).toMatchObject({
      review: { status: "pending" },
      savedMessage: REVIEW_MESSAGES.savedPending,
    });
  });
});

type AccountData = Awaited<ReturnType<typeof accountReviewsRoute.loader>>["data"];

function accountLoader(s: Shopper) {
  return accountReviewsRoute
    .loader({ request: routeRequest("/account/reviews", s.cookie), params: {}, context: {} } as never)
    .then((d) => d.data);
}

describe("her account's reviews", () => {
  it("lists the pieces waiting and her reviews, and keeps the review requests' switch", async () => {
    const mira = await shopper();
    const reviewed = await kurta("Reviewed Kurta");
    const waiting = await kurta("Waiting Kurta");
    await deliveredOrder(t.db, mira.id, [...M(reviewed), ...M(waiting)]);
    await postReview(mira, reviewed, GOOD);
    const page = await accountLoader(mira);
    expect(page.waiting.map((p) => p.productId)).toEqual([waiting]);
    expect(page.waiting[0]).toMatchObject({ name: "Waiting Kurta", size: "M", colour: "Indigo" });
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({ productName: "Reviewed Kurta", status: "published", title: GOOD.title });
    const html = render("/account/reviews", accountReviewsRoute.default, page);
    expect(html).toContain(REVIEW_STATUS_LABELS.published);
    expect(html).toContain(`href="/product/${waiting}/review"`);
    expect(page.askMe).toBe(true);

    const toggle = async (form: Record<string, string>) =>
      settle<{ message: string }>(() =>
        accountReviewsRoute.action({
          request: routeRequest("/account/reviews", mira.cookie, form),
          params: {},
          context: {},
        } as never),
      );
    const off = await toggle({ intent: "review-requests" });
    expect(off.body.message).toMatch(/will not ask/);
    expect(await reviewRequestsOff(t.db, mira.id)).toBe(true);
    expect((await accountLoader(mira)).askMe).toBe(false);
    const on = await toggle({ intent: "review-requests", ask: "on" });
    expect(on.body.message).toMatch(/will ask/);
    expect(await reviewRequestsOff(t.db, mira.id)).toBe(false);
  });
});

/** A page's HTML as the server renders it, from its loader's data. */
function render(path: string, Page: unknown, loaderData: unknown): string {
  const Component = Page as (props: { loaderData: unknown; actionData?: unknown }) => React.ReactElement;
  const Stub = createRoutesStub([{ path, Component: () => createElement(Component, { loaderData }) }]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

/** The head's tags for these meta descriptors, as React Router writes them. */
function renderMeta(descriptor: Record<string, unknown>): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => createElement("div", null, createElement(Meta), createElement(Outlet)),
      meta: () => [descriptor],
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}
