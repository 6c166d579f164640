import { describe, expect, it } from "vitest";
import { defaultCategoryTaxRows } from "./defaults";
import {
  allocate,
  computeInvoiceTax,
  financialYearOf,
  formatInvoiceNumber,
  formatRate,
  indiaDate,
  rateFor,
  ruleInForce,
  splitTax,
  taxableValue,
  type GoodsLineInput,
  type InvoiceTaxInput,
  type TaxRule,
} from "./tax";

const APPAREL: TaxRule = { hsnCode: "6204", rateBp: 500, upperRateBp: 1800, thresholdPaise: 250_000 };
const APPAREL_2017: TaxRule = { hsnCode: "6204", rateBp: 500, upperRateBp: 1200, thresholdPaise: 100_000 };
const JEWELLERY: TaxRule = { hsnCode: "7117", rateBp: 300, upperRateBp: null, thresholdPaise: null };
const SAREE: TaxRule = { hsnCode: "5407", rateBp: 500, upperRateBp: null, thresholdPaise: null };

const goods = (unitPricePaise: number, quantity: number, rule: TaxRule, description = "Piece"): GoodsLineInput => ({
  description,
  unitPricePaise,
  quantity,
  rule,
});
const order = (lines: GoodsLineInput[], extra: Partial<InvoiceTaxInput> = {}): InvoiceTaxInput => ({
  lines,
  couponDiscountPaise: 0,
  prepaidDiscountPaise: 0,
  shippingPaise: 0,
  codFeePaise: 0,
  supply: "intra",
  ...extra,
});

describe("allocate", () => {
  it("splits in proportion and adds up exactly, the leftover paise to the largest remainders", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(29_470, [259_800, 34_900])).toEqual([25_980, 3_490]);
    expect(allocate(5, [0, 10, 0])).toEqual([0, 5, 0]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
  });

  it("stays exact with amounts far beyond what doubles hold when multiplied", () => {
    const parts = allocate(9_999_999_999, [123_456_789_012, 987_654_321, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
  });

  it("refuses negative or fractional amounts", () => {
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(1, [])).toThrow(RangeError);
  });
});

describe("the rate of a piece", () => {
  it("is the lower rate while the taxable value per piece is at most the threshold (after discounts)", () => {
    // ₹2,625 incl. 5 % is exactly ₹2,500 taxable
    expect(rateFor(APPAREL, 262_500, 1)).toBe(500);
    expect(rateFor(APPAREL, 262_501, 1)).toBe(1800);
    // per piece, not per line
    expect(rateFor(APPAREL, 2 * 262_500, 2)).toBe(500);
    expect(rateFor(APPAREL, 2 * 262_500 + 1, 2)).toBe(1800);
    // the rules before 22 September 2025
    expect(rateFor(APPAREL_2017, 105_000, 1)).toBe(500);
    expect(rateFor(APPAREL_2017, 105_001, 1)).toBe(1200);
    expect(rateFor(JEWELLERY, 10_000_000, 1)).toBe(300);
  });

  it("comes down with a coupon that takes a piece under the threshold", () => {
    const full = computeInvoiceTax(order([goods(299_900, 1, APPAREL)]));
    expect(full.lines[0]).toMatchObject({ rateBp: 1800, taxablePaise: 254_153, taxPaise: 45_747 });
    // WELCOME20 on ₹2,999: ₹599.80 off leaves ₹2,399.20, ₹2,284.95 taxable: 5 %
    const discounted = computeInvoiceTax(order([goods(299_900, 1, APPAREL)], { couponDiscountPaise: 59_980 }));
    expect(discounted.lines[0]).toMatchObject({
      rateBp: 500,
      discountPaise: 59_980,
      amountPaise: 239_920,
      taxablePaise: 228_495,
      taxPaise: 11_425,
    });
  });
});

describe("rounding", () => {
  it("takes the taxable value to the nearest paisa, halves up, and the tax as the rest", () => {
    expect(taxableValue(105, 500)).toBe(100);
    expect(taxableValue(233_820, 500)).toBe(222_686);
    expect(taxableValue(31_410, 300)).toBe(30_495);
    // 1 / 1.05 = 0.952 -> 1 paisa, no tax
    expect(taxableValue(1, 500)).toBe(1);
    expect(taxableValue(0, 1800)).toBe(0);
    expect(taxableValue(299_900, 1800)).toBe(254_153);
  });

  it("splits a tax into halves that add up, the odd paisa on CGST", () => {
    expect(splitTax(11_134)).toEqual({ central: 5_567, state: 5_567 });
    expect(splitTax(915)).toEqual({ central: 458, state: 457 });
    expect(splitTax(1)).toEqual({ central: 1, state: 0 });
    expect(splitTax(0)).toEqual({ central: 0, state: 0 });
  });
});

describe("an invoice within the shop's state", () => {
  it("splits a coupon over the goods, taxes a fee at the principal supply's rate, CGST + SGST per line", () => {
    const tax = computeInvoiceTax(
      order([goods(129_900, 2, APPAREL, "Kurta"), goods(34_900, 1, JEWELLERY, "Jhumkas")], {
        couponDiscountPaise: 29_470,
        codFeePaise: 4_900,
      }),
    );
    expect(tax.lines).toEqual([
      {
        kind: "goods",
        description: "Kurta",
        hsnCode: "6204",
        quantity: 2,
        unitPricePaise: 129_900,
        grossPaise: 259_800,
        discountPaise: 25_980,
        amountPaise: 233_820,
        taxablePaise: 222_686,
        rateBp: 500,
        taxPaise: 11_134,
        cgstPaise: 5_567,
        sgstPaise: 5_567,
        igstPaise: 0,
      },
      {
        kind: "goods",
        description: "Jhumkas",
        hsnCode: "7117",
        quantity: 1,
        unitPricePaise: 34_900,
        grossPaise: 34_900,
        discountPaise: 3_490,
        amountPaise: 31_410,
        taxablePaise: 30_495,
        rateBp: 300,
        taxPaise: 915,
        cgstPaise: 458,
        sgstPaise: 457,
        igstPaise: 0,
      },
      {
        kind: "cod-fee",
        description: "Cash on delivery fee",
        hsnCode: "6204",
        quantity: 1,
        unitPricePaise: 4_900,
        grossPaise: 4_900,
        discountPaise: 0,
        amountPaise: 4_900,
        taxablePaise: 4_667,
        rateBp: 500,
        taxPaise: 233,
        cgstPaise: 117,
        sgstPaise: 116,
        igstPaise: 0,
      },
    ]);
    expect(tax.summary).toEqual([
      {
        hsnCode: "6204",
        rateBp: 500,
        taxablePaise: 227_353,
        cgstPaise: 5_684,
        sgstPaise: 5_683,
        igstPaise: 0,
        taxPaise: 11_367,
      },
      {
        hsnCode: "7117",
        rateBp: 300,
        taxablePaise: 30_495,
        cgstPaise: 458,
        sgstPaise: 457,
        igstPaise: 0,
        taxPaise: 915,
      },
    ]);
    expect(tax.totals).toEqual({
      grossPaise: 299_600,
      discountPaise: 29_470,
      taxablePaise: 257_848,
      cgstPaise: 6_142,
      sgstPaise: 6_140,
      igstPaise: 0,
      taxPaise: 12_282,
      totalPaise: 270_130,
    });
  });
});

describe("an invoice to another state", () => {
  it("charges IGST only, shipping at the rate of the largest goods line", () => {
    // a ₹120 saree and ₹349 of jewellery (the principal supply: the larger line); ₹40 shipping; FLAT50
    const tax = computeInvoiceTax(
      order([goods(12_000, 1, SAREE, "Saree"), goods(34_900, 1, JEWELLERY, "Jhumkas")], {
        couponDiscountPaise: 5_000,
        shippingPaise: 4_000,
        supply: "inter",
      }),
    );
    // 5,000 over 12,000 : 34,900 -> 1,279.3 and 3,720.7: 1,279 and 3,721
    expect(
      tax.lines.map((l) => [
        l.kind,
        l.discountPaise,
        l.amountPaise,
        l.rateBp,
        l.taxablePaise,
        l.igstPaise,
        l.cgstPaise,
        l.sgstPaise,
      ]),
    ).toEqual([
      ["goods", 1_279, 10_721, 500, 10_210, 511, 0, 0],
      ["goods", 3_721, 31_179, 300, 30_271, 908, 0, 0],
      // the jewellery line is worth more: shipping follows it, at 3 %
      ["shipping", 0, 4_000, 300, 3_883, 117, 0, 0],
    ]);
    expect(tax.lines[2]!.hsnCode).toBe("7117");
    expect(tax.totals).toMatchObject({
      taxablePaise: 44_364,
      igstPaise: 1_536,
      cgstPaise: 0,
      sgstPaise: 0,
      taxPaise: 1_536,
      totalPaise: 45_900,
    });
  });
});

describe("every invoice adds up to its order", () => {
  /** a small deterministic generator (mulberry32), so a failure can be replayed from its seed */
  function random(seed: number) {
    let a = seed >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    return { next, int, pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)]! };
  }

  it("for 3,000 random orders: totals equal the order total, each line is taxable + tax, the splits add up", () => {
    const rules = [
      APPAREL,
      APPAREL_2017,
      JEWELLERY,
      SAREE,
      { hsnCode: "6206", rateBp: 0, upperRateBp: 2800, thresholdPaise: 1 },
    ];
    for (let seed = 1; seed <= 3_000; seed++) {
      const r = random(seed);
      const lines = Array.from({ length: r.int(1, 6) }, () =>
        goods(
          r.pick([1, 99, 49_900, 99_900, 129_900, 262_500, 262_501, r.int(1, 5_000_000)]),
          r.int(1, 9),
          r.pick(rules),
        ),
      );
      const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
      const coupon = r.pick([0, 0, Math.min(5_000, subtotal), Math.floor(subtotal / 2), subtotal, r.int(0, subtotal)]);
      const prepaid = r.next() < 0.3 ? Math.round(((subtotal - coupon) * r.int(0, 50)) / 100) : 0;
      const input = order(lines, {
        couponDiscountPaise: coupon,
        prepaidDiscountPaise: prepaid,
        shippingPaise: r.pick([0, 4_000]),
        codFeePaise: r.pick([0, 0, 4_900, r.int(1, 20_000)]),
        supply: r.pick(["intra", "inter"] as const),
      });
      const orderTotal = subtotal + input.shippingPaise + input.codFeePaise - coupon - prepaid;
      const tax = computeInvoiceTax(input);
      const context = `seed ${seed}`;
      expect(tax.totals.totalPaise, context).toBe(orderTotal);
      expect(tax.totals.taxablePaise + tax.totals.taxPaise, context).toBe(orderTotal);
      expect(tax.totals.discountPaise, context).toBe(coupon + prepaid);
      expect(
        tax.summary.reduce((s, row) => s + row.taxablePaise + row.taxPaise, 0),
        context,
      ).toBe(orderTotal);
      for (const line of tax.lines) {
        expect(line.taxablePaise + line.taxPaise, context).toBe(line.amountPaise);
        expect(line.grossPaise - line.discountPaise, context).toBe(line.amountPaise);
        expect(line.cgstPaise + line.sgstPaise + line.igstPaise, context).toBe(line.taxPaise);
        expect(line.amountPaise, context).toBeGreaterThanOrEqual(0);
        if (input.supply === "inter") expect(line.cgstPaise + line.sgstPaise, context).toBe(0);
        else expect([0, 1], context).toContain(line.cgstPaise - line.sgstPaise);
        // each line's tax is the rounded share of its rate, never more than a paisa off
        expect(Math.abs(line.taxablePaise * (line.rateBp / 10_000) - line.taxPaise), context).toBeLessThanOrEqual(1);
      }
    }
  });

  it("refuses discounts larger than the goods, and orders without goods", () => {
    expect(() => computeInvoiceTax(order([goods(10_000, 1, SAREE)], { couponDiscountPaise: 10_001 }))).toThrow(
      RangeError,
    );
    expect(() => computeInvoiceTax(order([]))).toThrow(RangeError);
    expect(() => computeInvoiceTax(order([goods(10_000, 0, SAREE)]))).toThrow(RangeError);
  });
});

describe("rules by date", () => {
  const rows = defaultCategoryTaxRows(["kurtas", "accessories"]);
  it("uses the row in force on the day: the latest that began on or before it", () => {
    const kurtas = rows.filter((r) => r.categorySlug === "kurtas");
    expect(ruleInForce(kurtas, "2025-09-21")).toMatchObject({ upperRateBp: 1200, thresholdPaise: 100_000 });
    expect(ruleInForce(kurtas, "2025-09-22")).toMatchObject({ upperRateBp: 1800, thresholdPaise: 250_000 });
    expect(ruleInForce(kurtas, "2017-06-30")).toBeNull();
    expect(
      ruleInForce(
        rows.filter((r) => r.categorySlug === "accessories"),
        "2026-11-24",
      ),
    ).toMatchObject({ hsnCode: "7117", rateBp: 300, upperRateBp: null });
  });

  it("has the defaults of migration 0008", () => {
    expect(
      defaultCategoryTaxRows(["sarees", "unstitched", "shirts", "loungewear", "short-kurtis", "lehengas"]).map(
        (r) => `${r.categorySlug} ${r.effectiveFrom} ${r.hsnCode} ${r.rateBp} ${r.upperRateBp} ${r.thresholdPaise}`,
      ),
    ).toEqual([
      "sarees 2017-07-01 5407 500 null null",
      "unstitched 2017-07-01 5208 500 null null",
      "shirts 2017-07-01 6206 500 1200 100000",
      "shirts 2025-09-22 6206 500 1800 250000",
      "loungewear 2017-07-01 6208 500 1200 100000",
      "loungewear 2025-09-22 6208 500 1800 250000",
      "short-kurtis 2017-07-01 6206 500 1200 100000",
      "short-kurtis 2025-09-22 6206 500 1800 250000",
      "lehengas 2017-07-01 6204 500 1200 100000",
      "lehengas 2025-09-22 6204 500 1800 250000",
    ]);
  });
});

describe("dates and numbers", () => {
  it("takes the day in India", () => {
    expect(indiaDate(new Date("2026-03-31T18:29:59Z"))).toBe("2026-03-31");
    expect(indiaDate(new Date("2026-03-31T18:30:00Z"))).toBe("2026-04-01");
  });

  it("runs financial years from 1 April to 31 March", () => {
    expect(financialYearOf("2026-03-31")).toEqual({ label: "2025-26", short: "2526" });
    expect(financialYearOf("2026-04-01")).toEqual({ label: "2026-27", short: "2627" });
    expect(financialYearOf("2099-12-31")).toEqual({ label: "2099-00", short: "9900" });
  });

  it("numbers invoices in at most 16 characters", () => {
    expect(formatInvoiceNumber("2627", 42)).toBe("INV/2627/000042");
    expect(formatInvoiceNumber("2627", 9_999_999)).toBe("INV/2627/9999999");
    expect(() => formatInvoiceNumber("2627", 10_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("2627", 0)).toThrow(RangeError);
  });

  it("prints rates as percentages", () => {
    expect([500, 250, 1800, 300, 150, 0].map(formatRate)).toEqual(["5%", "2.5%", "18%", "3%", "1.5%", "0%"]);
  });
});
