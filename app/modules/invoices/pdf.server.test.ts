import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { buildInvoiceDocument } from "./document";
import { renderInvoicePdf } from "./pdf.server";

const APPAREL = { hsnCode: "6204", rateBp: 500, upperRateBp: 1800, thresholdPaise: 250_000 };

function documentWith(lines: number, state: string) {
  const goods = Array.from({ length: lines }, (_, i) => ({
    description: `Handloom Kurta No. ${i + 1}`,
    detail: `Size M · SKU KUR-${1001 + i}-M-IND`,
    quantity: 1 + (i % 3),
    unitPricePaise: 129_900 + i * 1_000,
    rule: APPAREL,
  }));
  const subtotal = goods.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  return buildInvoiceDocument({
    number: "INV/2627/000123",
    date: "2026-11-24",
    financialYear: "2026-27",
    supplyDate: "2026-11-24",
    seller: {
      legalName: "Saanjh Fashions Private Limited",
      storeName: "Saanjh",
      address: "14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
      gstin: "08ABCDE1234F1Z0",
      shopState: "Rajasthan",
    },
    order: {
      orderNumber: "ORD-TEST-123",
      createdAt: new Date("2026-11-24T05:00:00Z"),
      paymentMethod: "cod",
      couponCode: "SAVE10",
      billing: {
        firstName: "Meera",
        lastName: "Iyer",
        email: "meera@example.com",
        phone: "+919811122333",
        address: "14 Residency Road",
        city: "Bengaluru",
        state,
        pincode: "560025",
        country: "India",
      },
      subtotalPaise: subtotal,
      shippingPaise: 0,
      discountPaise: Math.round(subtotal / 10),
      prepaidDiscountPaise: 0,
      codFeePaise: 4_900,
      totalPaise: subtotal - Math.round(subtotal / 10) + 4_900,
    },
    lines: goods,
  });
}

async function pages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text;
}

describe("the invoice PDF", () => {
  it("prints the rupee sign, the parties, the tax split and the totals on A4", async () => {
    const doc = documentWith(2, "Karnataka");
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // A4 in points
    expect(pdf.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const [text] = await pages(pdf);
    for (const expected of [
      "TAX INVOICE",
      "INV/2627/000123",
      "GSTIN: 08ABCDE1234F1Z0",
      "Karnataka (29)",
      "Inter-state supply from Rajasthan: IGST",
      "Cash on delivery fee",
      "Discount (SAVE10)",
      "Page 1 of 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain(
      new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(doc.totals.totalPaise / 100),
    );
    expect(text).not.toContain("CGST");
  });

  it("runs long orders onto more pages, repeating the table's heading, every line printed once", async () => {
    const doc = documentWith(40, "Rajasthan");
    const text = await pages(await renderInvoicePdf(doc));
    expect(text.length).toBeGreaterThan(2);
    expect(text[0]).toContain(`Page 1 of ${text.length}`);
    expect(text.at(-1)).toContain("For Saanjh Fashions Private Limited");
    for (const page of text.slice(1)) expect(page).toContain("Tax invoice INV/2627/000123 (continued)");
    const all = text.join("\n");
    for (let i = 1; i <= 40; i++)
      expect(all.match(new RegExp(`Handloom Kurta No\\. ${i}\\b`, "g")), `line ${i}`).toHaveLength(1);
    expect(all).toContain("CGST");
    expect(all).toContain("SGST");
  });
});
