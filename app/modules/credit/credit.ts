import { formatPaise, rupeesToPaise } from "../pricing";

/*
 * What a browser may know of store credit (decision 042): the kinds of ledger entries and their
 * words, how an entry reads, and the staff's adjustment form. No database here.
 */

export type StoreCreditKind = "issued" | "spent" | "restored" | "expired" | "adjusted";

/** One line of a customer's ledger, as loaders hand it to pages. */
export interface StoreCreditEntry {
  id: string;
  userId: string;
  kind: StoreCreditKind;
  /** positive adds to the balance, negative takes from it */
  amountPaise: number;
  balanceAfterPaise: number;
  reason: string;
  returnId: string | null;
  orderId: string | null;
  expiresAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

/** An entry as a page shows it (to the shopper and to staff). */
export interface StoreCreditEntryView {
  id: string;
  kind: StoreCreditKind;
  amountPaise: number;
  balanceAfterPaise: number;
  reason: string;
  /** when credit this entry added stops being spendable; null for entries that take credit away, or no end */
  expiresAt: Date | null;
  createdAt: Date;
}

/** A customer's store credit as a page shows it: what she can spend now and her ledger, newest first. */
export interface StoreCreditSummary {
  balancePaise: number;
  entries: StoreCreditEntryView[];
  /** more entries than shown */
  more: boolean;
}

/** The words for each kind of entry, as the shopper and staff read them. */
export const STORE_CREDIT_KIND_LABELS: Readonly<Record<StoreCreditKind, string>> = {
  issued: "Credit added",
  spent: "Used on an order",
  restored: "Given back",
  expired: "Expired",
  adjusted: "Adjusted by the shop",
};

/** +₹1,250.00 or −₹300.00: the sign always shown, so a column of entries reads as a ledger. */
export function formatCreditAmount(amountPaise: number): string {
  const written = formatPaise(Math.abs(amountPaise));
  return amountPaise < 0 ? `\u2212${written}` : `+${written}`;
}

export const STORE_CREDIT_MESSAGES = {
  amountRequired: "Enter an amount in rupees, such as 500 or -250.",
  amountInvalid: "Enter an amount in rupees with at most two decimals, such as 500 or -250.50.",
  amountZero: "Enter an amount other than zero.",
  amountTooLarge: "Adjust by at most ₹1,00,000 at a time.",
  reasonRequired: "Say why (the shopper reads this beside the entry).",
  reasonTooLong: "Keep the reason under 200 characters.",
  belowZero: (balancePaise: number) =>
    `That would take the balance below zero: the shopper has ${formatPaise(balancePaise)} of store credit.`,
  adjusted: "Store credit adjusted.",
} as const;

/** The largest single adjustment staff may make, either way (a typo's extra zeros stop here). */
export const MAX_ADJUSTMENT_PAISE = 10_000_000;
export const MAX_REASON_LENGTH = 200;

export type AdjustFormField = "amount" | "reason";

export type AdjustFormResult =
  | { ok: true; amountPaise: number; reason: string }
  | { ok: false; errors: Partial<Record<AdjustFormField, string>>; values: { amount: string; reason: string } };

/**
 * Reads the staff's 'Adjust store credit' form: an amount in rupees, positive to add or negative
 * to take away (₹ and commas allowed, at most two decimals, not zero), and a reason. What was typed
 * comes back with the errors so the form can show it again.
 */
export function parseAdjustForm(form: { amount?: unknown; reason?: unknown }): AdjustFormResult {
  const amount = typeof form.amount === "string" ? form.amount.trim() : "";
  const reason = typeof form.reason === "string" ? form.reason.trim() : "";
  const errors: Partial<Record<AdjustFormField, string>> = {};
  let amountPaise = 0;
  const cleaned = amount.replace(/[₹,\s]/g, "").replace(/^\u2212/, "-");
  if (!amount) errors.amount = STORE_CREDIT_MESSAGES.amountRequired;
  else if (!/^[+-]?\d+(\.\d{1,2})?$/.test(cleaned)) errors.amount = STORE_CREDIT_MESSAGES.amountInvalid;
  else {
    amountPaise = rupeesToPaise(Number(cleaned));
    if (amountPaise === 0) errors.amount = STORE_CREDIT_MESSAGES.amountZero;
    else if (Math.abs(amountPaise) > MAX_ADJUSTMENT_PAISE) errors.amount = STORE_CREDIT_MESSAGES.amountTooLarge;
  }
  if (!reason) errors.reason = STORE_CREDIT_MESSAGES.reasonRequired;
  else if (reason.length > MAX_REASON_LENGTH) errors.reason = STORE_CREDIT_MESSAGES.reasonTooLong;
  if (errors.amount || errors.reason) return { ok: false, errors, values: { amount, reason } };
  return { ok: true, amountPaise, reason };
}
