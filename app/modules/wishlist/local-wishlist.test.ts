import { afterEach, describe, expect, it, vi } from "vitest";
import { localWishlistSnapshot, serverWishlistSnapshot, toggleLocalWishlist } from "./local-wishlist";

/*
 * The wishlist as React reads it from the browser's storage: while nothing is stored it is the server's
 * own empty array, so a page's hydration is not followed by a second render of every heart (decision 047);
 * a stored wishlist is one array until it changes.
 */

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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("localWishlistSnapshot", () => {
  it("is the server's empty array while nothing is stored, and the same array for the same stored list", () => {
    expect(localWishlistSnapshot()).toBe(serverWishlistSnapshot());
    const s = memoryStorage();
    vi.stubGlobal("localStorage", s);
    expect(localWishlistSnapshot()).toBe(serverWishlistSnapshot());
    toggleLocalWishlist("p1", s);
    const ids = localWishlistSnapshot();
    expect(ids).toEqual(["p1"]);
    expect(localWishlistSnapshot()).toBe(ids);
  });
});
