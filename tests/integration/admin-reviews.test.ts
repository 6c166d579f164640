import { and, desc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { getProduct } from "../../app/modules/catalog/products.server";
import { REVIEW_SETTINGS_MESSAGES } from "../../app/modules/content/review-settings";
import type { SettingsFormValues } from "../../app/modules/content/settings-form";
import { getStoreSettings } from "../../app/modules/content/settings.server";
import { loadDashboard, type ReviewFigures } from "../../app/modules/reports/index.server";
import {
  listPublishedReviews,
  reportReview,
  reviewEligibility,
  saveReview,
  type StaffReviewRow,
  type StaffReviewTab,
} from "../../app/modules/reviews/index.server";
import { REVIEW_MESSAGES, type ReviewInput } from "../../app/modules/reviews/rules";
import { reviews } from "../../app/modules/reviews/schema.server";
import type { ReviewActionAnswer } from "../../app/components/admin/reviews/use-review-action";
import * as layoutRoute from "../../app/routes/admin";
import * as dashboardRoute from "../../app/routes/admin._index";
import * as reviewsRoute from "../../app/routes/admin.reviews";
import * as settingsRoute from "../../app/routes/admin.settings";
import { deliveredOrderOf, prepareReturnsShop, sizedKurta } from "../factories/size-returns";
import {
  routeRequest as request,
  type RouteArgs as Args,
  settle,
  signedInShopper,
  signedInStaff,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The back office's reviews (decision 043) through its routes, as staff's browser calls them: nobody
 * but staff let in; the queue's tabs; hiding with a reason (required) that the author then reads, the
 * product's rating following; publishing a review that waited; keeping a reported one; the shop's
 * answer shown on the product page as plain text; a change on an old version refused; the Reviews
 * settings card; the navigation's count and the dashboard's panel agreeing with the published reviews.
 */

const t = setupTestDatabase();
let staffCookie = "";
let shopperCookie = "";
let kurtaA = "";
let kurtaB = "";

type Buyer = { id: string; name: string };
const buyers: Buyer[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  setDatabase(t.database);
  await prepareReturnsShop(t.db);
  const password = "kesar-mango-42";
  staffCookie = (
    await signedInStaff(t.db, { name: "Priya Shah", email: "priya.reviews@example.com", password }, "203.0.113.80", {
      isOwner: true,
    })
  ).cookie;
  shopperCookie = (await signedInShopper(t.db, "+919812300091", "203.0.113.81")).cookie;
  kurtaA = await sizedKurta(t.db, { name: "Indigo Block Print Kurta" });
  kurtaB = await sizedKurta(t.db, { name: "Rose Chanderi Kurta" });
});

/* ---------- calling the routes ---------- */

type Page = { rows: StaffReviewRow[]; total: number; counts: Record<StaffReviewTab, number> };

const listLoader = (query = "", cookie: string | null = staffCookie) =>
  settle<Page>(() =>
    reviewsRoute.loader({
      request: request(`/admin/reviews${query}`, cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof reviewsRoute.loader>),
  );

const post = (form: Record<string, string>, cookie: string | null = staffCookie) =>
  settle<ReviewActionAnswer>(() =>
    reviewsRoute.action({
      request: request("/admin/reviews", cookie, form),
      params: {},
      context: {},
    } as unknown as Args<typeof reviewsRoute.action>),
  );

async function versionOf(reviewId: string): Promise<number> {
  const [row] = await t.db.select({ v: reviews.version }).from(reviews).where(eq(reviews.id, reviewId));
  return row!.v;
}

/** Posts an intent on a review with the version it has now (or the one given). */
async function moderate(reviewId: string, intent: string, fields: Record<string, string> = {}, version?: number) {
  return post({ intent, reviewId, version: String(version ?? (await versionOf(reviewId))), ...fields });
}

const tabIds = async (tab: StaffReviewTab) => (await listLoader(`?tab=${tab}`)).body.rows.map((r) => r.id);

/** A buyer of the product (a delivered order of it) writes her review through the reviews module. */
async function review(key: string, productId: string, input: Partial<ReviewInput> & { rating: number }) {
  const delivered = await deliveredOrderOf(t.db, productId);
  const name = `${delivered.shopper.firstName} Buyer${buyers.length}`;
  buyers.push({ id: delivered.shopper.id, name });
  const saved = await saveReview(t.db, {
    userId: delivered.shopper.id,
    userName: name,
    productId,
    input: {
      title: `Review ${key}`,
      body: "Lovely cloth and the colour is as pictured.",
      fit: "true_to_size",
      photos: [],
      ...input,
    },
  });
  if (!saved.ok) throw new Error(`the review was refused: ${JSON.stringify(saved)}`);
  ids[key] = saved.reviewId;
  return { reviewId: saved.reviewId, userId: delivered.shopper.id, status: saved.reviewStatus };
}

/* ---------- the settings card ---------- */

const settingsPage = async () =>
  (
    await settle<{ values: SettingsFormValues }>(() =>
      settingsRoute.loader({
        request: request("/admin/settings", staffCookie),
        params: {},
        context: {},
      } as unknown as Args<typeof settingsRoute.loader>),
    )
  ).body.values;

const saveSettings = (values: SettingsFormValues) =>
  settle<{ ok: boolean; fieldErrors?: Record<string, string> }>(() =>
    settingsRoute.action({
      request: request("/admin/settings", staffCookie, { intent: "save", settings: JSON.stringify(values) }),
      params: {},
      context: {},
    } as unknown as Args<typeof settingsRoute.action>),
  );

describe("the back office's reviews", () => {
  let pendingAuthor = "";

  it("starts with reviews published at once; an owner sets 'after approval' and the request days in the Reviews card", async () => {
    const values = await settingsPage();
    expect(values).toMatchObject({ reviewsNeedApproval: false, reviewRequestDays: "7", reviewRequestsNever: false });

    await review("a5", kurtaA, { rating: 5 });
    await review("a2", kurtaA, { rating: 2, title: "Runs small for me", fit: "runs_small" });
    await review("b4", kurtaB, { rating: 4 });

    for (const days of ["0", "61", "7.5", "", "a week"]) {
      const refused = await saveSettings({ ...values, reviewRequestDays: days });
      expect(refused.status, days).toBe(400);
      expect(refused.body.fieldErrors?.reviewRequestDays, days).toBe(REVIEW_SETTINGS_MESSAGES.requestDays);
    }
    expect(await getStoreSettings(t.db)).toMatchObject({ reviewsNeedApproval: false, reviewRequestDays: 7 });

    const saved = await saveSettings({ ...values, reviewsNeedApproval: true, reviewRequestDays: " 14 " });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getStoreSettings(t.db)).toMatchObject({ reviewsNeedApproval: true, reviewRequestDays: 14 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.summary).toBe(
      "Settings: Reviews wait for approval off → on; Review request after delivery 7 days → 14 days",
    );

    // 'never ask' stores no days, whatever the days box says
    const never = await saveSettings({ ...(await settingsPage()), reviewRequestsNever: true, reviewRequestDays: "99" });
    expect(never).toMatchObject({ status: 200, body: { ok: true } });
    expect((await getStoreSettings(t.db)).reviewRequestDays).toBeNull();
    expect(await settingsPage()).toMatchObject({ reviewRequestsNever: true, reviewRequestDays: "7" });

    const pending = await review("b5", kurtaB, { rating: 5, title: "Waiting <b>for</b> you" });
    expect(pending.status).toBe("pending");
    pendingAuthor = pending.userId;
  });

  it("lets only staff in: visitors and shoppers are refused the list and every change", async () => {
    expect((await listLoader("", null)).status).toBe(401);
    expect((await listLoader("", shopperCookie)).status).toBe(403);
    const version = String(await versionOf(ids.b5!));
    for (const cookie of [null, shopperCookie]) {
      const refused = await post({ intent: "publish", reviewId: ids.b5!, version }, cookie);
      expect(refused.status).toBe(cookie ? 403 : 401);
      expect(refused.body.ok).toBe(false);
    }
    expect(await versionOf(ids.b5!)).toBe(Number(version));
    // the navigation's count is the staff's only
    expect(
      (
        await settle(() =>
          layoutRoute.loader({ request: request("/admin", shopperCookie), params: {}, context: {} } as unknown as Args<
            typeof layoutRoute.loader
          >),
        )
      ).status,
    ).toBe(403);
  });

  it("lists each tab with its count: the waiting review to look at, the published ones, none hidden", async () => {
    const page = await listLoader();
    expect(page.status).toBe(200);
    expect(page.body.counts).toEqual({ attention: 1, published: 3, hidden: 0, all: 4 });
    expect(page.body.rows.map((r) => r.id)).toEqual([ids.b5]);
    expect(page.body.rows[0]).toMatchObject({
      productName: "Rose Chanderi Kurta",
      rating: 5,
      status: "pending",
      sizeBought: "M",
      colourBought: "Indigo",
      reported: false,
    });
    expect(new Set(await tabIds("published"))).toEqual(new Set([ids.a5, ids.a2, ids.b4]));
    expect(await tabIds("hidden")).toEqual([]);
    expect(await tabIds("all")).toHaveLength(4);

    const layout = await settle<{ reviewsWaiting: number }>(() =>
      layoutRoute.loader({ request: request("/admin", staffCookie), params: {}, context: {} } as unknown as Args<
        typeof layoutRoute.loader
      >),
    );
    expect(layout.body.reviewsWaiting).toBe(1);
  });

  it("asks for a reason before hiding; hidden, the review leaves the product's rating and its author reads why", async () => {
    const before = await getProduct(t.db, kurtaA);
    expect(before).toMatchObject({ rating: 3.5, reviewsCount: 2 });

    const empty = await moderate(ids.a5!, "hide", { reason: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ ok: false, fieldErrors: { reason: REVIEW_MESSAGES.reason } });

    const reason = "It names another shop's discount code.";
    const hidden = await moderate(ids.a5!, "hide", { reason });
    expect(hidden).toMatchObject({
      status: 200,
      body: { ok: true, message: "Review hidden. Its author sees your reason." },
    });
    expect(await getProduct(t.db, kurtaA)).toMatchObject({ rating: 2, reviewsCount: 1 });
    const author = buyers.find((b) => b.name.endsWith("Buyer0"))!;
    const own = await reviewEligibility(t.db, author.id, kurtaA);
    expect(own.review).toMatchObject({ status: "hidden", hiddenReason: reason });
    expect(await tabIds("hidden")).toEqual([ids.a5]);
  });

  it("publishes a review that waited: it counts in the product's rating and leaves 'To look at'", async () => {
    expect(await getProduct(t.db, kurtaB)).toMatchObject({ rating: 4, reviewsCount: 1 });
    const published = await moderate(ids.b5!, "publish");
    expect(published).toMatchObject({ status: 200, body: { ok: true, message: "Review published." } });
    expect(await getProduct(t.db, kurtaB)).toMatchObject({ rating: 4.5, reviewsCount: 2 });
    expect(await tabIds("attention")).toEqual([]);
    expect((await reviewEligibility(t.db, pendingAuthor, kurtaB)).review?.status).toBe("published");
  });

  it("keeps a reported review: the report is cleared and it leaves 'To look at', still published", async () => {
    const reporter = buyers.find((b) => b.name.endsWith("Buyer2"))!;
    const reported = await reportReview(t.db, { userId: reporter.id, reviewId: ids.a2!, reason: "Rude" });
    expect(reported.ok).toBe(true);
    const queue = await listLoader();
    expect(queue.body.rows.map((r) => [r.id, r.reported, r.reportCount])).toEqual([[ids.a2, true, 1]]);

    const kept = await moderate(ids.a2!, "keep");
    expect(kept).toMatchObject({ status: 200, body: { ok: true } });
    expect(await tabIds("attention")).toEqual([]);
    expect((await listLoader("?tab=published")).body.rows.find((r) => r.id === ids.a2)).toMatchObject({
      status: "published",
      reported: false,
    });
    expect(await getProduct(t.db, kurtaA)).toMatchObject({ rating: 2, reviewsCount: 1 });
  });

  it("answers in public: the reply shows under the review as plain text, is edited and removed", async () => {
    const xss = `Thank you! <script>alert("x")</script><img src=x onerror="alert(1)">`;
    const answered = await moderate(ids.b4!, "reply", { reply: xss });
    expect(answered).toMatchObject({ status: 200, body: { ok: true } });
    const shown = (await listPublishedReviews(t.db, kurtaB, { sort: "newest", page: 1 })).reviews;
    expect(shown.find((r) => r.id === ids.b4)?.reply).toBe(xss);

    // staff read it as text too: the card escapes it
    const page = await listLoader("?tab=published");
    const Page = reviewsRoute.default as unknown as (props: { loaderData: unknown }) => React.ReactElement;
    const Stub = createRoutesStub([
      { path: "/admin/reviews", Component: () => createElement(Page, { loaderData: page.body }) },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/admin/reviews?tab=published"] }));
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Edit the shop&#x27;s answer");

    const empty = await moderate(ids.b4!, "reply", { reply: "" });
    expect(empty).toMatchObject({ status: 422, body: { fieldErrors: { reply: REVIEW_MESSAGES.replyEmpty } } });
    const edited = await moderate(ids.b4!, "reply", { reply: "Thank you, Test!" });
    expect(edited.status).toBe(200);
    const removed = await moderate(ids.b4!, "remove-reply");
    expect(removed).toMatchObject({ status: 200, body: { message: "Your answer is removed." } });
    const after = (await listPublishedReviews(t.db, kurtaB, { sort: "newest", page: 1 })).reviews;
    expect(after.find((r) => r.id === ids.b4)?.reply).toBeNull();
  });

  it("refuses a change made on an old version of the review, with the conflict flagged and nothing written", async () => {
    const old = (await versionOf(ids.a2!)) - 1;
    const stale = await moderate(ids.a2!, "hide", { reason: "Spam" }, old);
    expect(stale).toMatchObject({
      status: 409,
      body: { ok: false, conflict: true, formError: REVIEW_MESSAGES.stale },
    });
    const [row] = await t.db
      .select({ status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.id, ids.a2!)));
    expect(row!.status).toBe("published");
    const broken = await post({ intent: "delete", reviewId: ids.a2!, version: "1" });
    expect(broken.status).toBe(400);
  });

  it("shows the dashboard's reviews panel with the published reviews' own figures", async () => {
    const published = await t.db
      .select({ productId: reviews.productId, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.status, "published"));
    const stars = published.reduce((sum, r) => sum + r.rating, 0);
    const dashboard = await settle<{ reviews: ReviewFigures }>(() =>
      dashboardRoute.loader({ request: request("/admin", staffCookie), params: {}, context: {} } as unknown as Args<
        typeof dashboardRoute.loader
      >),
    );
    expect(dashboard.status).toBe(200);
    const figures = dashboard.body.reviews;
    expect(figures).toMatchObject({
      waiting: 0,
      published: published.length,
      products: 2,
      average: Math.round((stars / published.length) * 100) / 100,
    });
    expect(figures.lowest.map((p) => [p.name, p.rating, p.reviews])).toEqual([
      ["Indigo Block Print Kurta", 2, 1],
      ["Rose Chanderi Kurta", 4.5, 2],
    ]);
    expect(figures.best[0]).toMatchObject({ productId: kurtaB, rating: 4.5, reviews: 2 });
    // the same as loadDashboard gives any caller
    expect((await loadDashboard(t.db, { figures: "fresh" })).reviews).toEqual(figures);
    // the review's moderation is in the recent activity
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "review"))
      .orderBy(desc(auditLog.createdAt));
    expect(entry!.action).toBe("review.remove-reply");
  });
});
