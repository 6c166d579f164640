import { getMediaStorage } from "~/boot.server";
import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { postOnly } from "~/lib/http.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { ATTEMPT_RULES } from "~/modules/limits";
import { checkAttempt, tryAgainIn } from "~/modules/limits/index.server";
import { SHOPPER_PHOTO_MESSAGES } from "~/modules/media";
import { receiveShopperPhoto } from "~/modules/media/index.server";
import type { Route } from "./+types/account.uploads";

/*
 * POST /account/uploads: one photo per request (multipart field `file`) from a signed-in shopper, for
 * her return requests and her reviews; at most 20 a day each. 200 {url, thumbnailUrl, width, height}, or {error} with
 * a message for her. The body arrives as a stream (server/body-limit.ts) and is not read before the
 * shopper and her daily limit are checked. Cross-site posts never get here (server/security.ts).
 */

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user)
    return Response.json({ error: SHOPPER_PHOTO_MESSAGES.signIn }, { status: 401, headers: PRIVATE_NO_STORE_HEADERS });
  const limit = await checkAttempt(getDb(), { ...ATTEMPT_RULES.shopperPhotosPerUser, key: user.id });
  if (!limit.allowed)
    return Response.json(
      { error: `${SHOPPER_PHOTO_MESSAGES.tooMany} ${tryAgainIn(limit.retryAfterSeconds)}` },
      { status: 429, headers: { ...PRIVATE_NO_STORE_HEADERS, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  const answer = await receiveShopperPhoto(request, user.id, getMediaStorage(), getDb());
  return Response.json(answer.body, { status: answer.status, headers: PRIVATE_NO_STORE_HEADERS });
}

/** Nothing to show: photos are posted here by the return request and review forms. */
export const loader = postOnly;
