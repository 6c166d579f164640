import { describe, expect, it } from "vitest";
import { describeAmount, judgePayment, paysOrderTotal, type ReportedPayment } from "./settlement";

const expected = { gatewayOrderId: "order_DaZlswtdcn9UNV", amountPaise: 149_900 };
const reported = (over: Partial<ReportedPayment> = {}): ReportedPayment => ({
  id: "pay_29QQoUBi66xm2f",
  orderId: "order_DaZlswtdcn9UNV",
  amountPaise: 149_900,
  currency: "INR",
  status: "captured",
  method: "upi",
  ...over,
});

describe("judgePayment: does a payment the gateway reports settle the order?", () => {
  it("settles on the order's own gateway order, for its total in rupees, with the money held", () => {
    expect(judgePayment(expected, reported())).toEqual({ kind: "settles" });
    expect(judgePayment(expected, reported({ status: "authorized" }))).toEqual({ kind: "settles" });
  });

  it("flags a smaller, a larger or a foreign payment, naming both amounts", () => {
    expect(judgePayment(expected, reported({ amountPaise: 100 }))).toEqual({
      kind: "mismatch",
      reason: "Paid ₹1.00; the order's total is ₹1,499.00",
    });
    expect(judgePayment(expected, reported({ amountPaise: 150_000 }))).toMatchObject({ kind: "mismatch" });
    expect(judgePayment(expected, reported({ currency: "USD" }))).toEqual({
      kind: "mismatch",
      reason: "Paid 1499.00 USD; the order's total is ₹1,499.00",
    });
  });

  it("settles nothing for a payment in which the gateway holds no money", () => {
    for (const status of ["created", "failed", "refunded"] as const) {
      expect(judgePayment(expected, reported({ status })), status).toMatchObject({ kind: "not-paid" });
    }
    // even when its amount is also wrong: there is no money to flag
    expect(judgePayment(expected, reported({ status: "failed", amountPaise: 100 }))).toMatchObject({
      kind: "not-paid",
    });
  });

  it("ignores a payment on another gateway order, whatever its amount", () => {
    expect(judgePayment(expected, reported({ orderId: "order_Other000000001" }))).toMatchObject({
      kind: "other-order",
    });
    expect(judgePayment(expected, reported({ orderId: null, amountPaise: 100 }))).toMatchObject({
      kind: "other-order",
    });
  });
});

describe("paysOrderTotal and describeAmount", () => {
  it("takes exactly the total in rupees", () => {
    expect(paysOrderTotal({ amountPaise: 149_900, currency: "INR" }, { totalPaise: 149_900 })).toBe(true);
    expect(paysOrderTotal({ amountPaise: 149_899, currency: "INR" }, { totalPaise: 149_900 })).toBe(false);
    expect(paysOrderTotal({ amountPaise: 149_900, currency: "USD" }, { totalPaise: 149_900 })).toBe(false);
  });

  it("writes rupees the Indian way and other currencies by their code", () => {
    expect(describeAmount(5_00_00_000, "INR")).toBe("₹5,00,000.00");
    expect(describeAmount(100, "USD")).toBe("1.00 USD");
    expect(describeAmount(123_456_789, "EUR")).toBe("1234567.89 EUR");
  });
});
