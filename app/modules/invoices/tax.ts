import type { Paise } from "../pricing";

/*
 * The GST on an invoice (decision 024), pure and in integer paise. Prices are GST-inclusive: each
 * line's amount is split into its taxable value and its tax, rounded per line, so that the lines
 * add up to the order's total exactly, whatever the discounts.
 *
 * - The order's coupon and prepaid discount are price reductions shown on the invoice: they lower
 *   the goods lines' values in proportion to each line's price (largest remainder, so the shares
 *   add up to the discount to the paisa). Shipping and the COD fee are never discounted.
 * - A category with an upper rate pays it on a piece whose taxable value after discounts, at the
 *   lower rate, is above the threshold (the law's 'sale value per piece').
 * - Shipping and the COD fee are their own lines, charged with the goods as one composite supply:
 *   at the rate and HSN of its principal supply, the goods line of the largest value.
 * - Within the shop's state: CGST + SGST (UTGST in a union territory without a legislature), half
 *   the rate each, the odd paisa on CGST; to another state: IGST.
 */

/** A category's classification on a day: rates in basis points (500 = 5 %). */
export interface TaxRule {
  hsnCode: string;
  rateBp: number;
  /** the rate of a piece above `thresholdPaise`; both null for a flat rate */
  upperRateBp: number | null;
  thresholdPaise: number | null;
}

export type Supply = "intra" | "inter";
export type LineKind = "goods" | "shipping" | "cod-fee";

export interface GoodsLineInput {
  description: string;
  quantity: number;
  /** GST-inclusive price of one piece */
  unitPricePaise: Paise;
  rule: TaxRule;
}

export interface InvoiceTaxInput {
  lines: readonly GoodsLineInput[];
  couponDiscountPaise: Paise;
  prepaidDiscountPaise: Paise;
  shippingPaise: Paise;
  codFeePaise: Paise;
  supply: Supply;
}

export interface TaxedLine {
  kind: LineKind;
  description: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: Paise;
  /** quantity x unit price */
  grossPaise: Paise;
  /** this line's share of the coupon and prepaid discounts */
  discountPaise: Paise;
  /** taxable value: what the line costs after discounts, less its GST */
  taxablePaise: Paise;
  rateBp: number;
  /** CGST and SGST/UTGST within the state (IGST 0), IGST otherwise (the others 0) */
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  /** gross - discount = taxable + tax */
  amountPaise: Paise;
}

export interface TaxSummaryRow {
  hsnCode: string;
  rateBp: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
}

export interface InvoiceTotals {
  grossPaise: Paise;
  discountPaise: Paise;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  totalPaise: Paise;
}

export interface InvoiceTax {
  supply: Supply;
  lines: TaxedLine[];
  /** per HSN code and rate, in the order they first appear */
  summary: TaxSummaryRow[];
  totals: InvoiceTotals;
}

const CHARGE_DESCRIPTIONS = { shipping: "Shipping", "cod-fee": "Cash on delivery fee" } as const;

function assertPaise(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be whole paise, not negative: ${value}`);
}

function assertRule(rule: TaxRule): void {
  const rate = (bp: number) => Number.isInteger(bp) && bp >= 0 && bp <= 2800;
  if (!rate(rule.rateBp)) throw new RangeError(`a GST rate is 0 to 28 %: ${rule.rateBp} bp`);
  if ((rule.upperRateBp === null) !== (rule.thresholdPaise === null))
    throw new RangeError("an upper rate needs a threshold and the other way round");
  if (rule.upperRateBp !== null && !rate(rule.upperRateBp))
    throw new RangeError(`a GST rate is 0 to 28 %: ${rule.upperRateBp} bp`);
  if (rule.thresholdPaise !== null && (!Number.isSafeInteger(rule.thresholdPaise) || rule.thresholdPaise <= 0))
    throw new RangeError("a threshold is a positive number of paise");
}

/**
 * Splits `total` into whole parts proportional to `weights` that add up to `total` exactly: each
 * part rounded down, the paise left over given one each to the largest remainders (the earlier line
 * on a tie). All weights 0: the parts follow equal weights.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertPaise("an amount to allocate", total);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError("nothing to allocate to");
    return [];
  }
  weights.forEach((w) => assertPaise("a weight", w));
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum === 0 ? weights.map(() => 1) : weights;
  const big = BigInt(total);
  const bigSum = BigInt(sum === 0 ? weights.length : sum);
  const parts = used.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = used.map((w, i) => ({ i, r: (big * BigInt(w)) % bigSum }));
  let left = total - parts.reduce((a, b) => a + Number(b), 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = parts.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * The rate for `quantity` pieces costing `valuePaise` together (GST-inclusive, after discounts): the
 * lower rate while the taxable value per piece at that rate is at most the threshold, else the upper.
 * (A price between threshold x (1 + lower) and threshold x (1 + upper) has no self-consistent rate:
 * it takes the upper one, which never under-pays.)
 */
export function rateFor(rule: TaxRule, valuePaise: Paise, quantity: number): number {
  if (rule.upperRateBp === null || rule.thresholdPaise === null) return rule.rateBp;
  // value / quantity / (1 + rate) <= threshold, in integers
  const within =
    BigInt(valuePaise) * 10_000n <= BigInt(rule.thresholdPaise) * BigInt(quantity) * BigInt(10_000 + rule.rateBp);
  return within ? rule.rateBp : rule.upperRateBp;
}

/** The taxable value in a GST-inclusive amount: amount / (1 + rate), rounded to the paisa (halves up). */
export function taxableValue(amountPaise: Paise, rateBp: number): Paise {
  const numerator = BigInt(amountPaise) * 10_000n;
  const denominator = BigInt(10_000 + rateBp);
  const quotient = numerator / denominator;
  return Number(2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient);
}

/** Central and state (or union territory) halves of a tax: they add up, the odd paisa on the central one. */
export function splitTax(taxPaise: Paise): { central: Paise; state: Paise } {
  const central = Math.ceil(taxPaise / 2);
  return { central, state: taxPaise - central };
}

function taxLine(
  base: Omit<TaxedLine, "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "taxPaise" | "amountPaise">,
  supply: Supply,
): TaxedLine {
  const amountPaise = base.grossPaise - base.discountPaise;
  const taxablePaise = taxableValue(amountPaise, base.rateBp);
  const taxPaise = amountPaise - taxablePaise;
  const split = splitTax(taxPaise);
  return {
    ...base,
    taxablePaise,
    taxPaise,
    cgstPaise: supply === "intra" ? split.central : 0,
    sgstPaise: supply === "intra" ? split.state : 0,
    igstPaise: supply === "inter" ? taxPaise : 0,
    amountPaise,
  };
}

/** The invoice's lines, tax summary and totals; the total is always the order's total. */
export function computeInvoiceTax(input: InvoiceTaxInput): InvoiceTax {
  if (input.lines.length === 0) throw new RangeError("an invoice has at least one line of goods");
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
      throw new RangeError(`a quantity is a positive whole number: ${line.quantity}`);
    assertPaise("a unit price", line.unitPricePaise);
    assertRule(line.rule);
  }
  for (const key of ["couponDiscountPaise", "prepaidDiscountPaise", "shippingPaise", "codFeePaise"] as const)
    assertPaise(key, input[key]);

  const gross = input.lines.map((l) => l.unitPricePaise * l.quantity);
  gross.forEach((g) => assertPaise("a line total", g));
  const subtotal = gross.reduce((a, b) => a + b, 0);
  const discount = input.couponDiscountPaise + input.prepaidDiscountPaise;
  if (discount > subtotal) throw new RangeError(`discounts (${discount}) exceed the goods (${subtotal})`);
  const shares = allocate(discount, gross);

  const lines: TaxedLine[] = input.lines.map((line, i) => {
    const value = gross[i]! - shares[i]!;
    return taxLine(
      {
        kind: "goods",
        description: line.description,
        hsnCode: line.rule.hsnCode,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        grossPaise: gross[i]!,
        discountPaise: shares[i]!,
        rateBp: rateFor(line.rule, value, line.quantity),
      },
      input.supply,
    );
  });

  // the principal supply: the goods line of the largest value (on a tie the higher rate, then the first)
  const principal = lines.reduce(
    (best, l) =>
      l.amountPaise > best.amountPaise || (l.amountPaise === best.amountPaise && l.rateBp > best.rateBp) ? l : best,
    lines[0]!,
  );
  for (const [kind, amount] of [
    ["shipping", input.shippingPaise],
    ["cod-fee", input.codFeePaise],
  ] as const) {
    if (amount === 0) continue;
    lines.push(
      taxLine(
        {
          kind,
          description: CHARGE_DESCRIPTIONS[kind],
          hsnCode: principal.hsnCode,
          quantity: 1,
          unitPricePaise: amount,
          grossPaise: amount,
          discountPaise: 0,
          rateBp: principal.rateBp,
        },
        input.supply,
      ),
    );
  }

  const summary = summariseTax(lines);
  const totals = totalTax(lines);
  const expected = subtotal + input.shippingPaise + input.codFeePaise - discount;
  if (totals.totalPaise !== expected || totals.taxablePaise + totals.taxPaise !== expected) {
    throw new Error(`invoice total ${totals.totalPaise} differs from the order's ${expected}`);
  }
  return { supply: input.supply, lines, summary, totals };
}

/** The tax summary of a document's lines: one row per HSN code and rate, in the order they first appear. */
export function summariseTax(lines: readonly TaxedLine[]): TaxSummaryRow[] {
  const summary: TaxSummaryRow[] = [];
  for (const l of lines) {
    let row = summary.find((s) => s.hsnCode === l.hsnCode && s.rateBp === l.rateBp);
    if (!row) {
      row = {
        hsnCode: l.hsnCode,
        rateBp: l.rateBp,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: 0,
      };
      summary.push(row);
    }
    row.taxablePaise += l.taxablePaise;
    row.cgstPaise += l.cgstPaise;
    row.sgstPaise += l.sgstPaise;
    row.igstPaise += l.igstPaise;
    row.taxPaise += l.taxPaise;
  }
  return summary;
}

/** A document's totals: the sums of its lines, head by head. */
export function totalTax(lines: readonly TaxedLine[]): InvoiceTotals {
  const sum = (pick: (l: TaxedLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    grossPaise: sum((l) => l.grossPaise),
    discountPaise: sum((l) => l.discountPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    taxPaise: sum((l) => l.taxPaise),
    totalPaise: sum((l) => l.amountPaise),
  };
}

/** 500 -> '5%', 250 -> '2.5%', 150 -> '1.5%' */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/** The rule in force on `date` ('YYYY-MM-DD') among one category's rows: the latest that started on or before it. */
export function ruleInForce<R extends TaxRule & { effectiveFrom: string }>(rows: readonly R[], date: string): R | null {
  let found: R | null = null;
  for (const row of rows) {
    if (row.effectiveFrom <= date && (!found || row.effectiveFrom > found.effectiveFrom)) found = row;
  }
  return found;
}

/** The calendar day in India (UTC+5:30, no daylight saving) of an instant: 'YYYY-MM-DD'. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The financial year (1 April - 31 March) of a day: label '2026-27' and the invoice number's '2627'. */
export function financialYearOf(date: string): { label: string; short: string } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const end2 = String((start + 1) % 100).padStart(2, "0");
  return { label: `${start}-${end2}`, short: `${String(start % 100).padStart(2, "0")}${end2}` };
}

const INVOICE_PREFIX = "INV";
/** The law's limit on an invoice number's length. */
export const INVOICE_NUMBER_MAX_LENGTH = 16;

/** 'INV/2627/000042': the prefix, the financial year and the year's sequence (at least 6 digits). */
export function formatInvoiceNumber(yearShort: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence <= 0)
    throw new RangeError(`an invoice sequence is positive: ${sequence}`);
  const number = `${INVOICE_PREFIX}/${yearShort}/${String(sequence).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH)
    throw new RangeError(`invoice number ${number} is longer than ${INVOICE_NUMBER_MAX_LENGTH} characters`);
  return number;
}
