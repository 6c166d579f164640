import { describe, expect, it } from "vitest";
import { buildInvoiceDocument, invoiceFileName, type InvoiceOrder, type InvoiceSeller } from "./document";

const SELLER: InvoiceSeller = {
  legalName: "",
  storeName: "Saanjh",
  address: "14 Sector 17, Chandigarh 160017",
  gstin: "04ABCDE1234F1Z2",
  shopState: "Chandigarh",
};
const order = (state: string, extra: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
  orderNumber: "ORD-TEST-1",
  createdAt: new Date("2026-11-24T06:30:00Z"),
  paymentMethod: "online",
  couponCode: null,
  billing: {
    firstName: "Asha",
    lastName: "Verma",
    email: "asha@example.com",
    phone: "+919812345678",
    address: "12 MG Road",
    city: "Pune",
    state,
    pincode: "411001",
    country: "India",
  },
  subtotalPaise: 99_900,
  shippingPaise: 0,
  discountPaise: 0,
  prepaidDiscountPaise: 4_995,
  codFeePaise: 0,
  totalPaise: 94_905,
  ...extra,
});
const LINE = {
  description: "Kurta",
  detail: "Size M · SKU KUR-1",
  quantity: 1,
  unitPricePaise: 99_900,
  rule: { hsnCode: "6204", rateBp: 500, upperRateBp: 1800, thresholdPaise: 250_000 },
};
const build = (o: InvoiceOrder, seller = SELLER) =>
  buildInvoiceDocument({
    number: "INV/2627/000001",
    date: "2026-11-24",
    financialYear: "2026-27",
    supplyDate: "2026-11-24",
    seller,
    order: o,
    lines: [LINE],
  });

describe("the invoice document", () => {
  it("names the state half UTGST in a union territory without a legislature, SGST elsewhere", () => {
    const doc = build(order("Chandigarh"));
    expect(doc).toMatchObject({
      supply: "intra",
      localTaxName: "UTGST",
      seller: { name: "Saanjh", stateCode: "04" },
      placeOfSupply: { state: "Chandigarh", stateCode: "04" },
    });
    expect(build(order("Delhi"), { ...SELLER, shopState: "Delhi", gstin: "07ABCDE1234F1Z8" })).toMatchObject({
      supply: "intra",
      localTaxName: "SGST",
    });
    expect(build(order("Maharashtra"))).toMatchObject({
      supply: "inter",
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    });
  });

  it("takes the prepaid discount off the goods and keeps the detail of each piece", () => {
    const doc = build(order("Maharashtra"));
    expect(doc.lines).toEqual([
      expect.objectContaining({
        kind: "goods",
        detail: "Size M · SKU KUR-1",
        discountPaise: 4_995,
        amountPaise: 94_905,
        igstPaise: 4_519,
        taxablePaise: 90_386,
      }),
    ]);
    expect(doc.totals.totalPaise).toBe(94_905);
    expect(doc.amountInWords).toBe("Rupees Nine Hundred Forty-Nine and Five Paise Only");
  });

  it("prints the legal name when there is one, the store name otherwise", () => {
    expect(build(order("Chandigarh"), { ...SELLER, legalName: "  Saanjh Fashions LLP " }).seller).toMatchObject({
      name: "Saanjh Fashions LLP",
      storeName: "Saanjh",
    });
  });

  it("refuses an order whose amounts do not add up", () => {
    expect(() => build(order("Delhi", { totalPaise: 94_906 }))).toThrow(/differs/);
  });

  it("makes a safe file name of the number", () => {
    expect(invoiceFileName("INV/2627/000042")).toBe("INV-2627-000042.pdf");
    expect(invoiceFileName('a"b\r\n/../c')).toBe("a-b-c.pdf");
    expect(invoiceFileName("///")).toBe("invoice.pdf");
  });
});
