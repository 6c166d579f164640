import { degrees, PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { extractText, extractTextItems, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import {
  drawLabels,
  drawManifest,
  imposeOnA4,
  type LabelData,
  type ManifestData,
  type ManifestParcel,
  mergePdfs,
} from "./labels.server";

function label(overrides: Partial<LabelData> = {}): LabelData {
  return {
    awb: "SJ1234567890",
    courierName: "Delhivery Surface",
    orderNumber: "ORD-2627-001042",
    reference: "ORD-2627-001042",
    date: new Date("2026-11-27T06:00:00Z"),
    paymentMethod: "cod",
    codAmountPaise: 149_900,
    to: {
      name: "Meera Iyer",
      address: "Flat 4B, Lakeview Apartments, 14 Residency Road, near Richmond Circle",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560025",
      phone: "98111 22333",
    },
    from: { name: "Saanjh", address: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001", phone: "0141 255 0199" },
    weightGrams: 750,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 5,
    pieces: [
      { sku: "KUR-1001-M-IND", name: "Handloom cotton kurta, indigo", quantity: 2 },
      { sku: "DUP-2040-FS-RED", name: "Bandhani dupatta", quantity: 1 },
    ],
    ...overrides,
  };
}

/** Each page's text as pdf.js reads it (what a person reads, ₹ included). */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text;
}

/** Each page's width and height in points, to two decimals. */
async function pageSizes(pdf: Uint8Array): Promise<Array<[number, number]>> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100]);
}

describe("drawLabels", () => {
  it("draws a 4x6 label with what the courier and the shopper read", async () => {
    const pdf = await drawLabels([label()], "4x6");
    expect(await pageSizes(pdf)).toEqual([[288, 432]]);
    const [text] = await pagesOf(pdf);
    for (const expected of [
      "Delhivery Surface",
      "27 Nov 2026",
      "AWB SJ1234567890",
      "Meera Iyer",
      "Bengaluru, Karnataka",
      "560025",
      "98111 22333",
      "COD: collect ₹1,499.00",
      "ORD-2627-001042",
      "0.75 kg",
      "30 x 25 x 5 cm",
      "KUR-1001-M-IND x 2",
      "Bandhani dupatta",
      "IF UNDELIVERED, RETURN TO",
      "Saanjh · Phone 0141 255 0199",
      "14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("PREPAID");
    // the reference is printed only when it is not the order number
    expect(text).not.toContain("Ref");
  });

  it("says PREPAID and collects nothing on a prepaid parcel, and names a second shipment's reference", async () => {
    const pdf = await drawLabels(
      [label({ paymentMethod: "prepaid", codAmountPaise: 0, reference: "ORD-2627-001042-2" })],
      "4x6",
    );
    const [text] = await pagesOf(pdf);
    expect(text).toContain("PREPAID");
    expect(text).not.toContain("COD");
    expect(text).not.toContain("₹");
    expect(text).toContain("ORD-2627-001042-2");
  });

  it("lists six pieces at most, then how many more", async () => {
    const pieces = Array.from({ length: 9 }, (_, i) => ({ sku: `SKU-${i + 1}`, name: `Piece ${i + 1}`, quantity: 1 }));
    const [text] = await pagesOf(await drawLabels([label({ pieces })], "4x6"));
    expect(text).toContain("SKU-6 x 1");
    expect(text).not.toContain("SKU-7");
    expect(text).toContain("+ 3 more");
  });

  it("puts four labels on an A4 page: five labels make two pages", async () => {
    const labels = Array.from({ length: 5 }, (_, i) => label({ awb: `AWB00000${i + 1}` }));
    const pdf = await drawLabels(labels, "a4");
    expect(await pageSizes(pdf)).toEqual([
      [595.28, 841.89],
      [595.28, 841.89],
    ]);
    const [first, second] = await pagesOf(pdf);
    for (const n of [1, 2, 3, 4]) expect(first).toContain(`AWB AWB00000${n}`);
    expect(first).not.toContain("AWB000005");
    expect(second).toContain("AWB AWB000005");
    expect(second).not.toContain("AWB000001");
  });

  it("places the A4 labels in reading order, one to each quarter", async () => {
    const labels = Array.from({ length: 4 }, (_, i) => label({ awb: `QUARTER${i + 1}` }));
    const { items } = await extractTextItems(await getDocumentProxy(await drawLabels(labels, "a4")));
    const where = (awb: string) => items[0]!.find((item) => item.str === `AWB ${awb}`);
    // pdf.js gives positions from the bottom left: the top row has the larger y
    const quarters: Array<[string, "left" | "right", "top" | "bottom"]> = [
      ["QUARTER1", "left", "top"],
      ["QUARTER2", "right", "top"],
      ["QUARTER3", "left", "bottom"],
      ["QUARTER4", "right", "bottom"],
    ];
    for (const [awb, side, half] of quarters) {
      const item = where(awb);
      expect(item, awb).toBeDefined();
      expect(item!.x < 297.64, `${awb} on the ${side}`).toBe(side === "left");
      expect(item!.y > 420.95, `${awb} in the ${half} half`).toBe(half === "top");
    }
  });

  it("draws 100 labels as 100 pages of one PDF", { timeout: 60_000 }, async () => {
    const labels = Array.from({ length: 100 }, (_, i) =>
      label({ awb: String(190284736251 + i), orderNumber: `ORD-2627-${String(i + 1).padStart(6, "0")}` }),
    );
    const started = performance.now();
    const pdf = await drawLabels(labels, "4x6");
    const took = Math.round(performance.now() - started);
    console.info(`100 labels in 4x6: ${took} ms, ${Math.round(pdf.length / 1024)} KB`);
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(100);
    expect(pages[0]).toContain("AWB 190284736251");
    expect(pages[99]).toContain("AWB 190284736350");
    expect(pages[99]).toContain("ORD-2627-000100");
  });

  it("prints markup and characters the font lacks as text, on one page, without tampering with the file", async () => {
    const pdf = await drawLabels(
      [
        label({
          to: {
            ...label().to,
            name: '<script>alert("x")</script> मीरा அய்யர்',
            // a newline, a tab, a right-to-left override and a very long address
            address: `12 Gandhi Nagar\n\tLane 3 \u202Egnp.exe ${"and a very long landmark ".repeat(20)}`,
          },
          pieces: [{ sku: "KUR-1001-M-IND", name: "कुर्ता (Kurta) ) Tj /JS (x)", quantity: 1 }],
        }),
      ],
      "4x6",
    );
    expect(await pageSizes(pdf)).toHaveLength(1);
    const [text] = await pagesOf(pdf);
    // Noto Sans has Devanagari but no Tamil: a run of letters it cannot draw prints as one '?'
    expect(text).toContain('<script>alert("x")</script> मीरा ?');
    expect(text).toContain("12 Gandhi Nagar Lane 3 gnp.exe");
    expect(text).toContain("(Kurta) ) Tj /JS (x)");
    expect(text).not.toMatch(/[\u0B80-\u0BFF\u202E]/);
    expect(text).toContain("560025");
    expect(text).toContain("AWB SJ1234567890");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe("Shipping labels");
    // nothing that runs when the file opens: no open action, no named scripts, no page actions
    expect(doc.catalog.has(PDFName.of("OpenAction"))).toBe(false);
    const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
    for (const key of ["JavaScript", "EmbeddedFiles"]) expect(names?.has(PDFName.of(key)), key).not.toBe(true);
    expect(doc.getPage(0).node.has(PDFName.of("AA"))).toBe(false);
  });

  it("refuses an empty list", async () => {
    await expect(drawLabels([], "4x6")).rejects.toThrow("There are no labels to print.");
  });
});

/** A courier's label PDF: `count` pages of 4x6 inch, each saying which it is. */
async function courierLabels(count: number, rotateFirst = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= count; i++) {
    const page = doc.addPage([288, 432]);
    page.drawText(`Courier label ${i}`, { x: 20, y: 400, size: 14, font });
    if (i === 1 && rotateFirst) page.setRotation(degrees(90));
  }
  return doc.save();
}

describe("imposeOnA4", () => {
  it("puts a six-page 4x6 PDF four to an A4 page, in reading order, inside each quarter", async () => {
    const pdf = await imposeOnA4(await courierLabels(6));
    expect(await pageSizes(pdf)).toEqual([
      [595.28, 841.89],
      [595.28, 841.89],
    ]);
    const { items } = await extractTextItems(await getDocumentProxy(pdf));
    const at = (page: number, n: number) => items[page]!.find((item) => item.str === `Courier label ${n}`);
    const quarters: Array<[number, number, "left" | "right", "top" | "bottom"]> = [
      [0, 1, "left", "top"],
      [0, 2, "right", "top"],
      [0, 3, "left", "bottom"],
      [0, 4, "right", "bottom"],
      [1, 5, "left", "top"],
      [1, 6, "right", "top"],
    ];
    for (const [page, n, side, half] of quarters) {
      const item = at(page, n);
      expect(item, `label ${n}`).toBeDefined();
      expect(item!.x < 297.64, `label ${n} on the ${side}`).toBe(side === "left");
      expect(item!.y > 420.95, `label ${n} in the ${half} half`).toBe(half === "top");
    }
    expect(items[1]!.some((item) => item.str.startsWith("Courier label 3"))).toBe(false);
  });

  it("keeps a turned page inside its quarter", async () => {
    const pdf = await imposeOnA4(await courierLabels(2, true));
    const { items } = await extractTextItems(await getDocumentProxy(pdf));
    const turned = items[0]!.find((item) => item.str === "Courier label 1");
    expect(turned).toBeDefined();
    expect(turned!.x).toBeGreaterThan(0);
    expect(turned!.x).toBeLessThan(297.64);
    expect(turned!.y).toBeGreaterThan(420.95);
    expect(turned!.y).toBeLessThan(841.89);
  });

  it("refuses a file that is not a PDF", async () => {
    await expect(imposeOnA4(new TextEncoder().encode("not a pdf"))).rejects.toThrow();
  });
});

describe("mergePdfs", () => {
  it("joins the pages of several PDFs in order", async () => {
    const labels = await drawLabels([label({ awb: "FIRST0001" }), label({ awb: "SECOND0002" })], "4x6");
    const courier = await courierLabels(1);
    const merged = await mergePdfs([labels, courier]);
    expect(await pageSizes(merged)).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    const pages = await pagesOf(merged);
    expect(pages[0]).toContain("AWB FIRST0001");
    expect(pages[1]).toContain("AWB SECOND0002");
    expect(pages[2]).toContain("Courier label 1");
  });

  it("refuses an empty list", async () => {
    await expect(mergePdfs([])).rejects.toThrow("There are no PDFs to merge.");
  });
});

function manifest(count: number): ManifestData {
  const parcels: ManifestParcel[] = Array.from({ length: count }, (_, i) => ({
    awb: `SJ${String(900001 + i)}`,
    orderNumber: `ORD-2627-${String(i + 1).padStart(6, "0")}`,
    consignee: `Shopper ${i + 1}`,
    city: "Pune",
    pincode: "411001",
    paymentMethod: i % 2 === 0 ? "cod" : "prepaid",
    codAmountPaise: i % 2 === 0 ? 149_900 : 0,
    weightGrams: 500,
  }));
  return {
    shop: { name: "Saanjh", address: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001", phone: "0141 255 0199" },
    courierName: "Delhivery Surface",
    date: new Date("2026-11-27T06:00:00Z"),
    pickupReference: "PKP-77821",
    parcels,
  };
}

describe("drawManifest", () => {
  it("lists 60 parcels over two A4 pages with the header row on each, then the totals and signatures", async () => {
    const pdf = await drawManifest(manifest(60));
    expect(await pageSizes(pdf)).toEqual([
      [595.28, 841.89],
      [595.28, 841.89],
    ]);
    const [first, second] = await pagesOf(pdf);
    for (const expected of [
      "COURIER MANIFEST",
      "Saanjh",
      "14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
      "Delhivery Surface",
      "27 Nov 2026",
      "PKP-77821",
      "Consignee",
      "Page 1 of 2",
    ]) {
      expect(first, expected).toContain(expected);
    }
    expect(second).toContain("(continued)");
    expect(second).toContain("Consignee");
    expect(second).toContain("Page 2 of 2");
    // every parcel once, in order, on one of the two pages
    const both = `${first}\n${second}`;
    for (let i = 0; i < 60; i++) {
      expect(both.split(`SJ${900001 + i}`), `parcel ${i + 1}`).toHaveLength(2);
    }
    expect(first).toContain("SJ900001");
    expect(second).toContain("SJ900060");
    expect(first).toContain("Shopper 1, Pune");
    expect(first).toContain("COD ₹1,499.00");
    expect(first).toContain("Prepaid");
    // 30 cash-on-delivery parcels of ₹1,499 each
    expect(second).toContain("Total: 60 parcels");
    expect(second).toContain("Cash on delivery: 30 · Prepaid: 30 · Weight: 30.00 kg");
    expect(second).toContain("₹44,970.00");
    expect(first).not.toContain("Total: 60 parcels");
    expect(second).toContain("Handed over by Saanjh");
    expect(second).toContain("Received by Delhivery Surface");
    expect(second).toContain("Date and time");
  });

  it("fits a few parcels on one page and leaves out a pickup reference it does not have", async () => {
    const data = { ...manifest(1), pickupReference: null };
    const [text, ...more] = await pagesOf(await drawManifest(data));
    expect(more).toHaveLength(0);
    expect(text).toContain("Total: 1 parcel");
    expect(text).toContain("₹1,499.00");
    expect(text).not.toContain("Pickup reference");
    expect(text).toContain("Page 1 of 1");
  });

  it("refuses a manifest without parcels", async () => {
    await expect(drawManifest(manifest(0))).rejects.toThrow("A manifest needs at least one parcel.");
  });
});
