import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../lib/forms";
import { addressSchema, formSummary, profileSchema } from "../accounts/forms";
import { billingSchema, checkoutErrors, checkoutFormSchema, checkoutSummary } from "./billing";
import { refinePincodeState, stateMismatch } from "../shipping/pincodes";
import { lookupPincode } from "../shipping/pincodes.server";

const billing = {
  firstName: "Meera",
  lastName: "Iyer",
  email: "meera@example.com",
  phone: "98111 22333",
  address: "12, 80 Feet Road, Indiranagar",
  city: "Jaipur",
  state: "Rajasthan",
  pincode: "302001",
};

describe("an address's state is its pincode's", () => {
  it("says where the pincode is when the state is not", () => {
    expect(stateMismatch("302001", [{ city: "Jaipur", state: "Rajasthan" }], "Karnataka")).toBe(
      "Pincode 302001 is in Rajasthan, not Karnataka. Please check the state or the pincode.",
    );
    expect(stateMismatch("302001", [{ city: "Jaipur", state: "Rajasthan" }], "Rajasthan")).toBeNull();
  });

  it("takes either state of a pincode in two, and anything for a pincode the table does not know", () => {
    const two = [
      { city: "Puducherry", state: "Puducherry" },
      { city: "Cuddalore", state: "Tamil Nadu" },
    ];
    expect(stateMismatch("605007", two, "Tamil Nadu")).toBeNull();
    expect(stateMismatch("605007", two, "Puducherry")).toBeNull();
    expect(stateMismatch("605007", two, "Kerala")).toBe(
      "Pincode 605007 is in Puducherry or Tamil Nadu, not Kerala. Please check the state or the pincode.",
    );
    expect(stateMismatch("999999", [], "Kerala")).toBeNull();
  });

  it("is refused by the server's schema with the whole table, under State", () => {
    const server = refinePincodeState(checkoutFormSchema, lookupPincode);
    const form = { ...billing, paymentMethod: "cod", checkoutKey: "k".repeat(24) };
    expect(server.safeParse(form).success).toBe(true);
    const wrong = server.safeParse({ ...form, city: "Bengaluru", state: "Karnataka" });
    expect(wrong.success).toBe(false);
    expect(checkoutErrors(wrong.error!, form).fields).toEqual({
      state: "Pincode 302001 is in Rajasthan, not Karnataka. Please check the state or the pincode.",
    });
    // the two states of 605007, a pincode typed with a space, and one the table does not know
    expect(server.safeParse({ ...form, pincode: "605 007", state: "Tamil Nadu" }).success).toBe(true);
    expect(server.safeParse({ ...form, pincode: "605007", state: "Puducherry" }).success).toBe(true);
    expect(server.safeParse({ ...form, pincode: "999999", state: "Karnataka" }).success).toBe(true);
    // a malformed pincode is its own error, and no state error besides
    const malformed = server.safeParse({ ...form, pincode: "30200", state: "Karnataka" });
    expect(fieldErrors(malformed.error!)).toEqual({ pincode: "Please enter a valid 6-digit pincode" });
  });

  it("is checked in the browser with what the lookup knows, and not at all before it knows", () => {
    const known = refinePincodeState(billingSchema, (pin) =>
      pin === "302001" ? [{ city: "Jaipur", state: "Rajasthan" }] : null,
    );
    expect(known.safeParse({ ...billing, state: "Karnataka" }).success).toBe(false);
    const unknown = refinePincodeState(billingSchema, () => null);
    expect(unknown.safeParse({ ...billing, state: "Karnataka" }).success).toBe(true);
  });

  it("holds for the address book too", () => {
    const address = {
      fullName: "Meera Iyer",
      phone: "98111 22333",
      line1: "12 MG Road",
      city: "Bengaluru",
      state: "Rajasthan",
      pincode: "560001",
    };
    const result = refinePincodeState(addressSchema, lookupPincode).safeParse(address);
    expect(fieldErrors(result.error!)).toEqual({
      state: "Pincode 560001 is in Karnataka, not Rajasthan. Please check the state or the pincode.",
    });
  });
});

describe("the message above a form", () => {
  it("is said once: 'fill all required fields' while one is empty, else a pointer to the fields", () => {
    const empty = { ...billing, firstName: "", address: " " };
    const parsed = billingSchema.safeParse(empty);
    const { summary, fields } = checkoutErrors(parsed.error!, empty);
    expect(summary).toBe("Please fill all required fields");
    expect(fields).toEqual({ firstName: "Please enter your first name", address: "Please enter your address" });
    expect(checkoutSummary({ pincode: "Please enter a valid 6-digit pincode" }, { ...billing, pincode: "3020" })).toBe(
      "Please correct the highlighted fields",
    );
    expect(checkoutSummary({ paymentMethod: "Please choose how you would like to pay" }, billing)).toBe(
      "Please choose how you would like to pay",
    );
    expect(checkoutSummary({}, billing)).toBeNull();
  });

  it("registration names each empty field under it, and sums up once above", () => {
    const values = { firstName: "", lastName: "", email: "" };
    const errors = fieldErrors(profileSchema.safeParse(values).error!);
    expect(errors).toEqual({
      firstName: "Please enter your first name",
      lastName: "Please enter your last name",
      email: "Please enter your e-mail address",
    });
    expect(new Set(Object.values(errors)).size).toBe(3);
    expect(Object.values(errors)).not.toContain("Please fill in all required fields");
    expect(formSummary(errors, values)).toBe("Please fill in all required fields");
    const badEmail = { firstName: "A", lastName: "V", email: "nope" };
    expect(formSummary(fieldErrors(profileSchema.safeParse(badEmail).error!), badEmail)).toBe(
      "Please correct the highlighted fields",
    );
  });
});
