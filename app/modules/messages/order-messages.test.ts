import { describe, expect, it } from "vitest";
import { escapeHtml } from "./email-layout";
import { orderConfirmationEmail, orderConfirmationSms, type OrderMessageInput } from "./order-messages";
import { gsmLength, SMS_SINGLE_LIMIT } from "./sms-text";

function order(overrides: Partial<OrderMessageInput> = {}): OrderMessageInput {
  return {
    orderNumber: "ORD-20260314-7KQ2M9XD",
    customerName: "Meera Iyer",
    email: "meera@example.com",
    phone: "+919876543210",
    lines: [
      {
        name: "Phool Patti Kurta",
        size: "M",
        colour: "Indigo",
        quantity: 2,
        unitPricePaise: 129_900,
        lineTotalPaise: 259_800,
      },
      {
        name: "Banarasi Silk Saree",
        size: "Free Size",
        colour: "Maroon",
        quantity: 1,
        unitPricePaise: 1_234_550,
        lineTotalPaise: 1_234_550,
      },
    ],
    subtotalPaise: 1_494_350,
    shippingPaise: 0,
    discountPaise: 0,
    prepaidDiscountPaise: 0,
    codFeePaise: 0,
    totalPaise: 1_494_350,
    couponCode: null,
    paymentMethod: "online",
    billing: {
      firstName: "Meera",
      lastName: "Iyer",
      address: "12 Kamarajar Salai\nMylapore",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600004",
      country: "India",
      phone: "+919876543210",
      email: "meera@example.com",
    },
    orderUrl: "https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD",
    expectedDispatch: "Ships within 6 working days",
    ...overrides,
  };
}

/** The HTML's visible text, roughly: tags dropped, entities of the escaper undone. */
function visible(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the confirmation e-mail", () => {
  it("says which order is confirmed in the subject", () => {
    expect(orderConfirmationEmail(order()).subject).toBe("Your Saanjh order ORD-20260314-7KQ2M9XD is confirmed");
  });

  it("lists every line with size, colour, quantity and price, and the amounts in Indian rupees", () => {
    const { text, html } = orderConfirmationEmail(order());
    for (const part of [text, visible(html)]) {
      expect(part).toContain("Phool Patti Kurta");
      expect(part).toContain("Size M · Indigo · Qty 2 × ₹1,299.00");
      expect(part).toContain("₹2,598.00");
      expect(part).toContain("Banarasi Silk Saree");
      expect(part).toContain("Free Size · Maroon · Qty 1 × ₹12,345.50");
      // Indian grouping: lakhs
      expect(part).toContain("₹14,943.50");
    }
    expect(text).toMatch(/^Subtotal: +₹14,943\.50$/m);
    expect(text).toMatch(/^Total: +₹14,943\.50$/m);
  });

  it("shows free shipping as 'Free' and a charge as an amount", () => {
    expect(orderConfirmationEmail(order()).text).toMatch(/^Shipping: +Free$/m);
    expect(visible(orderConfirmationEmail(order()).html)).toMatch(/Shipping Free/);
    const paid = orderConfirmationEmail(order({ subtotalPaise: 45_000, shippingPaise: 4_000, totalPaise: 49_000 }));
    expect(paid.text).toMatch(/^Shipping: +₹40\.00$/m);
    expect(visible(paid.html)).toContain("Shipping ₹40.00");
    expect(paid.text).not.toMatch(/^Shipping: +Free/m);
  });

  it("has a coupon line with its code only when a coupon took something off", () => {
    const none = orderConfirmationEmail(order());
    expect(none.text).not.toMatch(/coupon|discount/i);
    expect(visible(none.html)).not.toMatch(/coupon|discount/i);
    const coupon = orderConfirmationEmail(
      order({ couponCode: "SAVE10", discountPaise: 149_435, totalPaise: 1_344_915 }),
    );
    expect(coupon.text).toMatch(/^Coupon discount \(SAVE10\): +-₹1,494\.35$/m);
    expect(visible(coupon.html)).toContain("Coupon discount (SAVE10) -₹1,494.35");
    expect(coupon.text).toMatch(/^Total: +₹13,449\.15$/m);
  });

  it("shows the prepaid discount and the cash-on-delivery fee only when there are any", () => {
    const prepaid = orderConfirmationEmail(order({ prepaidDiscountPaise: 5_000, totalPaise: 1_489_350 }));
    expect(prepaid.text).toMatch(/^Prepaid discount: +-₹50\.00$/m);
    expect(prepaid.text).not.toMatch(/delivery fee/);
    const cod = orderConfirmationEmail(order({ paymentMethod: "cod", codFeePaise: 3_000, totalPaise: 1_497_350 }));
    expect(cod.text).toMatch(/^Cash on delivery fee: +₹30\.00$/m);
    expect(visible(cod.html)).toContain("Cash on delivery fee ₹30.00");
    expect(cod.text).not.toMatch(/Prepaid/);
  });

  it("words cash on delivery and online payment differently", () => {
    const cod = orderConfirmationEmail(order({ paymentMethod: "cod" }));
    expect(cod.text).toContain("Payment: Cash on delivery. Please pay ₹14,943.50 when your order arrives.");
    expect(visible(cod.html)).toContain("Cash on delivery. Please pay ₹14,943.50 when your order arrives.");
    const online = orderConfirmationEmail(order());
    expect(online.text).toContain("Payment: Paid online (₹14,943.50).");
    expect(online.text).not.toMatch(/cash on delivery/i);
  });

  it("gives the delivery address, the expected dispatch and the link to the order", () => {
    const { text, html } = orderConfirmationEmail(order());
    expect(text).toContain(
      "Delivering to:\n  Meera Iyer\n  12 Kamarajar Salai\n  Mylapore\n  Chennai, Tamil Nadu 600004\n  India\n  Phone: +91 98765 43210",
    );
    expect(html).toContain(
      "Meera Iyer<br>12 Kamarajar Salai<br>Mylapore<br>Chennai, Tamil Nadu 600004<br>India<br>Phone: +91 98765 43210",
    );
    expect(text).toContain("Ships within 6 working days.");
    expect(visible(html)).toContain("Ships within 6 working days.");
    expect(text).toContain("https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD");
    expect(html).toContain('href="https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD"');
    expect(text).toMatch(/^Hello Meera Iyer,$/m);
  });

  it("is a self-contained HTML document: inline styles, tables, no remote images, fonts or scripts", () => {
    const { html } = orderConfirmationEmail(order());
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<link|<script|<img|@import|url\(/i);
    // the shop's palette and a serif heading
    expect(html).toContain("#fbf8f3");
    expect(html).toContain("#7a2333");
    expect(html).toContain("#1f1a17");
    expect(html).toMatch(/<h1 style="[^"]*font-family:Georgia/);
    // the only links are the order's
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD",
      "https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD",
    ]);
  });

  it("makes every interpolated value inert in the HTML", () => {
    const evil = `<script>alert("x")</script>`;
    const quote = `"&' onmouseover="alert(1)`;
    const { html, text } = orderConfirmationEmail(
      order({
        orderNumber: `ORD-<b>1</b>`,
        customerName: `${evil} ${quote}`,
        email: `a"b@example.com`,
        lines: [
          {
            name: evil,
            size: `<img src=x onerror=alert(1)>`,
            colour: quote,
            quantity: 1,
            unitPricePaise: 100,
            lineTotalPaise: 100,
          },
        ],
        couponCode: `<i>SAVE</i>`,
        discountPaise: 10,
        billing: {
          ...order().billing,
          firstName: evil,
          lastName: quote,
          address: `<iframe src="//evil.example">`,
          city: "&amp;",
          state: "<s>",
          pincode: `"600004"`,
          country: "'India'",
          phone: "<u>",
        },
        orderUrl: `https://shop.example.com/account/orders/x"><script>alert(1)</script>`,
        expectedDispatch: `<marquee>soon</marquee>`,
      }),
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<b>|<i>|<s>|<u>|<marquee/i);
    expect(html).not.toContain(`" onmouseover`);
    expect(html).not.toContain(`' onmouseover`);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&quot;&amp;&#39; onmouseover=&quot;alert(1)");
    // a value that already looks escaped is escaped again, not trusted
    expect(html).toContain("&amp;amp;");
    // an address that is not a plain http(s) link is shown, never linked
    expect(html).not.toMatch(/href="[^"]*script/);
    expect(visible(html)).toContain(`Your order: https://shop.example.com/account/orders/x"><script>alert(1)</script>`);
    // the plain-text part carries the words as they are
    expect(text).toContain(evil);
  });

  it("never links anything but http(s) addresses", () => {
    const { html } = orderConfirmationEmail(order({ orderUrl: "javascript:alert(1)" }));
    expect(html).not.toContain("href=");
    expect(visible(html)).toContain("Your order: javascript:alert(1)");
  });

  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("the confirmation SMS", () => {
  it("names the order, the total, the payment and the link", () => {
    expect(orderConfirmationSms(order({ paymentMethod: "cod", totalPaise: 123_400 }))).toBe(
      "Saanjh: order ORD-20260314-7KQ2M9XD placed. Total Rs.1,234.00 (Cash on delivery). Track: https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD",
    );
    expect(orderConfirmationSms(order({ totalPaise: 12_345_600 }))).toBe(
      "Saanjh: order ORD-20260314-7KQ2M9XD placed. Total Rs.1,23,456.00 (Paid online). Track: https://shop.example.com/account/orders/ORD-20260314-7KQ2M9XD",
    );
  });

  it("fits one 160-character GSM text: no ₹, which would make it a 70-character UCS-2 one", () => {
    for (const paymentMethod of ["cod", "online"] as const) {
      const sms = orderConfirmationSms(order({ paymentMethod, totalPaise: 99_99_999_99 }));
      expect(gsmLength(sms)).not.toBeNull();
      expect(gsmLength(sms)!).toBeLessThanOrEqual(SMS_SINGLE_LIMIT);
    }
  });

  it("falls back to a shorter wording for a long order address, keeping the whole link", () => {
    const orderUrl = `https://a-rather-long-shop-domain.example.co.in/account/orders/ORD-20260314-7KQ2M9XD`;
    const sms = orderConfirmationSms(order({ paymentMethod: "cod", orderUrl }));
    expect(sms).toBe(`Saanjh: order ORD-20260314-7KQ2M9XD placed, Rs.14,943.50 (COD). ${orderUrl}`);
    expect(gsmLength(sms)!).toBeLessThanOrEqual(SMS_SINGLE_LIMIT);
  });

  it("counts GSM characters: extension characters take two, others need UCS-2", () => {
    expect(gsmLength("Hello")).toBe(5);
    expect(gsmLength("a{b}")).toBe(6);
    expect(gsmLength("₹10")).toBeNull();
  });
});
