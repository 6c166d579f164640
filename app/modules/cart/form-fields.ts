import { LINE_DEFAULTS } from "./lines";
import { isUuid } from "../../lib/ids";

export { isUuid };

/*
 * The cart and wishlist forms' fields as the browser reads them back for its optimistic state
 * (components/shopper/pending.ts). Kept free of the validation library so the pages that only show
 * a cart count load none of it; the server validates every submission with cart-input.ts.
 */

/** Which store a form's change goes to: the browser's (guests) or the server's (signed in). */
export const STORE_FIELD = "store";
export type Store = "local" | "server";

function text(value: FormDataEntryValue | null, max: number, fallback: string): string {
  const s = typeof value === "string" ? value.trim() : "";
  return s.length >= 1 && s.length <= max ? s : fallback;
}

export interface PendingLine {
  productId: string;
  size: string;
  colour: string;
}

/** The line a pending cart form names, read as the server's schema reads it; null when malformed. */
export function pendingLineOf(form: FormData): PendingLine | null {
  const productId = form.get("productId");
  if (!isUuid(productId)) return null;
  return {
    productId,
    size: text(form.get("size"), 40, LINE_DEFAULTS.size),
    colour: text(form.get("colour"), 60, LINE_DEFAULTS.colour),
  };
}

/** A whole-number field within bounds, or null. */
export function integerField(form: FormData, name: string, min: number, max: number): number | null {
  const raw = form.get(name);
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}
