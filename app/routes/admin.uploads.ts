import { postOnly } from "~/lib/http.server";
import { ADMIN_HEADERS, requireUploader } from "~/modules/admin/index.server";
import { receivePictureUpload } from "~/modules/media/index.server";
import { getMediaStorage } from "~/boot.server";
import type { Route } from "./+types/admin.uploads";

/*
 * POST /admin/uploads: one picture per request, multipart field `file`, staff only (decision 022).
 * 200 {url, publicId, width, height, format, bytes}, or a refusal {error} with its message for staff.
 * The body arrives as a stream (server/body-limit.ts) and is not touched before requireUploader has
 * answered 401 to visitors and 403 to shoppers. Cross-site posts never get here (server/security.ts).
 */

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireUploader(request);
  const answer = await receivePictureUpload(request, staff, getMediaStorage());
  return Response.json(answer.body, { status: answer.status, headers: ADMIN_HEADERS });
}

/** Nothing to show: pictures are posted here by the product editor. */
export const loader = postOnly;
