import * as z from "zod/mini";

/** The footer's newsletter box: one schema for the browser and the action. */
export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email address.",
  subscribed: "Thank you for subscribing! Look out for new collections and offers in your inbox.",
  already: "You're already subscribed. Thank you for staying with us!",
  failed: "We could not subscribe you just now. Please try again in a moment.",
} as const;

// zod/mini: the box sits in the footer of every page, so its schema ships in the root chunk (a few KB, not 25).
export const NewsletterInput = z.object({
  email: z.pipe(
    z.string({ error: NEWSLETTER_MESSAGES.invalid }).check(z.trim(), z.toLowerCase(), z.maxLength(254, NEWSLETTER_MESSAGES.invalid)),
    z.email({ error: NEWSLETTER_MESSAGES.invalid }),
  ),
});

export type NewsletterResult =
  | { ok: true; status: "subscribed" | "already"; message: string }
  | { ok: false; message: string; email: string };
