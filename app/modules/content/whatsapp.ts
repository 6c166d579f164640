/* The shop's WhatsApp number as the settings read, store and show it, and the demo shop's made-up one. */

/** '919812345678' as people read it: '+91 98123 45678'. */
export function formatWhatsapp(digits: string): string {
  const m = /^91(\d{5})(\d{5})$/.exec(digits);
  return m ? `+91 ${m[1]} ${m[2]}` : `+${digits}`;
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
