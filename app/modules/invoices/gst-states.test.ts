import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "../accounts/forms";
import { DEMO_TAX_IDENTITY } from "./defaults";
import { GST_STATE_CODES } from "../content/gstin";
import { gstStateCode, isValidGstin, UTGST_TERRITORIES } from "./gst-states";

describe("GST states", () => {
  it("has a code for every state and territory of the checkout's list, each code once", () => {
    for (const state of INDIAN_STATES) expect(gstStateCode(state), state).toMatch(/^\d{2}$/);
    const codes = Object.values(GST_STATE_CODES).flat();
    expect(new Set(codes).size).toBe(codes.length);
    expect(gstStateCode("Rajasthan")).toBe("08");
    expect(gstStateCode("Atlantis")).toBeNull();
    for (const territory of UTGST_TERRITORIES) expect(INDIAN_STATES as readonly string[]).toContain(territory);
  });

  it("checks a GSTIN's form, state and check character", () => {
    expect(isValidGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(isValidGstin(DEMO_TAX_IDENTITY.gstin)).toBe(true);
    expect(DEMO_TAX_IDENTITY.gstin.slice(0, 2)).toBe(gstStateCode(DEMO_TAX_IDENTITY.shopState));
    expect(isValidGstin("27AAPFU0939F1ZW")).toBe(false);
    expect(isValidGstin("99AAPFU0939F1ZV")).toBe(false);
    expect(isValidGstin("27aapfu0939f1zv")).toBe(false);
    expect(isValidGstin("27AAPFU0939F1Z")).toBe(false);
  });
});
