import { z } from "zod";
import { fieldErrors } from "../../lib/forms";
import { INDIAN_STATES, normalisePhone } from "../accounts";

/*
 * The checkout's billing form: one schema for the browser's instant messages
 * and the server action. 'Please fill all required fields' sums up; each field has its own message.
 */

export const CHECKOUT_MESSAGES = {
  required: "Please fill all required fields",
  correct: "Please correct the highlighted fields",
  loginConfirm: "Please login to continue with checkout. Would you like to go to the login page?",
  empty: "Your cart is empty!",
  failed: "Something went wrong. Please try again.",
  placed: "Order Placed Successfully!",
  codOff: "Cash on delivery is not available at the moment. Please pay online.",
  onlineOff: "Online payment is not available at the moment. Please choose cash on delivery.",
  totalChanged: "Prices or offers in your bag have changed. Please check the new total and place your order again.",
} as const;

/** When the store credit the page offered is no longer there (spent elsewhere, or expired) as it showed. */
export function creditChangedMessage(availableLabel: string): string {
  return `Your store credit has changed: ${availableLabel} is available now. Please check the amount to pay and place your order again.`;
}

/** The shipping policy's promise, on the success page and in the confirmation. */
export const EXPECTED_DISPATCH = "Ships within 6 working days";

export function codLimitMessage(maxLabel: string): string {
  return `Cash on delivery is available for orders up to ${maxLabel}. Please pay online.`;
}

export const FIELD_MESSAGES = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  email: "Please enter a valid e-mail address",
  phone: "Please enter a valid 10-digit phone number",
  address: "Please enter your address",
  city: "Please enter your city",
  state: "Please choose a state",
  pincode: "Please enter a valid 6-digit pincode",
} as const;

export const BILLING_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "pincode",
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export const NOTE_MAX_LENGTH = 500;

const text = (field: BillingField, max: number) =>
  z.string().trim().min(1, FIELD_MESSAGES[field]).max(max, `Please use at most ${max} characters`);

export const billingSchema = z.object({
  firstName: text("firstName", 80),
  lastName: text("lastName", 80),
  email: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.email)
    .max(254, FIELD_MESSAGES.email)
    .pipe(z.email(FIELD_MESSAGES.email))
    .transform((e) => e.toLowerCase()),
  phone: z.string().transform((raw, ctx) => {
    const result = normalisePhone(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: raw.trim() === "" ? FIELD_MESSAGES.phone : result.message });
      return z.NEVER;
    }
    return result.phone;
  }),
  address: text("address", 300),
  city: text("city", 80),
  state: z.string().refine((s) => (INDIAN_STATES as readonly string[]).includes(s), FIELD_MESSAGES.state),
  pincode: z
    .string()
    .transform((p) => p.replace(/\s/g, ""))
    .pipe(z.string().regex(/^[1-9]\d{5}$/, FIELD_MESSAGES.pincode)),
});
export type BillingInput = z.infer<typeof billingSchema>;

export const checkoutFormSchema = billingSchema.extend({
  noteToSeller: z
    .string()
    .trim()
    .max(NOTE_MAX_LENGTH, `Please keep the note under ${NOTE_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
  paymentMethod: z.enum(["online", "cod"], { error: "Please choose how you would like to pay" }),
  saveAddress: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  checkoutKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, CHECKOUT_MESSAGES.failed),
  /** the total the shopper saw, so a changed price is shown before it is charged */
  expectedTotalPaise: z.coerce.number().int().min(0).optional(),
  /** 'Use store credit': the server decides how much (all of it, up to the total) */
  useStoreCredit: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  /** the store credit the page showed coming off, compared like the total, never used */
  expectedCreditPaise: z.coerce.number().int().min(0).optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** What the form shows again after an error: exactly what was typed. */
export type CheckoutValues = Partial<
  Record<BillingField | "noteToSeller" | "paymentMethod" | "saveAddress" | "useStoreCredit", string>
>;

export function checkoutValues(raw: Record<string, unknown>): CheckoutValues {
  const out: CheckoutValues = {};
  for (const key of [...BILLING_FIELDS, "noteToSeller", "paymentMethod", "saveAddress", "useStoreCredit"] as const) {
    const value = raw[key];
    if (typeof value === "string") out[key] = value.slice(0, 1000);
  }
  return out;
}

/**
 * The message above the form, once (each field says what is wrong with it): 'Please fill all required
 * fields' while a required field is empty, else a pointer to the highlighted fields; a problem no
 * field shows (the payment method, the form's key) is said as it is. Null without any message.
 */
export function checkoutSummary(fields: Record<string, string>, values: Record<string, unknown>): string | null {
  const billing = BILLING_FIELDS.filter((f) => fields[f] !== undefined);
  const empty = (f: string) => typeof values[f] !== "string" || (values[f] as string).trim() === "";
  if (billing.some(empty)) return CHECKOUT_MESSAGES.required;
  if (billing.length > 0) return CHECKOUT_MESSAGES.correct;
  return Object.values(fields)[0] ?? null;
}

/** The field messages of a failed parse (the first for each field) and the message above the form. */
export function checkoutErrors(
  error: z.ZodError,
  values: Record<string, unknown>,
): { summary: string; fields: Record<string, string> } {
  const fields = fieldErrors(error);
  return { summary: checkoutSummary(fields, values) ?? CHECKOUT_MESSAGES.failed, fields };
}
