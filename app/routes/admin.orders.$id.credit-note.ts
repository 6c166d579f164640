import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { ADMIN_HEADERS, requireStaffForFile } from "~/modules/admin/index.server";
import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteDownload,
  findOrderRef,
  invoiceResponse,
} from "~/modules/invoices/index.server";
import type { Route } from "./+types/admin.orders.$id.credit-note";

/* /admin/orders/<id>/credit-notes/<credit note id>: one of the order's GST credit notes as a PDF, for staff. */

const HEADERS = { ...ADMIN_HEADERS, ...PRIVATE_NO_STORE_HEADERS };

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffForFile(request, HEADERS);
  if (staff instanceof Response) return staff;
  const db = getDb();
  const order = await findOrderRef(db, params.id);
  if (!order) return invoiceResponse({ ok: false, status: 404, message: CREDIT_NOTE_NOT_FOUND }, HEADERS);
  return invoiceResponse(await creditNoteDownload(db, order.id, params.creditNoteId), HEADERS);
}
