import type { Route } from "./+types/admin.orders";
import { requireStaff } from "~/modules/admin/access.server";

// Scaffold of the admin shell (issue 12): replaced by the real screen before this branch is merged.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function AdminOrders() {
  return <h1 className="font-display text-3xl">Orders</h1>;
}
