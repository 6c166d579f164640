import { getConfig } from "~/config.server";
import { buildRobots } from "~/modules/content";

/** GET /robots.txt */
export function loader() {
  return new Response(buildRobots(getConfig().baseUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
