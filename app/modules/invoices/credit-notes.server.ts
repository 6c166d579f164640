import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import {
  buildCreditNoteDocument,
  creditNoteLines,
  formatCreditNoteNumber,
  fullyCredited,
  type CreditNoteDocument,
  type CreditSelection,
} from "./credit-note";
import { orderLinesByName } from "../orders/index.server";
import type { InvoiceDocument } from "./document";
import { creditNotes, creditNoteSequences, invoices } from "./schema.server";
import { financialYearOf, indiaDate } from "./tax";

/*
 * Issuing GST credit notes (decision 037), inside the transaction of the change they record: the
 * cancellation of an invoiced order credits everything not credited yet; a return will credit the
 * pieces it takes back, through the same function. The invoice row is locked first, so two credit
 * notes against one invoice are issued one after the other and never credit a piece twice; the
 * number comes from the credit notes' own series of the financial year, taken under its row lock in
 * the same transaction (gap-free: a change that rolls back gives its number back).
 */

type Conn = Db | Tx;

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The next number of a financial year's credit notes, held until the caller's transaction ends. */
async function takeCreditNoteSequence(tx: Conn, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(creditNoteSequences)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteSequences.financialYear,
      set: { lastNumber: sql`${creditNoteSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: creditNoteSequences.lastNumber });
  if (!row) throw new Error(`credit notes: no sequence for ${financialYear}`);
  return row.lastNumber;
}

/**
 * A return's credit note: some pieces of some order lines. The invoice's goods lines are the order's
 * lines in `orderLinesByName` order (as the invoice was drawn), followed by its charges, so an order
 * line's place in that order is its invoice line. Null when the order has no invoice.
 */
export async function issueReturnCreditNote(
  tx: Tx,
  input: {
    orderId: string;
    reason: string;
    pieces: ReadonlyArray<{ orderLineId: string; quantity: number }>;
    now: Date;
  },
): Promise<CreditNoteRow | null> {
  const placed = await orderLinesByName(tx, input.orderId);
  const pieces = input.pieces.map((p) => {
    const invoiceLine = placed.findIndex((l) => l.id === p.orderLineId);
    if (invoiceLine < 0) throw new RangeError(`credit note: order line ${p.orderLineId} is not on the order`);
    return { invoiceLine, quantity: p.quantity };
  });
  return issueCreditNote(tx, {
    orderId: input.orderId,
    reason: input.reason,
    selection: { kind: "pieces", pieces },
    now: input.now,
  });
}

/**
 * What a return's credit note would credit for these pieces, without issuing it (staff see the exact
 * amount before they pay a transfer): null when the order has no invoice.
 */
export async function previewReturnCredit(
  db: Conn,
  input: { orderId: string; pieces: ReadonlyArray<{ orderLineId: string; quantity: number }> },
): Promise<number | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, input.orderId));
  if (!invoice) return null;
  const placed = await orderLinesByName(db, input.orderId);
  const pieces = input.pieces.flatMap((p) => {
    const invoiceLine = placed.findIndex((l) => l.id === p.orderLineId);
    return invoiceLine < 0 || p.quantity <= 0 ? [] : [{ invoiceLine, quantity: p.quantity }];
  });
  if (pieces.length === 0) return 0;
  const earlier = await db
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  const issued = earlier.flatMap((c) => (c.document as CreditNoteDocument).lines);
  const lines = creditNoteLines(invoice.document as InvoiceDocument, issued, { kind: "pieces", pieces });
  return lines.reduce((sum, l) => sum + l.amountPaise, 0);
}

/**
 * Issues a credit note against the order's invoice for `selection`, in the caller's transaction.
 * Null when the order has no invoice (it was never invoiced: nothing to adjust) or nothing in the
 * selection is left to credit (a second cancellation). When every piece of the invoice has been
 * credited, the invoice is marked as cancelled by this credit note.
 */
export async function issueCreditNote(
  tx: Tx,
  input: { orderId: string; reason: string; selection: CreditSelection; now: Date },
): Promise<CreditNoteRow | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId)).for("update");
  if (!invoice) return null;
  const invoiceDocument = invoice.document as InvoiceDocument;
  const earlier = await tx
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  const issued = earlier.flatMap((c) => (c.document as CreditNoteDocument).lines);
  const lines = creditNoteLines(invoiceDocument, issued, input.selection);
  if (lines.length === 0) return null;

  const date = indiaDate(input.now);
  const year = financialYearOf(date);
  const sequence = await takeCreditNoteSequence(tx, year.label);
  const document = buildCreditNoteDocument({
    invoice: invoiceDocument,
    number: formatCreditNoteNumber(year.short, sequence),
    date,
    reason: input.reason,
    lines,
  });
  const [row] = await tx
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      orderId: input.orderId,
      financialYear: year.label,
      sequence,
      creditNoteNumber: document.number,
      issuedAt: input.now,
      reason: input.reason,
      totalPaise: document.totals.totalPaise,
      document,
    })
    .returning();
  if (fullyCredited(invoiceDocument, [...issued, ...lines])) {
    await tx
      .update(invoices)
      .set({ cancelledByNumber: document.number, cancelledAt: input.now })
      .where(eq(invoices.id, invoice.id));
  }
  return row!;
}

/** Whether any credit note was issued for the order (its invoice was taken back, in part or whole). */
export async function hasCreditNote(db: Conn, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .limit(1);
  return Boolean(row);
}

export interface TaxDocuments {
  /** the order's invoice, once issued, and the credit note that cancelled it, if one did */
  invoice: { number: string; cancelledBy: string | null } | null;
  creditNotes: Array<{ id: string; number: string; issuedAt: string; totalPaise: number; reason: string }>;
}

/** The order's invoice and credit notes as the shopper's and the staff order pages list them. */
export async function taxDocumentsOf(db: Db, orderId: string): Promise<TaxDocuments> {
  const [[invoice], notes] = await Promise.all([
    db
      .select({ number: invoices.invoiceNumber, cancelledBy: invoices.cancelledByNumber })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .limit(1),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.creditNoteNumber,
        issuedAt: creditNotes.issuedAt,
        totalPaise: creditNotes.totalPaise,
        reason: creditNotes.reason,
      })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(asc(creditNotes.financialYear), asc(creditNotes.sequence)),
  ]);
  return { invoice: invoice ?? null, creditNotes: notes.map((n) => ({ ...n, issuedAt: n.issuedAt.toISOString() })) };
}
