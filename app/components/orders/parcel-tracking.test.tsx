import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ShopperParcel } from "~/modules/shipping/index.server";
import { ParcelTracking } from "./parcel-tracking";

/*
 * The parcel as the server draws it, before any JavaScript: the courier and AWB, the scans as a list
 * of <time>s with the older ones behind a <details> 'Show all N updates', and a missed delivery's
 * notice ending with the shop's phone to call.
 */

const SUPPORT = { phone: "+91 98765 43210", email: "care@saanjh.example" };

function scans(n: number): ShopperParcel["scans"] {
  return Array.from({ length: n }, (_, i) => ({
    activity: `Scan ${n - i}`,
    location: i % 2 === 0 ? "Lucknow" : null,
    occurredAt: new Date(Date.UTC(2026, 10, 27, 12 - i)).toISOString(),
    status: "in_transit" as const,
  }));
}

const PARCEL: ShopperParcel = {
  courierName: "Delhivery",
  awb: "1234567890",
  status: "in_transit",
  estimatedDelivery: "2026-11-29",
  deliveredAt: null,
  failedAttempts: 0,
  failureReason: null,
  scans: scans(7),
};

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("<ParcelTracking>", () => {
  it("shows nothing before the parcel is booked", () => {
    const html = renderToString(
      <ParcelTracking parcel={null} order={{ status: "processing", paymentMethod: "cod" }} support={SUPPORT} />,
    );
    expect(html).toBe("");
  });

  it("draws the courier, the date and the newest five scans, the rest behind 'Show all 7 updates'", () => {
    const html = renderToString(
      <ParcelTracking parcel={PARCEL} order={{ status: "shipped", paymentMethod: "cod" }} support={SUPPORT} />,
    );
    const words = text(html);
    expect(words).toContain("Your parcel");
    expect(words).toContain("Arriving by Sun, 29 Nov");
    expect(words).toMatch(/Courier Delhivery AWB 1234567890/);
    const [shown, rest] = html.split("<details");
    expect(shown!.match(/<time /g)).toHaveLength(5);
    expect(text(shown!)).toMatch(/Scan 7 .*Scan 6 .*Scan 5 .*Scan 4 .*Scan 3/);
    expect(text(shown!)).not.toContain("Scan 2");
    expect(rest).toMatch(/<summary[^>]*>.*Show all <!-- -->7<!-- --> updates/);
    expect(rest!.match(/<time /g)).toHaveLength(2);
    expect(html).toContain('<ol aria-label="Courier updates, newest first"');
    expect(html).toContain(`dateTime="${PARCEL.scans[0]!.occurredAt}"`);
    expect(words).toContain("Fri, 27 Nov · 5:30 pm · Lucknow");
    expect(html).not.toContain('data-testid="parcel-notice"');
  });

  it("a missed delivery: the notice with the shop's phone to call", () => {
    const html = renderToString(
      <ParcelTracking
        parcel={{
          ...PARCEL,
          status: "delivery_failed",
          failedAttempts: 1,
          failureReason: "Consignee not available",
          scans: [{ ...PARCEL.scans[0]!, status: "delivery_failed", activity: "Consignee not available" }],
        }}
        order={{ status: "shipped", paymentMethod: "cod" }}
        support={SUPPORT}
        headingLevel={3}
      />,
    );
    expect(html).toMatch(/<h3[^>]*>Your parcel<\/h3>/);
    expect(html).toMatch(/<h4[^>]*>Courier updates<\/h4>/);
    expect(text(html)).toContain(
      "The courier could not deliver on Fri, 27 Nov: Consignee not available. They will try again on the next working day. To change the time or address, call us at +91 98765 43210 .",
    );
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).not.toContain("<details");
  });

  it("without a phone, the e-mail; without either, a plain request", () => {
    const order = { status: "returned" as const, paymentMethod: "online" as const };
    const byMail = renderToString(
      <ParcelTracking parcel={null} order={order} support={{ phone: " ", email: "care@saanjh.example" }} />,
    );
    expect(text(byMail)).toContain("If you would still like these pieces, write to us at care@saanjh.example .");
    const none = renderToString(<ParcelTracking parcel={null} order={order} support={null} />);
    expect(text(none)).toContain("please get in touch with us with your order number.");
    expect(text(none)).toContain("This parcel came back to us undelivered");
  });
});
