import { z } from "zod";
import type { FieldErrors } from "../../lib/forms";
import { normalisePhone, PHONE_MESSAGES } from "./phone";

/*
 * The account forms' rules, shared by the browser (instant messages) and the server actions
 * (the authority).
 */

export const MESSAGES = {
  ...PHONE_MESSAGES,
  otpRequired: "Please enter the OTP",
  otpInvalidFormat: "Please enter the 6-digit OTP",
  otpSent: "OTP sent successfully! Check your phone for the SMS.",
  otpWrong: "Invalid OTP. Please try again.",
  /** login mode, a number with no account ('Account not found'): the code is verified, so registration follows at once */
  accountNotFoundRegister: "Account not found for this number. It is verified: fill in your details to register.",
  completeRegistration: "Please complete your registration",
  requiredFields: "Please fill in all required fields",
  correctFields: "Please correct the highlighted fields",
  emailInvalid: "Please enter a valid e-mail address",
  registrationFailed: "Failed to complete registration. Please try again.",
  profileUpdated: "Profile updated successfully!",
  profileUpdateFailed: "Failed to update profile. Please try again.",
  logoutFailed: "Failed to logout",
  pincodeInvalid: "Please enter a valid 6-digit pincode",
  stateInvalid: "Please choose a state",
} as const;

/** What each empty required field says under itself; the form says 'Please fill in all required fields' once, above. */
export const REQUIRED_MESSAGES = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  email: "Please enter your e-mail address",
  fullName: "Please enter the name to deliver to",
  line1: "Please enter the address",
  city: "Please enter the city",
  pincode: "Please enter the pincode",
} as const;

export const welcomeBack = (name: string) => `Welcome back, ${name}!`;

export const OTP_LENGTH = 6;
export const RESEND_AFTER_SECONDS = 30;
/** how long 'Profile updated successfully!' stays on screen */
export const SUCCESS_MESSAGE_MS = 3000;

export { formatPhone, normalisePhone } from "./phone";

const phoneField = z.string().transform((raw, ctx) => {
  const result = normalisePhone(raw);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  }
  return result.phone;
});

export const authModeSchema = z.enum(["login", "register"]).catch("login");
export type AuthMode = z.infer<typeof authModeSchema>;

export const sendCodeSchema = z.object({ phone: phoneField, mode: authModeSchema });

export const verifyCodeSchema = z.object({
  phone: phoneField,
  mode: authModeSchema,
  code: z
    .string()
    .transform((c) => c.replace(/\s/g, ""))
    .pipe(
      z
        .string()
        .min(1, MESSAGES.otpRequired)
        .regex(/^\d{6}$/, MESSAGES.otpInvalidFormat),
    ),
});

const required = (field: keyof typeof REQUIRED_MESSAGES) =>
  z.string().trim().min(1, REQUIRED_MESSAGES[field]).max(80, "Please use at most 80 characters");

export const profileSchema = z.object({
  firstName: required("firstName"),
  lastName: required("lastName"),
  email: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGES.email)
    .pipe(z.email(MESSAGES.emailInvalid))
    .transform((e) => e.toLowerCase()),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const INDIAN_STATES = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

export const addressSchema = z.object({
  fullName: required("fullName"),
  phone: phoneField,
  line1: z.string().trim().min(1, REQUIRED_MESSAGES.line1).max(200, "Please use at most 200 characters"),
  line2: z
    .string()
    .trim()
    .max(200, "Please use at most 200 characters")
    .optional()
    .transform((v) => (v ? v : null)),
  city: required("city"),
  state: z.string().refine((s) => (INDIAN_STATES as readonly string[]).includes(s), MESSAGES.stateInvalid),
  pincode: z
    .string()
    .transform((p) => p.replace(/\s/g, ""))
    .pipe(
      z
        .string()
        .min(1, REQUIRED_MESSAGES.pincode)
        .regex(/^[1-9]\d{5}$/, MESSAGES.pincodeInvalid),
    ),
  makePrimary: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * The message above a form with errors, said once (each field says what is wrong with it): 'Please
 * fill in all required fields' while one is empty, else a pointer to the highlighted fields.
 */
export function formSummary(errors: FieldErrors, values: Record<string, unknown>): string {
  const empty = Object.keys(errors).some(
    (field) => typeof values[field] !== "string" || (values[field] as string).trim() === "",
  );
  return empty ? MESSAGES.requiredFields : MESSAGES.correctFields;
}

/** Paths that are not pages of the shop and never a place to land after signing in. */
const NOT_A_PAGE = /^\/(api|dev|assets|media)(\/|$)/;

/**
 * Where to go after signing in: 'cart' (sent by the cart and checkout pages) brings the shopper
 * back to the checkout, where their bag now waits; otherwise only
 * a path of this shop is accepted, never another site or the account screen itself. The check is
 * made on the parsed result, not on the input: '/.//evil.com', '/a/..//evil.com' and
 * '/%2e//evil.com' all parse to '//evil.com', which a browser reads as another site.
 */
export function safeRedirect(to: string | null | undefined): string | null {
  if (!to) return null;
  if (to === "cart") return "/checkout";
  if (!to.startsWith("/") || [...to].some((c) => c === "\\" || c <= "\u001f" || c === "\u007f")) return null;
  try {
    const url = new URL(to, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return null;
    const path = url.pathname;
    if (!/^\/(?:[^/\\]|$)/.test(path) || path.includes("//")) return null;
    if (NOT_A_PAGE.test(path) || path === "/authentication" || path === "/login") return null;
    const target = `${path}${url.search}${url.hash}`;
    // What the browser will make of the answer must still be this shop.
    return new URL(target, "http://shop.invalid").origin === "http://shop.invalid" ? target : null;
  } catch {
    return null;
  }
}
