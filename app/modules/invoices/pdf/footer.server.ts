import type { CreditNoteDocument } from "../credit-note";
import { CONTENT, L, LINEN, PAGE, STONE, type Canvas, type TaxDocument } from "./layout.server";

/** The footer on every page: the signature block on the last, page numbers on all. */
export function drawFooters(c: Canvas, doc: TaxDocument, credit: CreditNoteDocument | null): void {
  const { pdf, text, rule } = c;
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
}
