import { z } from "zod";
import { fieldErrors as fieldErrorsOf } from "../../lib/forms";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./status-display";

/*
 * The back office's order screens, the parts both sides use (decision 027): the list's filters
 * as they travel in the address, the status-change form's rules (the browser checks with them before
 * sending, the action checks again), and the messages staff read.
 */

/** The statuses staff may set ('Awaiting payment' is the checkout's alone). */
const STAFF_STATUSES = [
  "confirmed",
  "pending",
  "processing",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const satisfies readonly OrderStatus[];
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** Every status, for the list's filter ('Returned undelivered' is set by receiving the parcel back). */
export const ALL_STATUSES = [
  "pending_payment",
  ...STAFF_STATUSES,
  "returned",
] as const satisfies readonly OrderStatus[];

export const ORDER_ADMIN_MESSAGES = {
  notFound: "Order not found",
  conflict:
    "This order was changed by someone else while you were working on it. Reload to see the latest; what you typed is still in the form.",
  signedOut: "You were signed out. Sign in again in another tab, then send this again; what you typed is still here.",
  failed: "Something went wrong. Please try again.",
  statusRequired: "Please choose a status",
  courierRequired: "Please enter the courier",
  trackingRequired: "Please enter the tracking number",
  reasonRequired: "Please give a reason for the cancellation",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  sameStatus: (status: OrderStatus) => `This order is already ${ORDER_STATUS_LABELS[status].toLowerCase()}.`,
  awaitingPayment:
    "This order is waiting for its online payment: it confirms itself when the payment arrives. You can only cancel it.",
  reopenRefunded: "This order's payment was refunded, so it cannot be reopened.",
  reopenUnconfirmed:
    "This order was cancelled before it was confirmed, so it cannot be reopened. Confirm it with its payment instead, if one arrived.",
  reopenOutOfStock: (piece: string) => `Not enough stock to reopen this order: ${piece} is sold out.`,
  confirmOutOfStock: (piece: string) =>
    `Not enough stock to confirm this order: ${piece} is sold out. Refund the payment instead.`,
  flagGone: "This payment no longer needs attention. Reload to see the latest.",
  refundNotReturned: "Only an order that came back undelivered can be refunded here.",
  nothingToRefund: "This order has no payment left to refund.",
  returnedRefunded: "Refund asked. The shopper is told when the gateway has processed it.",
  alreadyConfirmed: "This order is already confirmed; this payment is a second one. Refund it instead.",
  wrongAmount: "This payment is not for the order's total, so it cannot confirm the order. Refund it instead.",
  credited:
    "This order's invoice was cancelled by a credit note, so the order cannot be confirmed again. Refund any payment instead; the shopper can order again.",
  refundMissing: "There is no refund to try again.",
  refundDone: "This refund has already been processed.",
  // toasts
  updated: "Order updated successfully!",
  shipped: "Order marked shipped. The shopper gets a text message and an e-mail with the tracking number.",
  cancelled: "Order cancelled. Its stock is back on sale.",
  confirmed: "Order confirmed. The shopper gets the confirmation.",
  refundProcessed: "Refund processed.",
  refundPending: "Refund requested; the gateway is processing it.",
  refundFailed: "The refund failed. It is recorded and can be tried again.",
} as const;

export const FIELD_LIMITS = { courier: 60, trackingNumber: 40, reason: 300, note: 300 } as const;

const text = (max: number) => z.string().trim().max(max, ORDER_ADMIN_MESSAGES.tooLong(max));

/** The status-change form as the browser sends it (every value a string). */
export interface StatusChangeValues {
  status: string;
  courier: string;
  trackingNumber: string;
  reason: string;
}

export type StatusChangeField = keyof StatusChangeValues;
export type StatusFieldErrors = Partial<Record<StatusChangeField, string>>;

export type StatusChange =
  | { status: "shipped"; courier: string; trackingNumber: string; note: string | null }
  | { status: "cancelled"; reason: string }
  | { status: Exclude<StaffStatus, "shipped" | "cancelled">; note: string | null };

const base = z.object({
  status: z.enum(STAFF_STATUSES, { error: ORDER_ADMIN_MESSAGES.statusRequired }),
  courier: text(FIELD_LIMITS.courier),
  trackingNumber: text(FIELD_LIMITS.trackingNumber),
  reason: text(FIELD_LIMITS.reason),
});

/** Checks the form: a message per field, or the change to make. */
export function checkStatusChange(
  values: StatusChangeValues,
): { ok: true; change: StatusChange } | { ok: false; fieldErrors: StatusFieldErrors } {
  const parsed = base.safeParse(values);
  const fieldErrors: StatusFieldErrors = parsed.success ? {} : fieldErrorsOf<StatusChangeField>(parsed.error);
  const v = parsed.success ? parsed.data : null;
  const status = v?.status ?? (STAFF_STATUSES as readonly string[]).find((s) => s === values.status);
  if (status === "shipped") {
    if (!values.courier.trim()) fieldErrors.courier ??= ORDER_ADMIN_MESSAGES.courierRequired;
    if (!values.trackingNumber.trim()) fieldErrors.trackingNumber ??= ORDER_ADMIN_MESSAGES.trackingRequired;
  }
  if (status === "cancelled" && !values.reason.trim()) fieldErrors.reason ??= ORDER_ADMIN_MESSAGES.reasonRequired;
  if (!v || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (v.status === "shipped")
    return {
      ok: true,
      change: { status: "shipped", courier: v.courier, trackingNumber: v.trackingNumber, note: v.reason || null },
    };
  if (v.status === "cancelled") return { ok: true, change: { status: "cancelled", reason: v.reason } };
  return { ok: true, change: { status: v.status, note: v.reason || null } };
}

/** The statuses offered to staff for an order in `current` (an unpaid online order can only be cancelled). */
export function statusChoices(current: OrderStatus): StaffStatus[] {
  if (current === "pending_payment") return ["cancelled"];
  // came back and received: its stock is back and its invoice credited; nothing more to change
  if (current === "returned") return [];
  return [...STAFF_STATUSES];
}

/* ---------- the list's filters ---------- */

export type PaymentMethodFilter = "" | "online" | "cod";

export interface OrderListParams {
  search: string;
  status: OrderStatus | "";
  payment: PaymentMethodFilter;
  /** YYYY-MM-DD, days in the shop's time zone (Asia/Kolkata), both ends included */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(raw: string | null): string {
  const value = (raw ?? "").trim();
  if (!DAY.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : "";
}

export function parseOrderListParams(params: URLSearchParams): OrderListParams {
  const status = params.get("status") ?? "";
  const payment = params.get("payment") ?? "";
  const page = Number(params.get("page"));
  let from = day(params.get("from"));
  let to = day(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    search: (params.get("search") ?? "").trim().slice(0, 80),
    status: (ALL_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : "",
    payment: payment === "online" || payment === "cod" ? payment : "",
    from,
    to,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The list's address for these filters ('' when none), without the page unless asked. */
export function orderListQuery(params: Partial<OrderListParams>, options: { page?: boolean } = {}): string {
  const q = new URLSearchParams();
  if (params.search) q.set("search", params.search);
  if (params.status) q.set("status", params.status);
  if (params.payment) q.set("payment", params.payment);
  if (params.from) q.set("from", params.from);
  if (params.to) q.set("to", params.to);
  if (options.page && params.page && params.page > 1) q.set("page", String(params.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const PAYMENT_METHOD_LABELS = { online: "Online", cod: "Cash on delivery" } as const;

export const REFUND_STATUS_LABELS = { pending: "Pending", processed: "Processed", failed: "Failed" } as const;

/* ---------- what the order actions answer (list and detail) ---------- */

export type OrderIntent = "status" | "confirm-payment" | "refund-payment" | "retry-refund" | "refund-returned";

export type OrderActionAnswer =
  | {
      ok: true;
      intent: OrderIntent;
      orderId: string;
      version: number;
      message: string;
      refund: { message: string; tone: "success" | "error" } | null;
    }
  | {
      ok: false;
      intent: OrderIntent | null;
      orderId: string | null;
      formError: string;
      fieldErrors: StatusFieldErrors;
      conflict?: boolean;
    };
