import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "../accounts/forms";
import { GST_STATE_CODES, gstinCheckCharacter, gstinProblem } from "./gstin";

describe("GSTIN", () => {
  it("computes the check character of real GSTINs", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
  });

  it("accepts a GSTIN of the shop's state and says what is wrong with others", () => {
    expect(gstinProblem("27AAPFU0939F1ZV", "Maharashtra")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZV", "Karnataka")).toBe("state");
    expect(gstinProblem("27AAPFU0939F1ZX", "Maharashtra")).toBe("check");
    expect(gstinProblem("27AAPFU0939F1Z", "Maharashtra")).toBe("format");
    expect(gstinProblem("27AAPFU0939F1AV", "Maharashtra")).toBe("format");
  });

  it("knows a GST state code for every state and union territory of the checkout's list", () => {
    for (const state of INDIAN_STATES) expect(GST_STATE_CODES[state], state).toBeDefined();
  });
});
