/*
 * The admin's GST rate form (/admin/settings/tax): one zod schema holds its rules (the higher rate
 * and its threshold, which depend on each other and on the rate, in a rule across fields). A
 * change is a new row for the category from its date on; rows already in force stay, so invoices
 * keep the rates of their day. Safe for the browser.
 */
import { z } from "zod";
import { ACROSS_FIELDS, complain, failed, parsedText, problem, readForm, type FieldErrors } from "../../lib/forms";
import { GST_START_DATE, type CategoryTaxRow } from "./defaults";
import { formatRate } from "./tax";
import { rupeesToPaise } from "../pricing";

const TAX_FIELDS = [
  "categorySlug",
  "effectiveFrom",
  "hsnCode",
  "ratePercent",
  "upperRatePercent",
  "thresholdRupees",
] as const;
export type TaxField = (typeof TAX_FIELDS)[number];
export type TaxFormValues = Record<TaxField, string>;

export const TAX_MESSAGES = {
  category: "Please choose a category",
  date: "Please enter the date the rate applies from",
  datePast: "The date cannot be in the past: invoices already issued keep their rates. Choose today or later.",
  dateTooEarly: "GST began on 1 July 2017: choose a later date",
  hsn: "Please enter an HSN code of 4, 6 or 8 digits",
  rate: "Please enter a rate from 0 to 28 %, with at most two decimals",
  upperRate: "Please enter the rate above the threshold (0 to 28 %), or leave both blank for one rate",
  upperNotHigher: "The rate above the threshold must be higher than the rate",
  threshold: "Please enter the value per piece above which the higher rate applies, or leave both blank",
  saved: "GST rate saved",
  saveFailed: "The GST rate could not be saved. Please try again.",
  unknownCategory: "This category no longer exists. Reload the page.",
  ownersOnly: "Only an owner can change the GST rates.",
} as const;

const percent = /^\d{1,2}(\.\d{1,2})?$/;
const rupees = /^\d{1,7}(\.\d{1,2})?$/;

/** '5' -> 500, '2.5' -> 250 (basis points), null when not a rate from 0 to 28 %. */
export function percentToBp(value: string): number | null {
  const trimmed = value.trim().replace(/%$/, "").trim();
  if (!percent.test(trimmed)) return null;
  const bp = Math.round(Number(trimmed) * 100);
  return bp >= 0 && bp <= 2800 ? bp : null;
}

/** '2,500' or '2500.50' -> paise; null when not a positive amount. */
export function rupeesToPaiseInput(value: string): number | null {
  const trimmed = value.trim().replace(/^₹\s*/, "").replace(/,/g, "");
  if (!rupees.test(trimmed)) return null;
  const paise = rupeesToPaise(Number(trimmed));
  return paise > 0 ? paise : null;
}

export const bpToPercentInput = (bp: number | null) => (bp === null ? "" : String(Number((bp / 100).toFixed(2))));
export const paiseToRupeesInput = (paise: number | null) =>
  paise === null ? "" : paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

export interface TaxChange {
  categorySlug: string;
  effectiveFrom: string;
  hsnCode: string;
  rateBp: number;
  upperRateBp: number | null;
  thresholdPaise: number | null;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** What is wrong with the day a change applies from, if anything. */
function dayProblem(day: string, today: string): string | null {
  if (!validDay(day)) return TAX_MESSAGES.date;
  if (day < GST_START_DATE) return TAX_MESSAGES.dateTooEarly;
  return day < today ? TAX_MESSAGES.datePast : null;
}

/**
 * The GST rate form's rules against `today` (India, 'YYYY-MM-DD') and the categories that exist: a
 * category, a day from today on, an HSN code, a rate, and either both or neither of the higher rate
 * (above the rate) and the value per piece above which it applies.
 */
export function taxFormSchema(options: { today: string; categories: readonly string[] }) {
  return z
    .object({
      categorySlug: z
        .string()
        .trim()
        .superRefine(
          problem((slug: string) =>
            options.categories.includes(slug) ? null : slug ? TAX_MESSAGES.unknownCategory : TAX_MESSAGES.category,
          ),
        ),
      effectiveFrom: z
        .string()
        .trim()
        .superRefine(problem((day: string) => dayProblem(day, options.today))),
      hsnCode: z
        .string()
        .transform((code) => code.replace(/\s/g, ""))
        .pipe(z.string().regex(/^[0-9]{4}([0-9]{2}){0,2}$/, TAX_MESSAGES.hsn)),
      ratePercent: parsedText(percentToBp, TAX_MESSAGES.rate),
      upperRatePercent: z.string(),
      thresholdRupees: z.string(),
    })
    .superRefine((v, ctx) => {
      // the higher rate and its threshold come together, or not at all
      if (v.upperRatePercent.trim() === "" && v.thresholdRupees.trim() === "") return;
      const upper = percentToBp(v.upperRatePercent);
      if (upper === null) complain(ctx, "upperRatePercent", TAX_MESSAGES.upperRate);
      else if (!failed(ctx, "ratePercent") && upper <= v.ratePercent)
        complain(ctx, "upperRatePercent", TAX_MESSAGES.upperNotHigher);
      if (rupeesToPaiseInput(v.thresholdRupees) === null) complain(ctx, "thresholdRupees", TAX_MESSAGES.threshold);
    }, ACROSS_FIELDS)
    .transform((v): TaxChange => {
      const single = v.upperRatePercent.trim() === "" && v.thresholdRupees.trim() === "";
      return {
        categorySlug: v.categorySlug,
        effectiveFrom: v.effectiveFrom,
        hsnCode: v.hsnCode,
        rateBp: v.ratePercent,
        upperRateBp: single ? null : percentToBp(v.upperRatePercent),
        thresholdPaise: single ? null : rupeesToPaiseInput(v.thresholdRupees),
      };
    });
}

/** The form's rules over its values: the change, or a message per field. */
export function parseTaxForm(
  values: TaxFormValues,
  options: { today: string; categories: readonly string[] },
): { ok: true; change: TaxChange } | { ok: false; fieldErrors: FieldErrors<TaxField> } {
  const read = readForm<ReturnType<typeof taxFormSchema>, TaxField>(taxFormSchema(options), values);
  return read.ok ? { ok: true, change: read.data } : read;
}

/** A form's values as typed (missing fields empty). */
export function taxFormValues(form: FormData): TaxFormValues {
  const read = (key: TaxField) => {
    const v = form.get(key);
    return typeof v === "string" ? v.slice(0, 40) : "";
  };
  return Object.fromEntries(TAX_FIELDS.map((k) => [k, read(k)])) as TaxFormValues;
}

/** The action's answer: what the page shows next (a toast, or the messages beside the fields with the values typed). */
export type TaxAnswer =
  | { ok: true; intent: "save" | "cancel"; categorySlug: string; message: string }
  | {
      ok: false;
      intent: "save" | "cancel";
      categorySlug: string;
      values?: TaxFormValues;
      fieldErrors: FieldErrors<TaxField>;
      formError?: string;
    };

export interface CategoryTaxView {
  slug: string;
  name: string;
  /** the row in force today; null: invoices with this category cannot be issued */
  current: CategoryTaxRow | null;
  /** rows from a later date, soonest first */
  scheduled: CategoryTaxRow[];
  /** rows no longer in force, newest first */
  past: CategoryTaxRow[];
}

/** 'HSN 6204 · 5% (18% above ₹2,500 a piece)' */
export function describeRule(
  rule: Pick<CategoryTaxRow, "hsnCode" | "rateBp" | "upperRateBp" | "thresholdPaise">,
): string {
  const rate = formatRate(rule.rateBp);
  const upper =
    rule.upperRateBp !== null && rule.thresholdPaise !== null
      ? ` (${formatRate(rule.upperRateBp)} above ₹${(rule.thresholdPaise / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })} a piece)`
      : "";
  return `HSN ${rule.hsnCode} · ${rate}${upper}`;
}
