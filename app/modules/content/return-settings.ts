import { z } from "zod";
import { problem, wholeNumber } from "../../lib/forms";

/*
 * The store settings' returns and exchanges group (decision 042): the two windows counted from
 * delivery, the categories whose pieces cannot be returned, whether a refund to the payment is only
 * for a fault, and how long store credit lasts. The request, the order page and the Return Policy page
 * all read these same columns, so what the page promises is what the shop does. Safe for the browser.
 */

export const RETURN_SETTINGS_MESSAGES = {
  window: "Enter whole days from 0 to 90",
  creditDays: "Enter whole days from 30 to 3650 (10 years), or choose ‘Never expires’",
  categories: "Choose the categories from the list",
} as const;

/** The group as the form holds it: days as typed, the validity's days beside its 'never expires' box. */
export interface ReturnSettingsValues {
  returnWindowDays: string;
  exchangeWindowDays: string;
  /** category slugs */
  nonReturnableCategories: string[];
  refundsOnlyForFaults: boolean;
  storeCreditValidityDays: string;
  storeCreditNeverExpires: boolean;
}

/** The group's columns. */
export interface ReturnSettingsDraft {
  returnWindowDays: number;
  exchangeWindowDays: number;
  nonReturnableCategories: string[];
  refundsOnlyForFaults: boolean;
  /** null: store credit never expires */
  storeCreditValidityDays: number | null;
}

export const RETURN_SETTINGS_LABELS: Record<keyof ReturnSettingsDraft, string> = {
  returnWindowDays: "Return window",
  exchangeWindowDays: "Exchange window",
  nonReturnableCategories: "Non-returnable categories",
  refundsOnlyForFaults: "Refunds only for faults",
  storeCreditValidityDays: "Store credit validity",
};

/** A never-expiring credit shows the usual year in the days box, ready if the box is unticked. */
const DEFAULT_CREDIT_DAYS = "365";

export function returnSettingsValuesOf(row: ReturnSettingsDraft): ReturnSettingsValues {
  return {
    returnWindowDays: String(row.returnWindowDays),
    exchangeWindowDays: String(row.exchangeWindowDays),
    nonReturnableCategories: [...row.nonReturnableCategories],
    refundsOnlyForFaults: row.refundsOnlyForFaults,
    storeCreditValidityDays:
      row.storeCreditValidityDays === null ? DEFAULT_CREDIT_DAYS : String(row.storeCreditValidityDays),
    storeCreditNeverExpires: row.storeCreditValidityDays === null,
  };
}

/** The shape of what the editor sends for the group (its rules are returnSettingsRules'). */
export const returnSettingsValuesShape = {
  returnWindowDays: z.string().max(40),
  exchangeWindowDays: z.string().max(40),
  nonReturnableCategories: z.array(z.string().max(200)).max(500),
  refundsOnlyForFaults: z.boolean(),
  storeCreditValidityDays: z.string().max(40),
  storeCreditNeverExpires: z.boolean(),
};

const creditDays = wholeNumber(30, 3650, RETURN_SETTINGS_MESSAGES.creditDays);

/**
 * The group's field rules, for the settings schema. `categories`: the slugs that may be ticked (the
 * shop's categories, and those already stored, so a category removed since stays valid until it is
 * unticked); when not given, any slug is accepted.
 */
export function returnSettingsRules({ categories }: { categories?: readonly string[] } = {}) {
  return {
    returnWindowDays: wholeNumber(0, 90, RETURN_SETTINGS_MESSAGES.window),
    exchangeWindowDays: wholeNumber(0, 90, RETURN_SETTINGS_MESSAGES.window),
    nonReturnableCategories: z
      .array(z.string())
      .transform((slugs) => [...new Set(slugs.map((s) => s.trim()).filter(Boolean))].sort())
      .superRefine(
        problem((slugs: string[]) =>
          categories && slugs.some((s) => !categories.includes(s)) ? RETURN_SETTINGS_MESSAGES.categories : null,
        ),
      ),
    refundsOnlyForFaults: z.boolean(),
    storeCreditValidityDays: z.string(),
    storeCreditNeverExpires: z.boolean(),
  };
}

/** The validity's days are checked only when the credit expires at all: the message, or null. */
export function creditDaysProblem(v: { storeCreditValidityDays: string; storeCreditNeverExpires: boolean }) {
  if (v.storeCreditNeverExpires) return null;
  const read = creditDays.safeParse(v.storeCreditValidityDays);
  return read.success ? null : RETURN_SETTINGS_MESSAGES.creditDays;
}

/** The group's columns from its checked values. */
export function returnSettingsDraftOf(v: {
  returnWindowDays: number;
  exchangeWindowDays: number;
  nonReturnableCategories: string[];
  refundsOnlyForFaults: boolean;
  storeCreditValidityDays: string;
  storeCreditNeverExpires: boolean;
}): ReturnSettingsDraft {
  return {
    returnWindowDays: v.returnWindowDays,
    exchangeWindowDays: v.exchangeWindowDays,
    nonReturnableCategories: v.nonReturnableCategories,
    refundsOnlyForFaults: v.refundsOnlyForFaults,
    storeCreditValidityDays: v.storeCreditNeverExpires ? null : Number(v.storeCreditValidityDays.trim()),
  };
}

/** '1 day', '15 days'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** How long store credit lasts, in words: '1 year', '2 years', '180 days', or null when it never expires. */
export function creditValidityText(days: number | null): string | null {
  if (days === null) return null;
  if (days % 365 === 0) return `${days / 365} ${days === 365 ? "year" : "years"}`;
  return daysText(days);
}
