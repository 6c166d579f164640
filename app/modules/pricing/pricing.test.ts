import { describe, expect, it } from "vitest";
import {
  checkCoupon,
  checkoutTotals,
  couponAvailability,
  couponDiscount,
  percentageInRupees,
  freeShippingHint,
  normaliseCouponCode,
  priceCart,
  shippingFor,
  type CouponRule,
  type CouponTerms,
} from "./pricing";

const rupees = (r: number) => Math.round(r * 100);

// The four coupons every shop starts with, as the seed stores them.
const SAVE10: CouponTerms = { code: "SAVE10", type: "percentage", value: 10, minAmountPaise: rupees(500) };
const FLAT50: CouponTerms = { code: "FLAT50", type: "fixed", value: rupees(50), minAmountPaise: rupees(200) };
const WELCOME20: CouponTerms = { code: "WELCOME20", type: "percentage", value: 20, minAmountPaise: rupees(1000) };
const FIRST100: CouponTerms = { code: "FIRST100", type: "fixed", value: rupees(100), minAmountPaise: rupees(800) };

const open = { isActive: true, startsAt: null, endsAt: null, usageLimit: null, usedCount: 0 };
const rule = (terms: CouponTerms, limits: Partial<CouponRule> = {}): CouponRule => ({ ...terms, ...open, ...limits });
const NOW = new Date("2025-06-15T12:00:00Z");

describe("shipping", () => {
  it("is ₹40 up to and including ₹499, free from the first paisa above it", () => {
    expect(shippingFor(rupees(1))).toBe(rupees(40));
    expect(shippingFor(rupees(498.99))).toBe(rupees(40));
    expect(shippingFor(rupees(499))).toBe(rupees(40));
    expect(shippingFor(rupees(499.01))).toBe(0);
    expect(shippingFor(rupees(500))).toBe(0);
    expect(shippingFor(rupees(12_999))).toBe(0);
  });

  it("is nothing for an empty cart", () => {
    expect(shippingFor(0)).toBe(0);
  });

  it("hints 'Add ₹{500 - subtotal} more for free shipping!' only while shipping is charged", () => {
    expect(freeShippingHint(rupees(450))).toBe("Add ₹50 more for free shipping!");
    expect(freeShippingHint(rupees(499))).toBe("Add ₹1 more for free shipping!");
    expect(freeShippingHint(rupees(100.5))).toBe("Add ₹399.50 more for free shipping!");
    expect(freeShippingHint(rupees(499.01))).toBeNull();
    expect(freeShippingHint(rupees(500))).toBeNull();
    expect(freeShippingHint(0)).toBeNull();
  });
});

describe("coupon codes", () => {
  it("are trimmed and upper-cased", () => {
    expect(normaliseCouponCode("  save10 ")).toBe("SAVE10");
    expect(normaliseCouponCode(undefined)).toBe("");
  });

  it("give the spec's messages: empty, unknown, below the minimum, applied", () => {
    expect(checkCoupon("", null, rupees(900), NOW)).toEqual({
      ok: false,
      reason: "empty",
      message: "Please enter a coupon code",
    });
    expect(checkCoupon("   ", null, rupees(900), NOW)).toMatchObject({ message: "Please enter a coupon code" });
    expect(checkCoupon("NOPE", null, rupees(900), NOW)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Invalid coupon code",
    });
    expect(checkCoupon("first100", rule(FIRST100), rupees(799), NOW)).toEqual({
      ok: false,
      reason: "minimum",
      message: "Minimum order amount ₹800 required for this coupon",
    });
    expect(checkCoupon("welcome20", rule(WELCOME20), rupees(999.99), NOW)).toMatchObject({
      message: "Minimum order amount ₹1,000 required for this coupon",
    });
    expect(checkCoupon("FIRST100", rule(FIRST100), rupees(800), NOW)).toEqual({
      ok: true,
      discountPaise: rupees(100),
      message: "Coupon applied! You saved ₹100",
    });
  });

  it("accept each minimum exactly, refuse one paisa below", () => {
    for (const terms of [SAVE10, FLAT50, WELCOME20, FIRST100]) {
      expect(checkCoupon(terms.code, rule(terms), terms.minAmountPaise, NOW).ok).toBe(true);
      expect(checkCoupon(terms.code, rule(terms), terms.minAmountPaise - 1, NOW)).toMatchObject({
        ok: false,
        reason: "minimum",
      });
    }
  });

  it("round a percentage up to whole rupees, in the shopper's favour, so no paise show", () => {
    // 10% of ₹549 = ₹54.90 -> ₹55 (the total ₹494, not ₹494.10)
    expect(couponDiscount(SAVE10, rupees(549))).toBe(rupees(55));
    expect(checkCoupon("SAVE10", rule(SAVE10), rupees(549), NOW)).toEqual({
      ok: true,
      discountPaise: rupees(55),
      message: "Coupon applied! You saved ₹55",
    });
    // 10% of ₹567.45 = ₹56.745 -> ₹57; of ₹567.44 too; exactly ₹56 stays ₹56
    expect(couponDiscount(SAVE10, rupees(567.45))).toBe(rupees(57));
    expect(couponDiscount(SAVE10, rupees(567.44))).toBe(rupees(57));
    expect(couponDiscount(SAVE10, rupees(560))).toBe(rupees(56));
    // one paisa over a whole rupee of discount is the next rupee
    expect(couponDiscount(SAVE10, rupees(560) + 1)).toBe(rupees(57));
    // 20% of ₹1,234 = ₹246.80 -> ₹247
    expect(couponDiscount(WELCOME20, rupees(1234))).toBe(rupees(247));
    expect(percentageInRupees(0, 10)).toBe(0);
    expect(percentageInRupees(rupees(549), 0)).toBe(0);
  });

  it("cap a percentage at half the subtotal (in whole rupees, rounded down) and a fixed amount at the subtotal", () => {
    const seventy: CouponTerms = { code: "BIG70", type: "percentage", value: 70, minAmountPaise: 0 };
    expect(couponDiscount(seventy, rupees(1000))).toBe(rupees(500));
    expect(couponDiscount(seventy, 10_001)).toBe(5_000);
    // half of ₹549 is ₹274.50: the cap is ₹274, never above half
    expect(couponDiscount(seventy, rupees(549))).toBe(rupees(274));
    const half: CouponTerms = { ...seventy, value: 50 };
    expect(couponDiscount(half, 10_001)).toBe(5_000); // ₹50.005 rounds up to ₹51, the cap keeps ₹50
    const hundredPercent: CouponTerms = { ...seventy, value: 100 };
    expect(couponDiscount(hundredPercent, rupees(300))).toBe(rupees(150));
    const bigFixed: CouponTerms = { code: "FLAT900", type: "fixed", value: rupees(900), minAmountPaise: 0 };
    expect(couponDiscount(bigFixed, rupees(600))).toBe(rupees(600));
    expect(couponDiscount(FLAT50, rupees(50))).toBe(rupees(50));
    expect(couponDiscount(FLAT50, rupees(49))).toBe(rupees(49));
    expect(couponDiscount(FLAT50, 0)).toBe(0);
  });

  it("keep every total of whole-rupee prices in whole rupees, whatever the percentage", () => {
    for (let price = 100; price <= 3000; price += 37) {
      for (const value of [5, 10, 15, 20, 33, 50, 70]) {
        const cart = priceCart([{ unitPricePaise: rupees(price), quantity: 1 }], {
          code: "P",
          type: "percentage",
          value,
          minAmountPaise: 0,
        });
        expect(cart.discountPaise % 100, `${value}% of ₹${price}`).toBe(0);
        expect(cart.totalPaise % 100).toBe(0);
        expect(cart.discountPaise).toBeGreaterThanOrEqual((rupees(price) * Math.min(value, 50)) / 100 - 100);
        expect(cart.discountPaise).toBeLessThanOrEqual(rupees(price) / 2);
      }
    }
  });

  it("refuse inactive, not yet started, expired and used-up coupons with clear messages", () => {
    const sub = rupees(2000);
    expect(checkCoupon("SAVE10", rule(SAVE10, { isActive: false }), sub, NOW)).toEqual({
      ok: false,
      reason: "inactive",
      message: "This coupon is no longer available",
    });
    expect(checkCoupon("SAVE10", rule(SAVE10, { startsAt: new Date(NOW.getTime() + 1) }), sub, NOW)).toMatchObject({
      reason: "not-started",
      message: "This coupon is not valid yet",
    });
    expect(checkCoupon("SAVE10", rule(SAVE10, { startsAt: NOW }), sub, NOW).ok).toBe(true);
    expect(checkCoupon("SAVE10", rule(SAVE10, { endsAt: NOW }), sub, NOW)).toMatchObject({
      reason: "expired",
      message: "This coupon has expired",
    });
    expect(checkCoupon("SAVE10", rule(SAVE10, { endsAt: new Date(NOW.getTime() + 1) }), sub, NOW).ok).toBe(true);
    expect(checkCoupon("SAVE10", rule(SAVE10, { usageLimit: 3, usedCount: 3 }), sub, NOW)).toMatchObject({
      reason: "used-up",
      message: "This coupon has reached its usage limit",
    });
    expect(checkCoupon("SAVE10", rule(SAVE10, { usageLimit: 3, usedCount: 2 }), sub, NOW).ok).toBe(true);
    expect(couponAvailability({ ...open, usageLimit: 0 }, NOW)).toMatchObject({ ok: false, reason: "used-up" });
  });
});

describe("priceCart", () => {
  it("totals subtotal + shipping - discount over whole paise", () => {
    const cart = priceCart(
      [
        { unitPricePaise: rupees(549), quantity: 2 },
        { unitPricePaise: rupees(899), quantity: 1 },
      ],
      SAVE10,
    );
    expect(cart).toEqual({
      itemCount: 3,
      subtotalPaise: rupees(1997),
      shippingPaise: 0,
      discountPaise: rupees(200),
      totalPaise: rupees(1797),
      coupon: { code: "SAVE10", discountPaise: rupees(200) },
      couponProblem: null,
      freeShippingHint: null,
    });
  });

  it("charges shipping at ₹499 and not at ₹500, and the coupon comes off after shipping is decided", () => {
    const at499 = priceCart([{ unitPricePaise: rupees(499), quantity: 1 }], FLAT50);
    expect(at499).toMatchObject({
      subtotalPaise: rupees(499),
      shippingPaise: rupees(40),
      discountPaise: rupees(50),
      totalPaise: rupees(489),
    });
    expect(at499.freeShippingHint).toBe("Add ₹1 more for free shipping!");
    const at500 = priceCart([{ unitPricePaise: rupees(250), quantity: 2 }], FLAT50);
    expect(at500).toMatchObject({
      subtotalPaise: rupees(500),
      shippingPaise: 0,
      totalPaise: rupees(450),
      freeShippingHint: null,
    });
  });

  it("reports an applied coupon the cart no longer qualifies for, and takes nothing off", () => {
    const cart = priceCart([{ unitPricePaise: rupees(450), quantity: 1 }], SAVE10);
    expect(cart.discountPaise).toBe(0);
    expect(cart.coupon).toBeNull();
    expect(cart.couponProblem).toEqual({
      code: "SAVE10",
      message: "Minimum order amount ₹500 required for this coupon",
    });
    expect(cart.totalPaise).toBe(rupees(490));
  });

  it("is all zero for an empty cart, and skips lines of quantity 0", () => {
    expect(priceCart([], null)).toMatchObject({
      itemCount: 0,
      subtotalPaise: 0,
      shippingPaise: 0,
      totalPaise: 0,
      freeShippingHint: null,
    });
    expect(priceCart([{ unitPricePaise: 100, quantity: 0 }], null).itemCount).toBe(0);
  });

  it("refuses fractional paise", () => {
    expect(() => priceCart([{ unitPricePaise: 10.5, quantity: 1 }], null)).toThrow(RangeError);
  });
});

describe("checkoutTotals", () => {
  it("takes a prepaid percentage off in whole rupees, rounded up, after the coupon", () => {
    const cart = priceCart([{ unitPricePaise: rupees(549), quantity: 1 }], SAVE10);
    // ₹549 - ₹55 = ₹494; 5% of it is ₹24.70 -> ₹25
    const online = checkoutTotals(cart, "online", { prepaidDiscountPercent: 5, codFeePaise: 0 });
    expect(online).toMatchObject({ prepaidDiscountPaise: rupees(25), totalPaise: rupees(469) });
    const cod = checkoutTotals(cart, "cod", { prepaidDiscountPercent: 5, codFeePaise: rupees(49) });
    expect(cod).toMatchObject({ prepaidDiscountPaise: 0, codFeePaise: rupees(49), totalPaise: rupees(543) });
  });

  it("never takes more than what is left after the coupon", () => {
    const cart = priceCart([{ unitPricePaise: 150, quantity: 1 }], null);
    expect(checkoutTotals(cart, "online", { prepaidDiscountPercent: 50, codFeePaise: 0 }).prepaidDiscountPaise).toBe(
      100,
    );
    expect(
      checkoutTotals(priceCart([{ unitPricePaise: 50, quantity: 1 }], null), "online", {
        prepaidDiscountPercent: 50,
        codFeePaise: 0,
      }).prepaidDiscountPaise,
    ).toBe(50);
  });
});
