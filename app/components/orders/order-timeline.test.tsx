import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { orderTimeline } from "~/modules/orders";
import { OrderTimeline } from "./order-timeline";

/*
 * The order's timeline for a parcel that came back undelivered ends at 'Shipped', saying so, with no
 * 'Delivered' still to come; and where the parcel's own section shows the courier and AWB, the
 * timeline leaves them out.
 */

const history = [
  { toStatus: "confirmed" as const, createdAt: "2026-11-20T05:00:00.000Z" },
  { toStatus: "processing" as const, createdAt: "2026-11-20T09:00:00.000Z" },
  { toStatus: "shipped" as const, createdAt: "2026-11-21T09:00:00.000Z" },
];
const order = {
  createdAt: "2026-11-20T04:59:00.000Z",
  courier: "Delhivery",
  trackingNumber: "DLV1234567",
};

const steps = (html: string) => [...html.matchAll(/data-step="([a-z_]+)"/g)].map((m) => m[1]);

describe("<OrderTimeline>", () => {
  it("a shipped order: every step, delivered still to come, with the courier and tracking number", () => {
    const html = renderToString(<OrderTimeline timeline={orderTimeline(history, { ...order, status: "shipped" })} />);
    expect(steps(html)).toEqual(["placed", "confirmed", "processing", "shipped", "delivered"]);
    expect(html).toContain("Your parcel is on its way.");
    expect(html).toContain("DLV1234567");
  });

  it("a returned order ends at shipped, says the parcel came back, and shows nothing still to come", () => {
    const html = renderToString(
      <OrderTimeline
        timeline={orderTimeline([...history, { toStatus: "returned", createdAt: "2026-11-26T09:00:00.000Z" }], {
          ...order,
          status: "returned",
        })}
      />,
    );
    expect(steps(html)).toEqual(["placed", "confirmed", "processing", "shipped"]);
    expect(html).toContain("Your parcel came back to us undelivered.");
    expect(html).not.toContain("Your parcel is on its way.");
    expect(html).toContain("Returned undelivered");
    expect(html).not.toContain("still to come");
  });

  it("leaves the courier out where the parcel's own section shows it", () => {
    const html = renderToString(
      <OrderTimeline timeline={orderTimeline(history, { ...order, status: "shipped" })} showShippingDetails={false} />,
    );
    expect(html).not.toContain("DLV1234567");
    expect(html).not.toContain("Delhivery");
  });
});
