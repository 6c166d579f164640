import { describe, expect, it } from "vitest";
import { FIT_ADVICE, fitAdviceFrom } from "./fit-advice.server";

/* The fit advice rule (decision 042): from the product's size returns to the line the page shows. */

describe("fit advice from a product's size returns", () => {
  it("says nothing below five size returns, however one-sided", () => {
    expect(fitAdviceFrom({ tooSmall: 0, tooLarge: 0 })).toBeNull();
    expect(fitAdviceFrom({ tooSmall: 4, tooLarge: 0 })).toBeNull();
    expect(fitAdviceFrom({ tooSmall: 0, tooLarge: 4 })).toBeNull();
    expect(fitAdviceFrom({ tooSmall: 3, tooLarge: 1 })).toBeNull();
  });

  it("says a product runs small when at least 70 % of five or more found it too small", () => {
    expect(fitAdviceFrom({ tooSmall: 5, tooLarge: 0 })).toBe("Runs small: most shoppers took one size up");
    expect(fitAdviceFrom({ tooSmall: 4, tooLarge: 1 })).toBe(FIT_ADVICE.small);
    // exactly 70 %
    expect(fitAdviceFrom({ tooSmall: 7, tooLarge: 3 })).toBe(FIT_ADVICE.small);
    expect(fitAdviceFrom({ tooSmall: 70, tooLarge: 30 })).toBe(FIT_ADVICE.small);
  });

  it("says a product runs large the other way round", () => {
    expect(fitAdviceFrom({ tooSmall: 0, tooLarge: 5 })).toBe("Runs large: most shoppers took one size down");
    expect(fitAdviceFrom({ tooSmall: 3, tooLarge: 7 })).toBe(FIT_ADVICE.large);
  });

  it("says nothing when the returns do not lean 70 % one way", () => {
    expect(fitAdviceFrom({ tooSmall: 3, tooLarge: 2 })).toBeNull();
    expect(fitAdviceFrom({ tooSmall: 2, tooLarge: 3 })).toBeNull();
    // 69 %: just short
    expect(fitAdviceFrom({ tooSmall: 69, tooLarge: 31 })).toBeNull();
    expect(fitAdviceFrom({ tooSmall: 6, tooLarge: 4 })).toBeNull();
  });
});
