import type { Route } from "./+types/admin.products";
import { requireStaff } from "~/modules/admin/access.server";

// Scaffold of the admin shell (issue 12): replaced by the real screen before this branch is merged.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function AdminProducts() {
  return <h1 className="font-display text-3xl">Products</h1>;
}
