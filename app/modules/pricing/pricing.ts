import { formatPrice, type Paise } from "./money";

/*
 * The cart's arithmetic, in integer paise. Pure: the browser uses it to show
 * totals at once, the server uses the same functions as the authority. Nothing here reads a clock
 * unless given one, or a database.
 */

/** Shipping is free when the subtotal exceeds ₹499 ... */
const FREE_SHIPPING_ABOVE_PAISE: Paise = 49_900;
/** ... otherwise ₹40. */
const SHIPPING_FEE_PAISE: Paise = 4_000;
/** The hint counts up to ₹500: 'Add ₹{500 - subtotal} more for free shipping!' */
const FREE_SHIPPING_HINT_TARGET_PAISE: Paise = 50_000;
/** A percentage coupon never takes more than half the subtotal. */
const PERCENTAGE_CAP_SHARE = 0.5;

export const COUPON_MESSAGES = {
  empty: "Please enter a coupon code",
  invalid: "Invalid coupon code",
  inactive: "This coupon is no longer available",
  notStarted: "This coupon is not valid yet",
  expired: "This coupon has expired",
  usedUp: "This coupon has reached its usage limit",
} as const;

function minimumMessage(minAmountPaise: Paise): string {
  return `Minimum order amount ${formatPrice(minAmountPaise)} required for this coupon`;
}

function couponAppliedMessage(discountPaise: Paise): string {
  return `Coupon applied! You saved ${formatPrice(discountPaise)}`;
}

/** What the shopper sees when a coupon stops qualifying after the cart changed. */
export function couponRemovedMessage(code: string, reason: string): string {
  return `Coupon ${code} removed: ${reason}`;
}

/**
 * An order's pieces (its subtotal) may come to at most the store's maximum order (a store setting,
 * ₹5,00,000 unless the owner changes it): checked in the cart and again when the order is placed.
 */
export function exceedsMaxOrder(subtotalPaise: Paise, maxOrderPaise: Paise): boolean {
  return subtotalPaise > maxOrderPaise;
}

export function maxOrderMessage(maxOrderPaise: Paise): string {
  return `One order can come to at most ${formatPrice(maxOrderPaise)}. Please remove some pieces, or buy them in two orders.`;
}

/** Input is trimmed and upper-cased. */
export function normaliseCouponCode(input: string | null | undefined): string {
  return (input ?? "").trim().toUpperCase();
}

/** ₹0 for an empty cart (nothing to ship), free above ₹499, else ₹40. */
export function shippingFor(subtotalPaise: Paise): Paise {
  if (subtotalPaise <= 0) return 0;
  return subtotalPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_FEE_PAISE;
}

/** 'Add ₹{500 - subtotal} more for free shipping!' while shipping is charged; null otherwise. */
export function freeShippingHint(subtotalPaise: Paise): string | null {
  if (shippingFor(subtotalPaise) === 0) return null;
  return `Add ${formatPrice(FREE_SHIPPING_HINT_TARGET_PAISE - subtotalPaise)} more for free shipping!`;
}

/** The part of a coupon the browser may know: how much it takes off and from what minimum. */
export interface CouponTerms {
  code: string;
  type: "percentage" | "fixed";
  /** percent for percentage coupons, paise for fixed ones */
  value: number;
  minAmountPaise: Paise;
}

/** The admin's controls on a coupon, checked on the server against its clock. */
export interface CouponLimits {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
}

export type CouponRule = CouponTerms & CouponLimits;

export type CouponFailure = "empty" | "invalid" | "inactive" | "not-started" | "expired" | "used-up" | "minimum";

export type CouponCheck =
  { ok: true; discountPaise: Paise; message: string } | { ok: false; reason: CouponFailure; message: string };

/** Whether the coupon may be used at `now` at all, whatever the cart: active, inside its window, not used up. */
export function couponAvailability(
  rule: CouponLimits,
  now: Date,
): { ok: true } | { ok: false; reason: CouponFailure; message: string } {
  if (!rule.isActive) return { ok: false, reason: "inactive", message: COUPON_MESSAGES.inactive };
  if (rule.startsAt && now < rule.startsAt)
    return { ok: false, reason: "not-started", message: COUPON_MESSAGES.notStarted };
  if (rule.endsAt && now >= rule.endsAt) return { ok: false, reason: "expired", message: COUPON_MESSAGES.expired };
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit)
    return { ok: false, reason: "used-up", message: COUPON_MESSAGES.usedUp };
  return { ok: true };
}

const RUPEE: Paise = 100;

/**
 * `percent` of `basePaise` in whole rupees, rounded up: a percentage discount is always in the
 * shopper's favour and never leaves paise on a total (10% of ₹549 is ₹55, not ₹54.90). The browser
 * shows and the server charges this same figure, and the invoice splits it over the lines.
 */
export function percentageInRupees(basePaise: Paise, percent: number): Paise {
  if (basePaise <= 0 || percent <= 0) return 0;
  // integer paise times a whole percent is exact; one division, then up to the next rupee
  return Math.ceil((basePaise * percent) / (100 * RUPEE)) * RUPEE;
}

/** The most a percentage coupon takes: half the subtotal, in whole rupees (rounded down, so never above half). */
function percentageCap(subtotalPaise: Paise): Paise {
  return Math.floor((subtotalPaise * PERCENTAGE_CAP_SHARE) / RUPEE) * RUPEE;
}

/**
 * The discount on `subtotal`: a percentage in whole rupees, rounded up and capped at half the
 * subtotal (in whole rupees), or a fixed amount capped at the subtotal.
 */
export function couponDiscount(terms: Pick<CouponTerms, "type" | "value">, subtotalPaise: Paise): Paise {
  if (subtotalPaise <= 0) return 0;
  if (terms.type === "percentage")
    return Math.min(percentageInRupees(subtotalPaise, terms.value), percentageCap(subtotalPaise));
  return Math.min(terms.value, subtotalPaise);
}

/** The cart-dependent part of a coupon: its minimum, then its discount. */
function checkCouponTerms(terms: CouponTerms, subtotalPaise: Paise): CouponCheck {
  if (subtotalPaise < terms.minAmountPaise)
    return { ok: false, reason: "minimum", message: minimumMessage(terms.minAmountPaise) };
  const discountPaise = couponDiscount(terms, subtotalPaise);
  return { ok: true, discountPaise, message: couponAppliedMessage(discountPaise) };
}

/**
 * Every rule of applying a code: `input` as typed, `rule` as found in the
 * database for the normalised code (null when there is none).
 */
export function checkCoupon(input: string, rule: CouponRule | null, subtotalPaise: Paise, now: Date): CouponCheck {
  if (!normaliseCouponCode(input)) return { ok: false, reason: "empty", message: COUPON_MESSAGES.empty };
  if (!rule) return { ok: false, reason: "invalid", message: COUPON_MESSAGES.invalid };
  const available = couponAvailability(rule, now);
  if (!available.ok) return available;
  return checkCouponTerms(rule, subtotalPaise);
}

export interface PricedCart {
  itemCount: number;
  subtotalPaise: Paise;
  shippingPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
  /** the coupon that applies, with what it takes off */
  coupon: { code: string; discountPaise: Paise } | null;
  /** an applied coupon this cart no longer qualifies for, and why */
  couponProblem: { code: string; message: string } | null;
  freeShippingHint: string | null;
}

/**
 * Totals of the lines that can be bought, with the applied coupon's terms (already checked as
 * available by the server): total = subtotal + shipping - discount.
 */
export function priceCart(
  lines: ReadonlyArray<{ unitPricePaise: Paise; quantity: number }>,
  coupon: CouponTerms | null,
): PricedCart {
  let subtotalPaise = 0;
  let itemCount = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.unitPricePaise) || !Number.isInteger(line.quantity))
      throw new RangeError("prices and quantities are whole numbers");
    if (line.quantity <= 0) continue;
    subtotalPaise += line.unitPricePaise * line.quantity;
    itemCount += line.quantity;
  }
  const shippingPaise = shippingFor(subtotalPaise);
  let applied: PricedCart["coupon"] = null;
  let couponProblem: PricedCart["couponProblem"] = null;
  if (coupon) {
    const check = checkCouponTerms(coupon, subtotalPaise);
    if (check.ok) applied = { code: coupon.code, discountPaise: check.discountPaise };
    else couponProblem = { code: coupon.code, message: check.message };
  }
  const discountPaise = applied?.discountPaise ?? 0;
  return {
    itemCount,
    subtotalPaise,
    shippingPaise,
    discountPaise,
    totalPaise: subtotalPaise + shippingPaise - discountPaise,
    coupon: applied,
    couponProblem,
    freeShippingHint: freeShippingHint(subtotalPaise),
  };
}

export type PaymentChoice = "online" | "cod";

export interface CheckoutTotals extends PricedCart {
  paymentMethod: PaymentChoice;
  /** the store's prepaid discount on online payments, on what is left after the coupon */
  prepaidDiscountPaise: Paise;
  /** the store's cash-on-delivery fee */
  codFeePaise: Paise;
}

/**
 * What the shopper pays at checkout: the cart's totals, less the store's prepaid discount when paying
 * online (a percentage of the subtotal after the coupon, in whole rupees rounded up, never more than
 * that amount), plus its COD fee when paying on delivery.
 * total = subtotal + shipping + COD fee - coupon discount - prepaid discount.
 */
export function checkoutTotals(
  priced: PricedCart,
  method: PaymentChoice,
  settings: { prepaidDiscountPercent: number; codFeePaise: Paise },
): CheckoutTotals {
  if (!Number.isInteger(settings.codFeePaise) || settings.codFeePaise < 0)
    throw new RangeError("the COD fee is a whole number of paise");
  const percent = Math.min(50, Math.max(0, settings.prepaidDiscountPercent));
  const afterCoupon = priced.subtotalPaise - priced.discountPaise;
  const prepaidDiscountPaise =
    method === "online" ? Math.min(percentageInRupees(afterCoupon, percent), afterCoupon) : 0;
  const codFeePaise = method === "cod" ? settings.codFeePaise : 0;
  return {
    ...priced,
    paymentMethod: method,
    prepaidDiscountPaise,
    codFeePaise,
    totalPaise: priced.subtotalPaise + priced.shippingPaise + codFeePaise - priced.discountPaise - prepaidDiscountPaise,
  };
}
