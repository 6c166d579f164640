import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "../accounts/forms";
import { DEMO_TAX_IDENTITY } from "./defaults";
import { GST_STATE_CODES, gstinProblem } from "../content/gstin";
import { gstStateCode, UTGST_TERRITORIES } from "./gst-states";

describe("GST states", () => {
  it("has a code for every state and territory of the checkout's list, each code once", () => {
    for (const state of INDIAN_STATES) expect(gstStateCode(state), state).toMatch(/^\d{2}$/);
    const codes = Object.values(GST_STATE_CODES).flat();
    expect(new Set(codes).size).toBe(codes.length);
    expect(gstStateCode("Rajasthan")).toBe("08");
    expect(gstStateCode("Atlantis")).toBeNull();
    for (const territory of UTGST_TERRITORIES) expect(INDIAN_STATES as readonly string[]).toContain(territory);
  });

  // a GSTIN's form, check character and state code: content/gstin.test.ts
  it("gives the demo shop a GSTIN that passes the settings' check, in the state of its address", () => {
    expect(gstinProblem(DEMO_TAX_IDENTITY.gstin, DEMO_TAX_IDENTITY.shopState)).toBeNull();
    expect(DEMO_TAX_IDENTITY.gstin.slice(0, 2)).toBe(gstStateCode(DEMO_TAX_IDENTITY.shopState));
  });
});
