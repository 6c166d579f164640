import { formatPaise } from "../../pricing";
import type { CreditNoteDocument } from "../credit-note";
import type { InvoiceDocument } from "../document";

/* The tax document's page: its colours and measures, how text and rules are drawn, and how figures and dates read. */

export const INK = "#1f1a17";
export const STONE = "#6b625a";
export const LINEN = "#e8dfd0";
export const SAND = "#f6f1e8";
export const MAROON = "#7a2333";

export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const CONTENT = PAGE.width - 2 * PAGE.margin;
/** below this the page is full: the footer lives underneath */
export const BOTTOM = PAGE.height - 72;
/** the left and right edges of the content */
export const L = PAGE.margin;
export const R = PAGE.width - PAGE.margin;
/** space inside a table cell, either side */
export const PAD = 4;

/** A tax invoice or a credit note: the same layout, told apart by its title, particulars and totals' name. */
export type TaxDocument = InvoiceDocument | CreditNoteDocument;

export function isCreditNote(doc: TaxDocument): doc is CreditNoteDocument {
  return "kind" in doc && doc.kind === "credit-note";
}

export type TextOptions = PDFKit.Mixins.TextOptions & { font?: "regular" | "bold"; size?: number; color?: string };

/** The document being drawn and the few ways the layout draws on it. */
export interface Canvas {
  pdf: PDFKit.PDFDocument;
  /** writes text at (x, y); answers the y below it */
  text: (value: string, x: number, y: number, options?: TextOptions) => number;
  rule: (y: number, color?: string, width?: number, from?: number, to?: number) => void;
  heightOf: (value: string, width: number, font: "regular" | "bold", size: number) => number;
}

export function canvasOf(pdf: PDFKit.PDFDocument): Canvas {
  return {
    pdf,
    text: (value, x, y, options = {}) => {
      const { font = "regular", size = 8.5, color = INK, ...rest } = options;
      // always a width: pdfkit then moves its y below the text, which the layout reads back
      pdf
        .font(font)
        .fontSize(size)
        .fillColor(color)
        .text(value, x, y, { width: R - x, ...rest });
      return pdf.y;
    },
    rule: (y, color = LINEN, width = 0.75, from = L, to = R) => {
      pdf.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
    },
    heightOf: (value, width, font, size) => pdf.font(font).fontSize(size).heightOfString(value, { width }),
  };
}

/** Figures in the table: Indian grouping, two decimals, no rupee sign (the header says ₹). */
export const figure = (paise: number) => formatPaise(paise).replace("₹", "");

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
export const showDate = (isoDay: string) => dateFormat.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
export const showInstantDate = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));

export const stateWithCode = (state: string, code: string | null) => (code ? `${state} (${code})` : state);
