import { z } from "zod";
import { fieldErrors } from "../../lib/forms";
import { normalisePhone } from "../accounts";
import type { OrderStatus } from "./status-display";
import type { OrderTimelineView } from "./timeline";

/*
 * /track-order's form and its rules, shared by the page (instant messages) and the server (the
 * authority). Decision 019.
 */

export const TRACK_MESSAGES = {
  /** the one answer for a wrong pair, an unknown order and a malformed input alike */
  notFound: "Order not found",
  orderNumberRequired: "Please enter your order number",
  contactRequired: "Please enter the phone number or e-mail you ordered with",
  tooManyFromNetwork: (wait: string) => `Too many lookups from your network. ${wait}`,
  tooManyForOrder: (wait: string) => `Too many lookups for this order number. ${wait}`,
} as const;

/** Longest order number and contact taken (and handed back); longer input cannot match anything. */
export const ORDER_NUMBER_MAX = 64;
export const CONTACT_MAX = 254;

/** The form: both fields required; what they must look like is the server's business (the same 'Order not found' for anything that does not match). */
const trackOrderFormSchema = z.object({
  orderNumber: z.string().trim().min(1, TRACK_MESSAGES.orderNumberRequired),
  contact: z.string().trim().min(1, TRACK_MESSAGES.contactRequired),
});

export type TrackOrderFields = "orderNumber" | "contact";

/** The form's values as typed (cut to the inputs' maxLength), handed back with every answer so nothing is lost. */
export function trackOrderValues(form: { get(name: string): unknown }): Record<TrackOrderFields, string> {
  const text = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");
  return {
    orderNumber: text(form.get("orderNumber"), ORDER_NUMBER_MAX),
    contact: text(form.get("contact"), CONTACT_MAX),
  };
}

/** Messages per empty field, or null when both are filled. */
export function trackOrderFieldErrors(
  values: Record<TrackOrderFields, string>,
): Partial<Record<TrackOrderFields, string>> | null {
  const parsed = trackOrderFormSchema.safeParse(values);
  if (parsed.success) return null;
  return fieldErrors<TrackOrderFields>(parsed.error);
}

/**
 * An order number as typed ('ord-1767 2345', ' ORD-17672345 ') -> 'ORD-17672345', or null when it
 * cannot be one. Spaces are dropped and the prefix upper-cased; the suffix is kept as it is (and
 * also tried upper-cased by the lookup).
 */
export function normaliseOrderNumber(raw: string): string | null {
  const compact = raw.replace(/\s+/g, "");
  if (compact.length > ORDER_NUMBER_MAX || !/^ord-[a-z0-9][a-z0-9-]*$/i.test(compact)) return null;
  return `ORD-${compact.slice(4)}`;
}

export type Contact = { kind: "phone"; phone: string } | { kind: "email"; email: string };

const emailSchema = z.email().max(CONTACT_MAX);

/**
 * 'Phone or e-mail' as typed -> a +91 phone number or a lower-cased e-mail, or null. Phones follow
 * the sign-in form's rule (`normalisePhone`: spaces and hyphens, +91 optional), and also take the
 * forms people paste: brackets and dots, a leading 0 or a 91 without the plus.
 */
export function parseContact(raw: string): Contact | null {
  const value = raw.trim();
  if (value === "" || value.length > CONTACT_MAX) return null;
  if (value.includes("@")) {
    const email = value.toLowerCase();
    return emailSchema.safeParse(email).success ? { kind: "email", email } : null;
  }
  const phone = comparablePhone(value);
  return phone ? { kind: "phone", phone } : null;
}

/** A phone number in the form orders store it (+91 and ten digits), or null. */
export function comparablePhone(raw: string): string | null {
  let digits = raw.trim().replace(/[\s\-().]/g, "");
  if (/^0[6-9]\d{9}$/.test(digits)) digits = digits.slice(1);
  else if (/^91[6-9]\d{9}$/.test(digits)) digits = `+${digits}`;
  const result = normalisePhone(digits);
  return result.ok ? result.phone : null;
}

/** How the order is being paid, in words for the shopper. */
export function paymentSummary(method: "online" | "cod", status: OrderStatus): string {
  if (method === "cod") return "Cash on delivery";
  if (status === "pending_payment") return "Online payment, not yet paid";
  if (status === "cancelled") return "Online payment";
  return "Paid online";
}

export interface TrackedOrderLine {
  name: string;
  size: string;
  colour: string;
  quantity: number;
  /** the picture captured with the order line, if any */
  imageUrl: string | null;
}

/** What /track-order shows: nothing of the address, the name or the contact details. */
export interface TrackedOrder {
  orderNumber: string;
  placedAt: Date;
  status: OrderStatus;
  paymentMethod: "online" | "cod";
  totalPaise: number;
  /** pieces in all (sum of quantities) */
  itemCount: number;
  lines: TrackedOrderLine[];
  courier: string | null;
  trackingNumber: string | null;
  timeline: OrderTimelineView;
}

/** What the page's action answers; every kind hands back the values as typed. */
export type TrackOrderState =
  | { kind: "found"; values: Record<TrackOrderFields, string>; order: TrackedOrder }
  | { kind: "not-found"; values: Record<TrackOrderFields, string>; message: string }
  | {
      kind: "invalid";
      values: Record<TrackOrderFields, string>;
      fieldErrors: Partial<Record<TrackOrderFields, string>>;
    }
  | { kind: "limited"; values: Record<TrackOrderFields, string>; message: string; retryAfterSeconds: number };
