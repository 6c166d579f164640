import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildCreditNoteDocument,
  creditNoteLines,
  formatCreditNoteNumber,
  fullyCredited,
  type CreditNoteLine,
} from "./credit-note";
import type { InvoiceDocument } from "./document";
import { computeInvoiceTax, type TaxRule } from "./tax";

const APPAREL: TaxRule = { hsnCode: "6204", rateBp: 500, upperRateBp: 1800, thresholdPaise: 250_000 };
const JEWELLERY: TaxRule = { hsnCode: "7117", rateBp: 300, upperRateBp: null, thresholdPaise: null };
const HEADS = [
  "grossPaise",
  "discountPaise",
  "taxablePaise",
  "cgstPaise",
  "sgstPaise",
  "igstPaise",
  "taxPaise",
  "amountPaise",
] as const;

/** An invoice's lines and totals as `issueInvoice` makes them, around the tax computation. */
function invoiceOf(tax: ReturnType<typeof computeInvoiceTax>): Pick<InvoiceDocument, "lines" | "totals"> {
  return { lines: tax.lines.map((l) => ({ ...l, detail: "" })), totals: tax.totals };
}

const invoiceArb = fc
  .record({
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 9 }),
        unitPricePaise: fc.integer({ min: 1, max: 1_000_000 }),
        jewellery: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    couponShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    prepaidPercent: fc.integer({ min: 0, max: 10 }),
    shippingPaise: fc.constantFrom(0, 4_000),
    codFeePaise: fc.constantFrom(0, 2_500, 4_900),
    supply: fc.constantFrom("intra" as const, "inter" as const),
  })
  .map((g) => {
    const subtotal = g.lines.reduce((s, l) => s + l.quantity * l.unitPricePaise, 0);
    const coupon = Math.floor(subtotal * g.couponShare);
    return computeInvoiceTax({
      lines: g.lines.map((l, i) => ({
        description: `Piece ${i}`,
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        rule: l.jewellery ? JEWELLERY : APPAREL,
      })),
      couponDiscountPaise: coupon,
      prepaidDiscountPaise: Math.round(((subtotal - coupon) * g.prepaidPercent) / 100),
      shippingPaise: g.shippingPaise,
      codFeePaise: g.codFeePaise,
      supply: g.supply,
    });
  });

describe("credit notes against an invoice", () => {
  it("credit everything exactly, line by line and head by head, whatever returns came first (property)", () => {
    fc.assert(
      fc.property(
        invoiceArb,
        fc.array(fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }), { maxLength: 4 }),
        (tax, rounds) => {
          const invoice = invoiceOf(tax);
          const issued: CreditNoteLine[] = [];
          // some returns of some pieces: each asks for at most what is left of a line
          for (const round of rounds) {
            const left = invoice.lines.map(
              (l, i) => l.quantity - issued.filter((c) => c.invoiceLine === i).reduce((n, c) => n + c.quantity, 0),
            );
            const pieces = round.flatMap(([line, n]) => {
              const index = line % invoice.lines.length;
              const quantity = Math.min(left[index]!, 1 + (n % 3));
              if (quantity <= 0) return [];
              left[index]! -= quantity;
              return [{ invoiceLine: index, quantity }];
            });
            if (pieces.length === 0) continue;
            const lines = creditNoteLines(invoice, issued, { kind: "pieces", pieces });
            for (const l of lines) {
              for (const head of HEADS) expect(l[head]).toBeGreaterThanOrEqual(0);
              expect(l.taxablePaise + l.taxPaise).toBe(l.amountPaise);
              expect(l.grossPaise - l.discountPaise).toBe(l.amountPaise);
              expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
            }
            issued.push(...lines);
          }
          // then the order is cancelled: the rest in one credit note
          const rest = creditNoteLines(invoice, issued, { kind: "all" });
          issued.push(...rest);
          expect(fullyCredited(invoice, issued)).toBe(true);
          expect(creditNoteLines(invoice, issued, { kind: "all" })).toEqual([]);
          invoice.lines.forEach((line, i) => {
            const mine = issued.filter((c) => c.invoiceLine === i);
            expect(mine.reduce((n, c) => n + c.quantity, 0)).toBe(line.quantity);
            for (const head of HEADS) expect(mine.reduce((s, c) => s + c[head], 0)).toBe(line[head]);
          });
          // and the documents' totals: invoice minus credit notes is zero per tax head
          for (const head of ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "taxPaise"] as const) {
            expect(issued.reduce((s, c) => s + c[head], 0)).toBe(invoice.totals[head]);
          }
          expect(issued.reduce((s, c) => s + c.amountPaise, 0)).toBe(invoice.totals.totalPaise);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("copies the whole invoice when an order is cancelled at once", () => {
    const tax = computeInvoiceTax({
      lines: [
        { description: "Indigo Kurta", quantity: 2, unitPricePaise: 149_900, rule: APPAREL },
        { description: "Jhumka", quantity: 1, unitPricePaise: 59_900, rule: JEWELLERY },
      ],
      couponDiscountPaise: 10_000,
      prepaidDiscountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 4_900,
      supply: "intra",
    });
    const invoice = invoiceOf(tax);
    const lines = creditNoteLines(invoice, [], { kind: "all" });
    expect(lines.map(({ invoiceLine: _i, ...l }) => l)).toEqual(invoice.lines);
    expect(lines.map((l) => l.invoiceLine)).toEqual([0, 1, 2]);
  });

  it("refuses a line the invoice does not have and more pieces than are left", () => {
    const invoice = invoiceOf(
      computeInvoiceTax({
        lines: [{ description: "Saree", quantity: 2, unitPricePaise: 300_000, rule: APPAREL }],
        couponDiscountPaise: 0,
        prepaidDiscountPaise: 0,
        shippingPaise: 0,
        codFeePaise: 0,
        supply: "inter",
      }),
    );
    expect(() => creditNoteLines(invoice, [], { kind: "pieces", pieces: [{ invoiceLine: 3, quantity: 1 }] })).toThrow(
      RangeError,
    );
    const one = creditNoteLines(invoice, [], { kind: "pieces", pieces: [{ invoiceLine: 0, quantity: 1 }] });
    expect(one[0]).toMatchObject({ quantity: 1, amountPaise: 300_000 });
    expect(() => creditNoteLines(invoice, one, { kind: "pieces", pieces: [{ invoiceLine: 0, quantity: 2 }] })).toThrow(
      RangeError,
    );
  });

  it("numbers credit notes in their own series, and prints against the invoice", () => {
    expect(formatCreditNoteNumber("2627", 1)).toBe("CN/2627/000001");
    expect(formatCreditNoteNumber("2627", 1_234_567)).toBe("CN/2627/1234567");
    expect(() => formatCreditNoteNumber("2627", 0)).toThrow(RangeError);
    const tax = computeInvoiceTax({
      lines: [{ description: "Saree", quantity: 1, unitPricePaise: 300_000, rule: APPAREL }],
      couponDiscountPaise: 0,
      prepaidDiscountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 0,
      supply: "inter",
    });
    const invoice = {
      ...invoiceOf(tax),
      number: "INV/2627/000042",
      date: "2026-11-20",
      supplyDate: "2026-11-20",
      summary: tax.summary,
    } as InvoiceDocument;
    const document = buildCreditNoteDocument({
      invoice,
      number: "CN/2627/000001",
      date: "2027-04-02",
      reason: "Cancelled: out of stock",
      lines: creditNoteLines(invoice, [], { kind: "all" }),
    });
    expect(document).toMatchObject({
      kind: "credit-note",
      financialYear: "2027-28",
      against: { invoiceNumber: "INV/2627/000042", invoiceDate: "2026-11-20" },
      totals: invoice.totals,
      amountInWords: "Rupees Three Thousand Only",
    });
  });
});
