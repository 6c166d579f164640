import PDFDocument from "pdfkit";
import type { FakeShipment } from "./model";

/*
 * The fake's labels and manifests: real PDFs (pdfkit's built-in Helvetica), one 4x6 inch page per
 * label, showing what a test looks for: the AWB, the courier and our reference.
 */

function render(options: PDFKit.PDFDocumentOptions, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const pdf = new PDFDocument({ ...options, autoFirstPage: false, compress: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

/** One 4x6 inch page per shipment. */
export function labelPdf(shipments: FakeShipment[]): Promise<Uint8Array> {
  return render({}, (pdf) => {
    for (const s of shipments) {
      pdf.addPage({ size: [288, 432], margin: 18 });
      pdf.font("Helvetica-Bold").fontSize(14).text(s.courierName);
      pdf.moveDown(0.5).font("Helvetica").fontSize(11).text(`AWB ${s.awb}`);
      pdf.text(`Order ${s.reference}`);
      pdf.text(`Shipment ${s.id}`);
      pdf.moveDown(0.5).text(`Ship to: ${s.consignee}, ${s.deliveryPincode}`);
      pdf.text(`${s.cod ? "COD" : "Prepaid"}, ${s.weightKg} kg`);
      pdf.moveDown(1).fontSize(8).text("Fake Shiprocket label (tests only)");
    }
  });
}

/** A handover sheet listing the shipments. */
export function manifestPdf(shipments: FakeShipment[], title: string): Promise<Uint8Array> {
  return render({}, (pdf) => {
    pdf.addPage({ size: "A4", margin: 40 });
    pdf.font("Helvetica-Bold").fontSize(16).text(title);
    pdf.moveDown(0.5).font("Helvetica").fontSize(10);
    shipments.forEach((s, i) => {
      pdf.text(`${i + 1}. AWB ${s.awb}  ${s.courierName}  Order ${s.reference}  Shipment ${s.id}`);
    });
    pdf.moveDown(1).fontSize(8).text("Fake Shiprocket manifest (tests only)");
  });
}
