import { describe, expect, it } from "vitest";
import {
  bpToPercentInput,
  describeRule,
  paiseToRupeesInput,
  parseTaxForm,
  percentToBp,
  rupeesToPaiseInput,
  TAX_MESSAGES,
  type TaxFormValues,
} from "./tax-form";

const options = { today: "2026-11-24", categories: ["kurtas", "sarees"] };
const values = (overrides: Partial<TaxFormValues> = {}): TaxFormValues => ({
  categorySlug: "kurtas",
  effectiveFrom: "2026-12-01",
  hsnCode: "6204",
  ratePercent: "5",
  upperRatePercent: "18",
  thresholdRupees: "2,500",
  ...overrides,
});

describe("the GST rate form", () => {
  it("reads rates as percentages and thresholds as rupees", () => {
    expect(parseTaxForm(values(), options)).toEqual({
      ok: true,
      change: {
        categorySlug: "kurtas",
        effectiveFrom: "2026-12-01",
        hsnCode: "6204",
        rateBp: 500,
        upperRateBp: 1800,
        thresholdPaise: 250_000,
      },
    });
    expect(
      parseTaxForm(
        values({ upperRatePercent: " ", thresholdRupees: "", hsnCode: "5407 10", ratePercent: "2.5%" }),
        options,
      ),
    ).toMatchObject({
      ok: true,
      change: { hsnCode: "540710", rateBp: 250, upperRateBp: null, thresholdPaise: null },
    });
    expect(parseTaxForm(values({ effectiveFrom: "2026-11-24" }), options).ok).toBe(true);
  });

  it("says what is wrong with each field", () => {
    expect(
      parseTaxForm(
        values({
          categorySlug: "",
          effectiveFrom: "2026-02-30",
          hsnCode: "620",
          ratePercent: "28.001",
          upperRatePercent: "x",
          thresholdRupees: "0",
        }),
        options,
      ),
    ).toEqual({
      ok: false,
      fieldErrors: {
        categorySlug: TAX_MESSAGES.category,
        effectiveFrom: TAX_MESSAGES.date,
        hsnCode: TAX_MESSAGES.hsn,
        ratePercent: TAX_MESSAGES.rate,
        upperRatePercent: TAX_MESSAGES.upperRate,
        thresholdRupees: TAX_MESSAGES.threshold,
      },
    });
    expect(parseTaxForm(values({ categorySlug: "gone", effectiveFrom: "2026-11-23" }), options)).toMatchObject({
      fieldErrors: { categorySlug: TAX_MESSAGES.unknownCategory, effectiveFrom: TAX_MESSAGES.datePast },
    });
    expect(parseTaxForm(values({ effectiveFrom: "2017-06-30" }), { ...options, today: "2017-01-01" })).toMatchObject({
      fieldErrors: { effectiveFrom: TAX_MESSAGES.dateTooEarly },
    });
    expect(parseTaxForm(values({ upperRatePercent: "5" }), options)).toMatchObject({
      fieldErrors: { upperRatePercent: TAX_MESSAGES.upperNotHigher },
    });
    expect(parseTaxForm(values({ upperRatePercent: "" }), options)).toMatchObject({
      fieldErrors: { upperRatePercent: TAX_MESSAGES.upperRate },
    });
    expect(parseTaxForm(values({ thresholdRupees: "" }), options)).toMatchObject({
      fieldErrors: { thresholdRupees: TAX_MESSAGES.threshold },
    });
  });

  it("converts between the form and the stored units", () => {
    expect([percentToBp("0"), percentToBp("28"), percentToBp("29"), percentToBp("-1"), percentToBp("1.255")]).toEqual([
      0,
      2800,
      null,
      null,
      null,
    ]);
    expect([rupeesToPaiseInput("₹ 1,000.5"), rupeesToPaiseInput("0"), rupeesToPaiseInput("abc")]).toEqual([
      100_050,
      null,
      null,
    ]);
    expect([bpToPercentInput(250), bpToPercentInput(1800), bpToPercentInput(null)]).toEqual(["2.5", "18", ""]);
    expect([paiseToRupeesInput(250_000), paiseToRupeesInput(100_050), paiseToRupeesInput(null)]).toEqual([
      "2500",
      "1000.50",
      "",
    ]);
    expect(describeRule({ hsnCode: "6204", rateBp: 500, upperRateBp: 1800, thresholdPaise: 250_000 })).toBe(
      "HSN 6204 · 5% (18% above ₹2,500 a piece)",
    );
    expect(describeRule({ hsnCode: "7117", rateBp: 300, upperRateBp: null, thresholdPaise: null })).toBe(
      "HSN 7117 · 3%",
    );
  });
});
