import { getDb } from "~/db/client.server";
import { DELIVERY_MESSAGES, isPincode } from "~/modules/shipping";
import { deliveryAnswer } from "~/modules/shipping/index.server";
import type { Route } from "./+types/api.delivery";

// The same for every shopper and nothing personal; the dates move with the day and the courier's
// answers are kept a few hours, so browsers and shared caches may keep it ten minutes.
const CACHE = { "Cache-Control": "public, max-age=600, s-maxage=600" };

/** GET /api/delivery/:pin -> DeliveryAnswer (app/modules/shipping/delivery.ts); 400 `{ error }` when malformed. */
export async function loader({ params }: Route.LoaderArgs) {
  const pincode = params.pin;
  if (!isPincode(pincode)) return Response.json({ error: DELIVERY_MESSAGES.invalid }, { status: 400, headers: CACHE });
  return Response.json(await deliveryAnswer(getDb(), pincode), { headers: CACHE });
}
