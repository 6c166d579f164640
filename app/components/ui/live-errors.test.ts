import { describe, expect, it } from "vitest";
import {
  edit,
  initialLiveErrors,
  leave,
  submitAll,
  visibleErrors,
  type FormValues,
  type LiveErrorsState,
} from "./live-errors";

// a form of two required fields; the server also checks a state against the pincode
const check = (values: FormValues) => {
  const errors: Record<string, string> = {};
  if (!values.name?.trim()) errors.name = "Please enter your name";
  if (!/^[1-9]\d{5}$/.test(values.pincode ?? "")) errors.pincode = "Please enter a valid 6-digit pincode";
  return errors;
};
const blank = { name: "", pincode: "" };
const shows = (state: LiveErrorsState) => visibleErrors(state, check(state.values));
const fresh = () => initialLiveErrors(check, undefined, undefined);

describe("live field messages", () => {
  it("show nothing before the shopper has left a changed field or submitted", () => {
    let state = fresh();
    expect(visibleErrors(state, check(blank))).toEqual({});
    // typing in the pincode: still nothing while she is in the field
    state = edit(state, "pincode", { ...blank, pincode: "30" }, { chosen: false });
    expect(shows(state)).toEqual({});
    // leaving it: its message, and only its
    state = leave(state, "pincode");
    expect(shows(state)).toEqual({ pincode: "Please enter a valid 6-digit pincode" });
    // leaving a field she never changed says nothing about it
    expect(shows(leave(state, "name"))).toEqual({ pincode: "Please enter a valid 6-digit pincode" });
  });

  it("all show on submit, and each goes away as soon as its field is valid", () => {
    let state = submitAll(fresh(), check, blank);
    expect(shows(state)).toEqual({ name: "Please enter your name", pincode: "Please enter a valid 6-digit pincode" });
    state = edit(state, "name", { ...blank, name: "A" }, { chosen: false });
    expect(shows(state)).toEqual({ pincode: "Please enter a valid 6-digit pincode" });
    state = edit(state, "pincode", { name: "A", pincode: "302001" }, { chosen: false });
    expect(shows(state)).toEqual({});
    // emptying a field again brings its message back at once: it has been shown before
    state = edit(state, "name", { name: "", pincode: "302001" }, { chosen: false });
    expect(shows(state)).toEqual({ name: "Please enter your name" });
  });

  it("show a choice's message as soon as it is made", () => {
    expect(shows(edit(fresh(), "name", blank, { chosen: true }))).toEqual({ name: "Please enter your name" });
  });

  it("follow a value filled in for the shopper (a pincode filling the city)", () => {
    const state = submitAll(fresh(), check, blank);
    expect(visibleErrors(state, check({ name: "Asha", pincode: "302001" }))).toEqual({});
  });

  it("start from the server's messages, and keep one only the server gives until its field (or one it depends on) changes", () => {
    const sent = { name: "", pincode: "302001", state: "Karnataka" };
    const server = { name: "Please enter your name", state: "Pincode 302001 is in Rajasthan, not Karnataka." };
    let state = initialLiveErrors(check, server, sent);
    expect(shows(state)).toEqual(server);
    // typing a name: its message goes; the state's stays, the browser's check cannot tell
    state = edit(state, "name", { ...sent, name: "Asha" }, { chosen: false });
    expect(shows(state)).toEqual({ state: "Pincode 302001 is in Rajasthan, not Karnataka." });
    // a new pincode answers the state's message too
    state = edit(
      state,
      "pincode",
      { ...sent, name: "Asha", pincode: "560001" },
      { chosen: false, dependents: ["state"] },
    );
    expect(shows(state)).toEqual({});
  });
});
