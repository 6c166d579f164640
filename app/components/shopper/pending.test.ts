import { describe, expect, it } from "vitest";
import { pendingCoupon, withPendingLines, withPendingWishlist } from "./pending";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("optimistic cart and wishlist", () => {
  const lines = [
    { productId: P1, size: "M", colour: "Rust", quantity: 1 },
    { productId: P2, size: "One Size", colour: "Default", quantity: 2 },
  ];

  it("applies pending quantity changes and removals to /cart, ignoring other actions", () => {
    const fetchers = [
      {
        formAction: "/cart",
        formData: form({ intent: "update", productId: P1, size: "M", colour: "Rust", quantity: "3", stock: "5" }),
      },
      {
        formAction: "/cart?index",
        formData: form({ intent: "remove", productId: P2, size: "One Size", colour: "Default" }),
      },
      { formAction: "/newsletter", formData: form({ intent: "clear" }) },
      { formAction: "/cart" },
    ];
    expect(withPendingLines(lines, fetchers)).toEqual([{ ...lines[0], quantity: 3 }]);
    expect(withPendingLines(lines, [{ formAction: "/cart", formData: form({ intent: "clear" }) }])).toEqual([]);
    expect(withPendingLines(lines, [])).toBe(lines);
  });

  it("caps a pending quantity at the stock the form carried", () => {
    const fetchers = [
      {
        formAction: "/cart",
        formData: form({ intent: "update", productId: P1, size: "M", colour: "Rust", quantity: "9", stock: "4" }),
      },
    ];
    expect(withPendingLines(lines, fetchers)[0]!.quantity).toBe(4);
  });

  it("sees a coupon being applied or removed", () => {
    expect(
      pendingCoupon([{ formAction: "/cart", formData: form({ intent: "apply-coupon", code: "SAVE10" }) }]),
    ).toEqual({ intent: "apply-coupon", code: "SAVE10" });
    expect(pendingCoupon([{ formAction: "/cart", formData: form({ intent: "remove-coupon" }) }])).toEqual({
      intent: "remove-coupon",
    });
    expect(pendingCoupon([])).toBeNull();
  });

  it("applies pending wishlist additions, removals and clearing (absolute, so repeats do no harm)", () => {
    const add = { formAction: "/wishlist", formData: form({ intent: "add", productId: P2 }) };
    expect(withPendingWishlist([P1], [add, add])).toEqual([P2, P1]);
    expect(
      withPendingWishlist([P1, P2], [{ formAction: "/wishlist", formData: form({ intent: "remove", productId: P1 }) }]),
    ).toEqual([P2]);
    expect(withPendingWishlist([P1], [{ formAction: "/wishlist", formData: form({ intent: "clear" }) }])).toEqual([]);
  });
});
