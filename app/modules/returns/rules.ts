import { z } from "zod";

/*
 * What a shopper may ask to return or exchange, and how a request reads (decision 042). Pure and
 * browser-safe: the request page shows the same windows and choices the server enforces with it.
 */

export const RETURN_REASONS = [
  { value: "too_small", label: "Too small" },
  { value: "too_large", label: "Too large" },
  { value: "colour_not_as_shown", label: "Colour not as shown" },
  { value: "damaged", label: "Damaged" },
  { value: "not_as_pictured", label: "Different from the picture" },
  { value: "changed_mind", label: "Changed my mind" },
  { value: "other", label: "Other" },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]["value"];

/** Reasons that are the shop's fault: the only ones refunded to the payment when the store says so. */
export const FAULT_REASONS: readonly ReturnReason[] = ["damaged", "not_as_pictured"];

/** In the order the shopper is offered them: an exchange keeps the sale. */
export const RESOLUTIONS = [
  { value: "exchange", label: "Exchange", hint: "Another size or colour of the same piece" },
  { value: "store_credit", label: "Store credit", hint: "To spend on anything in the shop" },
  { value: "refund", label: "Refund", hint: "To your original payment" },
] as const;
export type ReturnResolution = (typeof RESOLUTIONS)[number]["value"];

export type ReturnStatus =
  "requested" | "approved" | "declined" | "pickup_scheduled" | "picked_up" | "received" | "resolved" | "cancelled";

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  declined: "Declined",
  pickup_scheduled: "Pickup scheduled",
  picked_up: "Picked up",
  received: "Received",
  resolved: "Resolved",
  cancelled: "Withdrawn",
};

/** A resolved return says what it became. */
export function returnStatusLabel(status: ReturnStatus, resolution: ReturnResolution): string {
  if (status !== "resolved") return RETURN_STATUS_LABELS[status];
  if (resolution === "exchange") return "Exchange sent";
  if (resolution === "store_credit") return "Store credit issued";
  return "Refunded";
}

/** A request is still open (its pieces are spoken for) unless declined or withdrawn. */
export const CLOSED_WITHOUT_RETURN: readonly ReturnStatus[] = ["declined", "cancelled"];

/** Until the courier has it, the shopper may withdraw and staff may decline. */
export const BEFORE_PICKUP: readonly ReturnStatus[] = ["requested", "approved", "pickup_scheduled"];

export interface ReturnPolicy {
  returnWindowDays: number;
  exchangeWindowDays: number;
  nonReturnableCategories: readonly string[];
  refundsOnlyForFaults: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReturnWindows {
  /** the last moment an exchange may be asked for */
  exchangeUntil: Date;
  /** the last moment store credit or a refund may be asked for */
  returnUntil: Date;
  exchangeOpen: boolean;
  returnOpen: boolean;
}

/** The windows run from delivery, in whole days (a 7-day window delivered on the 1st closes at the same time on the 8th). */
export function returnWindows(deliveredAt: Date, now: Date, policy: ReturnPolicy): ReturnWindows {
  const exchangeUntil = new Date(deliveredAt.getTime() + policy.exchangeWindowDays * DAY_MS);
  const returnUntil = new Date(deliveredAt.getTime() + policy.returnWindowDays * DAY_MS);
  return {
    exchangeUntil,
    returnUntil,
    exchangeOpen: now.getTime() <= exchangeUntil.getTime(),
    returnOpen: now.getTime() <= returnUntil.getTime(),
  };
}

/** The resolutions open for a reason, in the order offered. */
export function resolutionsFor(
  reason: ReturnReason | null,
  windows: ReturnWindows,
  policy: ReturnPolicy,
): ReturnResolution[] {
  const out: ReturnResolution[] = [];
  if (windows.exchangeOpen) out.push("exchange");
  if (windows.returnOpen) {
    out.push("store_credit");
    if (!policy.refundsOnlyForFaults || (reason !== null && FAULT_REASONS.includes(reason))) out.push("refund");
  }
  return out;
}

/** Why a resolution cannot be had, in the shopper's words. */
export function resolutionRefusal(resolution: ReturnResolution, windows: ReturnWindows, policy: ReturnPolicy): string {
  if (resolution === "exchange")
    return `Exchanges can be asked for within ${policy.exchangeWindowDays} days of delivery.`;
  if (!windows.returnOpen) return `Returns can be asked for within ${policy.returnWindowDays} days of delivery.`;
  return "A refund to your payment is for damaged pieces or pieces different from their picture. Choose an exchange or store credit instead.";
}

/* Where a cash-on-delivery refund goes. */

const UPI_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;

export const REFUND_DESTINATION_MESSAGES = {
  upi: "Enter a UPI ID such as name@okaxis.",
  accountName: "Enter the account holder's name.",
  accountNumber: "Enter the account number: 9 to 18 digits.",
  accountNumberAgain: "The two account numbers are not the same.",
  ifsc: "Enter the branch's IFSC: 11 characters such as HDFC0001234.",
  kind: "Choose where we should send your refund.",
} as const;

export const refundDestinationSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("upi"),
      upiId: z.string().trim().regex(UPI_ID, REFUND_DESTINATION_MESSAGES.upi),
    }),
    z.object({
      kind: z.literal("bank"),
      accountName: z.string().trim().min(2, REFUND_DESTINATION_MESSAGES.accountName).max(100),
      accountNumber: z
        .string()
        .transform((s) => s.replace(/\s+/g, ""))
        .pipe(z.string().regex(ACCOUNT_NUMBER, REFUND_DESTINATION_MESSAGES.accountNumber)),
      ifsc: z
        .string()
        .transform((s) => s.trim().toUpperCase())
        .pipe(z.string().regex(IFSC, REFUND_DESTINATION_MESSAGES.ifsc)),
    }),
  ],
  { error: REFUND_DESTINATION_MESSAGES.kind },
);
export type RefundDestinationInput = z.output<typeof refundDestinationSchema>;

/** How a destination is shown after it is saved: never in full again. */
export function maskRefundDestination(to: RefundDestinationInput): string {
  if (to.kind === "upi") {
    const [name = "", handle = ""] = to.upiId.split("@");
    return `UPI ${name.slice(0, 2)}…@${handle}`;
  }
  return `Bank account ending ${to.accountNumber.slice(-4)} (${to.ifsc.slice(0, 4)})`;
}

/* The request as the server reads it. */

export const RETURN_MESSAGES = {
  noPieces: "Choose at least one piece and how many to send back.",
  reason: "Choose a reason.",
  resolution: "Choose what you would like instead.",
  exchangeChoice: "Choose the size and colour you would like instead.",
  sameVariant: "Choose a different size or colour from the one you have.",
  soldOut: "That size and colour has just sold out. Please choose another, or store credit.",
  tooMany: "That is more than you can still return of this piece.",
  windowClosed: "The time to return or exchange this order has passed.",
  notReturnable: "This piece cannot be returned or exchanged.",
  notDelivered: "This order has not been delivered yet.",
  details: "Please keep it under 1,000 characters.",
  stale: "This return has changed since you opened it. Please look at it again.",
} as const;

export interface RequestedPiece {
  orderLineId: string;
  quantity: number;
  /** exchange only: the size and colour wanted instead */
  exchangeVariantId: string | null;
}

export interface ReturnRequestInput {
  reason: ReturnReason;
  resolution: ReturnResolution;
  details: string;
  pieces: RequestedPiece[];
  refundTo: RefundDestinationInput | null;
  photos: string[];
}

/**
 * The request form's fields: `reason`, `resolution`, `details`, and for each order line
 * `qty:<line id>` (0 leaves it out) and `exchange:<line id>` (the wanted variant's id); for a
 * cash-on-delivery refund `refundKind` with `upiId` or `accountName`, `accountNumber`,
 * `accountNumberAgain`, `ifsc`.
 */
export function readReturnRequest(
  fields: Record<string, unknown>,
  opts: { needsDestination: boolean },
): { ok: true; data: ReturnRequestInput } | { ok: false; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const reason = RETURN_REASONS.find((r) => r.value === text("reason"))?.value;
  if (!reason) errors.reason = RETURN_MESSAGES.reason;
  const resolution = RESOLUTIONS.find((r) => r.value === text("resolution"))?.value;
  if (!resolution) errors.resolution = RETURN_MESSAGES.resolution;
  const details = text("details").trim();
  if (details.length > 1000) errors.details = RETURN_MESSAGES.details;

  const pieces: RequestedPiece[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith("qty:") || typeof value !== "string") continue;
    const orderLineId = name.slice(4);
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 1000) {
      errors[name] = RETURN_MESSAGES.tooMany;
      continue;
    }
    if (quantity === 0) continue;
    const exchange = text(`exchange:${orderLineId}`).trim();
    if (resolution === "exchange" && !exchange) errors[`exchange:${orderLineId}`] = RETURN_MESSAGES.exchangeChoice;
    pieces.push({ orderLineId, quantity, exchangeVariantId: resolution === "exchange" && exchange ? exchange : null });
  }
  if (pieces.length === 0 && !Object.keys(errors).some((k) => k.startsWith("qty:")))
    errors.pieces = RETURN_MESSAGES.noPieces;

  let refundTo: RefundDestinationInput | null = null;
  if (opts.needsDestination && resolution === "refund") {
    const kind = text("refundKind");
    const parsed = refundDestinationSchema.safeParse(
      kind === "bank"
        ? { kind, accountName: text("accountName"), accountNumber: text("accountNumber"), ifsc: text("ifsc") }
        : { kind, upiId: text("upiId") },
    );
    if (parsed.success) {
      refundTo = parsed.data;
      if (parsed.data.kind === "bank" && text("accountNumberAgain").replace(/\s+/g, "") !== parsed.data.accountNumber)
        errors.accountNumberAgain = REFUND_DESTINATION_MESSAGES.accountNumberAgain;
    } else {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? String(issue.path[0]) : "refundKind";
        errors[field === "kind" ? "refundKind" : field] ??= issue.message;
      }
    }
  }
  const photos = Array.isArray(fields.photos) ? fields.photos.filter((p): p is string => typeof p === "string") : [];
  if (Object.keys(errors).length > 0 || !reason || !resolution) return { ok: false, fieldErrors: errors };
  return { ok: true, data: { reason, resolution, details, pieces, refundTo, photos } };
}
