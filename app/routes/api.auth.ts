import { getAuth } from "~/modules/accounts/session.server";
import type { Route } from "./+types/api.auth";

// The auth library's own HTTP endpoints (/api/auth/*).
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
