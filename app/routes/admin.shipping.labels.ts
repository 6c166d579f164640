import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { isUuid } from "~/lib/ids";
import { ADMIN_HEADERS, requireStaffForFile } from "~/modules/admin/index.server";
import { DOCUMENT_MAX_SHIPMENTS, shippingLabels } from "~/modules/shipping/index.server";
import type { Route } from "./+types/admin.shipping.labels";

/*
 * /admin/shipping/labels?shipments=<id>,<id>&format=4x6|a4: the parcels' labels as one PDF,
 * for staff (decision 041). Unknown or unbooked shipments are left out; none at all answers 404.
 */

const HEADERS = { ...ADMIN_HEADERS, ...PRIVATE_NO_STORE_HEADERS };

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffForFile(request, HEADERS);
  if (staff instanceof Response) return staff;
  const url = new URL(request.url);
  const ids = (url.searchParams.get("shipments") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(isUuid)
    .slice(0, DOCUMENT_MAX_SHIPMENTS);
  const format = url.searchParams.get("format") === "a4" ? "a4" : "4x6";
  const answer = await shippingLabels(getDb(), ids, format);
  if (!answer.ok)
    return new Response(answer.message, {
      status: answer.status,
      headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(answer.pdf), {
    headers: {
      ...HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${answer.fileName}"`,
    },
  });
}
