import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.reviews";
import { REVIEW_INTENTS, type ReviewActionAnswer } from "~/components/admin/reviews/use-review-action";
import { ReviewList } from "~/components/admin/reviews/review-list";
import { getDb } from "~/db/client.server";
import { readForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, guardAction, requireStaff } from "~/modules/admin/index.server";
import {
  listReviewsForStaff,
  type ModerationAction,
  moderateReview,
  parseStaffReviewParams,
  STAFF_REVIEW_TABS,
} from "~/modules/reviews/index.server";

/*
 * /admin/reviews: the reviews' moderation queue (decision 043). It opens on the reviews to look at
 * (waiting for approval, or reported by a shopper); tabs for the published, the hidden and all, a
 * page at a time. Each review is published, hidden with a reason its author reads, kept (its report
 * cleared) or answered in public, every change made against the version the page showed.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Reviews · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

const REVIEW_ADMIN_MESSAGES = {
  failed: "Something went wrong. Please try again.",
  signedOut: "You were signed out. Sign in again in another tab, then send this again; what you typed is still here.",
  broken: "This form could not be read. Please reload the page and try again.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseStaffReviewParams(new URL(request.url));
  const list = await listReviewsForStaff(getDb(), params);
  return data({ ...list, params, tabs: STAFF_REVIEW_TABS }, { headers: ADMIN_HEADERS });
}

/** What every moderation form sends: its intent, the review, the version it showed, and the text typed. */
const postShape = z.object({
  intent: z.enum(REVIEW_INTENTS),
  reviewId: z.string().max(100),
  version: z.coerce.number().int().min(0),
  reason: z.string().max(20_000).optional(),
  reply: z.string().max(20_000).optional(),
});

function actionOf(post: z.output<typeof postShape>): ModerationAction {
  switch (post.intent) {
    case "hide":
      return { kind: "hide", reason: post.reason ?? "" };
    case "reply":
      return { kind: "reply", text: post.reply ?? "" };
    default:
      return { kind: post.intent };
  }
}

export async function action({ request }: Route.ActionArgs) {
  // signed out while working: the same 401 / 403 and no change, as data the form can show
  const guard = await guardAction(request, {
    signedOut: REVIEW_ADMIN_MESSAGES.signedOut,
    forbidden: REVIEW_ADMIN_MESSAGES.failed,
  });
  const answer = (status: number, body: ReviewActionAnswer) => data(body, { status, headers: ADMIN_HEADERS });
  if (!guard.ok) return answer(guard.status, { ok: false, intent: null, formError: guard.message, fieldErrors: {} });
  const read = readForm(postShape, await readFormData(request));
  if (!read.ok)
    return answer(400, { ok: false, intent: null, formError: REVIEW_ADMIN_MESSAGES.broken, fieldErrors: {} });
  const post = read.data;
  const result = await moderateReview(getDb(), guard.staff, {
    reviewId: post.reviewId,
    expectedVersion: post.version,
    action: actionOf(post),
  });
  if (result.ok)
    return answer(200, { ok: true, intent: post.intent, reviewId: post.reviewId, message: result.message });
  return answer(result.status, {
    ok: false,
    intent: post.intent,
    reviewId: post.reviewId,
    formError: result.message,
    fieldErrors: result.field ? { [result.field]: result.message } : {},
    // the review changed since the page was loaded: reload it (what was typed stays)
    conflict: result.status === 409 || undefined,
  });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewList {...loaderData} />;
}
