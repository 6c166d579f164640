import type { InvoiceDocument, InvoiceDocumentLine } from "./document";
import { amountInWords } from "./words";
import { financialYearOf, INVOICE_NUMBER_MAX_LENGTH, summariseTax, totalTax, type TaxedLine } from "./tax";

/*
 * GST credit notes (decision 037), pure. A credit note takes back some or all of an invoice's supply
 * with the invoice's own tax split: each of its lines is a share of one invoice line, at that line's
 * HSN code and rate, and names the line it comes from. Whatever the sequence of credit notes against
 * one invoice (some pieces returned, then the rest cancelled), once everything is credited the credit
 * notes add up to the invoice exactly, line by line and head by head: each head's share is the
 * difference between what was left of it before and what is left after, both rounded the same way,
 * so the roundings cancel out.
 */

const CREDIT_NOTE_DOCUMENT_VERSION = 1;
const CREDIT_NOTE_PREFIX = "CN";

/** One line of a credit note: a share of the invoice line `invoiceLine` (its index in the invoice). */
export interface CreditNoteLine extends InvoiceDocumentLine {
  invoiceLine: number;
}

/** What a credit note prints: the invoice's seller, buyer and place of supply, the lines credited and why. */
export interface CreditNoteDocument extends Omit<InvoiceDocument, "version" | "lines"> {
  version: number;
  kind: "credit-note";
  /** the invoice this credit note adjusts */
  against: { invoiceNumber: string; invoiceDate: string };
  reason: string;
  lines: CreditNoteLine[];
}

/** Which pieces to credit: everything not credited yet (a cancellation), or some pieces of some lines (a return). */
export type CreditSelection =
  { kind: "all" } | { kind: "pieces"; pieces: ReadonlyArray<{ invoiceLine: number; quantity: number }> };

/**
 * The heads that are shared out by rounding; the others follow from them (tax is the three taxes,
 * taxable value is the amount less its tax, gross is the amount plus its discount). The amount is
 * one of them so that a piece without a discount is credited at exactly its price.
 */
const HEADS = ["amountPaise", "cgstPaise", "sgstPaise", "igstPaise", "discountPaise"] as const;
type Head = (typeof HEADS)[number];

/** What is left of `whole` (an invoice line's head) when `left` of its `quantity` pieces remain uncredited. */
const remaining = (whole: number, left: number, quantity: number) => Math.round((whole * left) / quantity);

/**
 * The lines of the next credit note against an invoice, given the lines of the credit notes already
 * issued against it. Empty when nothing is left to credit in the selection. Throws RangeError for a
 * selection that names a line the invoice does not have or more pieces than are left of it.
 */
export function creditNoteLines(
  invoice: Pick<InvoiceDocument, "lines">,
  issued: readonly CreditNoteLine[],
  selection: CreditSelection,
): CreditNoteLine[] {
  const wanted = new Map<number, number>();
  if (selection.kind === "pieces") {
    for (const { invoiceLine, quantity } of selection.pieces) {
      if (!invoice.lines[invoiceLine]) throw new RangeError(`the invoice has no line ${invoiceLine}`);
      if (!Number.isSafeInteger(quantity) || quantity <= 0)
        throw new RangeError(`a quantity to credit is a positive whole number: ${quantity}`);
      wanted.set(invoiceLine, (wanted.get(invoiceLine) ?? 0) + quantity);
    }
  }
  const out: CreditNoteLine[] = [];
  invoice.lines.forEach((line, index) => {
    const before = issued.filter((c) => c.invoiceLine === index);
    const creditedPieces = before.reduce((n, c) => n + c.quantity, 0);
    const leftBefore = line.quantity - creditedPieces;
    const take = selection.kind === "all" ? leftBefore : (wanted.get(index) ?? 0);
    if (take > leftBefore)
      throw new RangeError(`line ${index} has ${leftBefore} of ${line.quantity} pieces left to credit, not ${take}`);
    if (take <= 0) return;
    const leftAfter = leftBefore - take;
    const share = {} as Record<Head, number>;
    for (const head of HEADS) {
      const credited = before.reduce((sum, c) => sum + c[head], 0);
      share[head] = line[head] - credited - remaining(line[head], leftAfter, line.quantity);
    }
    const taxPaise = share.cgstPaise + share.sgstPaise + share.igstPaise;
    out.push({
      ...line,
      invoiceLine: index,
      quantity: take,
      ...share,
      taxPaise,
      taxablePaise: share.amountPaise - taxPaise,
      grossPaise: share.amountPaise + share.discountPaise,
    });
  });
  return out;
}

/** Whether the invoice's every piece has been credited once `lines` are issued too. */
export function fullyCredited(invoice: Pick<InvoiceDocument, "lines">, credited: readonly CreditNoteLine[]): boolean {
  return invoice.lines.every(
    (line, index) =>
      credited.filter((c) => c.invoiceLine === index).reduce((n, c) => n + c.quantity, 0) >= line.quantity,
  );
}

/** The credit note's document: the invoice's parties and supply, the credited lines, their summary and totals. */
export function buildCreditNoteDocument(input: {
  invoice: InvoiceDocument;
  number: string;
  date: string;
  reason: string;
  lines: CreditNoteLine[];
}): CreditNoteDocument {
  if (input.lines.length === 0) throw new RangeError("a credit note has at least one line");
  const { invoice } = input;
  const taxed: TaxedLine[] = input.lines;
  const totals = totalTax(taxed);
  return {
    version: CREDIT_NOTE_DOCUMENT_VERSION,
    kind: "credit-note",
    number: input.number,
    date: input.date,
    financialYear: financialYearOf(input.date).label,
    supplyDate: invoice.supplyDate,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    supply: invoice.supply,
    localTaxName: invoice.localTaxName,
    order: invoice.order,
    against: { invoiceNumber: invoice.number, invoiceDate: invoice.date },
    reason: input.reason,
    lines: input.lines,
    summary: summariseTax(taxed),
    totals,
    amountInWords: amountInWords(totals.totalPaise),
  };
}

/** 'CN/2627/000001': the prefix, the financial year and the year's own sequence of credit notes. */
export function formatCreditNoteNumber(yearShort: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence <= 0)
    throw new RangeError(`a credit note sequence is positive: ${sequence}`);
  const number = `${CREDIT_NOTE_PREFIX}/${yearShort}/${String(sequence).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH)
    throw new RangeError(`credit note number ${number} is longer than ${INVOICE_NUMBER_MAX_LENGTH} characters`);
  return number;
}
