/*
 * The admin's coupon form (decision 025): its messages and one set of rules used
 * twice, by the editor in the browser (messages as staff type) and by the server action (the
 * authority). Safe for the browser; only the admin's chunks import it. The pricing rules a coupon
 * feeds stay in ../pricing/pricing.ts.
 */
import { z } from "zod";
import {
  ACROSS_FIELDS,
  blankOr,
  complain,
  failed,
  parsedText,
  readForm,
  wholeNumber,
  type FieldErrors,
} from "../../lib/forms";
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
  /** the coupon's version the form started from; null for a new coupon */
  version: number | null;
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

export type CouponFieldErrors = FieldErrors<Exclude<keyof CouponFormValues, "version">>;

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
    version: null,
  };
}

/** The shape of what the editor sends (its rules are couponFormSchema's). */
export const couponValuesSchema = z.object({
  code: z.string().max(200),
  type: z.string().max(40),
  value: z.string().max(40),
  minAmount: z.string().max(40),
  startsAt: z.string().max(40),
  endsAt: z.string().max(40),
  usageLimit: z.string().max(40),
  description: z.string().max(2000),
  isActive: z.boolean(),
  version: z.number().int().positive().nullable(),
});

export function normaliseAdminCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const isCouponType = (type: string): type is CouponType => (COUPON_TYPES as readonly string[]).includes(type);

/** A percentage coupon's value: a whole percent from 1 to 100 ('15' or '15%'). */
const percentOff = z
  .string()
  .transform((text) => text.trim().replace(/%$/, "").trim())
  .pipe(
    z
      .string()
      .min(1, "Enter the percent off")
      .pipe(wholeNumber(1, 100, "Enter a whole percent from 1 to 100")),
  );

/** A fixed coupon's value: rupees, more than nothing, at most the limit. */
const amountOff = z
  .string()
  .trim()
  .min(1, "Enter the amount off in rupees")
  .pipe(parsedText(rupeesTextToPaise, "Enter an amount in rupees, like 50 or 99.50"))
  .pipe(
    z
      .number()
      .positive("Enter an amount in rupees, like 50 or 99.50")
      .max(COUPON_LIMITS.amountPaise, `The amount can be at most ${formatPrice(COUPON_LIMITS.amountPaise)}`),
  );

const shopTime = (message: string) => blankOr(null, parsedText(shopDateTimeToDate, message));

const usesMade = (used: number) => `Already used ${used} ${used === 1 ? "time" : "times"}: the limit cannot be lower`;

/**
 * The coupon form's rules, for the browser and the server alike: a code of 3 to 32 letters and
 * digits (upper-cased), a type, a whole percent from 1 to 100 or a rupee amount, a minimum in rupees
 * (empty: none), a validity window whose end is after its start (either side may be open), a usage
 * limit (empty: none) not below `usedCount`, the uses already made (the editor shows them too).
 */
export function couponFormSchema({ usedCount = 0 }: { usedCount?: number } = {}) {
  return z
    .object({
      code: z
        .string()
        .transform(normaliseAdminCouponCode)
        .pipe(
          z
            .string()
            .min(1, "Enter a code")
            .regex(/^[A-Z0-9]+$/, "Use letters and digits only, with no spaces or symbols")
            .min(3, "A code has 3 to 32 letters and digits")
            .max(32, "A code has 3 to 32 letters and digits"),
        ),
      type: z.string().refine(isCouponType, "Choose percentage or fixed amount"),
      value: z.string(),
      minAmount: blankOr(
        0,
        parsedText(rupeesTextToPaise, "Enter an amount in rupees, like 500, or leave it empty for no minimum").pipe(
          z
            .number()
            .max(COUPON_LIMITS.amountPaise, `The minimum can be at most ${formatPrice(COUPON_LIMITS.amountPaise)}`),
        ),
      ),
      startsAt: shopTime("Enter a date and time, or leave it empty to start at once"),
      endsAt: shopTime("Enter a date and time, or leave it empty for no end"),
      usageLimit: blankOr(
        null,
        wholeNumber(
          1,
          COUPON_LIMITS.usageLimit,
          "Enter a whole number of uses, or leave it empty for no limit",
          (text) => text.trim().replace(/[,\s]/g, ""),
        ).refine((limit) => limit >= usedCount, usesMade(usedCount)),
      ),
      description: z
        .string()
        .transform((text) => text.trim().replace(/\s+/g, " "))
        .pipe(z.string().max(COUPON_LIMITS.description, `At most ${COUPON_LIMITS.description} characters`)),
      isActive: z.boolean(),
    })
    .superRefine((v, ctx) => {
      // the value is read by the type's rule; the end must come after the start
      if (!failed(ctx, "type")) {
        const read = (v.type === "percentage" ? percentOff : amountOff).safeParse(v.value);
        if (!read.success) complain(ctx, "value", read.error.issues[0]!.message);
      }
      if (!failed(ctx, "startsAt") && !failed(ctx, "endsAt") && v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
        complain(ctx, "endsAt", "The end must be after the start");
    }, ACROSS_FIELDS)
    .transform((v): CouponDraft => ({
      code: v.code,
      type: v.type as CouponType,
      value: (v.type === "percentage" ? percentOff : amountOff).parse(v.value),
      minAmountPaise: v.minAmount,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      usageLimit: v.usageLimit,
      description: v.description,
      isActive: v.isActive,
    }));
}

/** The form's rules over the editor's values: the draft, or a message per field. */
export function checkCouponForm(values: CouponFormValues, context: { usedCount?: number } = {}): CouponFormCheck {
  const read = readForm<ReturnType<typeof couponFormSchema>, keyof CouponFieldErrors>(
    couponFormSchema(context),
    values,
  );
  return read.ok ? { ok: true, draft: read.data } : read;
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
