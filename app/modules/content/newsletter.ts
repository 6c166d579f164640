/** The footer's newsletter box: one check for the browser and the action. */
export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email address.",
  subscribed: "Thank you for subscribing! Look out for new collections and offers in your inbox.",
  already: "You're already subscribed. Thank you for staying with us!",
  failed: "We could not subscribe you just now. Please try again in a moment.",
} as const;

/** The longest address a mailbox can have (RFC 5321). */
const MAX_EMAIL = 254;
/*
 * A local part of letters, digits and . _ ' + - (not starting with a dot, no two dots in a row, not
 * ending in one), then a domain of labels with a top-level part of two letters or more. Written by
 * hand rather than with a schema library: the box sits in the footer of every page, so this check
 * ships in the root chunk, and zod's core is 16 KB of gzipped JavaScript (decision 031).
 */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The address trimmed and lower-cased, or null when it is not one (the box and the action both ask). */
export function parseNewsletterEmail(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const email = raw.trim().toLowerCase();
  return email.length <= MAX_EMAIL && EMAIL.test(email) ? email : null;
}

export type NewsletterResult =
  { ok: true; status: "subscribed" | "already"; message: string } | { ok: false; message: string; email: string };
