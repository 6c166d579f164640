import { and, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { isUuid } from "../../lib/ids";
import { type Actor, recordAudit } from "../audit/index.server";
import { getShopperProducts } from "../catalog/index.server";
import { readStaffText, REVIEW_MESSAGES, type ReviewFit, type ReviewStatus } from "./rules";
import { reviews } from "./schema.server";
import { lockProductReviews, refreshReviewSummary } from "./summary.server";

/*
 * The staff's side of reviews (decision 043): the queue of new and reported reviews, publishing,
 * hiding with a reason the author sees, and the shop's public answer. Every change names the
 * version it was made against, is refused on an older one, and is written to the audit log.
 */

export type StaffReviewTab = "attention" | "published" | "hidden" | "all";
export const STAFF_REVIEW_TABS: ReadonlyArray<{ value: StaffReviewTab; label: string }> = [
  { value: "attention", label: "To look at" },
  { value: "published", label: "Published" },
  { value: "hidden", label: "Hidden" },
  { value: "all", label: "All" },
];
export const STAFF_REVIEW_PAGE_SIZE = 20;

export interface StaffReviewRow {
  id: string;
  productId: string;
  productName: string;
  productImage: string | null;
  rating: number;
  title: string;
  body: string;
  fit: ReviewFit | null;
  sizeBought: string;
  colourBought: string;
  photos: string[];
  authorName: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  reply: string | null;
  helpfulCount: number;
  reportCount: number;
  reported: boolean;
  createdAt: string;
  version: number;
}

const needsAttention: SQL = or(eq(reviews.status, "pending"), isNotNull(reviews.reportedAt))!;

function tabCondition(tab: StaffReviewTab): SQL | undefined {
  if (tab === "attention") return needsAttention;
  if (tab === "published") return eq(reviews.status, "published");
  if (tab === "hidden") return eq(reviews.status, "hidden");
  return undefined;
}

export function parseStaffReviewParams(url: URL): { tab: StaffReviewTab; page: number } {
  const tab = STAFF_REVIEW_TABS.find((t) => t.value === url.searchParams.get("tab"))?.value ?? "attention";
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { tab, page };
}

/** One page of a tab, newest first (reported ones by when they were reported). */
export async function listReviewsForStaff(
  db: Db,
  params: { tab: StaffReviewTab; page: number },
): Promise<{ rows: StaffReviewRow[]; total: number; pages: number; counts: Record<StaffReviewTab, number> }> {
  const where = tabCondition(params.tab);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(sql`coalesce(${reviews.reportedAt}, ${reviews.createdAt})`), desc(reviews.id))
      .limit(STAFF_REVIEW_PAGE_SIZE)
      .offset((params.page - 1) * STAFF_REVIEW_PAGE_SIZE),
    db
      .select({
        attention: sql<number>`count(*) filter (where ${needsAttention})::int`,
        published: sql<number>`count(*) filter (where ${reviews.status} = 'published')::int`,
        hidden: sql<number>`count(*) filter (where ${reviews.status} = 'hidden')::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(reviews),
  ]);
  const products = new Map(
    (await getShopperProducts(db, [...new Set(rows.map((r) => r.productId))])).map((p) => [p.id, p]),
  );
  const c = counts ?? { attention: 0, published: 0, hidden: 0, all: 0 };
  const total = c[params.tab];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      productName: products.get(r.productId)?.name ?? "Removed product",
      productImage: products.get(r.productId)?.image?.url ?? null,
      rating: r.rating,
      title: r.title,
      body: r.body,
      fit: r.fit,
      sizeBought: r.sizeBought,
      colourBought: r.colourBought,
      photos: r.photos,
      authorName: r.authorName,
      status: r.status,
      hiddenReason: r.hiddenReason,
      reply: r.reply,
      helpfulCount: r.helpfulCount,
      reportCount: r.reportCount,
      reported: r.reportedAt !== null,
      createdAt: r.createdAt.toISOString(),
      version: r.version,
    })),
    total,
    pages: Math.max(1, Math.ceil(total / STAFF_REVIEW_PAGE_SIZE)),
    counts: c,
  };
}

/** New reviews waiting for approval plus reported ones: the admin's navigation badge and dashboard. */
export async function countReviewsWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(needsAttention);
  return row?.n ?? 0;
}

export type ModerationAction =
  | { kind: "publish" }
  | { kind: "hide"; reason: unknown }
  | { kind: "keep" }
  | { kind: "reply"; text: unknown }
  | { kind: "remove-reply" };

export type ModerationResult =
  | { ok: true; status: 200; message: string }
  | { ok: false; status: 404 | 409 | 422; message: string; field?: "reason" | "reply" };

const DONE: Record<ModerationAction["kind"], string> = {
  publish: "Review published.",
  hide: "Review hidden. Its author sees your reason.",
  keep: "Review kept: the report is cleared.",
  reply: "Your answer is published under the review.",
  "remove-reply": "Your answer is removed.",
};

/** One staff decision on one review, made against the version the staff member saw. */
export async function moderateReview(
  db: Db,
  actor: Actor,
  args: { reviewId: string; expectedVersion: number; action: ModerationAction },
  now: Date = new Date(),
): Promise<ModerationResult> {
  if (!isUuid(args.reviewId)) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
  const action = args.action;
  let text: string | null = null;
  if (action.kind === "hide" || action.kind === "reply") {
    const read = readStaffText(
      action.kind === "hide" ? action.reason : action.text,
      action.kind === "hide" ? "reason" : "reply",
    );
    if (!read.ok)
      return { ok: false, status: 422, message: read.error, field: action.kind === "hide" ? "reason" : "reply" };
    text = read.text;
  }
  return inTransaction<ModerationResult>(db, async (tx) => {
    const [found] = await tx
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.id, args.reviewId))
      .limit(1);
    if (!found) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
    await lockProductReviews(tx, found.productId);
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, args.reviewId)).for("update");
    if (!review) return { ok: false, status: 404, message: REVIEW_MESSAGES.notFound };
    if (review.version !== args.expectedVersion) return { ok: false, status: 409, message: REVIEW_MESSAGES.stale };

    const change: Partial<typeof reviews.$inferInsert> = { updatedAt: now };
    if (action.kind === "publish") {
      Object.assign(change, {
        status: "published",
        hiddenReason: null,
        reportedAt: null,
        publishedAt: review.publishedAt ?? now,
      });
    } else if (action.kind === "hide") {
      Object.assign(change, { status: "hidden", hiddenReason: text, reportedAt: null });
    } else if (action.kind === "keep") {
      Object.assign(change, { reportedAt: null });
    } else if (action.kind === "reply") {
      Object.assign(change, { reply: text, repliedAt: now });
    } else {
      Object.assign(change, { reply: null, repliedAt: null });
    }
    await tx
      .update(reviews)
      .set({ ...change, version: sql`${reviews.version} + 1` })
      .where(and(eq(reviews.id, review.id), eq(reviews.version, review.version)));
    const wasShown = review.status === "published";
    const isShown = action.kind === "publish" || (wasShown && action.kind !== "hide");
    // the product's summary (its stars, photos and the reviews search engines read) follows what shows
    if (wasShown || isShown) await refreshReviewSummary(tx, review.productId);
    await recordAudit(tx, actor, {
      entity: "review",
      entityId: review.id,
      action: `review.${action.kind}`,
      summary: `${DONE[action.kind]} ${review.authorName}, ${review.rating} stars: ${review.title}${text && action.kind === "hide" ? ` (reason: ${text})` : ""}`,
    });
    return { ok: true, status: 200, message: DONE[action.kind] };
  });
}
