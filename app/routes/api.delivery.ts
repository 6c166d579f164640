import { getDb } from "~/db/client.server";
import { DELIVERY_MESSAGES, isPincode, deliveryAnswerSeconds } from "~/modules/shipping";
import { deliveryAnswer } from "~/modules/shipping/index.server";
import type { Route } from "./+types/api.delivery";

// The same for every shopper and nothing personal: browsers and shared caches may keep it ten minutes,
// never past midnight in India. It names nothing for purges: the page cache keeps it no longer (decision 059).
function cacheFor(now: Date) {
  const seconds = deliveryAnswerSeconds(now);
  return { "Cache-Control": `public, max-age=${seconds}, s-maxage=${seconds}` };
}

/** GET /api/delivery/:pin -> DeliveryAnswer (app/modules/shipping/delivery.ts); 400 `{ error }` when malformed. */
export async function loader({ params }: Route.LoaderArgs) {
  const pincode = params.pin;
  const headers = cacheFor(new Date());
  if (!isPincode(pincode)) return Response.json({ error: DELIVERY_MESSAGES.invalid }, { status: 400, headers });
  return Response.json(await deliveryAnswer(getDb(), pincode), { headers });
}
