import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { clientAddress, postOnly, readFormData } from "~/lib/http.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { ATTEMPT_RULES } from "~/modules/limits";
import { checkAttempt, tryAgainIn } from "~/modules/limits/index.server";
import { REVIEW_MESSAGES } from "~/modules/reviews";
import { reportReview, voteHelpful } from "~/modules/reviews/index.server";
import type { Route } from "./+types/api.reviews.$id";

/** What the product page shows after a press of 'Helpful' or 'Report'. */
export interface ReviewActionAnswer {
  ok: boolean;
  message: string;
  helpfulCount?: number;
}

/*
 * POST /api/reviews/:id with intent=helpful, or intent=report and a short reason: one signed-in
 * shopper's vote or report, once per review (the second is answered 409), never on her own review.
 * Limited per shopper and per network address. Cross-site posts never get here (server/security.ts).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "helpful" && intent !== "report")
    return answer({ ok: false, message: "Please reload the page and try again." }, 400);
  const user = await getSessionUser(request);
  if (!user)
    return answer(
      { ok: false, message: intent === "helpful" ? REVIEW_MESSAGES.voteSignIn : REVIEW_MESSAGES.reportSignIn },
      401,
    );
  const db = getDb();
  for (const limit of [
    { ...ATTEMPT_RULES.reviewVotesPerUser, key: user.id },
    { ...ATTEMPT_RULES.reviewVotesPerAddress, key: clientAddress(request) ?? "unknown" },
  ]) {
    const attempt = await checkAttempt(db, limit);
    if (!attempt.allowed)
      return answer(
        { ok: false, message: `${REVIEW_MESSAGES.tooManyVotes} ${tryAgainIn(attempt.retryAfterSeconds)}` },
        429,
        {
          "Retry-After": String(attempt.retryAfterSeconds),
        },
      );
  }
  if (intent === "helpful") {
    const { status, ...result } = await voteHelpful(db, { userId: user.id, reviewId: params.id });
    return answer(result, status);
  }
  const reason = form.get("reason");
  const { status, ...result } = await reportReview(db, {
    userId: user.id,
    reviewId: params.id,
    reason: typeof reason === "string" ? reason : "",
  });
  return answer(result, status);
}

function answer(body: ReviewActionAnswer, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...PRIVATE_NO_STORE_HEADERS, ...headers } });
}

/** Nothing to show: the product page posts here. */
export const loader = postOnly;
