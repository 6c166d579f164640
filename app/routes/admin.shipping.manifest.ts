import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { ADMIN_HEADERS, requireStaffForFile } from "~/modules/admin/index.server";
import { documentResponse, shipmentIdsParam, shippingManifest } from "~/modules/shipping/index.server";
import type { Route } from "./+types/admin.shipping.manifest";

/*
 * /admin/shipping/manifest?shipments=<id>,<id>: the manifest the courier's pickup person signs, as one
 * PDF, for staff (decision 041). Unknown or unbooked shipments are left out; none at all answers 404.
 */

const HEADERS = { ...ADMIN_HEADERS, ...PRIVATE_NO_STORE_HEADERS };

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffForFile(request, HEADERS);
  if (staff instanceof Response) return staff;
  return documentResponse(await shippingManifest(getDb(), shipmentIdsParam(new URL(request.url))), HEADERS);
}
