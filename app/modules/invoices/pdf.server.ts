import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { create as openFont, type Font } from "fontkit";
import PDFDocument from "pdfkit";
import { formatPaise } from "../pricing";
import type { CreditNoteDocument } from "./credit-note";
import type { InvoiceDocument, InvoiceDocumentLine } from "./document";
import { formatRate } from "./tax";

/*
 * The invoice (or a credit note against one) as an A4 PDF, drawn on the server with pdfkit from the frozen document. The font is
 * Noto Sans (regular and semi-bold), embedded as subsets: pdfkit's built-in fonts have no rupee sign.
 * The fonts are parsed once per process and handed to every document (parsed per document, the text
 * layout tables were built again each time: about 350 ms a PDF instead of a few).
 */

const INK = "#1f1a17";
const STONE = "#6b625a";
const LINEN = "#e8dfd0";
const SAND = "#f6f1e8";
const MAROON = "#7a2333";

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
/** below this the page is full: the footer lives underneath */
const BOTTOM = PAGE.height - 72;

interface Fonts {
  regular: Font;
  bold: Font;
}

let fonts: Fonts | null = null;

/** Noto Sans from its npm package, resolved from the working directory (the built server runs from build/server). */
function loadFonts(): Fonts {
  if (fonts) return fonts;
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const file = (weight: string) => {
    const font = openFont(
      readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`)),
    );
    if (!("layout" in font)) throw new Error(`Noto Sans ${weight} is a font collection`);
    return font;
  };
  fonts = { regular: file("400Regular"), bold: file("600SemiBold") };
  return fonts;
}

/** Figures in the table: Indian grouping, two decimals, no rupee sign (the header says ₹). */
const figure = (paise: number) => formatPaise(paise).replace("₹", "");

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const showDate = (isoDay: string) => dateFormat.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
const showInstantDate = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));

const stateWithCode = (state: string, code: string | null) => (code ? `${state} (${code})` : state);

interface Column {
  key: string;
  title: string;
  width: number;
  align: "left" | "right" | "center";
  cell: (line: InvoiceDocumentLine, index: number) => { main: string; sub?: string };
}

/** A tax invoice or a credit note: the same layout, told apart by its title, particulars and totals' name. */
type TaxDocument = InvoiceDocument | CreditNoteDocument;

function isCreditNote(doc: TaxDocument): doc is CreditNoteDocument {
  return "kind" in doc && doc.kind === "credit-note";
}

function columns(doc: TaxDocument): Column[] {
  const intra = doc.supply === "intra";
  const half = (l: InvoiceDocumentLine) => `@${formatRate(l.rateBp / 2)}`;
  const fixed: Column[] = [
    { key: "n", title: "#", width: 22, align: "left", cell: (_l, i) => ({ main: String(i + 1) }) },
    {
      key: "desc",
      title: "Description",
      width: 0,
      align: "left",
      cell: (l) => ({ main: l.description, sub: l.detail || undefined }),
    },
    { key: "hsn", title: "HSN", width: 36, align: "left", cell: (l) => ({ main: l.hsnCode }) },
    { key: "qty", title: "Qty", width: 24, align: "right", cell: (l) => ({ main: String(l.quantity) }) },
    { key: "rate", title: "Rate", width: 50, align: "right", cell: (l) => ({ main: figure(l.unitPricePaise) }) },
    {
      key: "disc",
      title: "Discount",
      width: 44,
      align: "right",
      cell: (l) => ({ main: l.discountPaise ? figure(l.discountPaise) : "–" }),
    },
    {
      key: "taxable",
      title: "Taxable value",
      width: 54,
      align: "right",
      cell: (l) => ({ main: figure(l.taxablePaise) }),
    },
    { key: "gst", title: "GST", width: 28, align: "right", cell: (l) => ({ main: formatRate(l.rateBp) }) },
    ...(intra
      ? [
          {
            key: "cgst",
            title: "CGST",
            width: 44,
            align: "right" as const,
            cell: (l: InvoiceDocumentLine) => ({ main: figure(l.cgstPaise), sub: half(l) }),
          },
          {
            key: "sgst",
            title: doc.localTaxName,
            width: 44,
            align: "right" as const,
            cell: (l: InvoiceDocumentLine) => ({ main: figure(l.sgstPaise), sub: half(l) }),
          },
        ]
      : [
          {
            key: "igst",
            title: "IGST",
            width: 48,
            align: "right" as const,
            cell: (l: InvoiceDocumentLine) => ({ main: figure(l.igstPaise), sub: `@${formatRate(l.rateBp)}` }),
          },
        ]),
    { key: "amount", title: "Amount", width: 56, align: "right", cell: (l) => ({ main: figure(l.amountPaise) }) },
  ];
  const used = fixed.reduce((s, c) => s + c.width, 0);
  return fixed.map((c) => (c.key === "desc" ? { ...c, width: CONTENT - used } : c));
}

/** Renders the invoice; resolves to the PDF's bytes. `cancelledBy` names the credit note that cancelled it. */
export function renderInvoicePdf(doc: InvoiceDocument, options: { cancelledBy?: string | null } = {}): Promise<Buffer> {
  return renderTaxDocument(doc, options.cancelledBy ?? null);
}

/** Renders a credit note; resolves to the PDF's bytes. */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  return renderTaxDocument(doc, null);
}

function renderTaxDocument(doc: TaxDocument, cancelledBy: string | null): Promise<Buffer> {
  const credit = isCreditNote(doc) ? doc : null;
  const name = credit ? "Credit note" : "Tax invoice";
  const { regular, bold } = loadFonts();
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

  const L = PAGE.margin;
  const R = PAGE.width - PAGE.margin;
  const text = (
    value: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { font?: "regular" | "bold"; size?: number; color?: string } = {},
  ) => {
    const { font = "regular", size = 8.5, color = INK, ...rest } = options;
    // always a width: pdfkit then moves its y below the text, which the layout reads back
    pdf
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(value, x, y, { width: R - x, ...rest });
    return pdf.y;
  };
  const rule = (y: number, color = LINEN, width = 0.75, from = L, to = R) => {
    pdf.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
  };
  const heightOf = (value: string, width: number, font: "regular" | "bold", size: number) =>
    pdf.font(font).fontSize(size).heightOfString(value, { width });

  // --- Header: the seller on the left, the invoice's particulars on the right
  let y = PAGE.margin;
  pdf.rect(0, 0, PAGE.width, 4).fill(MAROON);
  text(doc.seller.storeName, L, y, { font: "bold", size: 20, color: INK });
  text(name.toUpperCase(), L, y + 4, {
    font: "bold",
    size: 15,
    color: MAROON,
    width: CONTENT,
    align: "right",
    characterSpacing: 1.2,
  });
  text("Original for recipient", L, y + 24, { size: 7.5, color: STONE, width: CONTENT, align: "right" });
  if (cancelledBy)
    text(`Cancelled by credit note ${cancelledBy}`, L, y + 35, {
      font: "bold",
      size: 8,
      color: MAROON,
      width: CONTENT,
      align: "right",
    });
  y += cancelledBy ? 46 : 32;
  const sellerWidth = 270;
  let sy = y;
  if (doc.seller.name !== doc.seller.storeName)
    sy = text(doc.seller.name, L, sy, { font: "bold", size: 9, width: sellerWidth }) + 1;
  if (doc.seller.address)
    sy = text(doc.seller.address, L, sy, { size: 8.5, color: STONE, width: sellerWidth, lineGap: 1 }) + 3;
  sy = text(`GSTIN: ${doc.seller.gstin}`, L, sy, { font: "bold", size: 8.5, width: sellerWidth }) + 1;
  sy = text(`State: ${stateWithCode(doc.seller.state, doc.seller.stateCode)}`, L, sy, {
    size: 8.5,
    color: STONE,
    width: sellerWidth,
  });

  const facts: Array<[string, string]> = credit
    ? [
        ["Credit note number", doc.number],
        ["Credit note date", showDate(doc.date)],
        ["Against invoice", credit.against.invoiceNumber],
        ["Invoice date", showDate(credit.against.invoiceDate)],
        ["Order number", doc.order.number],
        ["Payment", doc.order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"],
      ]
    : [
        ["Invoice number", doc.number],
        ["Invoice date", showDate(doc.date)],
        ...(doc.supplyDate !== doc.date
          ? ([["Date of supply", showDate(doc.supplyDate)]] as Array<[string, string]>)
          : []),
        ["Order number", doc.order.number],
        ["Order date", showInstantDate(doc.order.placedAt)],
        ["Payment", doc.order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"],
      ];
  const factsX = R - 210;
  let fy = y + 4;
  for (const [label, value] of facts) {
    text(label, factsX, fy, { size: 8, color: STONE, width: 90 });
    text(value, factsX + 90, fy, { font: fy === y + 4 ? "bold" : "regular", size: 8.5, width: 120, align: "right" });
    fy += 13;
  }
  y = Math.max(sy, fy) + 14;
  rule(y, INK, 1);
  y += 12;

  // --- Buyer and place of supply
  const half = (CONTENT - 20) / 2;
  const b = doc.buyer;
  text("BILLED TO", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 });
  text("PLACE OF SUPPLY", L + half + 20, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 });
  y += 12;
  let by = text(b.name, L, y, { font: "bold", size: 9.5, width: half }) + 1;
  by = text(b.address, L, by, { size: 8.5, width: half, lineGap: 1 });
  by = text(`${stateWithCode(b.state, b.stateCode)} ${b.pincode}, ${b.country}`, L, by, { size: 8.5, width: half });
  by = text([b.phone, b.email].filter(Boolean).join(" · "), L, by + 2, { size: 8, color: STONE, width: half });
  let py =
    text(stateWithCode(doc.placeOfSupply.state, doc.placeOfSupply.stateCode), L + half + 20, y, {
      font: "bold",
      size: 9.5,
      width: half,
    }) + 1;
  py = text(
    doc.supply === "intra"
      ? `Supply within ${doc.seller.state}: CGST + ${doc.localTaxName}`
      : `Inter-state supply from ${doc.seller.state}: IGST`,
    L + half + 20,
    py,
    { size: 8.5, width: half },
  );
  py = text("Tax payable on reverse charge: No", L + half + 20, py + 2, { size: 8, color: STONE, width: half });
  y = Math.max(by, py) + 16;
  if (credit) {
    text("REASON", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 });
    y = text(credit.reason, L, y + 12, { size: 8.5, width: CONTENT }) + 14;
  }

  // --- Lines
  const cols = columns(doc);
  const pad = 4;
  const headerRow = (top: number) => {
    const height = 22;
    pdf.rect(L, top, CONTENT, height).fill(SAND);
    let x = L;
    for (const c of cols) {
      const title =
        c.key === "rate" ||
        c.key === "disc" ||
        c.key === "taxable" ||
        c.key === "amount" ||
        c.key === "cgst" ||
        c.key === "sgst" ||
        c.key === "igst"
          ? `${c.title} (₹)`
          : c.title;
      const h = heightOf(title, c.width - 2 * pad, "bold", 6.8);
      text(title, x + pad, top + (height - h) / 2, {
        font: "bold",
        size: 6.8,
        color: INK,
        width: c.width - 2 * pad,
        align: c.align,
        lineGap: -1,
      });
      x += c.width;
    }
    return top + height;
  };
  y = headerRow(y);
  const newPage = () => {
    pdf.addPage();
    pdf.rect(0, 0, PAGE.width, 4).fill(MAROON);
    text(`${doc.seller.storeName} · ${name} ${doc.number} (continued)`, L, PAGE.margin - 12, {
      size: 7.5,
      color: STONE,
    });
    return headerRow(PAGE.margin + 4);
  };
  doc.lines.forEach((line, i) => {
    const cells = cols.map((c) => ({ column: c, ...c.cell(line, i) }));
    const heights = cells.map(
      ({ column, main, sub }) =>
        heightOf(main, column.width - 2 * pad, column.key === "desc" ? "bold" : "regular", 8) +
        (sub ? heightOf(sub, column.width - 2 * pad, "regular", 6.8) + 1 : 0),
    );
    const rowHeight = Math.max(...heights) + 2 * 6;
    if (y + rowHeight > BOTTOM) y = newPage();
    let x = L;
    for (const { column, main, sub } of cells) {
      const w = column.width - 2 * pad;
      const after = text(main, x + pad, y + 6, {
        font: column.key === "desc" ? "bold" : "regular",
        size: 8,
        width: w,
        align: column.align,
      });
      if (sub) text(sub, x + pad, after + 1, { size: 6.8, color: STONE, width: w, align: column.align });
      x += column.width;
    }
    y += rowHeight;
    rule(y);
  });

  // --- Totals (right) and the amount in words (left)
  const t = doc.totals;
  const totalRows: Array<[string, string]> = [
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
  const summaryHeight = 24 + 14 * (doc.summary.length + 1);
  const blockHeight = 16 + totalRows.length * 14 + 30 + 24 + summaryHeight;
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

  const wordsWidth = totalsX - L - 30;
  let wy = text("AMOUNT IN WORDS", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 }) + 4;
  wy = text(doc.amountInWords, L, wy, { size: 8.5, width: wordsWidth, lineGap: 1 });
  wy = text(`Total tax: ${formatPaise(t.taxPaise)}`, L, wy + 6, { size: 8.5, color: STONE, width: wordsWidth });
  y = Math.max(ty + 12, wy) + 18;

  // --- Tax summary per HSN code and rate
  text("TAX SUMMARY", L, y, { font: "bold", size: 7, color: STONE, characterSpacing: 1 });
  y += 12;
  const sumCols: Array<{
    title: string;
    width: number;
    align: "left" | "right";
    value: (r: TaxDocument["summary"][number]) => string;
  }> = [
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
  pdf.rect(L, y, CONTENT, 16).fill(SAND);
  let x = L;
  for (const c of sumCols) {
    text(c.title, x + pad, y + 4.5, { font: "bold", size: 6.8, width: c.width - 2 * pad, align: c.align });
    x += c.width;
  }
  y += 16;
  for (const row of doc.summary) {
    x = L;
    for (const c of sumCols) {
      text(c.value(row), x + pad, y + 3.5, { size: 8, width: c.width - 2 * pad, align: c.align });
      x += c.width;
    }
    y += 14;
    rule(y);
  }

  // --- Footer on every page: signature block on the last, page numbers on all
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const footY = PAGE.height - 60;
    if (i === range.start + range.count - 1) {
      text(`For ${doc.seller.name}`, L, footY - 26, { font: "bold", size: 8.5, width: CONTENT, align: "right" });
      text("Authorised signatory", L, footY - 14, { size: 7.5, color: STONE, width: CONTENT, align: "right" });
    }
    rule(footY, LINEN);
    text(`This is a computer-generated ${credit ? "credit note" : "invoice"} and needs no signature.`, L, footY + 6, {
      size: 7,
      color: STONE,
      width: CONTENT - 80,
    });
    text(`Page ${i - range.start + 1} of ${range.count}`, L, footY + 6, {
      size: 7,
      color: STONE,
      width: CONTENT,
      align: "right",
    });
  }
  pdf.end();
  return done;
}
