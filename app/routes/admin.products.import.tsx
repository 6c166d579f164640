import { data } from "react-router";
import { orderHistory } from "~/modules/orders/index.server";
import type { Route } from "./+types/admin.products.import";
import { CsvImport } from "~/components/admin/products/csv-import";
import { getMediaStorage } from "~/boot.server";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { getLogger } from "~/lib/logger.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { CSV_MESSAGES, type ImportAnswer } from "~/modules/catalog";
import { applyImport, dryRunImport, readImportUpload } from "~/modules/catalog/index.server";
import { getStoreSettings } from "~/modules/content/index.server";

/*
 * /admin/products/import: upload a CSV, read the dry run's report, apply. The action reads the
 * upload as a stream only after the staff check; 'apply' sends the same file with the dry run's
 * digest and changes the shop only if the plan is still exactly that (decision 023).
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Import products · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return data({ ok: true }, { headers: ADMIN_HEADERS });
}

const answer = (body: ImportAnswer, status = 200) => data(body, { status, headers: ADMIN_HEADERS });

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const upload = await readImportUpload(request);
  if (!upload.ok) return answer({ kind: "error", message: upload.message }, upload.status);
  if (!upload.read.ok)
    return answer({ kind: "error", message: upload.read.message, details: upload.read.details }, 400);
  const csv = upload.read.csv;
  const db = getDb();
  try {
    const ctx = {
      staffId: staff.id,
      baseUrl: getConfig().baseUrl,
      brandFallback: (await getStoreSettings(db)).storeName,
    };
    if (upload.fields.intent !== "apply") return answer({ kind: "dry-run", report: await dryRunImport(db, csv, ctx) });
    const result = await applyImport(db, staff, csv, upload.fields.digest ?? "", ctx, {
      storage: getMediaStorage(),
      orders: orderHistory,
    });
    if (result.ok) return answer({ kind: "applied", report: result.report });
    if (result.reason === "changed")
      return answer({ kind: "changed", report: result.report, message: CSV_MESSAGES.changed }, 409);
    return answer({ kind: "error", message: CSV_MESSAGES.nothingToApply }, 400);
  } catch (error) {
    getLogger().error({ err: error, file: csv.fileName }, "products CSV import failed");
    return answer({ kind: "error", message: CSV_MESSAGES.applyFailed }, 500);
  }
}

export default function AdminProductsImport() {
  return <CsvImport />;
}
