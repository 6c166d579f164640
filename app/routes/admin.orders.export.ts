import type { Route } from "./+types/admin.orders.export";
import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { parseOrderListParams } from "~/modules/orders";
import { exportOrdersCsv, orderExportFileName } from "~/modules/reports/index.server";

/*
 * GET /admin/orders/export: the orders of the list as CSV, filtered by the list's own query
 * (search, status, payment, from, to), newest first, streamed as it is read from the database.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseOrderListParams(new URL(request.url).searchParams);
  return new Response(exportOrdersCsv(getDb(), params), {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${orderExportFileName(params)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
