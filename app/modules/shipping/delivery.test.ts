import { afterEach, describe, expect, it, vi } from "vitest";

const RealDateTimeFormat = Intl.DateTimeFormat;

/*
 * The pincode check's words: the day a parcel arrives reads as the en-IN formatter writes it, and the
 * module makes no formatter until a day is shown, so loading the product page's pincode box costs the
 * page nothing at start-up (decision 047).
 */

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
  vi.resetModules();
});

describe("the pincode check's delivery line", () => {
  it("names the later delivery day the way the en-IN formatter writes it, and whether cash is collected", async () => {
    const { deliveryDay, deliveryMessage } = await import("./delivery");
    expect(deliveryDay("2026-11-29")).toBe("Sun, 29 Nov");
    expect(
      deliveryMessage({
        pincode: "302001",
        serviceable: true,
        codAvailable: false,
        earliest: "2026-11-28",
        latest: "2026-12-01",
        source: "table",
      }),
    ).toBe("Delivery by Tue, 1 Dec · Cash on delivery not available");
    expect(deliveryDay("not a day")).toBe("not a day");
  });

  it("makes no date formatter when the module loads, and one for all the days it shows", async () => {
    let made = 0;
    Intl.DateTimeFormat = class extends RealDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    const { deliveryDay } = await import("./delivery");
    expect(made).toBe(0);
    expect([deliveryDay("2026-11-29"), deliveryDay("2026-11-30")]).toEqual(["Sun, 29 Nov", "Mon, 30 Nov"]);
    expect(made).toBe(1);
  });
});
