import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../lib/forms";
import { addressSchema, normalisePhone, profileSchema, safeRedirect, verifyCodeSchema } from "./forms";

describe("phone numbers on the account screen", () => {
  it("strips spaces and hyphens and adds +91 when missing", () => {
    expect(normalisePhone("98123 45678")).toEqual({ ok: true, phone: "+919812345678" });
    expect(normalisePhone("98123-45678")).toEqual({ ok: true, phone: "+919812345678" });
    expect(normalisePhone("+91 98123 45678")).toEqual({ ok: true, phone: "+919812345678" });
  });

  it("asks for a number when empty and for 10 digits starting 6-9 otherwise", () => {
    expect(normalisePhone("  ")).toEqual({ ok: false, message: "Please enter your phone number" });
    for (const bad of ["981234567", "98123456789", "5812345678", "+1 2025550123", "98123abcde", "919812345678"]) {
      expect(normalisePhone(bad), bad).toEqual({ ok: false, message: "Please enter a valid 10-digit phone number" });
    }
  });
});

describe("one-time code", () => {
  it("requires the code and six digits", () => {
    const parse = (code: string) => verifyCodeSchema.safeParse({ phone: "9812345678", mode: "login", code });
    expect(parse("").error?.issues[0]?.message).toBe("Please enter the OTP");
    expect(parse("12345").error?.issues[0]?.message).toBe("Please enter the 6-digit OTP");
    expect(parse("12 34 56").data).toEqual({ phone: "+919812345678", mode: "login", code: "123456" });
    expect(verifyCodeSchema.parse({ phone: "9812345678", mode: "admin", code: "123456" }).mode).toBe("login");
  });
});

describe("registration and profile", () => {
  it("requires first name, last name and e-mail, each with its own message, keeping the last name as the last name", () => {
    // 'Please fill in all required fields' is the form's message above, said once (formSummary)
    const missing = profileSchema.safeParse({ firstName: "Asha", lastName: "", email: "asha@example.com" });
    expect(fieldErrors(missing.error!)).toEqual({ lastName: "Please enter your last name" });
    expect(profileSchema.parse({ firstName: " Asha ", lastName: "Verma", email: "Asha@Example.com" })).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.com",
    });
    expect(
      fieldErrors(profileSchema.safeParse({ firstName: "A", lastName: "V", email: "not-an-email" }).error!),
    ).toEqual({
      email: "Please enter a valid e-mail address",
    });
  });
});

describe("addresses", () => {
  const valid = {
    fullName: "Asha Verma",
    phone: "98123 45678",
    line1: "12 MG Road",
    line2: "",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };

  it("accepts an Indian address and normalises the phone", () => {
    expect(addressSchema.parse(valid)).toEqual({ ...valid, phone: "+919812345678", line2: null, makePrimary: false });
    expect(addressSchema.parse({ ...valid, makePrimary: "on" }).makePrimary).toBe(true);
  });

  it("names each bad field", () => {
    const result = addressSchema.safeParse({ ...valid, pincode: "01100", state: "Atlantis", phone: "12345" });
    expect(fieldErrors(result.error!)).toEqual({
      pincode: "Please enter a valid 6-digit pincode",
      state: "Please choose a state",
      phone: "Please enter a valid 10-digit phone number",
    });
  });
});

describe("redirect after sign-in", () => {
  it("maps 'cart' to the checkout and keeps same-site paths", () => {
    expect(safeRedirect("cart")).toBe("/checkout");
    expect(safeRedirect("/product/abc?size=M")).toBe("/product/abc?size=M");
    expect(safeRedirect(null)).toBeNull();
  });

  it("refuses forms that only become another site once parsed (issue 15)", () => {
    for (const bad of [
      "/.//evil.com",
      "/a/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/./\\evil.com",
      "/\tevil.com",
      "/%09/evil.com/..//x",
    ]) {
      const result = safeRedirect(bad);
      if (result !== null) {
        expect(result, bad).toMatch(/^\/(?![/\\])/);
        expect(new URL(result, "https://shop.example").origin, bad).toBe("https://shop.example");
      }
    }
    expect(safeRedirect("/.//evil.com")).toBeNull();
    expect(safeRedirect("/a/..//evil.com")).toBeNull();
    expect(safeRedirect("/%2e//evil.com")).toBeNull();
  });

  it("allows only pages of the shop, not its data or developer endpoints", () => {
    expect(safeRedirect("/api/auth/sign-out")).toBeNull();
    expect(safeRedirect("/dev/outbox?phone=9876543210")).toBeNull();
    expect(safeRedirect("/account/orders/ORD-1")).toBe("/account/orders/ORD-1");
    expect(safeRedirect("/products?category=sarees#top")).toBe("/products?category=sarees#top");
  });

  it("refuses other sites and odd paths", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "products",
      "/authentication",
      "/login?x=1",
    ]) {
      expect(safeRedirect(bad), bad).toBeNull();
    }
  });
});
