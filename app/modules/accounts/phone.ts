/* Phone numbers as the shop reads and shows them; free of the validation library (used by storefront pages). */

export const PHONE_MESSAGES = {
  phoneRequired: "Please enter your phone number",
  phoneInvalid: "Please enter a valid 10-digit phone number",
} as const;

/**
 * Spaces and hyphens stripped, +91 prefixed when missing, 13 characters in all; and a real
 * Indian mobile number (10 digits starting 6-9), as the database and the SMS gateway require.
 */
export function normalisePhone(raw: string): { ok: true; phone: string } | { ok: false; message: string } {
  const stripped = raw.replace(/[\s-]/g, "");
  if (stripped === "") return { ok: false, message: PHONE_MESSAGES.phoneRequired };
  const phone = stripped.startsWith("+91") ? stripped : `+91${stripped}`;
  if (phone.length !== 13 || !/^\+91[6-9]\d{9}$/.test(phone))
    return { ok: false, message: PHONE_MESSAGES.phoneInvalid };
  return { ok: true, phone };
}

/** +919812345678 -> "98123 45678" for display */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/^\+91/, "");
  return digits.length === 10 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}
