/*
 * The admin's coupon form (decision 025): its messages and one set of rules used
 * twice, by the editor in the browser (messages as staff type) and by the server action (the
 * authority). Safe for the browser; only the admin's chunks import it. The pricing rules a coupon
 * feeds stay in ../pricing/pricing.ts.
 */
import { z } from "zod";
import { rupeesTextToPaise } from "../catalog";
import { formatPrice } from "../pricing";

export const COUPON_ADMIN_MESSAGES = {
  created: "Coupon created",
  updated: "Coupon saved",
  deactivated: "Coupon deactivated: shoppers can no longer use it",
  reactivated: "Coupon reactivated",
  saveFailed: "The coupon could not be saved. Check the fields marked in red.",
  failed: "Something went wrong. Please try again.",
  codeTaken: "A coupon with this code already exists",
  notFound: "Coupon not found",
  conflict:
    "This coupon was changed by someone else while you were editing. Reload to see the latest version; your changes are still in the form.",
  signedOut: "You were signed out. Sign in again in a new tab, then save again; your changes are still in the form.",
} as const;

export const COUPON_TYPES = ["percentage", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_LIMITS = {
  /** ₹1,00,000 in paise: the most a fixed coupon or a minimum amount may be */
  amountPaise: 10_000_000,
  usageLimit: 1_000_000,
  description: 200,
} as const;

/** The shop's clock: India has one time zone and no daylight saving (UTC+05:30). */
export const SHOP_TIME_ZONE = "Asia/Kolkata";
const SHOP_OFFSET_MS = 330 * 60_000;

/** '2026-12-01T09:30' (a datetime-local value, read as shop time) to the instant; null when it is no date. */
export function shopDateTimeToDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // 31 April or 25:00 roll over into another day: not a date
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi
  )
    return null;
  if (y < 2000 || y > 2200) return null;
  return new Date(utc - SHOP_OFFSET_MS);
}

/** An instant as the datetime-local control shows it in shop time: '2026-12-01T09:30'. */
export function dateToShopDateTime(date: Date | string | null): string {
  if (date === null) return "";
  const instant = typeof date === "string" ? new Date(date) : date;
  return new Date(instant.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16);
}

const shopFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});

/** '1 Dec 2026, 9:30 am' in shop time (the same on the server's render and in the browser). */
export function formatShopTime(date: Date | string): string {
  return shopFormat.format(typeof date === "string" ? new Date(date) : date);
}

/** The form as the editor holds and sends it: text as typed, amounts in rupees, times in shop time. */
export interface CouponFormValues {
  code: string;
  type: string;
  /** percent for percentage coupons, rupees for fixed ones */
  value: string;
  minAmount: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  description: string;
  isActive: boolean;
}

/** What the server writes: checked, code upper-cased, money in paise. */
export interface CouponDraft {
  code: string;
  type: CouponType;
  value: number;
  minAmountPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  description: string;
  isActive: boolean;
}

export type CouponFieldErrors = Partial<Record<keyof CouponFormValues, string>>;

export type CouponFormCheck = { ok: true; draft: CouponDraft } | { ok: false; fieldErrors: CouponFieldErrors };

export function emptyCouponForm(): CouponFormValues {
  return {
    code: "",
    type: "percentage",
    value: "",
    minAmount: "",
    startsAt: "",
    endsAt: "",
    usageLimit: "",
    description: "",
    isActive: true,
  };
}

const valuesSchema = z.object({
  code: z.string().max(200),
  type: z.string().max(40),
  value: z.string().max(40),
  minAmount: z.string().max(40),
  startsAt: z.string().max(40),
  endsAt: z.string().max(40),
  usageLimit: z.string().max(40),
  description: z.string().max(2000),
  isActive: z.boolean(),
});

/** Reads the editor's JSON payload; null when it is not the form's shape (a tampered or broken request). */
export function parseCouponFormValues(json: string): CouponFormValues | null {
  try {
    const parsed = valuesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function normaliseAdminCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const WHOLE = /^\d{1,9}$/;

/**
 * The form's rules: a code of 3 to 32 letters and digits (upper-cased), a type, a whole percent from 1
 * to 100 or a rupee amount, a minimum in rupees (empty: none), a validity window whose end is after
 * its start (either side may be open), a usage limit not below the uses already made (empty: none).
 */
export function checkCouponForm(values: CouponFormValues, context: { usedCount?: number } = {}): CouponFormCheck {
  const errors: CouponFieldErrors = {};

  const code = normaliseAdminCouponCode(values.code);
  if (!code) errors.code = "Enter a code";
  else if (!/^[A-Z0-9]+$/.test(code)) errors.code = "Use letters and digits only, with no spaces or symbols";
  else if (code.length < 3 || code.length > 32) errors.code = "A code has 3 to 32 letters and digits";

  const type = (COUPON_TYPES as readonly string[]).includes(values.type) ? (values.type as CouponType) : null;
  if (!type) errors.type = "Choose percentage or fixed amount";

  let value = 0;
  const rawValue = values.value.trim();
  if (type === "percentage") {
    const percent = rawValue.replace(/%$/, "").trim();
    if (!percent) errors.value = "Enter the percent off";
    else if (!WHOLE.test(percent) || Number(percent) < 1 || Number(percent) > 100)
      errors.value = "Enter a whole percent from 1 to 100";
    else value = Number(percent);
  } else if (type === "fixed") {
    const paise = rawValue ? rupeesTextToPaise(rawValue) : null;
    if (!rawValue) errors.value = "Enter the amount off in rupees";
    else if (paise === null || paise <= 0) errors.value = "Enter an amount in rupees, like 50 or 99.50";
    else if (paise > COUPON_LIMITS.amountPaise)
      errors.value = `The amount can be at most ${formatPrice(COUPON_LIMITS.amountPaise)}`;
    else value = paise;
  }

  let minAmountPaise = 0;
  if (values.minAmount.trim()) {
    const paise = rupeesTextToPaise(values.minAmount);
    if (paise === null) errors.minAmount = "Enter an amount in rupees, like 500, or leave it empty for no minimum";
    else if (paise > COUPON_LIMITS.amountPaise)
      errors.minAmount = `The minimum can be at most ${formatPrice(COUPON_LIMITS.amountPaise)}`;
    else minAmountPaise = paise;
  }

  let startsAt: Date | null = null;
  if (values.startsAt.trim()) {
    startsAt = shopDateTimeToDate(values.startsAt);
    if (!startsAt) errors.startsAt = "Enter a date and time, or leave it empty to start at once";
  }
  let endsAt: Date | null = null;
  if (values.endsAt.trim()) {
    endsAt = shopDateTimeToDate(values.endsAt);
    if (!endsAt) errors.endsAt = "Enter a date and time, or leave it empty for no end";
    else if (startsAt && endsAt.getTime() <= startsAt.getTime()) errors.endsAt = "The end must be after the start";
  }

  let usageLimit: number | null = null;
  const used = context.usedCount ?? 0;
  if (values.usageLimit.trim()) {
    const limit = values.usageLimit.trim().replace(/[,\s]/g, "");
    if (!WHOLE.test(limit) || Number(limit) < 1 || Number(limit) > COUPON_LIMITS.usageLimit)
      errors.usageLimit = "Enter a whole number of uses, or leave it empty for no limit";
    else if (Number(limit) < used)
      errors.usageLimit = `Already used ${used} ${used === 1 ? "time" : "times"}: the limit cannot be lower`;
    else usageLimit = Number(limit);
  }

  const description = values.description.trim().replace(/\s+/g, " ");
  if (description.length > COUPON_LIMITS.description)
    errors.description = `At most ${COUPON_LIMITS.description} characters`;

  if (Object.keys(errors).length > 0 || !type) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    draft: { code, type, value, minAmountPaise, startsAt, endsAt, usageLimit, description, isActive: values.isActive },
  };
}

/** '10% off' or '₹50 off'. */
export function couponValueLabel(type: CouponType, value: number): string {
  return type === "percentage" ? `${value}% off` : `${formatPrice(value)} off`;
}

/** What a coupon is right now, for the list's badge. */
export type CouponState = "active" | "inactive" | "scheduled" | "expired" | "used-up";

export function couponState(
  c: {
    isActive: boolean;
    startsAt: Date | string | null;
    endsAt: Date | string | null;
    usageLimit: number | null;
    usedCount: number;
  },
  now: Date,
): CouponState {
  if (!c.isActive) return "inactive";
  if (c.endsAt && now.getTime() >= new Date(c.endsAt).getTime()) return "expired";
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return "used-up";
  if (c.startsAt && now.getTime() < new Date(c.startsAt).getTime()) return "scheduled";
  return "active";
}

export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  active: "Active",
  inactive: "Inactive",
  scheduled: "Scheduled",
  expired: "Expired",
  "used-up": "Used up",
};
