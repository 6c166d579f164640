import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { ADMIN_HEADERS, requireStaffForFile } from "~/modules/admin/index.server";
import { documentResponse, shipmentIdsParam, shippingLabels } from "~/modules/shipping/index.server";
import type { Route } from "./+types/admin.shipping.labels";

/*
 * /admin/shipping/labels?shipments=<id>,<id>&format=4x6|a4: the parcels' labels as one PDF, for staff
 * (decision 041). Unknown or unbooked shipments are left out; none at all answers 404.
 */

const HEADERS = { ...ADMIN_HEADERS, ...PRIVATE_NO_STORE_HEADERS };

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffForFile(request, HEADERS);
  if (staff instanceof Response) return staff;
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "a4" ? "a4" : "4x6";
  return documentResponse(await shippingLabels(getDb(), shipmentIdsParam(url), format), HEADERS);
}
