import { describe, expect, it } from "vitest";
import { beaconsFor } from "./save-on-leave";

const P1 = "11111111-1111-4111-8111-111111111111";
const BASE = "http://shop.test/products?search=jhumkas";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("a change still on its way when the page goes", () => {
  it("is sent again for a heart or a quantity the server has not answered yet", () => {
    const beacons = beaconsFor(
      [
        {
          state: "submitting",
          formAction: "/wishlist",
          formData: form({ intent: "add", productId: P1, store: "server" }),
        },
        {
          state: "submitting",
          formAction: "/cart?index",
          formData: form({
            intent: "update",
            productId: P1,
            size: "M",
            colour: "Rust",
            quantity: "3",
            store: "server",
          }),
        },
      ],
      BASE,
    );
    expect(beacons.map((b) => [b.url, b.body.toString()])).toEqual([
      ["/wishlist.data", `intent=add&productId=${P1}&store=server`],
      ["/cart.data", `intent=update&productId=${P1}&size=M&colour=Rust&quantity=3&store=server`],
    ]);
  });

  it("is not sent when already answered, kept in the browser, or not safe to repeat", () => {
    const beacons = beaconsFor(
      [
        {
          state: "loading",
          formAction: "/wishlist",
          formData: form({ intent: "add", productId: P1, store: "server" }),
        },
        { state: "idle" },
        {
          state: "submitting",
          formAction: "/wishlist",
          formData: form({ intent: "add", productId: P1, store: "local" }),
        },
        { state: "submitting", formAction: "/wishlist", formData: form({ intent: "add-all", store: "server" }) },
        {
          state: "submitting",
          formAction: "/cart",
          formData: form({ intent: "apply-coupon", code: "SAVE10", store: "server" }),
        },
        { state: "submitting", formAction: "/newsletter", formData: form({ intent: "add", store: "server" }) },
      ],
      BASE,
    );
    expect(beacons).toEqual([]);
  });
});
