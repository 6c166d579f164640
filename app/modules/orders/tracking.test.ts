import { describe, expect, it } from "vitest";
import {
  comparablePhone,
  normaliseOrderNumber,
  parseContact,
  paymentSummary,
  trackOrderFieldErrors,
  trackOrderValues,
} from "./tracking";

describe("normaliseOrderNumber", () => {
  it("drops spaces and upper-cases the prefix, keeping the suffix as typed", () => {
    expect(normaliseOrderNumber(" ORD-1767234567001 ")).toBe("ORD-1767234567001");
    expect(normaliseOrderNumber("ord-1767 2345 67001")).toBe("ORD-1767234567001");
    expect(normaliseOrderNumber("Ord-k3x9-Q2")).toBe("ORD-k3x9-Q2");
  });

  it("refuses what cannot be an order number", () => {
    for (const raw of [
      "",
      "ORD-",
      "ORD--1",
      "1767234567001",
      "ORDER-17672",
      "ORD-12'; --",
      "ORD-12/34",
      `ORD-${"1".repeat(61)}`,
    ])
      expect(normaliseOrderNumber(raw), raw).toBeNull();
    expect(normaliseOrderNumber(`ORD-${"1".repeat(60)}`)).not.toBeNull();
  });
});

describe("parseContact", () => {
  it("reads phones in the sign-in form's formats and pasted ones as +91 numbers", () => {
    for (const raw of [
      "9876543210",
      "98765 43210",
      "98765-43210",
      "+91 98765 43210",
      "+919876543210",
      "098765 43210",
      "919876543210",
      "(98765) 43210",
      "98765.43210",
    ]) {
      expect(parseContact(raw), raw).toEqual({ kind: "phone", phone: "+919876543210" });
    }
  });

  it("reads e-mails in lower case", () => {
    expect(parseContact("  Asha.Verma@Example.COM ")).toEqual({ kind: "email", email: "asha.verma@example.com" });
  });

  it("refuses what is neither", () => {
    for (const raw of [
      "",
      "   ",
      "12345",
      "5876543210",
      "98765432100",
      "+1 415 555 0100",
      "asha",
      "asha@",
      "@example.com",
      "asha@example",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(parseContact(raw), raw).toBeNull();
    }
  });

  it("compares stored phones in the same form", () => {
    expect(comparablePhone("+91 98765-43210")).toBe("+919876543210");
    expect(comparablePhone("not a phone")).toBeNull();
  });
});

describe("the form", () => {
  it("asks for each empty field with its own message", () => {
    expect(trackOrderFieldErrors({ orderNumber: "", contact: " " })).toEqual({
      orderNumber: "Please enter your order number",
      contact: "Please enter the phone number or e-mail you ordered with",
    });
    expect(trackOrderFieldErrors({ orderNumber: "ORD-1", contact: "x" })).toBeNull();
  });

  it("hands back the values as typed, cut to the inputs' length, and nothing for missing fields", () => {
    const form = new FormData();
    form.set("orderNumber", " ord-1 ");
    form.set("contact", "x".repeat(400));
    expect(trackOrderValues(form)).toEqual({ orderNumber: " ord-1 ", contact: "x".repeat(254) });
    expect(trackOrderValues(new FormData())).toEqual({ orderNumber: "", contact: "" });
  });
});

describe("paymentSummary", () => {
  it("says how the order is paid", () => {
    expect(paymentSummary("cod", "confirmed")).toBe("Cash on delivery");
    expect(paymentSummary("online", "pending_payment")).toBe("Online payment, not yet paid");
    expect(paymentSummary("online", "shipped")).toBe("Paid online");
    expect(paymentSummary("online", "cancelled")).toBe("Online payment");
  });
});
