import { handleAuthRequest } from "~/modules/accounts/index.server";
import type { Route } from "./+types/api.auth";

// The auth library's HTTP endpoints (/api/auth/*), behind the shop's allow-list (decision 014).
export function loader({ request }: Route.LoaderArgs) {
  return handleAuthRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleAuthRequest(request);
}
