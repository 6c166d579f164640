import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { PRIVATE_NO_STORE } from "../../lib/cache-control";
import { invoiceFileName, type InvoiceDocument } from "./document";
import { INVOICE_MESSAGES, invoiceForDownload, type IssueProblem } from "./invoices.server";
import type { CreditNoteDocument } from "./credit-note";
import { renderCreditNotePdf, renderInvoicePdf } from "./pdf.server";
import { creditNotes } from "./schema.server";
import { isUuid } from "../../lib/ids";

/*
 * The invoice download, for the shopper's account (their own orders only) and for staff: the PDF of
 * the invoice issued, issuing it first for an order that has none yet (decision 024).
 */

export const INVOICE_NOT_FOUND = "Invoice not found";

export { findOrderRef, findShopperOrderRef } from "../orders/index.server";

export type InvoiceDownload =
  | { ok: true; body: Buffer; fileName: string; number: string }
  | { ok: false; status: 401 | 403 | 404 | 503; message: string; problem?: IssueProblem };

export async function invoiceDownload(
  db: Db,
  orderId: string,
  options: { forStaff: boolean; now?: Date },
): Promise<InvoiceDownload> {
  const result = await invoiceForDownload(db, orderId, options.now);
  if (!result.ok) {
    if (result.problem.kind === "not-eligible" || result.problem.kind === "missing")
      return { ok: false, status: 404, message: INVOICE_NOT_FOUND };
    // staff learn what to fix; shoppers that it will come
    return {
      ok: false,
      status: 503,
      message: options.forStaff ? result.problem.message : INVOICE_MESSAGES.notReady,
      problem: result.problem,
    };
  }
  const document = result.invoice.document as InvoiceDocument;
  const body = await renderInvoicePdf(document, { cancelledBy: result.invoice.cancelledByNumber });
  return {
    ok: true,
    body,
    fileName: invoiceFileName(result.invoice.invoiceNumber),
    number: result.invoice.invoiceNumber,
  };
}

export const CREDIT_NOTE_NOT_FOUND = "Credit note not found";

/** One of the order's credit notes as a PDF; 404 for an unknown id or another order's credit note. */
export async function creditNoteDownload(db: Db, orderId: string, creditNoteId: string): Promise<InvoiceDownload> {
  if (!isUuid(creditNoteId)) return { ok: false, status: 404, message: CREDIT_NOTE_NOT_FOUND };
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)))
    .limit(1);
  if (!row) return { ok: false, status: 404, message: CREDIT_NOTE_NOT_FOUND };
  const body = await renderCreditNotePdf(row.document as CreditNoteDocument);
  return { ok: true, body, fileName: invoiceFileName(row.creditNoteNumber), number: row.creditNoteNumber };
}

/** The answer to a download: the PDF as an attachment, never cached by anyone but the browser's own download. */
export function invoiceResponse(download: InvoiceDownload, extraHeaders: Record<string, string> = {}): Response {
  if (!download.ok) {
    return new Response(download.message, {
      status: download.status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": PRIVATE_NO_STORE,
        ...(download.status === 503 ? { "Retry-After": "3600" } : {}),
        ...extraHeaders,
      },
    });
  }
  return new Response(new Uint8Array(download.body), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Content-Length": String(download.body.length),
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Content-Type-Options": "nosniff",
      ...extraHeaders,
    },
  });
}
