/*
 * The admin's settings form (decision 025): the `store_settings` row as staff
 * edit it, with one set of rules for the browser (messages as staff type) and the server action (the
 * authority). Money is typed in rupees and kept in paise. Safe for the browser; admin chunks only.
 */
import { z } from "zod";
import { INDIAN_STATES } from "../accounts";
import { paiseToRupeesText, rupeesTextToPaise } from "../catalog";
import { formatPrice } from "../pricing";
import { GST_STATE_CODES, gstinProblem } from "./gstin";

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
export interface SettingsFormValues extends TextSettings {
  codEnabled: boolean;
  codFee: string;
  codMaxOrder: string;
  maxOrder: string;
  prepaidDiscountPercent: string;
  paymentTimeoutMinutes: string;
  staffSessionHours: string;
  /** the row's updated_at the form started from (ISO) */
  updatedAt: string;
}

/** The columns a save writes. */
export interface SettingsDraft extends TextSettings {
  codEnabled: boolean;
  codFeePaise: number;
  codMaxOrderPaise: number | null;
  maxOrderPaise: number;
  prepaidDiscountPercent: number;
  paymentTimeoutMinutes: number;
  staffSessionHours: number;
}

export type SettingsField = Exclude<keyof SettingsFormValues, "updatedAt">;
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;
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
};

type StoredSettings = SettingsDraft & { updatedAt: Date | string };

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
    updatedAt: typeof row.updatedAt === "string" ? row.updatedAt : row.updatedAt.toISOString(),
  };
}

/** '919812345678' as people read it: '+91 98123 45678'. */
export function formatWhatsapp(digits: string): string {
  const m = /^91(\d{5})(\d{5})$/.exec(digits);
  return m ? `+91 ${m[1]} ${m[2]}` : `+${digits}`;
}

const valuesSchema = z.object({
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
  updatedAt: z.string().max(60),
});

/** Reads the form's JSON payload; null when it is not the form's shape. */
export function parseSettingsFormValues(json: string): SettingsFormValues | null {
  try {
    const parsed = valuesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const WHOLE = /^\d{1,9}$/;

const SOCIAL: Record<
  "instagramUrl" | "facebookUrl" | "youtubeUrl",
  { name: string; hosts: string[]; example: string }
> = {
  instagramUrl: { name: "Instagram", hosts: ["instagram.com"], example: "https://www.instagram.com/yourshop" },
  facebookUrl: { name: "Facebook", hosts: ["facebook.com", "fb.com"], example: "https://www.facebook.com/yourshop" },
  youtubeUrl: { name: "YouTube", hosts: ["youtube.com", "youtu.be"], example: "https://www.youtube.com/@yourshop" },
};

function socialProblem(field: keyof typeof SOCIAL, raw: string): string | null {
  const { name, hosts, example } = SOCIAL[field];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `Enter the full address of your ${name} page, like ${example}`;
  }
  if (url.protocol !== "https:") return `The address must start with https://`;
  const host = url.hostname.toLowerCase();
  if (!hosts.some((h) => host === h || host.endsWith(`.${h}`)))
    return `Enter an address on ${hosts[0]}, like ${example}`;
  if (url.username || url.password) return `Enter the address without a user name or password`;
  return null;
}

/**
 * The demo shop's WhatsApp number (its made-up contact phone): it shows the product page's WhatsApp
 * button working, and the settings mark it as one to replace. Live shops never start with it.
 */
export const DEMO_WHATSAPP_DIGITS = "919876543210";

/** True when the number (as stored or as typed) is the demo shop's made-up one. */
export function isDemoWhatsapp(raw: string): boolean {
  return raw.trim() !== "" && whatsappDigits(raw) === DEMO_WHATSAPP_DIGITS;
}

export const DEMO_WHATSAPP_NOTE =
  "A demo number: replace it with the shop's own WhatsApp number, or empty it to hide the button.";

/** A mobile number as typed ('+91 98123 45678', '98123 45678') to the stored digits '919812345678'; null when it is none. */
export function whatsappDigits(raw: string): string | null {
  const digits = raw.replace(/[\s()+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const local =
    digits.length === 12 && digits.startsWith("91")
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith("0")
        ? digits.slice(1)
        : digits;
  return /^[6-9]\d{9}$/.test(local) ? `91${local}` : null;
}

function wholeIn(raw: string, min: number, max: number): number | null {
  const text = raw.trim();
  if (!WHOLE.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/**
 * Every field's rule, with a message per field. `storedGstin` is the GSTIN saved so far: once set it
 * can be corrected but not removed (tax invoices print it).
 */
export function checkSettingsForm(
  values: SettingsFormValues,
  context: { storedGstin?: string } = {},
): SettingsFormCheck {
  const errors: SettingsFieldErrors = {};
  const clean = (s: string) => s.trim().replace(/\s+/g, " ");

  const storeName = clean(values.storeName);
  if (!storeName) errors.storeName = "Enter the store name";
  else if (storeName.length > SETTINGS_LIMITS.storeName)
    errors.storeName = `At most ${SETTINGS_LIMITS.storeName} characters`;

  const tagline = clean(values.tagline);
  if (tagline.length > SETTINGS_LIMITS.tagline) errors.tagline = `At most ${SETTINGS_LIMITS.tagline} characters`;

  const supportEmail = values.supportEmail.trim().toLowerCase();
  if (supportEmail && (!EMAIL.test(supportEmail) || supportEmail.length > SETTINGS_LIMITS.email))
    errors.supportEmail = "Enter an e-mail address like care@yourshop.in";

  const supportPhone = clean(values.supportPhone);
  if (supportPhone) {
    const digits = supportPhone.replace(/[\s()-]/g, "");
    if (!/^\+?\d{10,13}$/.test(digits)) errors.supportPhone = "Enter a phone number like +91 98765 43210";
  }

  let whatsappNumber = "";
  if (values.whatsappNumber.trim()) {
    const digits = whatsappDigits(values.whatsappNumber);
    if (!digits)
      errors.whatsappNumber =
        "Enter an Indian mobile number like +91 98123 45678, or leave it empty to hide the button";
    else whatsappNumber = digits;
  }

  const urls = { instagramUrl: "", facebookUrl: "", youtubeUrl: "" };
  for (const field of Object.keys(SOCIAL) as Array<keyof typeof SOCIAL>) {
    const raw = values[field].trim();
    if (!raw) continue;
    const problem =
      raw.length > SETTINGS_LIMITS.url ? `At most ${SETTINGS_LIMITS.url} characters` : socialProblem(field, raw);
    if (problem) errors[field] = problem;
    else urls[field] = raw;
  }

  const address = values.address.trim();
  if (address.length > SETTINGS_LIMITS.address) errors.address = `At most ${SETTINGS_LIMITS.address} characters`;

  const shopState = values.shopState.trim();
  if (shopState && !(INDIAN_STATES as readonly string[]).includes(shopState))
    errors.shopState = "Choose the state from the list";

  const gstin = values.gstin.replace(/\s/g, "").toUpperCase();
  if (!gstin) {
    if (context.storedGstin) errors.gstin = "The GSTIN cannot be removed once set; correct it instead";
  } else if (!shopState) {
    errors.shopState ??= "Choose the shop's state: the GSTIN must belong to it";
  } else if (!errors.shopState) {
    const problem = gstinProblem(gstin, shopState);
    if (problem === "format")
      errors.gstin = "A GSTIN has 15 characters: 2 digits, 10 of the PAN, then 3 more, like 08ABCDE1234F1Z0";
    else if (problem === "check")
      errors.gstin = "This GSTIN's last character does not match the others: check it for a typo";
    else if (problem === "state")
      errors.gstin = `A GSTIN registered in ${shopState} starts with ${GST_STATE_CODES[shopState]?.[0] ?? "its state code"}`;
  }

  const legalName = clean(values.legalName);
  if (legalName.length > SETTINGS_LIMITS.legalName)
    errors.legalName = `At most ${SETTINGS_LIMITS.legalName} characters`;

  let codFeePaise = 0;
  if (values.codFee.trim()) {
    const paise = rupeesTextToPaise(values.codFee);
    if (paise === null) errors.codFee = "Enter the fee in rupees, like 40, or 0 for none";
    else if (paise > SETTINGS_LIMITS.codFeePaise)
      errors.codFee = `The fee can be at most ${formatPrice(SETTINGS_LIMITS.codFeePaise)}`;
    else codFeePaise = paise;
  }

  let codMaxOrderPaise: number | null = null;
  if (values.codMaxOrder.trim()) {
    const paise = rupeesTextToPaise(values.codMaxOrder);
    if (paise === null || paise <= 0)
      errors.codMaxOrder = "Enter an amount in rupees, like 5000, or leave it empty for no maximum";
    else if (paise > SETTINGS_LIMITS.codMaxPaise)
      errors.codMaxOrder = `The maximum can be at most ${formatPrice(SETTINGS_LIMITS.codMaxPaise)}`;
    else codMaxOrderPaise = paise;
  }

  let maxOrderPaise = 0;
  const maxOrder = rupeesTextToPaise(values.maxOrder);
  if (maxOrder === null || maxOrder < 100) errors.maxOrder = "Enter the largest order in rupees, like 500000";
  else if (maxOrder > SETTINGS_LIMITS.maxOrderPaise)
    errors.maxOrder = `The maximum order can be at most ${formatPrice(SETTINGS_LIMITS.maxOrderPaise)}`;
  else maxOrderPaise = maxOrder;

  const prepaidDiscountPercent = wholeIn(values.prepaidDiscountPercent, 0, 50);
  if (prepaidDiscountPercent === null) errors.prepaidDiscountPercent = "Enter a whole percent from 0 to 50";
  const paymentTimeoutMinutes = wholeIn(values.paymentTimeoutMinutes, 5, 1440);
  if (paymentTimeoutMinutes === null) errors.paymentTimeoutMinutes = "Enter whole minutes from 5 to 1440 (24 hours)";
  const staffSessionHours = wholeIn(values.staffSessionHours, 1, 168);
  if (staffSessionHours === null) errors.staffSessionHours = "Enter whole hours from 1 to 168 (7 days)";

  if (
    Object.keys(errors).length > 0 ||
    prepaidDiscountPercent === null ||
    paymentTimeoutMinutes === null ||
    staffSessionHours === null
  )
    return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    draft: {
      storeName,
      tagline,
      supportEmail,
      supportPhone,
      whatsappNumber,
      ...urls,
      address,
      gstin,
      shopState,
      legalName,
      codEnabled: values.codEnabled,
      codFeePaise,
      codMaxOrderPaise,
      maxOrderPaise,
      prepaidDiscountPercent,
      paymentTimeoutMinutes,
      staffSessionHours,
    },
  };
}
