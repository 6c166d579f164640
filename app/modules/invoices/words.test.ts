import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./words";

describe("amounts in words", () => {
  it("counts in thousands, lakhs and crores", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(15)).toBe("Fifteen");
    expect(numberInWords(40)).toBe("Forty");
    expect(numberInWords(999)).toBe("Nine Hundred Ninety-Nine");
    expect(numberInWords(1_000)).toBe("One Thousand");
    expect(numberInWords(1_00_000)).toBe("One Lakh");
    expect(numberInWords(1_23_45_678)).toBe(
      "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight",
    );
    expect(numberInWords(250_00_00_000)).toBe("Two Hundred Fifty Crore");
  });

  it("says rupees and paise", () => {
    expect(amountInWords(270_130)).toBe("Rupees Two Thousand Seven Hundred One and Thirty Paise Only");
    expect(amountInWords(4_000)).toBe("Rupees Forty Only");
    expect(amountInWords(5)).toBe("Rupees Zero and Five Paise Only");
  });
});
