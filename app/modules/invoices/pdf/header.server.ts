import type { CreditNoteDocument } from "../credit-note";
import {
  CONTENT,
  INK,
  isCreditNote,
  L,
  MAROON,
  PAGE,
  R,
  showDate,
  showInstantDate,
  stateWithCode,
  STONE,
  type Canvas,
  type TaxDocument,
} from "./layout.server";

/* The top of the first page: the seller and the document's particulars, then the buyer and the place of supply. */

/** How the order was paid: store credit (decision 042), online or on delivery, or some of both. */
function paymentOf(doc: TaxDocument): string {
  const { paymentMethod, storeCreditPaise = 0 } = doc.order;
  const rest = paymentMethod === "cod" ? "Cash on delivery" : "Paid online";
  if (storeCreditPaise <= 0) return rest;
  // a credit note's own total is only a part of the order's, so it cannot tell whether credit paid all
  if (isCreditNote(doc)) return "Includes store credit";
  if (storeCreditPaise >= doc.totals.totalPaise) return "Store credit";
  return `Store credit + ${paymentMethod === "cod" ? "COD" : "online"}`;
}

/** The particulars on the right of the header, label and value. */
function particulars(doc: TaxDocument, credit: CreditNoteDocument | null): Array<[string, string]> {
  return credit
    ? [
        ["Credit note number", doc.number],
        ["Credit note date", showDate(doc.date)],
        ["Against invoice", credit.against.invoiceNumber],
        ["Invoice date", showDate(credit.against.invoiceDate)],
        ["Order number", doc.order.number],
        ["Payment", paymentOf(doc)],
      ]
    : [
        ["Invoice number", doc.number],
        ["Invoice date", showDate(doc.date)],
        ...(doc.supplyDate !== doc.date
          ? ([["Date of supply", showDate(doc.supplyDate)]] as Array<[string, string]>)
          : []),
        ["Order number", doc.order.number],
        ["Order date", showInstantDate(doc.order.placedAt)],
        ["Payment", paymentOf(doc)],
      ];
}

/** The seller on the left, the document's particulars on the right; answers the y below its closing rule. */
export function drawHeader(
  c: Canvas,
  doc: TaxDocument,
  name: string,
  credit: CreditNoteDocument | null,
  cancelledBy: string | null,
): number {
  const { pdf, text, rule } = c;
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

  const factsX = R - 210;
  let fy = y + 4;
  for (const [label, value] of particulars(doc, credit)) {
    text(label, factsX, fy, { size: 8, color: STONE, width: 90 });
    text(value, factsX + 90, fy, { font: fy === y + 4 ? "bold" : "regular", size: 8.5, width: 120, align: "right" });
    fy += 13;
  }
  y = Math.max(sy, fy) + 14;
  rule(y, INK, 1);
  return y + 12;
}

/** The buyer on the left, the place of supply on the right, then a credit note's reason; answers the y below. */
export function drawParties(c: Canvas, doc: TaxDocument, credit: CreditNoteDocument | null, top: number): number {
  const { text } = c;
  let y = top;
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
  return y;
}
