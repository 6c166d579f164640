import { formatPaise } from "../pricing";
import {
  A4,
  barcode,
  drawCutLines,
  fitInQuarter,
  kilograms,
  loadPdfLib,
  openDocument,
  type Pdf,
  QUARTER,
  rule,
  showDate,
  write,
} from "./pdf-draw.server";

/*
 * The shop's own shipping labels (4x6 inch for thermal printers, or four to an A4 sheet), a courier's
 * label PDF imposed four to an A4 sheet, PDFs merged into one, and the manifest the courier's pickup
 * person signs. Pure: data in, PDF bytes out. Labels are black on white only, with the AWB and the
 * order number as Code 128 barcodes; how text and barcodes are drawn is in pdf-draw.server.ts.
 */

export interface LabelData {
  awb: string;
  courierName: string;
  orderNumber: string;
  /** our reference at the courier (the order number, or '-2'... after a cancelled shipment) */
  reference: string;
  date: Date;
  paymentMethod: "prepaid" | "cod";
  /** what the courier collects at the door (0 for prepaid) */
  codAmountPaise: number;
  to: { name: string; address: string; city: string; state: string; pincode: string; phone: string };
  /** the return address: the shop */
  from: { name: string; address: string; phone: string };
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  pieces: Array<{ sku: string; name: string; quantity: number }>;
}

export interface ManifestParcel {
  awb: string;
  orderNumber: string;
  consignee: string;
  city?: string;
  pincode: string;
  paymentMethod: "prepaid" | "cod";
  codAmountPaise: number;
  weightGrams: number;
}

export interface ManifestData {
  shop: { name: string; address: string; phone: string };
  courierName: string;
  date: Date;
  pickupReference?: string | null;
  parcels: ManifestParcel[];
}

/** The label's size in points (4 x 6 inch) and the tops of its bands, inside a box from 6 to 426. */
const LABEL = { width: 288, height: 432 };
const BOX = { left: 6, top: 6, right: 282, bottom: 426 };
const BAND = { awb: 30, shipTo: 96, payment: 214, order: 246, pieces: 302, from: 382 };
/** the text's left edge and width inside the box */
const X = BOX.left + 6;
const W = BOX.right - BOX.left - 12;
const MAX_PIECE_LINES = 6;

/** Draws one label with its top-left corner at the current origin. */
function drawLabel(pdf: Pdf, l: LabelData) {
  pdf.lineWidth(1.5).strokeColor("black");
  pdf.rect(BOX.left, BOX.top, BOX.right - BOX.left, BOX.bottom - BOX.top).stroke();
  for (const y of Object.values(BAND)) rule(pdf, BOX.left, y, BOX.right, y);
  write(pdf, l.courierName, X, 9, W - 90, { font: "bold", size: 13 });
  write(pdf, showDate(l.date), X + W - 88, 12, 88, { font: "bold", size: 9, align: "right" });

  const awbDrawn = barcode(pdf, l.awb, X, BAND.awb + 6, W, 42);
  write(pdf, `AWB ${l.awb}`, X, awbDrawn ? BAND.awb + 50 : BAND.awb + 22, W, {
    font: "bold",
    size: awbDrawn ? 11 : 16,
    align: "center",
  });

  drawShipTo(pdf, l.to);
  drawPayment(pdf, l);
  drawOrder(pdf, l);
  drawPieces(pdf, l.pieces);

  let y = write(pdf, "IF UNDELIVERED, RETURN TO", X, BAND.from + 3, W, { font: "bold", size: 6.5 });
  y = write(pdf, `${l.from.name} · Phone ${l.from.phone}`, X, y, W, { font: "bold", size: 7 });
  write(pdf, l.from.address, X, y, W, { size: 7, lines: 2 });
}

function drawShipTo(pdf: Pdf, to: LabelData["to"]) {
  let y = write(pdf, "SHIP TO", X, BAND.shipTo + 4, W, { font: "bold", size: 6.5 });
  y = write(pdf, to.name, X, y, W, { font: "bold", size: 12 });
  y = write(pdf, to.address, X, y + 1, W, { size: 8.5, lines: 3 });
  write(pdf, `${to.city}, ${to.state}`, X, y + 1, W, { font: "bold", size: 9.5 });
  const row = BAND.payment - 34;
  write(pdf, "PIN", X, row + 11, 30, { font: "bold", size: 8 });
  write(pdf, to.pincode, X + 18, row, 140, { font: "bold", size: 22 });
  write(pdf, "Phone", X + W - 120, row + 4, 120, { font: "bold", size: 6.5, align: "right" });
  write(pdf, to.phone, X + W - 120, row + 13, 120, { font: "bold", size: 11, align: "right" });
}

/** Cash on delivery in white on a black band (the courier must not miss it); prepaid in a heavy frame. */
function drawPayment(pdf: Pdf, l: LabelData) {
  const top = BAND.payment + 3;
  const height = BAND.order - BAND.payment - 6;
  const cod = l.paymentMethod === "cod";
  if (cod) pdf.rect(X - 2, top, W + 4, height).fill("black");
  else
    pdf
      .rect(X - 1, top + 1, W + 2, height - 2)
      .lineWidth(2)
      .stroke("black");
  write(pdf, cod ? `COD: collect ${formatPaise(l.codAmountPaise)}` : "PREPAID", X, top + 3.5, W, {
    font: "bold",
    size: 16,
    align: "center",
    color: cod ? "white" : "black",
  });
}

function drawOrder(pdf: Pdf, l: LabelData) {
  const left = 140;
  const top = BAND.order + 3;
  write(pdf, "ORDER", X, top, left, { font: "bold", size: 6.5 });
  const drawn = barcode(pdf, l.orderNumber, X - 6, top + 10, left + 6, 24);
  write(pdf, l.orderNumber, X, drawn ? top + 36 : top + 12, left, { font: "bold", size: 9, align: "center" });
  rule(pdf, X + left + 4, BAND.order, X + left + 4, BAND.pieces);
  const units = l.pieces.reduce((sum, p) => sum + p.quantity, 0);
  const facts: Array<[string, string]> = [
    ["Weight", kilograms(l.weightGrams)],
    ["Size", `${l.lengthCm} x ${l.breadthCm} x ${l.heightCm} cm`],
    ["Pieces", String(units)],
    ...(l.reference !== l.orderNumber ? [["Ref", l.reference] as [string, string]] : []),
  ];
  const fx = X + left + 10;
  facts.forEach(([label, value], i) => {
    write(pdf, label, fx, top + i * 12.5, 30, { size: 7.5 });
    write(pdf, value, fx + 31, top + i * 12.5, X + W - fx - 31, { font: "bold", size: 7.5 });
  });
}

function drawPieces(pdf: Pdf, pieces: LabelData["pieces"]) {
  write(pdf, "CONTENTS", X, BAND.pieces + 3, W, { font: "bold", size: 6.5 });
  const shown = pieces.slice(0, MAX_PIECE_LINES);
  shown.forEach((p, i) => {
    const y = BAND.pieces + 12 + i * 9.6;
    write(pdf, `${p.sku} x ${p.quantity}`, X, y, 118, { font: "bold", size: 7 });
    write(pdf, p.name, X + 122, y, W - 122, { size: 7 });
  });
  if (shown.length < pieces.length) {
    const more = pieces.length - shown.length;
    write(pdf, `+ ${more} more`, X, BAND.pieces + 12 + shown.length * 9.6, W, { font: "bold", size: 7 });
  }
}

/**
 * The shop's own labels as one PDF: '4x6' one label a page (288 x 432 pt) for thermal printers, 'a4'
 * four a page in a 2 x 2 grid, each scaled to its quarter with a margin to cut along.
 */
export async function drawLabels(labels: LabelData[], format: "4x6" | "a4"): Promise<Uint8Array> {
  if (!labels.length) throw new RangeError("There are no labels to print.");
  const { pdf, bytes } = await openDocument({ autoFirstPage: false, info: { Title: "Shipping labels" } });
  const scale = fitInQuarter(LABEL.width, LABEL.height);
  labels.forEach((label, i) => {
    if (format === "4x6") {
      pdf.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
      drawLabel(pdf, label);
      return;
    }
    if (i % 4 === 0) {
      pdf.addPage({ size: "A4", margin: 0 });
      drawCutLines(pdf);
    }
    const x = (i % 2) * QUARTER.width + (QUARTER.width - LABEL.width * scale) / 2;
    const y = (Math.floor(i / 2) % 2) * QUARTER.height + (QUARTER.height - LABEL.height * scale) / 2;
    pdf.save().translate(x, y).scale(scale);
    drawLabel(pdf, label);
    pdf.restore();
  });
  pdf.end();
  return bytes;
}

/**
 * A courier's label PDF (any page size, usually 4x6 inch) four pages to an A4 sheet, each scaled to its
 * quarter keeping its proportions, in reading order. A page's own rotation is kept.
 */
export async function imposeOnA4(pdf: Uint8Array): Promise<Uint8Array> {
  const { degrees, PDFDocument: PdfLib } = await loadPdfLib();
  const source = await PdfLib.load(pdf);
  const pages = source.getPages();
  if (!pages.length) throw new RangeError("The courier's label file has no pages.");
  const out = await PdfLib.create();
  const boxes = pages.map((page) => {
    const { x, y, width, height } = page.getCropBox();
    return { left: x, bottom: y, right: x + width, top: y + height };
  });
  const embedded = await out.embedPages(pages, boxes);
  let sheet = out.addPage([A4.width, A4.height]);
  embedded.forEach((page, i) => {
    if (i > 0 && i % 4 === 0) sheet = out.addPage([A4.width, A4.height]);
    const turn = ((((Math.round(pages[i]!.getRotation().angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
    const sideways = turn === 90 || turn === 270;
    const w = sideways ? page.height : page.width;
    const h = sideways ? page.width : page.height;
    const s = fitInQuarter(w, h);
    const left = (i % 2) * QUARTER.width + (QUARTER.width - w * s) / 2;
    // pdf-lib's y runs up from the bottom: the first two pages go in the top half
    const bottom = A4.height - (Math.floor(i / 2) % 2 === 0 ? 1 : 2) * QUARTER.height + (QUARTER.height - h * s) / 2;
    // a page's /Rotate turns it clockwise for display; drawPage turns counter-clockwise about (x, y)
    const [dx, dy] = turn === 90 ? [0, h * s] : turn === 180 ? [w * s, h * s] : turn === 270 ? [w * s, 0] : [0, 0];
    sheet.drawPage(page, { x: left + dx, y: bottom + dy, xScale: s, yScale: s, rotate: degrees(-turn) });
  });
  return out.save();
}

/** The pages of several PDFs, in order, as one PDF. */
export async function mergePdfs(pdfs: Uint8Array[]): Promise<Uint8Array> {
  if (!pdfs.length) throw new RangeError("There are no PDFs to merge.");
  const { PDFDocument: PdfLib } = await loadPdfLib();
  const out = await PdfLib.create();
  for (const bytes of pdfs) {
    const source = await PdfLib.load(bytes);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return out.save();
}

/** The manifest's page: the edges of its content, the bottom rows may reach, and a row's height. */
const PAGE = { left: 40, right: A4.width - 40, top: 40, bottom: A4.height - 56 };
const ROW = 18;
const SIGNATURES_HEIGHT = 128;
const COLUMNS: Array<{ title: string; width: number; align?: "right" }> = [
  { title: "#", width: 24, align: "right" },
  { title: "AWB", width: 108 },
  { title: "Order", width: 86 },
  { title: "Consignee", width: 120 },
  { title: "Pincode", width: 50 },
  { title: "Payment", width: 80, align: "right" },
  { title: "Weight", width: 47, align: "right" },
];

const parcelsCount = (n: number) => (n === 1 ? "1 parcel" : `${n} parcels`);

/** The shop, the courier and the day on the first page, a line naming them on the others; answers the y below. */
function manifestHead(pdf: Pdf, data: ManifestData, first: boolean): number {
  const { left: L, right: R, top } = PAGE;
  const day = showDate(data.date);
  if (!first) {
    write(pdf, `${data.shop.name} · Manifest for ${data.courierName} · ${day} (continued)`, L, top, R - L, {
      font: "bold",
      size: 10,
    });
    rule(pdf, L, top + 20, R, top + 20, 1.5);
    return top + 30;
  }
  let y = write(pdf, data.shop.name, L, top, 290, { font: "bold", size: 18 });
  y = write(pdf, data.shop.address, L, y + 2, 290, { size: 9, lines: 2 });
  y = write(pdf, `Phone ${data.shop.phone}`, L, y + 1, 290, { size: 9 });
  write(pdf, "COURIER MANIFEST", R - 220, top + 2, 220, { font: "bold", size: 15, align: "right" });
  const facts: Array<[string, string]> = [
    ["Courier", data.courierName],
    ["Pickup date", day],
    ...(data.pickupReference ? [["Pickup reference", data.pickupReference] as [string, string]] : []),
    ["Parcels", String(data.parcels.length)],
  ];
  let fy = top + 28;
  for (const [label, value] of facts) {
    write(pdf, label, R - 220, fy, 90, { size: 8.5 });
    write(pdf, value, R - 130, fy, 130, { font: "bold", size: 9, align: "right" });
    fy += 14;
  }
  y = Math.max(y, fy) + 10;
  rule(pdf, L, y, R, y, 1.5);
  return y + 14;
}

/** A row of cells cut to their columns, the AWB (what the pickup person checks) in bold; the header row all bold. */
function tableRow(pdf: Pdf, cells: string[], y: number, header = false) {
  let x = PAGE.left;
  COLUMNS.forEach(({ width, align }, i) => {
    write(pdf, cells[i] ?? "", x + 4, y + 4.5, width - 8, {
      font: header || i === 1 ? "bold" : "regular",
      size: 8.5,
      align,
    });
    x += width;
  });
  if (header) rule(pdf, PAGE.left, y, PAGE.right, y, 1);
  rule(pdf, PAGE.left, y + ROW, PAGE.right, y + ROW, header ? 1 : 0.4);
}

function parcelCells(p: ManifestParcel, i: number): string[] {
  return [
    String(i + 1),
    p.awb,
    p.orderNumber,
    p.city ? `${p.consignee}, ${p.city}` : p.consignee,
    p.pincode,
    p.paymentMethod === "cod" ? `COD ${formatPaise(p.codAmountPaise)}` : "Prepaid",
    kilograms(p.weightGrams),
  ];
}

/** The parcels, the cash on delivery parcels and what the courier collects for them; answers the y below. */
function drawTotals(pdf: Pdf, parcels: ManifestParcel[], top: number): number {
  const { left: L, right: R } = PAGE;
  const cod = parcels.filter((p) => p.paymentMethod === "cod");
  const collect = cod.reduce((sum, p) => sum + p.codAmountPaise, 0);
  const grams = parcels.reduce((sum, p) => sum + p.weightGrams, 0);
  pdf
    .rect(L, top, R - L, 44)
    .lineWidth(1)
    .stroke("black");
  write(pdf, `Total: ${parcelsCount(parcels.length)}`, L + 10, top + 7, 300, { font: "bold", size: 11 });
  const split = `Cash on delivery: ${cod.length} · Prepaid: ${parcels.length - cod.length} · Weight: ${kilograms(grams)}`;
  write(pdf, split, L + 10, top + 25, 300, { size: 8.5 });
  write(pdf, "COD to collect", R - 190, top + 6, 180, { size: 8.5, align: "right" });
  write(pdf, formatPaise(collect), R - 190, top + 18, 180, { font: "bold", size: 14, align: "right" });
  return top + 44;
}

/** The shop's and the pickup person's boxes: who handed over and who received, each with name, signature and time. */
function drawSignatures(pdf: Pdf, data: ManifestData, top: number) {
  const gap = 20;
  const width = (PAGE.right - PAGE.left - gap) / 2;
  const count = parcelsCount(data.parcels.length);
  const boxes = [
    { title: `Handed over by ${data.shop.name}`, note: `${count} handed over as listed above.` },
    { title: `Received by ${data.courierName}`, note: `Pickup person: I received ${count} as listed above.` },
  ];
  boxes.forEach(({ title, note }, i) => {
    const x = PAGE.left + i * (width + gap);
    pdf.rect(x, top, width, SIGNATURES_HEIGHT).lineWidth(1).stroke("black");
    write(pdf, title, x + 10, top + 8, width - 20, { font: "bold", size: 9.5 });
    write(pdf, note, x + 10, top + 24, width - 20, { size: 8 });
    ["Name", "Signature", "Date and time"].forEach((label, j) => {
      const y = top + 62 + j * 22;
      write(pdf, label, x + 10, y - 10, 70, { size: 8 });
      rule(pdf, x + 80, y, x + width - 10, y, 0.6);
    });
  });
}

function drawFooters(pdf: Pdf, data: ManifestData) {
  const { start, count } = pdf.bufferedPageRange();
  const y = A4.height - 34;
  const width = PAGE.right - PAGE.left;
  for (let i = 0; i < count; i++) {
    pdf.switchToPage(start + i);
    write(pdf, `Manifest · ${data.courierName} · ${showDate(data.date)}`, PAGE.left, y, width - 80, { size: 7.5 });
    write(pdf, `Page ${i + 1} of ${count}`, PAGE.right - 80, y, 80, { size: 7.5, align: "right" });
  }
}

/**
 * The manifest the courier's pickup person signs, on A4: the shop, the courier, the day and the pickup
 * reference, one row per parcel (the header row repeated on every page), the totals, and a signature
 * box for each side.
 */
export async function drawManifest(data: ManifestData): Promise<Uint8Array> {
  if (!data.parcels.length) throw new RangeError("A manifest needs at least one parcel.");
  const { pdf, bytes } = await openDocument({
    size: "A4",
    margin: PAGE.left,
    bufferPages: true,
    info: { Title: `Manifest ${showDate(data.date)}` },
  });
  const head = COLUMNS.map((c) => c.title);
  let y = manifestHead(pdf, data, true);
  tableRow(pdf, head, y, true);
  y += ROW;
  data.parcels.forEach((parcel, i) => {
    if (y + ROW > PAGE.bottom) {
      pdf.addPage();
      y = manifestHead(pdf, data, false);
      tableRow(pdf, head, y, true);
      y += ROW;
    }
    tableRow(pdf, parcelCells(parcel, i), y);
    y += ROW;
  });
  if (y + 14 + 44 + 16 + SIGNATURES_HEIGHT > PAGE.bottom) {
    pdf.addPage();
    y = manifestHead(pdf, data, false);
  }
  y = drawTotals(pdf, data.parcels, y + 14);
  drawSignatures(pdf, data, y + 16);
  drawFooters(pdf, data);
  pdf.end();
  return bytes;
}
