import { describe, expect, it, vi } from "vitest";
import {
  addLocalLine,
  CART_STORAGE_KEY,
  changeLocalCart,
  localCartSnapshot,
  readLocalCart,
  readLocalCoupon,
  removeLocalCart,
  serverCartSnapshot,
  writeLocalCoupon,
} from "./local-cart";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe("addLocalLine", () => {
  it("adds a line with the defaults and raises the quantity of the same product, size and colour", () => {
    const s = memoryStorage();
    expect(addLocalLine({ productId: "a" }, 10, s)).toEqual({ quantity: 1, capped: false });
    expect(addLocalLine({ productId: "a", size: "One Size", colour: "Default", quantity: 2 }, 10, s)).toEqual({
      quantity: 3,
      capped: false,
    });
    expect(addLocalLine({ productId: "a", size: "M", colour: "Rust" }, 10, s)).toEqual({ quantity: 1, capped: false });
    expect(readLocalCart(s)).toEqual([
      { productId: "a", size: "One Size", colour: "Default", quantity: 3 },
      { productId: "a", size: "M", colour: "Rust", quantity: 1 },
    ]);
    expect(JSON.parse(s.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
  });

  it("never goes above the stock, says when it capped, and adds nothing when the stock is 0", () => {
    const s = memoryStorage();
    expect(addLocalLine({ productId: "b", quantity: 4 }, 3, s)).toEqual({ quantity: 3, capped: true });
    expect(addLocalLine({ productId: "b" }, 3, s)).toEqual({ quantity: 3, capped: true });
    expect(addLocalLine({ productId: "c" }, 0, s)).toEqual({ quantity: 0, capped: true });
    expect(readLocalCart(s).map((l) => l.productId)).toEqual(["b"]);
  });
});

describe("changeLocalCart", () => {
  it("sets quantities within the stock, removes at 0 or less, and clears", () => {
    const s = memoryStorage();
    addLocalLine({ productId: "a", size: "M", colour: "Rust", quantity: 2 }, 5, s);
    addLocalLine({ productId: "b" }, 5, s);
    const a = { productId: "a", size: "M", colour: "Rust" };
    expect(changeLocalCart({ intent: "update", line: a, quantity: 9, stock: 5 }, s)[0]!.quantity).toBe(5);
    expect(changeLocalCart({ intent: "update", line: a, quantity: 0 }, s).map((l) => l.productId)).toEqual(["b"]);
    expect(changeLocalCart({ intent: "clear" }, s)).toEqual([]);
    expect(readLocalCart(s)).toEqual([]);
  });

  it("drops damaged entries and fills in missing size and colour", () => {
    const s = memoryStorage();
    s.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { productId: "a", quantity: 2 },
        { productId: 5, quantity: 1 },
        { productId: "b", quantity: 0 },
        "x",
      ]),
    );
    expect(readLocalCart(s)).toEqual([{ productId: "a", size: "One Size", colour: "Default", quantity: 2 }]);
    s.setItem(CART_STORAGE_KEY, "{not json");
    expect(readLocalCart(s)).toEqual([]);
  });

  it("keeps the guest's coupon beside the cart, and removes both after the merge", () => {
    const s = memoryStorage();
    addLocalLine({ productId: "a" }, 5, s);
    writeLocalCoupon("SAVE10", s);
    expect(readLocalCoupon(s)).toBe("SAVE10");
    removeLocalCart(s);
    expect(readLocalCart(s)).toEqual([]);
    expect(readLocalCoupon(s)).toBeNull();
  });
});

describe("localCartSnapshot", () => {
  it("gives the server's own empty array while nothing is stored, so hydration is not followed by a second render", () => {
    expect(localCartSnapshot()).toBe(serverCartSnapshot());
    const s = memoryStorage();
    vi.stubGlobal("localStorage", s);
    try {
      expect(localCartSnapshot()).toBe(serverCartSnapshot());
      addLocalLine({ productId: "a" }, 10, s);
      const lines = localCartSnapshot();
      expect(lines).toEqual([{ productId: "a", size: "One Size", colour: "Default", quantity: 1 }]);
      expect(localCartSnapshot()).toBe(lines);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
