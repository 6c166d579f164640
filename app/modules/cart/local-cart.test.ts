import { describe, expect, it } from "vitest";
import { addLocalLine, CART_STORAGE_KEY, readLocalCart } from "./local-cart";

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
    expect(addLocalLine({ productId: "a" }, 10, s)).toBe(1);
    expect(addLocalLine({ productId: "a", size: "One Size", colour: "Default", quantity: 2 }, 10, s)).toBe(3);
    expect(addLocalLine({ productId: "a", size: "M", colour: "Rust" }, 10, s)).toBe(1);
    expect(readLocalCart(s)).toEqual([
      { productId: "a", size: "One Size", colour: "Default", quantity: 3 },
      { productId: "a", size: "M", colour: "Rust", quantity: 1 },
    ]);
    expect(JSON.parse(s.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
  });

  it("never goes above the stock and adds nothing when the stock is 0", () => {
    const s = memoryStorage();
    expect(addLocalLine({ productId: "b", quantity: 4 }, 3, s)).toBe(3);
    expect(addLocalLine({ productId: "b" }, 3, s)).toBe(3);
    expect(addLocalLine({ productId: "c" }, 0, s)).toBe(0);
    expect(readLocalCart(s).map((l) => l.productId)).toEqual(["b"]);
  });
});
