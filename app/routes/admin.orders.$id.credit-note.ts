import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, ADMIN_MESSAGES, requireStaff } from "~/modules/admin/access.server";
import { CREDIT_NOTE_NOT_FOUND, creditNoteDownload, findOrderRef, invoiceResponse } from "~/modules/invoices/download.server";
import type { Route } from "./+types/admin.orders.$id.credit-note";

/* /admin/orders/<id>/credit-notes/<credit note id>: one of the order's GST credit notes as a PDF, for staff. */

const HEADERS = { ...ADMIN_HEADERS, "Cache-Control": "private, no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request);
  } catch (refusal) {
    // the guard's 401 / 403 as a plain answer: a file link has no page to show the sign-in form on
    const status = (refusal as { init?: { status?: number } } | null)?.init?.status;
    if (status !== 401 && status !== 403) throw refusal;
    return invoiceResponse({ ok: false, status, message: status === 401 ? "Please sign in to the back office first." : ADMIN_MESSAGES.forbidden }, HEADERS);
  }
  const db = getDb();
  const order = await findOrderRef(db, params.id);
  if (!order) return invoiceResponse({ ok: false, status: 404, message: CREDIT_NOTE_NOT_FOUND }, HEADERS);
  return invoiceResponse(await creditNoteDownload(db, order.id, params.creditNoteId), HEADERS);
}
