import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { create as openFontType, Font } from "fontkit";
import type PDFDocument from "pdfkit";
import type { CreditNoteDocument } from "./credit-note";
import type { InvoiceDocument } from "./document";
import { drawFooters } from "./pdf/footer.server";
import { drawHeader, drawParties } from "./pdf/header.server";
import { canvasOf, isCreditNote, PAGE, type TaxDocument } from "./pdf/layout.server";
import { drawLines, linesTable } from "./pdf/lines.server";
import { drawTaxSummary, drawTotals } from "./pdf/totals.server";

/*
 * The invoice (or a credit note against one) as an A4 PDF, drawn on the server with pdfkit from the frozen document. The font is
 * Noto Sans (regular and semi-bold), embedded as subsets: pdfkit's built-in fonts have no rupee sign.
 * The fonts are parsed once per process and handed to every document (parsed per document, the text
 * layout tables were built again each time: about 350 ms a PDF instead of a few). pdfkit and fontkit are
 * loaded with the first document, not with the server (decision 048: most processes never draw one).
 *
 * The page's parts are drawn by the files in pdf/: the header, the lines' table, the totals and the tax
 * summary, the footers.
 */

interface Fonts {
  regular: Font;
  bold: Font;
}

let loading: Promise<{ PDFDocument: typeof PDFDocument; fonts: Fonts }> | null = null;

/** pdfkit and the fonts, loaded once per process with the first document. */
function loadPdfKit(): Promise<{ PDFDocument: typeof PDFDocument; fonts: Fonts }> {
  loading ??= Promise.all([import("pdfkit"), import("fontkit")]).then(([pdfkit, fontkit]) => ({
    PDFDocument: pdfkit.default,
    fonts: loadFonts(fontkit.create),
  }));
  return loading;
}

/** Noto Sans from its npm package, resolved from the working directory (the built server runs from build/server). */
function loadFonts(openFont: typeof openFontType): Fonts {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const file = (weight: string) => {
    const font = openFont(
      readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`)),
    );
    if (!("layout" in font)) throw new Error(`Noto Sans ${weight} is a font collection`);
    return font;
  };
  return { regular: file("400Regular"), bold: file("600SemiBold") };
}

/** Renders the invoice; resolves to the PDF's bytes. `cancelledBy` names the credit note that cancelled it. */
export function renderInvoicePdf(doc: InvoiceDocument, options: { cancelledBy?: string | null } = {}): Promise<Buffer> {
  return renderTaxDocument(doc, options.cancelledBy ?? null);
}

/** Renders a credit note; resolves to the PDF's bytes. */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  return renderTaxDocument(doc, null);
}

async function renderTaxDocument(doc: TaxDocument, cancelledBy: string | null): Promise<Buffer> {
  const credit = isCreditNote(doc) ? doc : null;
  const name = credit ? "Credit note" : "Tax invoice";
  const {
    PDFDocument,
    fonts: { regular, bold },
  } = await loadPdfKit();
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: `${name} ${doc.number}`, Author: doc.seller.name, Subject: `Order ${doc.order.number}` },
    lang: "en-IN",
    displayTitle: true,
  });
  // pdfkit takes a parsed fontkit font as well as a file (its types only list files)
  pdf.registerFont("regular", regular as unknown as Buffer);
  pdf.registerFont("bold", bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const canvas = canvasOf(pdf);
  let y = drawHeader(canvas, doc, name, credit, cancelledBy);
  y = drawParties(canvas, doc, credit, y);
  const table = linesTable(canvas, doc, name);
  y = drawLines(canvas, doc, table, y);
  y = drawTotals(canvas, doc, credit, table.newPage, y);
  drawTaxSummary(canvas, doc, y);
  drawFooters(canvas, doc, credit);
  pdf.end();
  return done;
}
