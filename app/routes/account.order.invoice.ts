import { getDb } from "~/db/client.server";
import { requireUser } from "~/modules/accounts/index.server";
import {
  findShopperOrderRef,
  INVOICE_NOT_FOUND,
  invoiceDownload,
  invoiceResponse,
} from "~/modules/invoices/index.server";
import type { Route } from "./+types/account.order.invoice";

/*
 * /account/orders/<number>/invoice: the order's tax invoice as a PDF, for the shopper who placed it.
 * Anyone else's order, and an order without an invoice, answer 404 like a missing one.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const order = await findShopperOrderRef(db, user.id, params.orderNumber);
  if (!order) return invoiceResponse({ ok: false, status: 404, message: INVOICE_NOT_FOUND });
  return invoiceResponse(await invoiceDownload(db, order.id, { forStaff: false }));
}
