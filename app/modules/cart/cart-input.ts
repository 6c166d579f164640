import { z } from "zod";
import { LINE_DEFAULTS } from "./lines";

/*
 * What the cart and wishlist forms post (decisions 004, 006, 012); one set of schemas for the
 * browser and the actions.
 */

const variant = {
  productId: z.uuid(),
  size: z.string().trim().min(1).max(40).catch(LINE_DEFAULTS.size),
  colour: z.string().trim().min(1).max(60).catch(LINE_DEFAULTS.colour),
};

/** What a product page or card posts to add a line. */
export const addLineSchema = z.object({
  intent: z.literal("add"),
  ...variant,
  quantity: z.coerce.number().int().min(1).max(99).catch(1),
});

export const cartIntentSchema = z.discriminatedUnion("intent", [
  addLineSchema,
  // 0 or less removes the line
  z.object({ intent: z.literal("update"), ...variant, quantity: z.coerce.number().int().min(-99).max(999) }),
  z.object({ intent: z.literal("remove"), ...variant }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("apply-coupon"), code: z.string().max(64).catch("") }),
  z.object({ intent: z.literal("remove-coupon") }),
  z.object({ intent: z.literal("checkout") }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;

const guestLineSchema = z.object({
  productId: z.uuid(),
  size: z.string().trim().min(1).max(40),
  colour: z.string().trim().min(1).max(60),
  quantity: z.number().int().min(1).max(999),
});

export const MAX_GUEST_LINES = 100;
export const MAX_GUEST_IDS = 200;

/**
 * A guest's lines as sent for a quote or the merge on sign-in: the well-formed ones among the first
 * 100. The list is cut before any entry is checked, so a long one costs no more than 100 checks; one
 * damaged entry in the browser's storage must not cost the shopper the rest.
 */
export function parseGuestLines(value: unknown): Array<z.infer<typeof guestLineSchema>> {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_GUEST_LINES)
    .map((l) => guestLineSchema.safeParse(l))
    .flatMap((r) => (r.success ? [r.data] : []));
}

/** Product ids as sent from the browser: the well-formed ones among the first 200, without duplicates. */
export function parseProductIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.slice(0, MAX_GUEST_IDS).filter((id): id is string => z.uuid().safeParse(id).success);
  return [...new Set(ids)];
}

/**
 * Longest JSON text a guest field may hold: 100 lines or 200 ids take about 15 KB. Longer text is
 * refused before it is parsed.
 */
export const MAX_JSON_FIELD_LENGTH = 32 * 1024;

/** Parses a JSON text field of a form; undefined when it is missing, too long or not JSON. */
export function jsonField(value: FormDataEntryValue | null | undefined): unknown {
  if (typeof value !== "string" || value.length > MAX_JSON_FIELD_LENGTH) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Wishlist changes are absolute (add, remove), so a retried or repeated one does no harm. */
export const wishlistIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: z.uuid() }),
  z.object({ intent: z.literal("remove"), productId: z.uuid() }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("add-all") }),
]);

export type WishlistIntent = z.infer<typeof wishlistIntentSchema>;

export { STORE_FIELD, type Store } from "./form-fields";
