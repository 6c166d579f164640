import { formatPaise } from "../../pricing";
import type { CreditNoteDocument } from "../credit-note";
import type { InvoiceDocument } from "../document";
import { formatRate } from "../tax";
import { BOTTOM, CONTENT, figure, INK, L, PAD, R, SAND, STONE, type Canvas, type TaxDocument } from "./layout.server";

/* Below the lines: the totals (right) and the amount in words (left), then the tax summary per HSN code and rate. */

/** The totals' rows above the document's total, label and amount. */
function totalRowsOf(doc: TaxDocument): Array<[string, string]> {
  const t = doc.totals;
  return [
    ["Total before discount", formatPaise(t.grossPaise)],
    ...(t.discountPaise > 0
      ? ([
          [
            doc.order.couponCode ? `Discount (${doc.order.couponCode})` : "Discount",
            `−${formatPaise(t.discountPaise)}`,
          ],
        ] as Array<[string, string]>)
      : []),
    ["Taxable value", formatPaise(t.taxablePaise)],
    ...(doc.supply === "intra"
      ? ([
          ["CGST", formatPaise(t.cgstPaise)],
          [doc.localTaxName, formatPaise(t.sgstPaise)],
        ] as Array<[string, string]>)
      : ([["IGST", formatPaise(t.igstPaise)]] as Array<[string, string]>)),
  ];
}

/**
 * How an invoice's total was paid when store credit paid some of it (decision 042): the credit and
 * the rest. Store credit is a means of payment, so these come below the total and change no tax.
 */
function paymentRowsOf(doc: TaxDocument): Array<[string, string]> {
  const credit = doc.order.storeCreditPaise ?? 0;
  if (credit <= 0) return [];
  const rest = doc.totals.totalPaise - credit;
  const rows: Array<[string, string]> = [["Paid with store credit", formatPaise(credit)]];
  if (rest > 0) rows.push([doc.order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online", formatPaise(rest)]);
  return rows;
}

interface SummaryColumn {
  title: string;
  width: number;
  align: "left" | "right";
  value: (r: TaxDocument["summary"][number]) => string;
}

/** The tax summary's columns: CGST and the state's tax within a state, IGST across states. */
function summaryColumns(doc: TaxDocument): SummaryColumn[] {
  return [
    { title: "HSN", width: doc.supply === "intra" ? 70 : 110, align: "left", value: (r) => r.hsnCode },
    {
      title: "Taxable value (₹)",
      width: doc.supply === "intra" ? 100 : 130,
      align: "right",
      value: (r) => figure(r.taxablePaise),
    },
    { title: "GST rate", width: doc.supply === "intra" ? 60 : 70, align: "right", value: (r) => formatRate(r.rateBp) },
    ...(doc.supply === "intra"
      ? [
          {
            title: "CGST (₹)",
            width: 90,
            align: "right" as const,
            value: (r: InvoiceDocument["summary"][number]) => figure(r.cgstPaise),
          },
          {
            title: `${doc.localTaxName} (₹)`,
            width: 90,
            align: "right" as const,
            value: (r: InvoiceDocument["summary"][number]) => figure(r.sgstPaise),
          },
        ]
      : [
          {
            title: "IGST (₹)",
            width: 100,
            align: "right" as const,
            value: (r: InvoiceDocument["summary"][number]) => figure(r.igstPaise),
          },
        ]),
    { title: "Total tax (₹)", width: 105, align: "right", value: (r) => figure(r.taxPaise) },
  ];
}

/**
 * The totals and the amount in words, on a new page when they, the tax summary and the signature
 * block would not fit above the footer; answers the y below them.
 */
export function drawTotals(
  c: Canvas,
  doc: TaxDocument,
  credit: CreditNoteDocument | null,
  newPage: () => number,
  top: number,
): number {
  const { text, rule } = c;
  const t = doc.totals;
  const totalRows = totalRowsOf(doc);
  let y = top;
  const summaryHeight = 24 + 14 * (doc.summary.length + 1);
  const paidRows = credit ? [] : paymentRowsOf(doc);
  const blockHeight = 16 + totalRows.length * 14 + 30 + 24 + summaryHeight + paidRows.length * 13;
  // the last page also holds the signature block above the footer
  if (y + blockHeight > BOTTOM - 34) y = newPage() - 18;
  y += 14;
  const totalsX = R - 220;
  let ty = y;
  for (const [label, value] of totalRows) {
    text(label, totalsX, ty, { size: 8.5, color: STONE, width: 120 });
    text(value, totalsX + 110, ty, { size: 8.5, width: 110, align: "right" });
    ty += 14;
  }
  rule(ty + 2, INK, 1, totalsX, R);
  ty += 9;
  text(credit ? "Credit note total" : "Invoice total", totalsX, ty, { font: "bold", size: 11, width: 110 });
  text(formatPaise(t.totalPaise), totalsX + 90, ty, { font: "bold", size: 11, width: 130, align: "right" });
  ty += 18;
  text("Prices include GST", totalsX, ty, { size: 7.5, color: STONE, width: 220, align: "right" });
  if (paidRows.length > 0) ty += 6;
  for (const [label, value] of paidRows) {
    ty += 13;
    text(label, totalsX, ty, { size: 8.5, color: STONE, width: 130 });
    text(value, totalsX + 110, ty, { size: 8.5, width: 110, align: "right" });
  }

  const wordsWidth = totalsX - L - 30;
  let wy = text("AMOUNT IN WORDS", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 }) + 4;
  wy = text(doc.amountInWords, L, wy, { size: 8.5, width: wordsWidth, lineGap: 1 });
  wy = text(`Total tax: ${formatPaise(t.taxPaise)}`, L, wy + 6, { size: 8.5, color: STONE, width: wordsWidth });
  return Math.max(ty + 12, wy) + 18;
}

/** The tax summary per HSN code and rate. */
export function drawTaxSummary(c: Canvas, doc: TaxDocument, top: number): void {
  const { pdf, text, rule } = c;
  let y = top;
  text("TAX SUMMARY", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 });
  y += 12;
  const sumCols = summaryColumns(doc);
  pdf.rect(L, y, CONTENT, 16).fill(SAND);
  let x = L;
  for (const col of sumCols) {
    text(col.title, x + PAD, y + 4.5, { font: "bold", size: 6.8, width: col.width - 2 * PAD, align: col.align });
    x += col.width;
  }
  y += 16;
  for (const row of doc.summary) {
    x = L;
    for (const col of sumCols) {
      text(col.value(row), x + PAD, y + 3.5, { size: 8, width: col.width - 2 * PAD, align: col.align });
      x += col.width;
    }
    y += 14;
    rule(y);
  }
}
