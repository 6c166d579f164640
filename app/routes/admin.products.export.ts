import type { Route } from "./+types/admin.products.export";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { exportFileName, exportProductsCsv } from "~/modules/catalog/index.server";
import { parseAdminListParams } from "~/modules/catalog";

/*
 * GET /admin/products/export: the products of the list as CSV, one row per variant, filtered by the
 * list's own query parameters (search, category, status). Streamed as it is read from the database.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const { search, category, status } = parseAdminListParams(new URL(request.url).searchParams);
  const filters = { search, category, status };
  return new Response(exportProductsCsv(getDb(), filters, { baseUrl: getConfig().baseUrl }), {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(filters)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
