import { z } from "zod";

/** The footer's newsletter box: one schema for the browser and the action. */
export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email address.",
  subscribed: "Thank you for subscribing! Look out for new collections and offers in your inbox.",
  already: "You're already subscribed. Thank you for staying with us!",
  failed: "We could not subscribe you just now. Please try again in a moment.",
} as const;

export const NewsletterInput = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.invalid })
    .trim()
    .max(254, NEWSLETTER_MESSAGES.invalid)
    .pipe(z.email({ error: NEWSLETTER_MESSAGES.invalid }))
    .transform((email) => email.toLowerCase()),
});

export type NewsletterResult =
  | { ok: true; status: "subscribed" | "already"; message: string }
  | { ok: false; message: string; email: string };
