import { getConfig } from "~/config.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { clientAddress, invariantResponse, isLoopbackAddress } from "~/lib/http.server";
import type { Route } from "./+types/dev.empty";

/*
 * Demo mode, this machine only: a page of the shop that renders nothing of its own (the shop's frame
 * around an empty route), never kept by the page cache. `npm run bench` measures what a render costs
 * here against it (issue 30: product and home pages at most 2.5 times its CPU per request, the list
 * at most 3 times), so the bars travel from one machine to another. Anyone else gets 404.
 */
export const headers = () => ({ ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex" });

export function loader({ request }: Route.LoaderArgs) {
  invariantResponse(getConfig().isDemo, "Not found", 404);
  invariantResponse(isLoopbackAddress(clientAddress(request)), "Not found", 404);
  return null;
}

export default function Empty() {
  return null;
}
