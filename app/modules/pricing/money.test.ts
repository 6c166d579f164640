import { describe, expect, it } from "vitest";
import { formatPaise, formatPrice, percentOff, rupeesToPaise } from "./money";

describe("money in paise", () => {
  it("formats with the rupee sign and Indian digit grouping", () => {
    expect(formatPaise(12_345_600)).toBe("₹1,23,456.00");
    expect(formatPaise(49_950)).toBe("₹499.50");
    expect(formatPrice(149_900)).toBe("₹1,499");
    expect(formatPrice(1_499_900)).toBe("₹14,999");
    expect(formatPrice(49_950)).toBe("₹499.50");
  });

  it("refuses fractional paise", () => {
    expect(() => formatPaise(10.5)).toThrow(RangeError);
  });

  it("converts rupees to whole paise without float drift", () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });

  it("rounds the percent-off badge and shows none without a saving", () => {
    expect(percentOff(149_900, 199_900)).toBe(25); // 25.01 %
    expect(percentOff(100_000, 150_000)).toBe(33); // 33.3 %
    expect(percentOff(100_000, 300_000)).toBe(67); // 66.7 %
    expect(percentOff(100_000, null)).toBe(0);
    expect(percentOff(100_000, 100_000)).toBe(0);
  });
});
