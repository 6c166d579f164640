import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { readShopper } from "~/lib/shopper.server";
import type { Route } from "./+types/api.me";

/*
 * GET /api/me: the one personal request of a shared page (docs/decisions/029). The home, list,
 * product and search pages are the same for every visitor; the header badge, the hearts and the
 * signed-in state come from here after the page loads. Never kept by a cache.
 */

export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await readShopper(getDb(), request), { headers: PRIVATE_NO_STORE_HEADERS });
}
