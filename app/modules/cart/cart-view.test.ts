import { describe, expect, it } from "vitest";
import type { ShopperProduct } from "../catalog/types";
import { buildCartView, lineStateMessage } from "./cart-view";

const product = (id: string, over: Partial<ShopperProduct> = {}): ShopperProduct => ({
  id,
  name: `Piece ${id}`,
  brand: "Test",
  pricePaise: 60_000,
  originalPricePaise: null,
  stock: 5,
  isActive: true,
  sizes: ["S", "M"],
  colors: [{ name: "Rust", hex: "#B4532A" }],
  image: null,
  ...over,
});

describe("buildCartView", () => {
  it("prices the lines at the catalogue's current prices and flags what cannot be bought", () => {
    const products = {
      a: product("a", { pricePaise: 54_900 }),
      b: product("b", { isActive: false }),
      c: product("c", { stock: 0 }),
      d: product("d", { stock: 2 }),
      e: product("e"),
    };
    const view = buildCartView(
      [
        { productId: "a", size: "M", colour: "Rust", quantity: 2 },
        { productId: "b", size: "M", colour: "Rust", quantity: 1 },
        { productId: "c", size: "M", colour: "Rust", quantity: 1 },
        { productId: "d", size: "M", colour: "Rust", quantity: 3 },
        { productId: "e", size: "XL", colour: "Rust", quantity: 1 },
        { productId: "gone", size: "M", colour: "Rust", quantity: 1 },
        { productId: "new", size: "M", colour: "Rust", quantity: 1 },
      ],
      { products, lookedUp: ["a", "b", "c", "d", "e", "gone"], coupon: null },
    );
    expect(view.lines.map((l) => l.state.kind)).toEqual(["ok", "inactive", "out-of-stock", "over-stock", "variant-gone", "gone", "loading"]);
    expect(view.lines[0]).toMatchObject({ cartId: "a-M-Rust", unitPricePaise: 54_900, lineTotalPaise: 109_800 });
    // a and the over-stock d count toward the subtotal; the rest only toward the badge
    expect(view.priced.subtotalPaise).toBe(109_800 + 180_000);
    expect(view.count).toBe(10);
    expect(view.blocked).toBe(true);
    expect(lineStateMessage(view.lines[3]!.state)).toBe("Only 2 left: please reduce the quantity");
    expect(lineStateMessage(view.lines[2]!.state)).toBe("Out of stock");
  });

  it("is not blocked when every line can be bought, and applies the coupon's terms", () => {
    const view = buildCartView([{ productId: "a", size: "One Size", colour: "Default", quantity: 1 }], {
      products: { a: product("a", { sizes: [], colors: [] }) },
      lookedUp: ["a"],
      coupon: { code: "FLAT50", type: "fixed", value: 5_000, minAmountPaise: 20_000 },
    });
    expect(view.blocked).toBe(false);
    expect(view.priced).toMatchObject({ subtotalPaise: 60_000, discountPaise: 5_000, totalPaise: 55_000 });
  });
});
