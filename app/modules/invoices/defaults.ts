/*
 * The GST classification a new shop starts with, per category: the same rows migration 0008 wrote
 * for the categories shops already had (a chartered accountant should confirm them; staff change
 * them at /admin/settings/tax). Apparel (chapters 61/62) pays 5 % up to a value per piece and more
 * above it: 12 % above ₹1,000 from 1 July 2017, 18 % above ₹2,500 from 22 September 2025. Sarees and
 * dress materials are fabrics (5 %), imitation jewellery 3 %.
 */

export interface CategoryTaxRow {
  categorySlug: string;
  /** 'YYYY-MM-DD', India time */
  effectiveFrom: string;
  hsnCode: string;
  rateBp: number;
  upperRateBp: number | null;
  thresholdPaise: number | null;
}

/** The day GST began, from which the first rows are in force. */
export const GST_START_DATE = "2017-07-01";

const APPAREL_PERIODS = [
  { effectiveFrom: GST_START_DATE, upperRateBp: 1200, thresholdPaise: 100_000 },
  { effectiveFrom: "2025-09-22", upperRateBp: 1800, thresholdPaise: 250_000 },
] as const;

/** HSN codes of the demo categories; other categories are women's garments (6204). */
const HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  sarees: "5407",
  unstitched: "5208",
  accessories: "7117",
  "short-kurtis": "6206",
  shirts: "6206",
  loungewear: "6208",
};

/** Categories sold at one rate whatever the price: fabrics and imitation jewellery. */
const FLAT_RATE_BP: Readonly<Record<string, number>> = { sarees: 500, unstitched: 500, accessories: 300 };

/** The default rows for these categories (as migration 0008's backfill). */
export function defaultCategoryTaxRows(categorySlugs: readonly string[]): CategoryTaxRow[] {
  const rows: CategoryTaxRow[] = [];
  for (const categorySlug of categorySlugs) {
    const hsnCode = HSN_BY_CATEGORY[categorySlug] ?? "6204";
    const flat = FLAT_RATE_BP[categorySlug];
    if (flat !== undefined) {
      rows.push({
        categorySlug,
        effectiveFrom: GST_START_DATE,
        hsnCode,
        rateBp: flat,
        upperRateBp: null,
        thresholdPaise: null,
      });
      continue;
    }
    for (const period of APPAREL_PERIODS) {
      rows.push({
        categorySlug,
        effectiveFrom: period.effectiveFrom,
        hsnCode,
        rateBp: 500,
        upperRateBp: period.upperRateBp,
        thresholdPaise: period.thresholdPaise,
      });
    }
  }
  return rows;
}

/** The demo shop's GST identity (Rajasthan, where its address is): a syntactically valid, made-up GSTIN. */
export const DEMO_TAX_IDENTITY = {
  gstin: "08ABCDE1234F1Z0",
  shopState: "Rajasthan",
  legalName: "Saanjh Fashions Private Limited",
} as const;
