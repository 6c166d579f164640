import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { create as openFontType, Font } from "fontkit";
import type * as PdfLibModule from "pdf-lib";
import type PDFDocument from "pdfkit";
import { canEncodeCode128, encodeCode128 } from "./code128";

/*
 * What the shipping labels and the manifest are drawn with (labels.server.ts): the fonts, a text box
 * that never runs over its lines or onto a new page, rules, and Code 128 barcodes. Black on white only
 * (thermal printers have no grey). The font is Noto Sans for the rupee sign, parsed once per process; a
 * character it cannot show (it has Latin and Devanagari, not Tamil or Bengali, say) prints as '?' rather than as an empty box, and control and
 * bidirectional-override characters are dropped. pdfkit, fontkit and pdf-lib are loaded when first
 * needed, not with the server (decision 048: most processes never draw a PDF).
 */

export type Pdf = PDFKit.PDFDocument;
type Face = "regular" | "bold";

type Fonts = { regular: Font; bold: Font };
let loading: Promise<{ PDFDocument: typeof PDFDocument; fonts: Fonts }> | null = null;
/** the fonts once loaded: every Pdf comes from openDocument, which loads them first */
let loaded: Fonts | null = null;

/** pdfkit and the fonts, loaded once per process with the first document. */
function loadPdfKit(): Promise<{ PDFDocument: typeof PDFDocument; fonts: Fonts }> {
  loading ??= Promise.all([import("pdfkit"), import("fontkit")]).then(([pdfkit, fontkit]) => ({
    PDFDocument: pdfkit.default,
    fonts: (loaded = loadFonts(fontkit.create)),
  }));
  return loading;
}

let pdfLib: Promise<typeof PdfLibModule> | null = null;

/** pdf-lib (a courier's label PDF imposed on A4, PDFs merged), loaded once per process when first needed. */
export const loadPdfLib = (): Promise<typeof PdfLibModule> => (pdfLib ??= import("pdf-lib"));

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
  return { regular: file("400Regular"), bold: file("700Bold") };
}

/** A pdfkit document with the fonts registered, and its bytes once it ends. */
export async function openDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ pdf: Pdf; bytes: Promise<Uint8Array> }> {
  const {
    PDFDocument,
    fonts: { regular, bold },
  } = await loadPdfKit();
  const pdf = new PDFDocument({ lang: "en-IN", ...options });
  // pdfkit takes a parsed fontkit font as well as a file (its types only list files)
  pdf.registerFont("regular", regular as unknown as Buffer);
  pdf.registerFont("bold", bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
  return { pdf, bytes };
}

/** Text as the font can print it on one run of lines: no control or format characters, '?' for a missing glyph. */
function printable(value: string): string {
  if (!loaded) throw new Error("openDocument loads the fonts before anything is written");
  const { regular } = loaded;
  const flat = value
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
  let out = "";
  for (const ch of flat) {
    const shown = regular.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) ? ch : "?";
    if (!(shown === "?" && out.endsWith("?"))) out += shown;
  }
  return out;
}

interface Write {
  font?: Face;
  size?: number;
  align?: "left" | "center" | "right";
  /** at most this many lines; what does not fit ends in an ellipsis */
  lines?: number;
  color?: string;
}

/** Writes text in a box of `width` and at most `lines` lines (never onto a new page); answers the y below it. */
export function write(pdf: Pdf, value: string, x: number, y: number, width: number, o: Write = {}): number {
  const { font = "regular", size = 8, align = "left", lines = 1, color = "black" } = o;
  pdf.font(font).fontSize(size).fillColor(color);
  const height = pdf.currentLineHeight(true) * lines + 0.5;
  pdf.text(printable(value), x, y, { width, height, ellipsis: true, align, lineGap: 0 });
  return pdf.y;
}

export function rule(pdf: Pdf, x1: number, y1: number, x2: number, y2: number, width = 1) {
  pdf.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor("black").stroke();
}

/** One dot of a 203 dpi thermal printer, in points: bars a whole number of dots wide print sharp. */
const DOT = 72 / 203;

/** A Code 128 barcode centred in [x, x + width] with its quiet zones; false when the value cannot be one. */
export function barcode(pdf: Pdf, value: string, x: number, y: number, width: number, height: number): boolean {
  if (!canEncodeCode128(value)) return false;
  const { widths, modules } = encodeCode128(value);
  const room = width / (modules + 20);
  const module = room >= DOT ? Math.min(Math.floor(room / DOT), 5) * DOT : room;
  let bx = x + (width - modules * module) / 2;
  pdf.fillColor("black");
  widths.forEach((w, i) => {
    if (i % 2 === 0) pdf.rect(bx, y, w * module, height);
    bx += w * module;
  });
  pdf.fill();
  return true;
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
/** A day as people in India read it: 27 Nov 2026. */
export const showDate = (date: Date) => dateFormat.format(date);
/** Grams as couriers weigh parcels: 0.50 kg. */
export const kilograms = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

/** An A4 sheet in points, and its quarters (four labels a sheet). */
export const A4 = { width: 595.28, height: 841.89 };
export const QUARTER = { width: A4.width / 2, height: A4.height / 2 };
/** the margin around a label inside its quarter of the sheet, to cut along */
const CUT = 14;

/** How much a page of `width` x `height` shrinks (or grows) to fit a quarter of A4 inside its cutting margin. */
export const fitInQuarter = (width: number, height: number) =>
  Math.min((QUARTER.width - 2 * CUT) / width, (QUARTER.height - 2 * CUT) / height);

/** The dashed lines to cut an A4 sheet into its four labels along. */
export function drawCutLines(pdf: Pdf) {
  pdf.save().dash(4, { space: 4 });
  rule(pdf, QUARTER.width, 0, QUARTER.width, A4.height, 0.4);
  rule(pdf, 0, QUARTER.height, A4.width, QUARTER.height, 0.4);
  pdf.undash().restore();
}
