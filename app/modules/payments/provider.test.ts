import { describe, expect, it } from "vitest";
import {
  paymentFailedMessage,
  prefersRedirectCheckout,
  razorpayCheckoutOptions,
  type PaymentCheckout,
} from "./provider";

const checkout: Extract<PaymentCheckout, { provider: "razorpay" }> = {
  provider: "razorpay",
  scriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
  callbackUrl: "https://shop.example.com/payment/razorpay/callback?order=ORD-1",
  options: {
    key: "rzp_test_A1b2C3d4E5f6G7",
    amount: 129_900,
    currency: "INR",
    name: "Saanjh",
    description: "Order ORD-1",
    order_id: "order_DaZlswtdcn9UNV",
    prefill: { name: "Priya Shah", email: "priya@example.com", contact: "+919876543210" },
    notes: { order_number: "ORD-1" },
  },
};

describe("Checkout options", () => {
  it("leave the modal's options alone and add redirect and callback_url for redirect mode", () => {
    expect(razorpayCheckoutOptions(checkout, "modal")).toEqual(checkout.options);
    expect(razorpayCheckoutOptions(checkout, "modal")).not.toHaveProperty("redirect");
    expect(razorpayCheckoutOptions(checkout, "redirect")).toEqual({
      ...checkout.options,
      redirect: true,
      callback_url: "https://shop.example.com/payment/razorpay/callback?order=ORD-1",
    });
  });

  it("prefer redirect mode in the in-app browsers shoppers arrive from, not in ordinary browsers", () => {
    const inApp = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.15.106",
      "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]",
      "Mozilla/5.0 (Linux; Android 13; SM-A536E; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 WhatsApp/2.24",
    ];
    for (const ua of inApp) expect(prefersRedirectCheckout(ua), ua).toBe(true);
    const browsers = [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    ];
    for (const ua of browsers) expect(prefersRedirectCheckout(ua), ua).toBe(false);
    expect(prefersRedirectCheckout(null)).toBe(false);
  });
});

describe("payment failure message", () => {
  it("is the spec's 'Payment failed: {description}', or the generic message without one", () => {
    expect(paymentFailedMessage("Authentication failed due to incorrect otp")).toBe(
      "Payment failed: Authentication failed due to incorrect otp",
    );
    expect(paymentFailedMessage("  ")).toBe("Something went wrong. Please try again.");
    expect(paymentFailedMessage(null)).toBe("Something went wrong. Please try again.");
  });
});
