/*
 * Nothing may be sold twice: for every variant ordered during a measured window, the units its orders
 * took must not exceed the stock it had when the window began, no variant's stock may be below 0, and
 * what is left should be what it had less what was sold (a difference means stock moved some other way,
 * which the report shows without calling it oversold).
 */

export interface StockLedger {
  /** each variant's stock when the window began */
  start: ReadonlyMap<string, number>;
  /** units ordered per variant during the window */
  sold: ReadonlyMap<string, number>;
  /** the ordered variants' stock after the window */
  now: ReadonlyMap<string, number>;
}

export interface OversoldReport {
  variantsOrdered: number;
  unitsSold: number;
  /** units sold beyond a variant's starting stock, summed over variants */
  oversoldUnits: number;
  oversoldVariants: string[];
  /** variants whose stock is below 0 */
  negative: string[];
  /** variants whose stock is not start - sold (restocked, or taken by something other than an order) */
  unbalanced: string[];
}

export function oversoldReport(ledger: StockLedger): OversoldReport {
  const report: OversoldReport = {
    variantsOrdered: 0,
    unitsSold: 0,
    oversoldUnits: 0,
    oversoldVariants: [],
    negative: [],
    unbalanced: [],
  };
  for (const [variant, sold] of ledger.sold) {
    if (sold <= 0) continue;
    report.variantsOrdered += 1;
    report.unitsSold += sold;
    // a variant without a starting figure had nothing to sell
    const start = ledger.start.get(variant) ?? 0;
    if (sold > start) {
      report.oversoldUnits += sold - start;
      report.oversoldVariants.push(variant);
    }
    const now = ledger.now.get(variant);
    if (now !== undefined && now !== start - sold) report.unbalanced.push(variant);
  }
  for (const [variant, now] of ledger.now) if (now < 0) report.negative.push(variant);
  return report;
}
