import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { ADMIN_HEADERS, requireStaffForFile } from "~/modules/admin/index.server";
import { findOrderRef, INVOICE_NOT_FOUND, invoiceDownload, invoiceResponse } from "~/modules/invoices/index.server";
import type { Route } from "./+types/admin.orders.$id.invoice";

/*
 * /admin/orders/<id>/invoice: any order's tax invoice as a PDF, for staff. An invoice that cannot be
 * issued yet answers 503 with the reason (a category without a GST rate, no GSTIN in the settings).
 */

const HEADERS = { ...ADMIN_HEADERS, ...PRIVATE_NO_STORE_HEADERS };

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffForFile(request, HEADERS);
  if (staff instanceof Response) return staff;
  const db = getDb();
  const order = await findOrderRef(db, params.id);
  if (!order) return invoiceResponse({ ok: false, status: 404, message: INVOICE_NOT_FOUND }, HEADERS);
  return invoiceResponse(await invoiceDownload(db, order.id, { forStaff: true }), HEADERS);
}
