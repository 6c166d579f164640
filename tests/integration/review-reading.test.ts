import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { PRIVATE_NO_STORE, SHARED_CACHE_CONTROL } from "../../app/lib/cache-control";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ATTEMPT_RULES } from "../../app/modules/limits";
import { checkAttempt } from "../../app/modules/limits/index.server";
import { REVIEW_MESSAGES, type ReviewInput } from "../../app/modules/reviews";
import {
  countReviewsWaiting,
  moderateReview,
  type ReviewPage,
  saveReview,
} from "../../app/modules/reviews/index.server";
import { reviews } from "../../app/modules/reviews/schema.server";
import * as myReviewRoute from "../../app/routes/api.products.$id.my-review";
import * as listRoute from "../../app/routes/api.products.$id.reviews";
import * as reviewRoute from "../../app/routes/api.reviews.$id";
import * as productRoute from "../../app/routes/product";
import { createTestShopper } from "../factories/orders";
import { deliveredOrder } from "../factories/returns";
import { routeRequest, settle, signedInShopper } from "../factories/sessions";
import { deliveredOrderOf, prepareReturnsShop, sizedKurta } from "../factories/size-returns";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Reading reviews on the storefront (decision 043): the product page's list, loaded after the page
 * from a shared, briefly cached address, only ever shows published reviews; the shopper's own
 * standing ('Write a review' / 'Edit your review') comes from a private one; 'Helpful' and 'Report'
 * count once per signed-in shopper, never on her own review, and a report sends the review back to
 * the staff's queue. What a reviewer types comes back as text, never as markup.
 */

const t = setupTestDatabase();
let buyer: { id: string; cookie: string };
let browser: { id: string; cookie: string };
const staff = { id: "", name: "Priya Shah" };

beforeAll(async () => {
  setDatabase(t.database);
  await prepareReturnsShop(t.db);
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
  buyer = await signedInShopper(t.db, "+919812300711", "198.51.100.71");
  browser = await signedInShopper(t.db, "+919812300712", "198.51.100.72");
});

const text = (overrides: Partial<ReviewInput> = {}): ReviewInput => ({
  rating: 5,
  title: "Lovely colour",
  body: "Soft cotton and the colour is as shown.",
  fit: "true_to_size",
  photos: [],
  ...overrides,
});

/** A new buyer of the product (delivered) writes a review on `day` (days after 1 March 2025). */
async function reviewBy(productId: string, overrides: Partial<ReviewInput> = {}, day = 0) {
  const { shopper } = await deliveredOrderOf(t.db, productId);
  const saved = await saveReview(
    t.db,
    { userId: shopper.id, userName: "Meera Iyer", productId, input: text(overrides) },
    new Date(Date.UTC(2025, 2, 1 + day, 10)),
  );
  if (!saved.ok) throw new Error(`the review was refused: ${saved.message}`);
  return { reviewId: saved.reviewId, userId: shopper.id };
}

/** Staff hide the review with a reason its author sees. */
async function hideReview(reviewId: string, reason: string) {
  const [row] = await t.db.select({ version: reviews.version }).from(reviews).where(eq(reviews.id, reviewId));
  return moderateReview(t.db, staff, { reviewId, expectedVersion: row!.version, action: { kind: "hide", reason } });
}

async function listPage(productId: string, query = "", cookie: string | null = null) {
  const request = routeRequest(`/api/products/${productId}/reviews${query}`, cookie);
  const response = (await listRoute.loader({ request, params: { id: productId }, context: {} } as never)) as Response;
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), body: await response.json() };
}

async function myReview(productId: string, cookie: string | null) {
  const request = routeRequest(`/api/products/${productId}/my-review`, cookie);
  const response = (await myReviewRoute.loader({
    request,
    params: { id: productId },
    context: {},
  } as never)) as Response;
  return { cacheControl: response.headers.get("Cache-Control"), body: await response.json() };
}

async function press(reviewId: string, cookie: string | null, form: Record<string, string>, ip = "203.0.113.9") {
  const request = routeRequest(`/api/reviews/${reviewId}`, cookie, form, { "x-forwarded-for": ip });
  const response = (await reviewRoute.action({ request, params: { id: reviewId }, context: {} } as never)) as Response;
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    cacheControl: response.headers.get("Cache-Control"),
    body: (await response.json()) as { ok: boolean; message: string; helpfulCount?: number },
  };
}

describe("the product page's list of reviews", () => {
  it("pages the published reviews newest first, the same shared answer for every visitor", async () => {
    const kurta = await sizedKurta(t.db);
    for (let day = 0; day < 8; day++) await reviewBy(kurta, { title: `Review of day ${day + 1}` }, day);

    const first = await listPage(kurta);
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe(SHARED_CACHE_CONTROL);
    const page = first.body as ReviewPage;
    expect(page).toMatchObject({ total: 8, page: 1, pages: 2, sort: "newest" });
    expect(page.reviews.map((r) => r.title)).toEqual([8, 7, 6, 5, 4, 3].map((d) => `Review of day ${d}`));
    expect(page.reviews[0]).toMatchObject({
      rating: 5,
      fit: "true_to_size",
      sizeBought: "M",
      colourBought: "Indigo",
      authorName: "Meera I.",
      edited: false,
      helpfulCount: 0,
      reply: null,
    });
    // nothing that names the buyer beyond 'Meera I.'
    expect(Object.keys(page.reviews[0]!)).not.toContain("userId");

    const second = (await listPage(kurta, "?page=2")).body as ReviewPage;
    expect(second.reviews.map((r) => r.title)).toEqual(["Review of day 2", "Review of day 1"]);

    // a signed-in shopper gets the very same answer, marked shareable alike
    const signedIn = await listPage(kurta, "", buyer.cookie);
    expect(signedIn.body).toEqual(first.body);
    expect(signedIn.cacheControl).toBe(SHARED_CACHE_CONTROL);
  });

  it("keeps the page within 1..500 and answers 404 for an address that is no product", async () => {
    const kurta = await sizedKurta(t.db);
    await reviewBy(kurta);
    expect((await listPage(kurta, "?page=0")).body).toMatchObject({ page: 1, total: 1 });
    expect((await listPage(kurta, "?page=abc&sort=nonsense")).body).toMatchObject({ page: 1, sort: "newest" });
    const far = (await listPage(kurta, "?page=99999")).body as ReviewPage;
    expect(far).toMatchObject({ page: 500, total: 1, reviews: [] });

    for (const id of ["not-a-product", "7d3c0a52-6a2f-4b8e-9d51-2f7f0c1b9e11"]) {
      const missing = await listPage(id);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: "Product not found" });
      expect(missing.cacheControl).toBe("no-store");
    }
  });

  it("sorts by the most helpful, and shows only reviews with photos on request", async () => {
    const kurta = await sizedKurta(t.db);
    const older = await reviewBy(kurta, { title: "Older but helpful" }, 0);
    await reviewBy(kurta, { title: "Newer" }, 1);
    const pictured = await reviewBy(kurta, { title: "With a photo" }, 2);
    await t.db
      .update(reviews)
      .set({ photos: ["/media/shopper/kurta-w800.webp"] })
      .where(eq(reviews.id, pictured.reviewId));
    expect((await press(older.reviewId, browser.cookie, { intent: "helpful" })).status).toBe(200);

    const helpful = (await listPage(kurta, "?sort=helpful")).body as ReviewPage;
    expect(helpful.sort).toBe("helpful");
    expect(helpful.reviews.map((r) => [r.title, r.helpfulCount])).toEqual([
      ["Older but helpful", 1],
      ["With a photo", 0],
      ["Newer", 0],
    ]);
    const photos = (await listPage(kurta, "?sort=photos")).body as ReviewPage;
    expect(photos).toMatchObject({ total: 1, sort: "photos" });
    expect(photos.reviews.map((r) => [r.title, r.photos])).toEqual([
      ["With a photo", ["/media/shopper/kurta-w800.webp"]],
    ]);
  });

  it("never lists a review waiting for approval or hidden by the shop", async () => {
    const kurta = await sizedKurta(t.db);
    await reviewBy(kurta, { title: "Shown" });
    const hidden = await reviewBy(kurta, { title: "Taken down" });
    expect((await hideReview(hidden.reviewId, "It names a courier's staff member.")).ok).toBe(true);
    await t.db.update(storeSettings).set({ reviewsNeedApproval: true });
    try {
      await reviewBy(kurta, { title: "Waiting for the shop" });
    } finally {
      await t.db.update(storeSettings).set({ reviewsNeedApproval: false });
    }
    const page = (await listPage(kurta)).body as ReviewPage;
    expect(page.total).toBe(1);
    expect(page.reviews.map((r) => r.title)).toEqual(["Shown"]);
  });
});

describe("the shopper's own standing with a product's reviews", () => {
  it("says signed out, not a buyer, a buyer who may write, and one who wrote (and what the shop did)", async () => {
    const kurta = await sizedKurta(t.db);
    const signedOut = await myReview(kurta, null);
    expect(signedOut).toEqual({ cacheControl: PRIVATE_NO_STORE, body: { signedIn: false } });

    const none = { signedIn: true, canReview: false, hasReview: false, status: null, hiddenReason: null };
    expect(await myReview(kurta, browser.cookie)).toEqual({ cacheControl: PRIVATE_NO_STORE, body: none });

    await deliveredOrder(t.db, buyer.id, [{ productId: kurta, size: "L", colour: "Indigo", quantity: 1 }]);
    expect((await myReview(kurta, buyer.cookie)).body).toEqual({ ...none, canReview: true });

    const saved = await saveReview(t.db, {
      userId: buyer.id,
      userName: "Asha Rao",
      productId: kurta,
      input: text(),
    });
    expect((await myReview(kurta, buyer.cookie)).body).toEqual({
      ...none,
      canReview: true,
      hasReview: true,
      status: "published",
    });
    // the other shopper still sees no review of hers
    expect((await myReview(kurta, browser.cookie)).body).toEqual(none);

    const reviewId = saved.ok ? saved.reviewId : "";
    expect((await hideReview(reviewId, "Please leave out the phone number.")).ok).toBe(true);
    expect((await myReview(kurta, buyer.cookie)).body).toEqual({
      ...none,
      canReview: true,
      hasReview: true,
      status: "hidden",
      hiddenReason: "Please leave out the phone number.",
    });
  });
});

describe("'Helpful' and 'Report'", () => {
  it("counts one vote per shopper: the second is refused and the count stays", async () => {
    const kurta = await sizedKurta(t.db);
    const { reviewId } = await reviewBy(kurta);
    const first = await press(reviewId, browser.cookie, { intent: "helpful" });
    expect(first).toMatchObject({
      status: 200,
      cacheControl: PRIVATE_NO_STORE,
      body: { ok: true, message: REVIEW_MESSAGES.voted, helpfulCount: 1 },
    });
    const again = await press(reviewId, browser.cookie, { intent: "helpful" });
    expect(again).toMatchObject({
      status: 409,
      body: { ok: false, message: REVIEW_MESSAGES.alreadyVoted, helpfulCount: 1 },
    });
    expect(((await listPage(kurta)).body as ReviewPage).reviews[0]!.helpfulCount).toBe(1);
  });

  it("refuses a vote or report on her own review, from a signed-out visitor, and on no review", async () => {
    const kurta = await sizedKurta(t.db);
    await deliveredOrder(t.db, buyer.id, [{ productId: kurta, size: "M", colour: "Indigo", quantity: 1 }]);
    const own = await saveReview(t.db, { userId: buyer.id, userName: "Asha Rao", productId: kurta, input: text() });
    const reviewId = own.ok ? own.reviewId : "";

    expect(await press(reviewId, buyer.cookie, { intent: "helpful" })).toMatchObject({
      status: 422,
      body: { ok: false, message: REVIEW_MESSAGES.ownReview },
    });
    expect(await press(reviewId, buyer.cookie, { intent: "report", reason: "Mine" })).toMatchObject({
      status: 422,
      body: { message: REVIEW_MESSAGES.ownReview },
    });
    expect(await press(reviewId, null, { intent: "helpful" })).toMatchObject({
      status: 401,
      body: { ok: false, message: REVIEW_MESSAGES.voteSignIn },
    });
    expect(await press(reviewId, null, { intent: "report" })).toMatchObject({
      status: 401,
      body: { ok: false, message: REVIEW_MESSAGES.reportSignIn },
    });
    expect(await press("0b7d7a7e-1d3f-4c55-8d0e-0d2b9a3f5a01", browser.cookie, { intent: "helpful" })).toMatchObject({
      status: 404,
      body: { message: REVIEW_MESSAGES.notFound },
    });
    expect(((await listPage(kurta)).body as ReviewPage).reviews[0]!.helpfulCount).toBe(0);

    const get = await settle(async () => reviewRoute.loader());
    expect(get.status).toBe(405);
  });

  it("sends a reported review to the staff's queue once; it stays shown until they decide", async () => {
    const kurta = await sizedKurta(t.db);
    const { reviewId } = await reviewBy(kurta, { title: "Reported one" });
    const waiting = await countReviewsWaiting(t.db);
    const reported = await press(reviewId, browser.cookie, { intent: "report", reason: "  Not about the kurta  " });
    expect(reported).toMatchObject({ status: 200, body: { ok: true, message: REVIEW_MESSAGES.reported } });
    expect(await countReviewsWaiting(t.db)).toBe(waiting + 1);
    const again = await press(reviewId, browser.cookie, { intent: "report", reason: "Again" });
    expect(again).toMatchObject({ status: 409, body: { message: REVIEW_MESSAGES.alreadyReported } });
    expect(await countReviewsWaiting(t.db)).toBe(waiting + 1);
    expect(((await listPage(kurta)).body as ReviewPage).reviews.map((r) => r.title)).toEqual(["Reported one"]);
  });

  it("stops a shopper who sends too much feedback in an hour, saying when to come back", async () => {
    const kurta = await sizedKurta(t.db);
    const { reviewId } = await reviewBy(kurta);
    const busy = await signedInShopper(t.db, "+919812300713", "198.51.100.73");
    for (let i = 0; i < ATTEMPT_RULES.reviewVotesPerUser.limit; i++)
      await checkAttempt(t.db, { ...ATTEMPT_RULES.reviewVotesPerUser, key: busy.id });
    const refused = await press(reviewId, busy.cookie, { intent: "helpful" });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^You have sent a lot of feedback on reviews\. /);
    expect(((await listPage(kurta)).body as ReviewPage).reviews[0]!.helpfulCount).toBe(0);
  });
});

describe("what a reviewer types is text, never markup", () => {
  const attack = "<script>alert(1)</script><img src=x onerror=alert(1)>";

  it("comes back as plain JSON text, and the product page's structured data carries no raw </script>", async () => {
    const kurta = await sizedKurta(t.db);
    await reviewBy(kurta, { title: attack, body: attack });

    const page = (await listPage(kurta)).body as ReviewPage;
    expect(page.reviews[0]).toMatchObject({ title: attack, body: attack });

    const { data } = await productRoute.loader({
      request: routeRequest(`/product/${kurta}`, null),
      params: { id: kurta },
      context: {},
    } as never);
    expect(data.product.reviewSummary?.featured[0]).toMatchObject({ title: attack, body: attack });
    const Stub = createRoutesStub([
      { id: "product", path: "/product/:id", meta: productRoute.meta as never, Component: () => createElement(Meta) },
    ]);
    const head = renderToString(
      createElement(Stub, {
        initialEntries: [`/product/${kurta}`],
        hydrationData: { loaderData: { product: data } },
      }),
    );
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head);
    expect(ld).not.toBeNull();
    expect(ld![1]).not.toMatch(/<\/?script|<img/i);
    const parsed = JSON.parse(ld![1]!) as { review: Array<{ name: string; reviewBody: string }> };
    expect(parsed.review[0]).toMatchObject({ name: attack, reviewBody: attack });
    // one ld+json script and nothing after it that a browser would run
    expect(head.match(/<script/g)).toHaveLength(1);
  });
});
