import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import type { Route } from "./+types/admin._index";
import { Dashboard } from "~/components/admin/dashboard/dashboard";
import { DashboardError } from "~/components/admin/dashboard/dashboard-error";
import { DASHBOARD_ERROR } from "~/components/admin/dashboard/messages";
import { getDb } from "~/db/client.server";
import { getLogger } from "~/lib/logger.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { loadDashboard } from "~/modules/reports/index.server";

/*
 * /admin: the dashboard (decision 021). Staff only: requireStaff answers 401 (the layout's sign-in form)
 * or 403 before any query runs. A failing query shows 'Error loading dashboard data' with Retry; the
 * cause goes to the log, never to the page.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  try {
    return data(await loadDashboard(getDb()), { headers: ADMIN_HEADERS });
  } catch (error) {
    getLogger().error({ err: error }, "admin dashboard: a query failed");
    throw data({ message: DASHBOARD_ERROR }, { status: 500, headers: ADMIN_HEADERS });
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <Dashboard data={loaderData} />;
}

export function ErrorBoundary() {
  useAdminPageError();
  return <DashboardError />;
}
