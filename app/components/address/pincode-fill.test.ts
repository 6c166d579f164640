import { describe, expect, it } from "vitest";
import { pincodeMessage, planFill, startingValues, type PincodeResult } from "./pincode-fill";

const DELHI = [{ city: "New Delhi", state: "Delhi" }];
const MUMBAI = [{ city: "Mumbai", state: "Maharashtra" }];
const TWO = [
  { city: "Puducherry", state: "Puducherry" },
  { city: "Cuddalore", state: "Tamil Nadu" },
];
const NOTHING = { city: null, state: null };

describe("planFill", () => {
  it("fills empty fields", () => {
    expect(planFill(DELHI, { city: "", state: "" }, NOTHING)).toEqual({
      set: { city: "New Delhi", state: "Delhi" },
      filled: { city: true, state: true },
      kept: { city: false, state: false },
    });
    expect(planFill(DELHI, { city: "  ", state: "" }, NOTHING).set).toEqual({ city: "New Delhi", state: "Delhi" });
  });

  it("replaces what the lookup itself filled for an earlier pincode", () => {
    expect(planFill(MUMBAI, { city: "New Delhi", state: "Delhi" }, { city: "New Delhi", state: "Delhi" }).set).toEqual({
      city: "Mumbai",
      state: "Maharashtra",
    });
  });

  it("never replaces what the shopper typed or chose", () => {
    const plan = planFill(MUMBAI, { city: "Navi Mumbai", state: "Delhi" }, { city: "Mumbai", state: null });
    expect(plan.set).toEqual({});
    expect(plan.kept).toEqual({ city: true, state: true });
    // a hand-typed city next to a state the lookup filled: only the state moves
    expect(
      planFill(MUMBAI, { city: "Connaught Place", state: "Delhi" }, { city: "New Delhi", state: "Delhi" }),
    ).toEqual({
      set: { state: "Maharashtra" },
      filled: { city: false, state: true },
      kept: { city: true, state: false },
    });
  });

  it("replaces the city and state the form started with (a saved address): the shopper did not choose them for this pincode", () => {
    const saved = { city: "Bengaluru", state: "Karnataka" };
    const JAIPUR = [{ city: "Jaipur", state: "Rajasthan" }];
    expect(planFill(JAIPUR, saved, startingValues(saved))).toEqual({
      set: { city: "Jaipur", state: "Rajasthan" },
      filled: { city: true, state: true },
      kept: { city: false, state: false },
    });
    // once the shopper has chosen the state by hand, it is hers: kept (and the form says it is not the pincode's)
    expect(planFill(JAIPUR, { city: "Bengaluru", state: "Kerala" }, startingValues(saved))).toEqual({
      set: { city: "Jaipur" },
      filled: { city: true, state: false },
      kept: { city: false, state: true },
    });
    expect(startingValues({ city: " ", state: "" })).toEqual({ city: null, state: null });
  });

  it("changes nothing when the fields already say the same", () => {
    expect(planFill(DELHI, { city: "New Delhi", state: "Delhi" }, NOTHING)).toEqual({
      set: {},
      filled: { city: false, state: false },
      kept: { city: false, state: false },
    });
  });

  it("fills no state for a pincode in two states, and clears one the lookup filled before", () => {
    expect(planFill(TWO, { city: "", state: "" }, NOTHING).set).toEqual({});
    expect(planFill(TWO, { city: "New Delhi", state: "Delhi" }, { city: "New Delhi", state: "Delhi" }).set).toEqual({
      state: "",
    });
    const handChosen = planFill(TWO, { city: "", state: "Kerala" }, NOTHING);
    expect(handChosen.set).toEqual({});
    expect(handChosen.kept.state).toBe(true);
  });

  it("takes the city of the state already chosen when a pincode is in two", () => {
    expect(planFill(TWO, { city: "", state: "Tamil Nadu" }, NOTHING).set).toEqual({ city: "Cuddalore" });
  });

  it("fills the city of a two-state pincode when both states share it", () => {
    const shared = [
      { city: "Town", state: "Assam" },
      { city: "Town", state: "Meghalaya" },
    ];
    expect(planFill(shared, { city: "", state: "" }, NOTHING).set).toEqual({ city: "Town" });
  });
});

describe("pincodeMessage", () => {
  const found = (over: Partial<Extract<PincodeResult, { status: "found" }>>): PincodeResult => ({
    status: "found",
    pincode: "110001",
    places: DELHI,
    filled: { city: true, state: true },
    kept: { city: false, state: false },
    ...over,
  });

  it("says what was filled and what was kept", () => {
    expect(pincodeMessage(found({}), "Delhi")).toBe("City and state filled in from pincode 110001: New Delhi, Delhi.");
    expect(
      pincodeMessage(found({ filled: { city: false, state: true }, kept: { city: true, state: false } }), "Delhi"),
    ).toBe("State filled in from pincode 110001 (New Delhi, Delhi). Your city is kept as you typed it.");
    // a state chosen by hand that is not the pincode's: no note, the form's error under State says so
    expect(
      pincodeMessage(found({ filled: { city: true, state: false }, kept: { city: false, state: true } }), "Goa"),
    ).toBe("City filled in from pincode 110001 (New Delhi, Delhi).");
    expect(
      pincodeMessage(found({ filled: { city: false, state: false }, kept: { city: true, state: true } }), "Goa"),
    ).toBe("Pincode 110001 is in New Delhi, Delhi. Your city is kept as you typed it.");
    expect(pincodeMessage(found({ filled: { city: false, state: false } }), "Delhi")).toBe(
      "Pincode 110001 is in New Delhi, Delhi.",
    );
  });

  it("offers both states of a two-state pincode until one is chosen", () => {
    const two = found({ pincode: "605007", places: TWO, filled: { city: false, state: false } });
    expect(pincodeMessage(two, "")).toBe("Pincode 605007 is in Puducherry or Tamil Nadu. Please choose your state.");
    expect(pincodeMessage(two, "Tamil Nadu")).toBe("Pincode 605007 is in Puducherry or Tamil Nadu.");
  });

  it("says when a pincode is unknown, and nothing while idle or after a failed lookup", () => {
    expect(pincodeMessage({ status: "unknown", pincode: "999999" }, "")).toBe(
      "We could not find pincode 999999. Please check it, or enter your city and state.",
    );
    expect(pincodeMessage({ status: "idle" }, "")).toBe("");
    expect(pincodeMessage({ status: "failed", pincode: "110001" }, "")).toBe("");
  });
});
