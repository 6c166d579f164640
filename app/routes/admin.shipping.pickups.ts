import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { postOnly, readFormData } from "~/lib/http.server";
import { isUuid } from "~/lib/ids";
import { ADMIN_HEADERS, guardAction } from "~/modules/admin/index.server";
import { SHIPPING_MESSAGES } from "~/modules/shipping";
import { requestPickups } from "~/modules/shipping/index.server";
import type { Route } from "./+types/admin.shipping.pickups";

/** POST /admin/shipping/pickups (the orders list's bulk 'Request pickup'): repeated `shipmentId` fields. */
export async function action({ request }: Route.ActionArgs) {
  const guard = await guardAction(request, {
    signedOut: SHIPPING_MESSAGES.signedOut,
    forbidden: SHIPPING_MESSAGES.failed,
  });
  if (!guard.ok) return data({ ok: false, formError: guard.message }, { status: guard.status, headers: ADMIN_HEADERS });
  const form = await readFormData(request);
  const ids = form
    .getAll("shipmentId")
    .filter((v): v is string => typeof v === "string" && isUuid(v))
    .slice(0, 200);
  if (ids.length === 0)
    return data({ ok: false, formError: SHIPPING_MESSAGES.pickupNotNow }, { status: 400, headers: ADMIN_HEADERS });
  const answer = await requestPickups(getDb(), guard.staff, ids);
  return answer.ok
    ? data({ ok: true, message: answer.message }, { headers: ADMIN_HEADERS })
    : data({ ok: false, formError: answer.message }, { status: answer.status, headers: ADMIN_HEADERS });
}

export const loader = postOnly;
