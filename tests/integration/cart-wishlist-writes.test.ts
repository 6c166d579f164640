import { beforeAll, describe, expect, it } from "vitest";
import { user } from "../../app/modules/accounts/auth-schema.server";
import { addLine, countCartItems } from "../../app/modules/cart/cart.server";
import { addToWishlist, removeFromWishlist, wishlistedIds } from "../../app/modules/wishlist/wishlist.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();
let kurta: string;
let soldOut: string;

beforeAll(async () => {
  await t.db.insert(user).values([
    { id: "shopper-1", name: "Asha", email: "asha@example.test" },
    { id: "shopper-2", name: "Meera", email: "meera@example.test" },
  ]);
  kurta = await createTestProduct(t.db, {
    sizes: ["S", "M"],
    colors: [{ name: "Rust", hex: "#B4532A" }],
    variantStock: [
      { size: "M", colour: "Rust", stock: 4 },
      { size: "S", colour: "Rust", stock: 1 },
    ],
  });
  soldOut = await createTestProduct(t.db, { stock: 0 });
});

describe("addLine (signed-in cart)", () => {
  it("adds a line, raises the same variant's quantity, and caps it at that variant's stock", async () => {
    expect(await addLine(t.db, "shopper-1", { productId: kurta, size: "M", colour: "Rust", quantity: 1 })).toEqual({
      ok: true,
      quantity: 1,
      count: 1,
      capped: false,
      stock: 4,
    });
    expect(await addLine(t.db, "shopper-1", { productId: kurta, size: "M", colour: "Rust", quantity: 2 })).toEqual({
      ok: true,
      quantity: 3,
      count: 3,
      capped: false,
      stock: 4,
    });
    expect(await addLine(t.db, "shopper-1", { productId: kurta, size: "M", colour: "Rust", quantity: 5 })).toEqual({
      ok: true,
      quantity: 4,
      count: 4,
      capped: true,
      stock: 4,
    });
    expect(await addLine(t.db, "shopper-1", { productId: kurta, size: "S", colour: "Rust", quantity: 2 })).toEqual({
      ok: true,
      quantity: 1,
      count: 5,
      capped: true,
      stock: 1,
    });
    expect(await countCartItems(t.db, "shopper-1")).toBe(5);
    expect(await countCartItems(t.db, "shopper-2")).toBe(0);
  });

  it("refuses sold-out products, unknown products and variants the product does not come in", async () => {
    expect(await addLine(t.db, "shopper-2", { productId: soldOut, size: "M", colour: "Indigo", quantity: 1 })).toEqual({
      ok: false,
      reason: "out-of-stock",
    });
    expect(
      await addLine(t.db, "shopper-2", {
        productId: "00000000-0000-4000-8000-000000000000",
        size: "M",
        colour: "Rust",
        quantity: 1,
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await addLine(t.db, "shopper-2", { productId: kurta, size: "XXL", colour: "Rust", quantity: 1 })).toEqual({
      ok: false,
      reason: "bad-variant",
    });
    expect(await addLine(t.db, "shopper-2", { productId: kurta, size: "M", colour: "Green", quantity: 1 })).toEqual({
      ok: false,
      reason: "bad-variant",
    });
    expect(await countCartItems(t.db, "shopper-2")).toBe(0);
  });
});

describe("the wishlist", () => {
  it("adds, then removes, per shopper", async () => {
    await addToWishlist(t.db, "shopper-1", kurta);
    expect(await wishlistedIds(t.db, "shopper-1")).toEqual([kurta]);
    expect(await wishlistedIds(t.db, "shopper-1", [soldOut])).toEqual([]);
    expect(await wishlistedIds(t.db, "shopper-2")).toEqual([]);
    await removeFromWishlist(t.db, "shopper-1", kurta);
    expect(await wishlistedIds(t.db, "shopper-1")).toEqual([]);
  });
});
