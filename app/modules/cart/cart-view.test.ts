import { describe, expect, it } from "vitest";
import type { ShopperProduct } from "../catalog/types";
import { buildCartView, lineStateMessage } from "./cart-view";

/** A product in S and M, Rust; `m` and `s` are the two sizes' stock. */
const product = (id: string, over: Partial<ShopperProduct> = {}, { s = 5, m = 5 } = {}): ShopperProduct => ({
  id,
  name: `Piece ${id}`,
  brand: "Test",
  pricePaise: 60_000,
  originalPricePaise: null,
  stock: s + m,
  isActive: true,
  sizes: ["S", "M"],
  colors: [{ name: "Rust", hex: "#B4532A" }],
  image: null,
  variants: [
    { size: "S", colour: "Rust", stock: s },
    { size: "M", colour: "Rust", stock: m },
  ],
  ...over,
});

describe("buildCartView", () => {
  it("prices the lines at the catalogue's current prices and flags what cannot be bought", () => {
    const products = {
      a: product("a", { pricePaise: 54_900 }),
      b: product("b", { isActive: false }),
      // sold out in M but not in S: the M line is out of stock, the S line is fine
      c: product("c", {}, { m: 0, s: 4 }),
      d: product("d", {}, { m: 2, s: 9 }),
      e: product("e"),
    };
    const view = buildCartView(
      [
        { productId: "a", size: "M", colour: "Rust", quantity: 2 },
        { productId: "b", size: "M", colour: "Rust", quantity: 1 },
        { productId: "c", size: "M", colour: "Rust", quantity: 1 },
        { productId: "d", size: "M", colour: "Rust", quantity: 3 },
        { productId: "c", size: "S", colour: "Rust", quantity: 4 },
        { productId: "e", size: "XL", colour: "Rust", quantity: 1 },
        { productId: "gone", size: "M", colour: "Rust", quantity: 1 },
        { productId: "new", size: "M", colour: "Rust", quantity: 1 },
      ],
      { products, lookedUp: ["a", "b", "c", "d", "e", "gone"], coupon: null, maxOrderPaise: 50_000_000 },
    );
    expect(view.lines.map((l) => l.state.kind)).toEqual([
      "ok",
      "inactive",
      "out-of-stock",
      "over-stock",
      "ok",
      "variant-gone",
      "gone",
      "loading",
    ]);
    expect(view.lines[0]).toMatchObject({ cartId: "a-M-Rust", unitPricePaise: 54_900, lineTotalPaise: 109_800 });
    expect(view.lines.map((l) => l.stock)).toEqual([5, 5, 0, 2, 4, 0, 0, 0]);
    // a, the over-stock d and c in S count toward the subtotal; the rest only toward the badge
    expect(view.priced.subtotalPaise).toBe(109_800 + 180_000 + 240_000);
    expect(view.count).toBe(14);
    expect(view.blocked).toBe(true);
    expect(lineStateMessage(view.lines[3]!.state)).toBe("Only 2 left: please reduce the quantity");
    expect(lineStateMessage(view.lines[2]!.state)).toBe("Out of stock");
  });

  it("is not blocked when every line can be bought, and applies the coupon's terms", () => {
    const view = buildCartView([{ productId: "a", size: "One Size", colour: "Default", quantity: 1 }], {
      products: {
        a: product("a", { sizes: [], colors: [], variants: [{ size: "One Size", colour: "Default", stock: 3 }] }),
      },
      lookedUp: ["a"],
      coupon: { code: "FLAT50", type: "fixed", value: 5_000, minAmountPaise: 20_000 },
      maxOrderPaise: 50_000_000,
    });
    expect(view.blocked).toBe(false);
    expect(view.overLimit).toBeNull();
    expect(view.priced).toMatchObject({ subtotalPaise: 60_000, discountPaise: 5_000, totalPaise: 55_000 });
  });

  it("refuses checkout above the store's maximum order, by the pieces' value, with the limit in the message", () => {
    const lines = (quantity: number) => [{ productId: "a", size: "One Size", colour: "Default", quantity }];
    const catalogue = {
      products: {
        a: product("a", {
          pricePaise: 100_000_000,
          sizes: [],
          colors: [],
          variants: [{ size: "One Size", colour: "Default", stock: 99 }],
        }),
      },
      lookedUp: ["a"],
      coupon: null,
      maxOrderPaise: 500_000_000,
    };
    expect(buildCartView(lines(5), catalogue).overLimit).toBeNull();
    const over = buildCartView(lines(22), catalogue);
    expect(over.priced.subtotalPaise).toBe(2_200_000_000);
    expect(over.overLimit).toBe(
      "One order can come to at most ₹50,00,000. Please remove some pieces, or buy them in two orders.",
    );
    expect(over.blocked).toBe(false);
  });
});
