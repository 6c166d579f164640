import { describe, expect, it } from "vitest";
import { formatPaise, formatPrice, groupIndian, percentOff, rupeesToPaise } from "./money";

describe("money in paise", () => {
  it("formats with the rupee sign and Indian digit grouping", () => {
    expect(formatPaise(12_345_600)).toBe("₹1,23,456.00");
    expect(formatPaise(49_950)).toBe("₹499.50");
    expect(formatPrice(149_900)).toBe("₹1,499");
    expect(formatPrice(1_499_900)).toBe("₹14,999");
    expect(formatPrice(49_950)).toBe("₹499.50");
  });

  it("writes exactly what Intl.NumberFormat('en-IN') writes, without building one", () => {
    const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
    const inrWhole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    const samples = [
      0, 1, 5, 10, 99, 100, 101, 999, 1000, 9999, 10_000, 99_999, 100_000, 123_456, 1_000_000, 10_000_000, 99_999_999,
      100_000_000, 1_234_567_890, 98_765_432_101,
    ];
    // and a spread of others: every digit count, round and not
    for (let digits = 1; digits <= 13; digits++)
      for (const lead of [1, 4, 9])
        samples.push(lead * 10 ** (digits - 1) + ((digits * 7919) % 10 ** (digits - 1 || 1)));
    for (const paise of [...samples, ...samples.map((p) => -p).filter((p) => p !== 0)]) {
      expect(formatPaise(paise), `formatPaise(${paise})`).toBe(inr.format(paise / 100));
      expect(formatPrice(paise), `formatPrice(${paise})`).toBe(
        paise % 100 === 0 ? inrWhole.format(paise / 100) : inr.format(paise / 100),
      );
    }
    expect(groupIndian(1_23_45_678)).toBe((12_345_678).toLocaleString("en-IN"));
    expect(groupIndian(999)).toBe("999");
    expect(groupIndian(0)).toBe("0");
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
