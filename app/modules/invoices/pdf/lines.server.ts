import type { InvoiceDocumentLine } from "../document";
import { formatRate } from "../tax";
import {
  CONTENT,
  figure,
  INK,
  L,
  MAROON,
  PAD,
  PAGE,
  SAND,
  STONE,
  BOTTOM,
  type Canvas,
  type TaxDocument,
} from "./layout.server";

/* The document's lines as a table: one row per line, its header row repeated on every page it runs onto. */

interface Column {
  key: string;
  title: string;
  width: number;
  align: "left" | "right" | "center";
  cell: (line: InvoiceDocumentLine, index: number) => { main: string; sub?: string };
}

/** The table's columns: CGST and the state's tax within a state, IGST across states; the description takes the rest. */
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

/** The columns whose title says the figures are rupees. */
const IN_RUPEES = new Set(["rate", "disc", "taxable", "amount", "cgst", "sgst", "igst"]);

/** The lines' table: its header row at a given top, and a new page that carries the header again. */
export interface LinesTable {
  cols: Column[];
  /** draws the header row; answers the y below it */
  headerRow: (top: number) => number;
  /** starts a page, continued from the one before; answers the y below its header row */
  newPage: () => number;
}

export function linesTable(c: Canvas, doc: TaxDocument, name: string): LinesTable {
  const { pdf, text, heightOf } = c;
  const cols = columns(doc);
  const headerRow = (top: number) => {
    const height = 22;
    pdf.rect(L, top, CONTENT, height).fill(SAND);
    let x = L;
    for (const col of cols) {
      const title = IN_RUPEES.has(col.key) ? `${col.title} (₹)` : col.title;
      const h = heightOf(title, col.width - 2 * PAD, "bold", 6.8);
      text(title, x + PAD, top + (height - h) / 2, {
        font: "bold",
        size: 6.8,
        color: INK,
        width: col.width - 2 * PAD,
        align: col.align,
        lineGap: -1,
      });
      x += col.width;
    }
    return top + height;
  };
  const newPage = () => {
    pdf.addPage();
    pdf.rect(0, 0, PAGE.width, 4).fill(MAROON);
    text(`${doc.seller.storeName} · ${name} ${doc.number} (continued)`, L, PAGE.margin - 12, {
      size: 7.5,
      color: STONE,
    });
    return headerRow(PAGE.margin + 4);
  };
  return { cols, headerRow, newPage };
}

/** The header row and a row per line, on new pages as needed; answers the y below the last row. */
export function drawLines(c: Canvas, doc: TaxDocument, table: LinesTable, top: number): number {
  const { text, rule, heightOf } = c;
  let y = table.headerRow(top);
  doc.lines.forEach((line, i) => {
    const cells = table.cols.map((col) => ({ column: col, ...col.cell(line, i) }));
    const heights = cells.map(
      ({ column, main, sub }) =>
        heightOf(main, column.width - 2 * PAD, column.key === "desc" ? "bold" : "regular", 8) +
        (sub ? heightOf(sub, column.width - 2 * PAD, "regular", 6.8) + 1 : 0),
    );
    const rowHeight = Math.max(...heights) + 2 * 6;
    if (y + rowHeight > BOTTOM) y = table.newPage();
    let x = L;
    for (const { column, main, sub } of cells) {
      const w = column.width - 2 * PAD;
      const after = text(main, x + PAD, y + 6, {
        font: column.key === "desc" ? "bold" : "regular",
        size: 8,
        width: w,
        align: column.align,
      });
      if (sub) text(sub, x + PAD, after + 1, { size: 6.8, color: STONE, width: w, align: column.align });
      x += column.width;
    }
    y += rowHeight;
    rule(y);
  });
  return y;
}
