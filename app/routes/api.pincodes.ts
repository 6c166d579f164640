import { lookupPincode } from "~/modules/shipping/index.server";
import { isPincode, type PincodeAnswer } from "~/modules/shipping";
import type { Route } from "./+types/api.pincodes";

// The answer depends on the address alone and changes only with a new release of the table:
// browsers keep it a day, and so may the shared page cache or a CDN (decision 016).
const CACHE = { "Cache-Control": "public, max-age=86400, s-maxage=86400" };

/** GET /api/pincodes/:pin -> { pincode, places: [{ city, state }] }; 404 unknown, 400 malformed. */
export function loader({ params }: Route.LoaderArgs) {
  const pincode = params.pin;
  if (!isPincode(pincode)) {
    return Response.json({ error: "Please enter a valid 6-digit pincode" }, { status: 400, headers: CACHE });
  }
  const answer: PincodeAnswer = { pincode, places: lookupPincode(pincode) };
  return Response.json(answer, { status: answer.places.length > 0 ? 200 : 404, headers: CACHE });
}
