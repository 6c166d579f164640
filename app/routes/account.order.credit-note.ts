import { getDb } from "~/db/client.server";
import { requireUser } from "~/modules/accounts/index.server";
import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteDownload,
  findShopperOrderRef,
  invoiceResponse,
} from "~/modules/invoices/index.server";
import type { Route } from "./+types/account.order.credit-note";

/*
 * /account/orders/<number>/credit-notes/<id>: one GST credit note of the order as a PDF, for the
 * shopper who placed it. Anyone else's order, and an id that is not one of this order's credit
 * notes, answer 404 like a missing one.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const order = await findShopperOrderRef(db, user.id, params.orderNumber);
  if (!order) return invoiceResponse({ ok: false, status: 404, message: CREDIT_NOTE_NOT_FOUND });
  return invoiceResponse(await creditNoteDownload(db, order.id, params.creditNoteId));
}
