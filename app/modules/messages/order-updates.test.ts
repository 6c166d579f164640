import { describe, expect, it } from "vitest";
import {
  orderCancelledEmail,
  orderCancelledSms,
  orderDeliveredEmail,
  orderDeliveredSms,
  orderShippedEmail,
  orderShippedSms,
  type OrderCancelledInput,
  type OrderRecipient,
} from "./order-updates";
import {
  refundDestination,
  refundIssuedEmail,
  refundIssuedSms,
  refundProcessedEmail,
  refundProcessedSms,
} from "./refund-messages";
import { gsmLength, SMS_SINGLE_LIMIT } from "./sms-text";

const URL_BASE = "https://shop.example.com";
const NUMBER = "ORD-MJX3K2Q0-7KQ2M9";

function recipient(overrides: Partial<OrderRecipient> = {}): OrderRecipient {
  return {
    orderNumber: NUMBER,
    customerName: "Meera Iyer",
    phone: "+919876543210",
    email: "meera@example.com",
    orderUrl: `${URL_BASE}/account/orders/${NUMBER}`,
    shopUrl: URL_BASE,
    ...overrides,
  };
}

const ORDER_URL = `${URL_BASE}/account/orders/${NUMBER}`;

/** The HTML's visible text, roughly: tags dropped, entities of the escaper undone. */
function visible(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<div style="display:none[^>]*>[^<]*<\/div>/, "")
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

/** One GSM text: no character outside GSM 03.38 (no ₹) and at most 160 of them. */
function expectOneSms(text: string) {
  expect(gsmLength(text), text).not.toBeNull();
  expect(gsmLength(text)!, text).toBeLessThanOrEqual(SMS_SINGLE_LIMIT);
}

const staffCancel = (
  reason: string,
  payment: Extract<OrderCancelledInput, { cause: "staff" }>["payment"],
  overrides: Partial<OrderRecipient> = {},
): OrderCancelledInput => ({
  ...recipient(overrides),
  cause: "staff",
  reason,
  payment,
});

describe("cancelled by staff", () => {
  it("texts the reason and the refund, with the order's link", () => {
    expect(orderCancelledSms(staffCancel("Out of stock", { kind: "refunding", amountPaise: 149_900 }))).toBe(
      `Saanjh: order ${NUMBER} cancelled: Out of stock. Your Rs.1,499.00 will be refunded. ${ORDER_URL}`,
    );
    expect(orderCancelledSms(staffCancel("Duplicate order.", { kind: "cash-on-delivery" }))).toBe(
      `Saanjh: order ${NUMBER} has been cancelled: Duplicate order. Details: ${ORDER_URL}`,
    );
    expect(orderCancelledSms(staffCancel("Not paid", { kind: "not-charged" }))).toBe(
      `Saanjh: order ${NUMBER} has been cancelled: Not paid. Nothing was charged. Details: ${ORDER_URL}`,
    );
  });

  it("keeps the reason before the refund's words when both do not fit, and drops a reason one text cannot carry", () => {
    const long = "We could not deliver to your pincode";
    expect(orderCancelledSms(staffCancel(long, { kind: "refunding", amountPaise: 149_900 }))).toBe(
      `Saanjh: order ${NUMBER} cancelled: ${long}. ${ORDER_URL}`,
    );
    // a reason in another script (UCS-2) or too long for one text: the order, the refund and the link remain
    for (const reason of [
      "पिनकोड पर डिलीवरी नहीं",
      "The courier does not serve this pincode and no other courier we work with does either",
    ]) {
      const sms = orderCancelledSms(staffCancel(reason, { kind: "refunding", amountPaise: 149_900 }));
      expect(sms).toBe(
        `Saanjh: order ${NUMBER} has been cancelled. Your Rs.1,499.00 will be refunded. Details: ${ORDER_URL}`,
      );
      expectOneSms(sms);
    }
    // staff's line breaks never reach the text
    expect(orderCancelledSms(staffCancel("Out of\nstock", { kind: "none" }))).toContain("cancelled: Out of stock. ");
  });

  it("e-mails the reason and what becomes of the money, escaped in the HTML", () => {
    const mail = orderCancelledEmail(
      staffCancel(`Damaged <b>"in" the</b> workshop`, { kind: "refunding", amountPaise: 149_900 }),
    );
    expect(mail.subject).toBe(`Your Saanjh order ${NUMBER} has been cancelled`);
    expect(mail.text).toContain(`We are sorry: your order ${NUMBER} has been cancelled.`);
    expect(mail.text).toMatch(/^Reason: +Damaged <b>"in" the<\/b> workshop\.$/m);
    expect(mail.text).toContain(
      "The ₹1,499.00 you paid is being refunded in full: a separate message tells you where it goes and when.",
    );
    expect(mail.text).toContain(`View your order: ${ORDER_URL}`);
    expect(mail.html).toContain("Damaged &lt;b&gt;&quot;in&quot; the&lt;/b&gt; workshop.");
    expect(mail.html).not.toContain("<b>");
    expect(visible(mail.html)).toContain(
      `We are sorry: your order ${NUMBER} has been cancelled. Reason Damaged <b>"in" the</b> workshop. The ₹1,499.00 you paid is being refunded in full`,
    );
    expect(hrefs(mail.html)).toEqual([ORDER_URL, ORDER_URL]);
    expect(orderCancelledEmail(staffCancel("Out of stock", { kind: "cash-on-delivery" })).text).toContain(
      "Nothing is due: the order was to be paid on delivery.",
    );
    expect(orderCancelledEmail(staffCancel("Not paid", { kind: "not-charged" })).text).toContain(
      "Nothing was charged for this order.",
    );
    expect(orderCancelledEmail(staffCancel("Out of stock", { kind: "none" })).text).not.toMatch(/refund|charged|due/i);
  });
});

describe("lapsed unpaid", () => {
  it("says plainly it was not paid in time and nothing was charged, and links to the shop", () => {
    const input: OrderCancelledInput = { ...recipient(), cause: "lapsed" };
    expect(orderCancelledSms(input)).toBe(
      `Saanjh: order ${NUMBER} was not paid in time, so it has been cancelled. Nothing was charged. Shop again: ${URL_BASE}`,
    );
    const mail = orderCancelledEmail(input);
    expect(mail.subject).toBe(`Your Saanjh order ${NUMBER} was not paid in time`);
    expect(mail.text).toContain(
      `Your order ${NUMBER} has been cancelled because its online payment was not completed in time.`,
    );
    expect(mail.text).toContain("Nothing was charged.");
    expect(mail.text).toContain(`Shop again: ${URL_BASE}\nThe cancelled order: ${ORDER_URL}`);
    expect(visible(mail.html)).toContain("Nothing was charged. The pieces you chose are back on sale");
    expect(hrefs(mail.html)).toEqual([URL_BASE, URL_BASE, ORDER_URL]);
  });

  it("never says nothing was charged when the gateway took a payment that did not match the order", () => {
    const input: OrderCancelledInput = { ...recipient(), cause: "lapsed", unmatchedPaidPaise: 100 };
    const sms = orderCancelledSms(input);
    expect(sms).toBe(
      `Saanjh: order ${NUMBER} not fully paid in time, cancelled. Your Rs.1.00 will be refunded. ${ORDER_URL}`,
    );
    expectOneSms(sms);
    const mail = orderCancelledEmail(input);
    expect(mail.text).not.toContain("Nothing was charged");
    expect(mail.text).toContain("We received ₹1.00, which did not match the order. It will be refunded to you in full");
  });
});

describe("shipped", () => {
  it("texts the courier, the tracking number and the order's link", () => {
    expect(
      orderShippedSms({
        ...recipient(),
        courier: "Blue Dart",
        trackingNumber: "BD123456789IN",
        trackingChanged: false,
      }),
    ).toBe(`Saanjh: order ${NUMBER} has shipped with Blue Dart, tracking number BD123456789IN. Track: ${ORDER_URL}`);
    expect(
      orderShippedSms({ ...recipient(), courier: "Delhivery", trackingNumber: "1234567890123", trackingChanged: true }),
    ).toBe(`Saanjh: new tracking for order ${NUMBER}: Delhivery, tracking number 1234567890123. Track: ${ORDER_URL}`);
  });

  it("e-mails the courier, the tracking number, the order's page and /track-order", () => {
    const mail = orderShippedEmail({
      ...recipient(),
      courier: "Blue Dart",
      trackingNumber: "BD123456789IN",
      trackingChanged: false,
    });
    expect(mail.subject).toBe(`Your Saanjh order ${NUMBER} has shipped`);
    expect(mail.text).toMatch(/^Courier: +Blue Dart$/m);
    expect(mail.text).toMatch(/^Tracking number: +BD123456789IN$/m);
    expect(mail.text).toContain(`Track your order: ${ORDER_URL}\nTrack without signing in: ${URL_BASE}/track-order`);
    expect(visible(mail.html)).toContain(
      `Your order is on its way Your order ${NUMBER} has left our studio with Blue Dart. Shipment Courier Blue Dart Tracking number BD123456789IN`,
    );
    expect(hrefs(mail.html)).toEqual([ORDER_URL, ORDER_URL, `${URL_BASE}/track-order`]);
    const changed = orderShippedEmail({
      ...recipient(),
      courier: "Delhivery",
      trackingNumber: "1234567890123",
      trackingChanged: true,
    });
    expect(changed.subject).toBe(`New tracking number for your Saanjh order ${NUMBER}`);
    expect(changed.text).toContain(
      `The tracking details of your order ${NUMBER} have changed. Please use these from now on.`,
    );
    expect(changed.text).toMatch(/^Tracking number: +1234567890123$/m);
  });
});

describe("delivered", () => {
  it("texts and e-mails the delivery with the order's link and the return policy", () => {
    expect(orderDeliveredSms(recipient())).toBe(
      `Saanjh: order ${NUMBER} has been delivered. We hope you love it! Your order: ${ORDER_URL}`,
    );
    const mail = orderDeliveredEmail(recipient());
    expect(mail.subject).toBe(`Your Saanjh order ${NUMBER} has been delivered`);
    expect(mail.text).toContain(
      "you can ask for an exchange within 15 days of delivery, or for a return within 7 days if it arrived damaged.",
    );
    expect(hrefs(mail.html)).toEqual([ORDER_URL, ORDER_URL, `${URL_BASE}/return-policy`]);
  });
});

describe("refunds", () => {
  it("names where the money goes from the way the shopper paid", () => {
    expect(refundDestination("upi").sentence).toBe("the UPI account you paid with");
    expect(refundDestination("card").sentence).toBe("the card you paid with");
    expect(refundDestination("emi").short).toBe("your card");
    expect(refundDestination("netbanking").sentence).toBe("the bank account you paid from");
    expect(refundDestination("wallet").short).toBe("your wallet");
    expect(refundDestination(null).sentence).toBe("the payment method you used");
    expect(refundDestination("something-new").short).toBe("your payment method");
  });

  it("texts the amount, where it goes and the usual time, then that it was sent", () => {
    expect(refundIssuedSms({ ...recipient(), amountPaise: 149_900, method: "upi" })).toBe(
      `Saanjh: Rs.1,499.00 refund for ${NUMBER} to your UPI, usually in 7 working days. ${ORDER_URL}`,
    );
    expect(
      refundIssuedSms({ ...recipient({ orderUrl: `http://x.in/o/${NUMBER}` }), amountPaise: 149_900, method: "card" }),
    ).toBe(
      `Saanjh: refunding Rs.1,499.00 for order ${NUMBER} to your card, usually within 7 working days. http://x.in/o/${NUMBER}`,
    );
    expect(refundProcessedSms({ ...recipient(), amountPaise: 149_900, method: "card" })).toBe(
      `Saanjh: your refund of Rs.1,499.00 for ${NUMBER} has been sent to your card. ${ORDER_URL}`,
    );
  });

  it("e-mails the amount, where it goes and how long it takes", () => {
    const issued = refundIssuedEmail({ ...recipient(), amountPaise: 149_900, method: "upi" });
    expect(issued.subject).toBe(`Your refund of ₹1,499.00 for Saanjh order ${NUMBER} has started`);
    expect(issued.text).toMatch(/^Amount: +₹1,499\.00$/m);
    expect(issued.text).toMatch(/^Refunded to: +The UPI account you paid with$/m);
    expect(issued.text).toMatch(/^Usually shows within: +7 working days$/m);
    expect(visible(issued.html)).toContain(
      "Refund Amount ₹1,499.00 Refunded to The UPI account you paid with Usually shows within 7 working days",
    );
    const processed = refundProcessedEmail({ ...recipient(), amountPaise: 149_900, method: "netbanking" });
    expect(processed.subject).toBe(`Your refund of ₹1,499.00 for Saanjh order ${NUMBER} has been sent`);
    expect(processed.text).toContain(
      `Your refund of ₹1,499.00 for order ${NUMBER} has been processed and sent to the bank account you paid from.`,
    );
    expect(hrefs(processed.html)).toEqual([ORDER_URL, ORDER_URL]);
  });
});

describe("every update", () => {
  const inputs = (r: OrderRecipient, amountPaise: number, method: string | null) => ({
    sms: [
      orderCancelledSms({
        ...r,
        cause: "staff",
        reason: "Could not be delivered to the pincode",
        payment: { kind: "refunding", amountPaise },
      }),
      orderCancelledSms({ ...r, cause: "staff", reason: "Out of stock", payment: { kind: "not-charged" } }),
      orderCancelledSms({ ...r, cause: "lapsed" }),
      orderCancelledSms({ ...r, cause: "lapsed", unmatchedPaidPaise: amountPaise }),
      orderShippedSms({
        ...r,
        courier: "Shree Maruti Courier Services",
        trackingNumber: "SMCS0012345678901234",
        trackingChanged: false,
      }),
      orderShippedSms({
        ...r,
        courier: "Shree Maruti Courier Services",
        trackingNumber: "SMCS0012345678901234",
        trackingChanged: true,
      }),
      orderDeliveredSms(r),
      refundIssuedSms({ ...r, amountPaise, method }),
      refundProcessedSms({ ...r, amountPaise, method }),
    ],
    emails: [
      orderCancelledEmail({
        ...r,
        cause: "staff",
        reason: "Out of stock",
        payment: { kind: "refunding", amountPaise },
      }),
      orderCancelledEmail({ ...r, cause: "lapsed" }),
      orderShippedEmail({ ...r, courier: "Blue Dart", trackingNumber: "BD1", trackingChanged: false }),
      orderDeliveredEmail(r),
      refundIssuedEmail({ ...r, amountPaise, method }),
      refundProcessedEmail({ ...r, amountPaise, method }),
    ],
  });

  it("fits one GSM text with a shop address of up to 30 characters and refunds up to ₹5,00,000, never with ₹", () => {
    const base = "https://www.saanjh-fashions.in"; // 30 characters
    const r = recipient({ orderUrl: `${base}/account/orders/${NUMBER}`, shopUrl: base });
    for (const [amountPaise, method] of [
      [100, "card"],
      [5_00_000_00, "paylater"],
      [1_23_456_78, null],
    ] as const) {
      for (const sms of inputs(r, amountPaise, method).sms) {
        expectOneSms(sms);
        expect(sms.startsWith("Saanjh: ")).toBe(true);
      }
    }
  });

  it("always ends the text with the whole link, even when nothing shorter fits", () => {
    const orderUrl = `https://a-very-long-shop-domain-name-indeed.example.co.in/account/orders/${NUMBER}`;
    const r = recipient({ orderUrl });
    const [, , , , shipped, , delivered, issued, processed] = inputs(r, 149_900, "upi").sms;
    for (const sms of [shipped, delivered, issued, processed]) expect(sms!.endsWith(` ${orderUrl}`)).toBe(true);
  });

  it("is a self-contained HTML e-mail: the confirmation's frame, no remote content, every value inert", () => {
    const evil = recipient({
      customerName: `<script>alert(1)</script>`,
      orderNumber: `ORD-<i>1</i>`,
      email: `a"b@example.com`,
      orderUrl: `javascript:alert(1)`,
    });
    for (const mail of inputs(evil, 149_900, `<img src=x>`).emails) {
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain('role="presentation"');
      expect(mail.html).toContain(">SAANJH</td>");
      expect(mail.html).toContain("#7a2333");
      expect(mail.html).toMatch(/<h1 style="[^"]*font-family:Georgia/);
      expect(mail.html).not.toMatch(/<style|<link|<script|<img|<i>|@import|url\(/i);
      expect(hrefs(mail.html).every((h) => /^https:\/\/shop\.example\.com\//.test(h!) || h === URL_BASE)).toBe(true);
      expect(visible(mail.html)).toContain(
        `You are receiving this e-mail because an order was placed at Saanjh with a"b@example.com.`,
      );
      expect(mail.text).toMatch(
        /Warm regards,\nSaanjh\n\nYou are receiving this e-mail because an order was placed at Saanjh with a"b@example\.com\.$/,
      );
    }
  });
});
