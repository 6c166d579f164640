import { formatPhone } from "../accounts";

/*
 * 'Notify me when it is back': the form, its limits and what the shopper reads (decision 015).
 * Shared by the product page and the route's action.
 */

/** At most this many open requests per phone: a stranger cannot sign a number up for a flood of texts. */
export const MAX_OPEN_REQUESTS_PER_PHONE = 20;
export const BACK_IN_STOCK_EXPIRY_DAYS = 90;

export type BackInStockOutcome = "created" | "already" | "limit" | "in-stock" | "unknown";

export const NOTIFY_INTENT = "notify-me";

export const NOTIFY_MESSAGES = {
  unknown: "This piece is no longer available.",
  inStock: (size: string) => `Good news: ${size} is in stock. Choose it above to add it to your bag.`,
  // Signed-in shoppers are told exactly what happened: the number is their own.
  created: (size: string, phone: string) => `Done: we'll text ${formatPhone(phone)} once when ${size} is back.`,
  already: (size: string) => `You're already on the list for ${size}: we'll text you once when it is back.`,
  limit: `You are already waiting for ${MAX_OPEN_REQUESTS_PER_PHONE} pieces, the most one number can. Ask again once one of them is back.`,
  // A typed number may be someone else's: every outcome reads the same, so the form never tells
  // whether that person already asked for this piece or for others.
  guest: (size: string, phone: string) =>
    `Thank you: we'll text ${formatPhone(phone)} once when ${size} is back. (One number can wait for up to ${MAX_OPEN_REQUESTS_PER_PHONE} pieces at a time.)`,
} as const;

/** The sentence for an outcome: exact for a signed-in shopper's own number, the same for every outcome of a typed one. */
export function notifyMessage(
  outcome: BackInStockOutcome,
  size: string,
  phone: string,
  own: boolean,
): { ok: boolean; text: string } {
  if (outcome === "unknown") return { ok: false, text: NOTIFY_MESSAGES.unknown };
  if (outcome === "in-stock") return { ok: false, text: NOTIFY_MESSAGES.inStock(size) };
  if (!own) return { ok: true, text: NOTIFY_MESSAGES.guest(size, phone) };
  if (outcome === "already") return { ok: true, text: NOTIFY_MESSAGES.already(size) };
  if (outcome === "limit") return { ok: false, text: NOTIFY_MESSAGES.limit };
  return { ok: true, text: NOTIFY_MESSAGES.created(size, phone) };
}
