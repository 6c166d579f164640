import { describe, expect, it } from "vitest";
import { checkCouponForm, couponState, dateToShopDateTime, emptyCouponForm, shopDateTimeToDate } from "./coupon-form";

describe("the coupon form", () => {
  it("reads and shows the validity window in shop time (UTC+05:30)", () => {
    expect(shopDateTimeToDate("2026-12-01T00:00")?.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(dateToShopDateTime(new Date("2026-11-30T18:30:00.000Z"))).toBe("2026-12-01T00:00");
    expect(shopDateTimeToDate("2026-04-31T10:00")).toBeNull();
    expect(shopDateTimeToDate("tomorrow")).toBeNull();
  });

  it("upper-cases the code and turns rupees into paise", () => {
    const checked = checkCouponForm({
      ...emptyCouponForm(),
      code: " monsoon25 ",
      type: "fixed",
      value: "1,250.50",
      minAmount: "₹ 2,000",
    });
    expect(checked).toEqual({
      ok: true,
      draft: expect.objectContaining({
        code: "MONSOON25",
        value: 125_050,
        minAmountPaise: 200_000,
        usageLimit: null,
        startsAt: null,
      }),
    });
  });

  it("keeps the limit at or above the uses made", () => {
    const values = { ...emptyCouponForm(), code: "ABC", value: "10", usageLimit: "4" };
    expect(checkCouponForm(values, { usedCount: 5 })).toMatchObject({
      ok: false,
      fieldErrors: { usageLimit: "Already used 5 times: the limit cannot be lower" },
    });
    expect(checkCouponForm(values, { usedCount: 4 }).ok).toBe(true);
  });

  it("names the state of a coupon at a moment", () => {
    const base = { isActive: true, startsAt: null, endsAt: null, usageLimit: null, usedCount: 0 };
    const now = new Date("2026-11-24T00:00:00Z");
    expect(couponState(base, now)).toBe("active");
    expect(couponState({ ...base, isActive: false }, now)).toBe("inactive");
    expect(couponState({ ...base, startsAt: "2026-12-01T00:00:00Z" }, now)).toBe("scheduled");
    expect(couponState({ ...base, endsAt: "2026-11-01T00:00:00Z" }, now)).toBe("expired");
    expect(couponState({ ...base, usageLimit: 2, usedCount: 2 }, now)).toBe("used-up");
  });
});
