/*
 * The admin's settings form (decision 025): the `store_settings` row as staff
 * edit it, with one set of rules for the browser (messages as staff type) and the server action (the
 * authority). Money is typed in rupees and kept in paise. Safe for the browser; admin chunks only.
 * The social links' rules are in social-links.ts, the returns and exchanges group's in return-settings.ts.
 */
import { z } from "zod";
import {
  ACROSS_FIELDS,
  blankOr,
  complain,
  failed,
  parsedText,
  readForm,
  wholeNumber,
  type FieldErrors,
} from "../../lib/forms";
import { INDIAN_STATES } from "../accounts";
import { paiseToRupeesText, rupeesTextToPaise } from "../catalog";
import { formatPrice } from "../pricing";
import { GST_STATE_CODES, gstinProblem } from "./gstin";
import {
  creditDaysProblem,
  RETURN_SETTINGS_LABELS,
  returnSettingsDraftOf,
  returnSettingsRules,
  returnSettingsValuesOf,
  returnSettingsValuesShape,
  type ReturnSettingsDraft,
  type ReturnSettingsValues,
} from "./return-settings";
import {
  REVIEW_SETTINGS_LABELS,
  reviewRequestDaysProblem,
  reviewSettingsDraftOf,
  reviewSettingsRules,
  reviewSettingsValuesOf,
  reviewSettingsValuesShape,
  type ReviewSettingsDraft,
  type ReviewSettingsValues,
} from "./review-settings";
import { socialLink } from "./social-links";
import { formatWhatsapp, whatsappDigits } from "./whatsapp";

export { DEMO_WHATSAPP_DIGITS, DEMO_WHATSAPP_NOTE, formatWhatsapp, isDemoWhatsapp, whatsappDigits } from "./whatsapp";

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  unchanged: "Nothing to save: no setting was changed",
  saveFailed: "The settings could not be saved. Check the fields marked in red.",
  failed: "Something went wrong. Please try again.",
  conflict:
    "Someone else saved the settings while you were editing. Reload to see their version; your changes are still in the form.",
  signedOut: "You were signed out. Sign in again in a new tab, then save again; your changes are still in the form.",
  ownersOnly: "Only an owner can change the store settings.",
} as const;

export const SETTINGS_LIMITS = {
  storeName: 60,
  tagline: 120,
  email: 200,
  address: 300,
  legalName: 120,
  url: 300,
  /** ₹10,000 in paise */
  codFeePaise: 1_000_000,
  /** ₹10,00,000 in paise */
  codMaxPaise: 100_000_000,
  /**
   * ₹1,00,00,000 in paise: the highest maximum order a shop may set. An order's amounts are at most
   * this plus fees, well inside the database's integer columns (₹2.1 crore).
   */
  maxOrderPaise: 1_000_000_000,
} as const;

/** The settings that are text both as typed and as stored. */
type TextSettings = Record<
  | "storeName"
  | "tagline"
  | "supportEmail"
  | "supportPhone"
  | "whatsappNumber"
  | "instagramUrl"
  | "facebookUrl"
  | "youtubeUrl"
  | "address"
  | "gstin"
  | "shopState"
  | "legalName",
  string
>;

/** The form as the screen holds and sends it: text as typed, amounts in rupees. */
export interface SettingsFormValues extends TextSettings, ReturnSettingsValues, ReviewSettingsValues {
  codEnabled: boolean;
  codFee: string;
  codMaxOrder: string;
  maxOrder: string;
  prepaidDiscountPercent: string;
  paymentTimeoutMinutes: string;
  staffSessionHours: string;
  dispatchDays: string;
  /** rupees; empty: cash-on-delivery shoppers are never asked to confirm */
  codConfirmAbove: string;
  codConfirmHours: string;
  /** the row's version the form started from */
  version: number;
}

/** The columns a save writes. */
export interface SettingsDraft extends TextSettings, ReturnSettingsDraft, ReviewSettingsDraft {
  codEnabled: boolean;
  codFeePaise: number;
  codMaxOrderPaise: number | null;
  maxOrderPaise: number;
  prepaidDiscountPercent: number;
  paymentTimeoutMinutes: number;
  staffSessionHours: number;
  dispatchDays: number;
  codConfirmAbovePaise: number | null;
  codConfirmHours: number;
}

export type SettingsField = Exclude<keyof SettingsFormValues, "version">;
export type SettingsFieldErrors = FieldErrors<SettingsField>;
export type SettingsFormCheck = { ok: true; draft: SettingsDraft } | { ok: false; fieldErrors: SettingsFieldErrors };

/** What people read for each column, in the audit summary. */
export const SETTINGS_LABELS: Record<keyof SettingsDraft, string> = {
  storeName: "Store name",
  tagline: "Tagline",
  supportEmail: "Contact e-mail",
  supportPhone: "Contact phone",
  whatsappNumber: "WhatsApp number",
  instagramUrl: "Instagram",
  facebookUrl: "Facebook",
  youtubeUrl: "YouTube",
  address: "Address",
  gstin: "GSTIN",
  shopState: "Shop's state",
  legalName: "Legal name",
  codEnabled: "Cash on delivery",
  codFeePaise: "COD fee",
  codMaxOrderPaise: "COD maximum",
  maxOrderPaise: "Maximum order",
  prepaidDiscountPercent: "Prepaid discount",
  paymentTimeoutMinutes: "Payment timeout",
  staffSessionHours: "Staff session length",
  dispatchDays: "Dispatch days",
  codConfirmAbovePaise: "COD confirmation above",
  codConfirmHours: "Unconfirmed COD orders flagged after",
  ...RETURN_SETTINGS_LABELS,
  ...REVIEW_SETTINGS_LABELS,
};

type StoredSettings = SettingsDraft & { version: number };

/** The stored row as the form shows it. */
export function settingsFormValuesOf(row: StoredSettings): SettingsFormValues {
  return {
    storeName: row.storeName,
    tagline: row.tagline,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
    whatsappNumber: row.whatsappNumber ? formatWhatsapp(row.whatsappNumber) : "",
    instagramUrl: row.instagramUrl,
    facebookUrl: row.facebookUrl,
    youtubeUrl: row.youtubeUrl,
    address: row.address,
    gstin: row.gstin,
    shopState: row.shopState,
    legalName: row.legalName,
    codEnabled: row.codEnabled,
    codFee: row.codFeePaise === 0 ? "0" : paiseToRupeesText(row.codFeePaise),
    codMaxOrder: paiseToRupeesText(row.codMaxOrderPaise),
    maxOrder: paiseToRupeesText(row.maxOrderPaise),
    prepaidDiscountPercent: String(row.prepaidDiscountPercent),
    paymentTimeoutMinutes: String(row.paymentTimeoutMinutes),
    staffSessionHours: String(row.staffSessionHours),
    dispatchDays: String(row.dispatchDays),
    codConfirmAbove: paiseToRupeesText(row.codConfirmAbovePaise),
    codConfirmHours: String(row.codConfirmHours),
    ...returnSettingsValuesOf(row),
    ...reviewSettingsValuesOf(row),
    version: row.version,
  };
}

/** The shape of what the editor sends (its rules are settingsFormSchema's). */
export const settingsValuesSchema = z.object({
  storeName: z.string().max(1000),
  tagline: z.string().max(1000),
  supportEmail: z.string().max(1000),
  supportPhone: z.string().max(1000),
  whatsappNumber: z.string().max(1000),
  instagramUrl: z.string().max(2000),
  facebookUrl: z.string().max(2000),
  youtubeUrl: z.string().max(2000),
  address: z.string().max(2000),
  gstin: z.string().max(1000),
  shopState: z.string().max(200),
  legalName: z.string().max(1000),
  codEnabled: z.boolean(),
  codFee: z.string().max(40),
  codMaxOrder: z.string().max(40),
  maxOrder: z.string().max(40),
  prepaidDiscountPercent: z.string().max(40),
  paymentTimeoutMinutes: z.string().max(40),
  staffSessionHours: z.string().max(40),
  dispatchDays: z.string().max(40),
  codConfirmAbove: z.string().max(40),
  codConfirmHours: z.string().max(40),
  ...returnSettingsValuesShape,
  ...reviewSettingsValuesShape,
  version: z.number().int().positive(),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Text as stored: trimmed, inner runs of spaces made one. */
const clean = (text: string) => text.trim().replace(/\s+/g, " ");

/** Cleaned text of at most `max` characters (`required`: the message when it is empty). */
function cleanText(max: number, required?: string) {
  const text = z.string().transform(clean);
  return required
    ? text.pipe(z.string().min(1, required).max(max, `At most ${max} characters`))
    : text.pipe(z.string().max(max, `At most ${max} characters`));
}

const rupees = (message: string) => parsedText(rupeesTextToPaise, message);

const GSTIN_MESSAGES = {
  format: "A GSTIN has 15 characters: 2 digits, 10 of the PAN, then 3 more, like 08ABCDE1234F1Z0",
  check: "This GSTIN's last character does not match the others: check it for a typo",
  state: (shopState: string) =>
    `A GSTIN registered in ${shopState} starts with ${GST_STATE_CODES[shopState]?.[0] ?? "its state code"}`,
} as const;

/** The shipping and delivery card's rules: dispatch days, the COD confirmation's threshold and wait. */
const deliveryRules = {
  dispatchDays: wholeNumber(0, 30, "Enter whole working days from 0 to 30"),
  codConfirmAbove: blankOr(
    null,
    rupees("Enter an amount in rupees, like 3000, or leave it empty to never ask").pipe(
      z
        .number()
        .max(SETTINGS_LIMITS.maxOrderPaise, `The amount can be at most ${formatPrice(SETTINGS_LIMITS.maxOrderPaise)}`),
    ),
  ),
  codConfirmHours: wholeNumber(1, 168, "Enter whole hours from 1 to 168 (7 days)"),
};

/**
 * The settings form's rules, for the browser and the server alike, with a message per field.
 * `storedGstin` is the GSTIN saved so far: once set it can be corrected but not removed (tax
 * invoices print it). `categories`: the category slugs that may be marked non-returnable.
 */
export function settingsFormSchema({
  storedGstin = "",
  categories,
}: { storedGstin?: string; categories?: readonly string[] } = {}) {
  return z
    .object({
      storeName: cleanText(SETTINGS_LIMITS.storeName, "Enter the store name"),
      tagline: cleanText(SETTINGS_LIMITS.tagline),
      supportEmail: z
        .string()
        .transform((text) => text.trim().toLowerCase())
        .refine(
          (email) => !email || (EMAIL.test(email) && email.length <= SETTINGS_LIMITS.email),
          "Enter an e-mail address like care@yourshop.in",
        ),
      supportPhone: z
        .string()
        .transform(clean)
        .refine(
          (phone) => !phone || /^\+?\d{10,13}$/.test(phone.replace(/[\s()-]/g, "")),
          "Enter a phone number like +91 98765 43210",
        ),
      whatsappNumber: blankOr(
        "",
        parsedText(
          whatsappDigits,
          "Enter an Indian mobile number like +91 98123 45678, or leave it empty to hide the button",
        ),
      ),
      instagramUrl: socialLink("instagramUrl", SETTINGS_LIMITS.url),
      facebookUrl: socialLink("facebookUrl", SETTINGS_LIMITS.url),
      youtubeUrl: socialLink("youtubeUrl", SETTINGS_LIMITS.url),
      address: z.string().trim().max(SETTINGS_LIMITS.address, `At most ${SETTINGS_LIMITS.address} characters`),
      shopState: z
        .string()
        .trim()
        .refine(
          (state) => !state || (INDIAN_STATES as readonly string[]).includes(state),
          "Choose the state from the list",
        ),
      gstin: z
        .string()
        .transform((text) => text.replace(/\s/g, "").toUpperCase())
        .refine((gstin) => gstin || !storedGstin, "The GSTIN cannot be removed once set; correct it instead"),
      legalName: cleanText(SETTINGS_LIMITS.legalName),
      codEnabled: z.boolean(),
      codFee: blankOr(
        0,
        rupees("Enter the fee in rupees, like 40, or 0 for none").pipe(
          z
            .number()
            .max(SETTINGS_LIMITS.codFeePaise, `The fee can be at most ${formatPrice(SETTINGS_LIMITS.codFeePaise)}`),
        ),
      ),
      codMaxOrder: blankOr(
        null,
        rupees("Enter an amount in rupees, like 5000, or leave it empty for no maximum").pipe(
          z
            .number()
            .positive("Enter an amount in rupees, like 5000, or leave it empty for no maximum")
            .max(SETTINGS_LIMITS.codMaxPaise, `The maximum can be at most ${formatPrice(SETTINGS_LIMITS.codMaxPaise)}`),
        ),
      ),
      maxOrder: rupees("Enter the largest order in rupees, like 500000").pipe(
        z
          .number()
          .min(100, "Enter the largest order in rupees, like 500000")
          .max(
            SETTINGS_LIMITS.maxOrderPaise,
            `The maximum order can be at most ${formatPrice(SETTINGS_LIMITS.maxOrderPaise)}`,
          ),
      ),
      prepaidDiscountPercent: wholeNumber(0, 50, "Enter a whole percent from 0 to 50"),
      paymentTimeoutMinutes: wholeNumber(5, 1440, "Enter whole minutes from 5 to 1440 (24 hours)"),
      staffSessionHours: wholeNumber(1, 168, "Enter whole hours from 1 to 168 (7 days)"),
      ...deliveryRules,
      ...returnSettingsRules({ categories }),
      ...reviewSettingsRules,
    })
    .superRefine((v, ctx) => {
      const creditDays = creditDaysProblem(v);
      if (creditDays) complain(ctx, "storeCreditValidityDays", creditDays);
      const requestDays = reviewRequestDaysProblem(v);
      if (requestDays) complain(ctx, "reviewRequestDays", requestDays);
      // a GSTIN belongs to the shop's state: its first two digits are the state's code
      if (!v.gstin || failed(ctx, "gstin") || failed(ctx, "shopState")) return;
      if (!v.shopState) return complain(ctx, "shopState", "Choose the shop's state: the GSTIN must belong to it");
      const wrong = gstinProblem(v.gstin, v.shopState);
      if (wrong) complain(ctx, "gstin", wrong === "state" ? GSTIN_MESSAGES.state(v.shopState) : GSTIN_MESSAGES[wrong]);
    }, ACROSS_FIELDS)
    .transform((v): SettingsDraft => ({
      storeName: v.storeName,
      tagline: v.tagline,
      supportEmail: v.supportEmail,
      supportPhone: v.supportPhone,
      whatsappNumber: v.whatsappNumber,
      instagramUrl: v.instagramUrl,
      facebookUrl: v.facebookUrl,
      youtubeUrl: v.youtubeUrl,
      address: v.address,
      gstin: v.gstin,
      shopState: v.shopState,
      legalName: v.legalName,
      codEnabled: v.codEnabled,
      codFeePaise: v.codFee,
      codMaxOrderPaise: v.codMaxOrder,
      maxOrderPaise: v.maxOrder,
      prepaidDiscountPercent: v.prepaidDiscountPercent,
      paymentTimeoutMinutes: v.paymentTimeoutMinutes,
      staffSessionHours: v.staffSessionHours,
      dispatchDays: v.dispatchDays,
      codConfirmAbovePaise: v.codConfirmAbove,
      codConfirmHours: v.codConfirmHours,
      ...returnSettingsDraftOf(v),
      ...reviewSettingsDraftOf(v),
    }));
}

/** The form's rules over the editor's values: the columns to write, or a message per field. */
export function checkSettingsForm(
  values: SettingsFormValues,
  context: { storedGstin?: string; categories?: readonly string[] } = {},
): SettingsFormCheck {
  const read = readForm<ReturnType<typeof settingsFormSchema>, SettingsField>(settingsFormSchema(context), values);
  return read.ok ? { ok: true, draft: read.data } : read;
}
