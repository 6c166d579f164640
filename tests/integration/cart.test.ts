import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { user } from "../../app/modules/accounts/auth-schema.server";
import { runCartIntent, runWishlistIntent } from "../../app/modules/cart/cart-actions.server";
import { buildCartView } from "../../app/modules/cart/cart-view";
import {
  addLine,
  applyCoupon,
  checkoutProblem,
  clearCart,
  countCartItems,
  getCartLines,
  loadCart,
  mergeGuestCart,
  priceLines,
  removeCoupon,
  removeLine,
  setQuantity,
} from "../../app/modules/cart/cart.server";
import { products } from "../../app/modules/catalog/schema.server";
import { inTransaction } from "../../app/db/transaction.server";
import { setVariantStock } from "../../app/modules/catalog/stock.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { coupons } from "../../app/modules/coupons/schema.server";
import { addToWishlist, mergeGuestWishlist, wishlistedIds } from "../../app/modules/wishlist/wishlist.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The stored cart of signed-in shoppers against a real database: line rules, current prices,
 * coupons from the database, and the merge of a guest cart on sign-in.
 */

const t = setupTestDatabase();
const rupees = (r: number) => Math.round(r * 100);
let shopper = 0;
let kurta: string; // ₹549, S/M x Rust/Indigo: M Rust 4, M Indigo 2, S Rust 0, S Indigo 1
let saree: string; // ₹1,299, stock 10, no sizes or colours
let scarce: string; // ₹300, stock 1
let retired: string; // inactive
let soldOut: string; // stock 0

async function newShopper(): Promise<string> {
  shopper += 1;
  const id = `cart-shopper-${shopper}`;
  await t.db.insert(user).values({ id, name: `Shopper ${shopper}`, email: `${id}@example.test` });
  return id;
}

const M = (productId: string, quantity = 1) => ({ productId, size: "M", colour: "Rust", quantity });
const plain = (productId: string, quantity = 1) => ({ productId, size: "One Size", colour: "Default", quantity });

/** Sets a variant's stock the way staff would (through the stock module). */
async function setStock(productId: string, size: string, colour: string, stock: number) {
  const variant = await findVariant(t.db, productId, size, colour);
  await inTransaction(t.db, (tx) => setVariantStock(tx, variant!.id, stock));
}

beforeAll(async () => {
  await ensureCoupons(t.db);
  kurta = await createTestProduct(t.db, {
    pricePaise: rupees(549),
    variantStock: [
      { size: "M", colour: "Rust", stock: 4 },
      { size: "M", colour: "Indigo", stock: 2 },
      { size: "S", colour: "Indigo", stock: 1 },
    ],
    sizes: ["S", "M"],
    colors: [
      { name: "Rust", hex: "#B4532A" },
      { name: "Indigo", hex: "#2E3A87" },
    ],
  });
  saree = await createTestProduct(t.db, { pricePaise: rupees(1299), stock: 10, sizes: [], colors: [] });
  scarce = await createTestProduct(t.db, { pricePaise: rupees(300), stock: 1, sizes: [], colors: [] });
  retired = await createTestProduct(t.db, { stock: 5, sizes: [], colors: [], isActive: false });
  soldOut = await createTestProduct(t.db, { stock: 0, sizes: [], colors: [] });
});

describe("stored cart lines", () => {
  let id: string;
  beforeEach(async () => {
    id = await newShopper();
  });

  it("sets quantities, caps them at the stock with a message, and removes at 0 or less", async () => {
    await addLine(t.db, id, M(kurta, 2));
    expect(await setQuantity(t.db, id, M(kurta), 3)).toEqual({ ok: true, quantity: 3, capped: false, stock: 4 });
    expect(await runCartIntent(t.db, id, { intent: "update", ...M(kurta), quantity: 9 })).toMatchObject({
      ok: true,
      quantity: 4,
      message: "Only 4 available: your bag now has 4.",
    });
    expect(await setQuantity(t.db, id, M(kurta), 0)).toMatchObject({ ok: true, quantity: 0 });
    expect(await getCartLines(t.db, id)).toEqual([]);
    await addLine(t.db, id, M(kurta, 1));
    expect(await setQuantity(t.db, id, M(kurta), -2)).toMatchObject({ ok: true, quantity: 0 });
    expect(await setQuantity(t.db, id, M(kurta), 2)).toEqual({ ok: false, reason: "not-in-cart" });
  });

  it("raises a line already in the bag up to its stock, and counts the whole bag each time", async () => {
    const indigo = (quantity: number) => ({ ...M(kurta, quantity), colour: "Indigo" }); // 2 in stock
    expect(await addLine(t.db, id, indigo(1))).toEqual({ ok: true, quantity: 1, count: 1, capped: false, stock: 2 });
    expect(await addLine(t.db, id, plain(saree, 3))).toMatchObject({ ok: true, quantity: 3, count: 4 });
    expect(await addLine(t.db, id, indigo(1))).toEqual({ ok: true, quantity: 2, count: 5, capped: false, stock: 2 });
    // at its stock already: the line stays as it is, and the answer says it was capped
    expect(await addLine(t.db, id, indigo(1))).toEqual({ ok: true, quantity: 2, count: 5, capped: true, stock: 2 });
    // above the stock left, never lowered: staff took the stock down to 1 meanwhile
    await setStock(kurta, "M", "Indigo", 1);
    expect(await addLine(t.db, id, indigo(1))).toEqual({ ok: true, quantity: 2, count: 5, capped: true, stock: 1 });
    expect(await getCartLines(t.db, id)).toEqual([
      { productId: kurta, size: "M", colour: "Indigo", quantity: 2 },
      { productId: saree, size: "One Size", colour: "Default", quantity: 3 },
    ]);
    expect(await countCartItems(t.db, id)).toBe(5);
    await setStock(kurta, "M", "Indigo", 2);
  });

  it("caps each line at its own size and colour, not at the product's total", async () => {
    // the kurta has 7 in all, but 2 in M Indigo, 1 in S Indigo and none in S Rust
    expect(await addLine(t.db, id, { ...M(kurta, 5), colour: "Indigo" })).toMatchObject({
      ok: true,
      quantity: 2,
      capped: true,
      stock: 2,
    });
    expect(
      await runCartIntent(t.db, id, { intent: "add", productId: kurta, size: "S", colour: "Indigo", quantity: 3 }),
    ).toMatchObject({
      ok: true,
      quantity: 1,
      message: "Only 1 available: your bag now has 1.",
    });
    expect(await addLine(t.db, id, { ...M(kurta, 1), size: "S" })).toEqual({ ok: false, reason: "out-of-stock" });
    expect(await setQuantity(t.db, id, { ...M(kurta), colour: "Indigo" }, 9)).toEqual({
      ok: true,
      quantity: 2,
      capped: true,
      stock: 2,
    });
  });

  it("removes one line and clears the cart with its coupon", async () => {
    await addLine(t.db, id, M(kurta, 1));
    await addLine(t.db, id, plain(saree, 1));
    await removeLine(t.db, id, M(kurta));
    expect((await getCartLines(t.db, id)).map((l) => l.productId)).toEqual([saree]);
    expect((await applyCoupon(t.db, id, "flat50")).ok).toBe(true);
    await clearCart(t.db, id);
    const cart = await loadCart(t.db, id);
    expect(cart.lines).toEqual([]);
    expect(cart.couponCode).toBeNull();
    expect(await countCartItems(t.db, id)).toBe(0);
  });

  it("shows current catalogue prices and flags lines that became inactive or sold out", async () => {
    const changing = await createTestProduct(t.db, { pricePaise: rupees(800), stock: 3, sizes: [], colors: [] });
    await addLine(t.db, id, plain(changing, 2));
    await addLine(t.db, id, plain(saree, 1));
    await t.db
      .update(products)
      .set({ pricePaise: rupees(750) })
      .where(eq(products.id, changing));
    let cart = await loadCart(t.db, id);
    let view = buildCartView(cart.lines, cart);
    expect(view.lines.map((l) => l.unitPricePaise)).toEqual([rupees(750), rupees(1299)]);
    expect(view.priced.subtotalPaise).toBe(rupees(2799));
    expect(await checkoutProblem(t.db, id)).toBeNull();

    await setStock(changing, "One Size", "Default", 0);
    cart = await loadCart(t.db, id);
    view = buildCartView(cart.lines, cart);
    expect(view.lines[0]!.state.kind).toBe("out-of-stock");
    expect(view.priced.subtotalPaise).toBe(rupees(1299));
    expect(await checkoutProblem(t.db, id)).toMatch(/cannot be bought/);
    expect(await runCartIntent(t.db, id, { intent: "checkout" })).toMatchObject({ ok: false, status: 409 });

    await setStock(changing, "One Size", "Default", 3);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, changing));
    cart = await loadCart(t.db, id);
    expect(buildCartView(cart.lines, cart).lines[0]!.state.kind).toBe("inactive");
    await removeLine(t.db, id, plain(changing));
    expect(await runCartIntent(t.db, id, { intent: "checkout" })).toEqual({
      ok: true,
      intent: "checkout",
      redirectTo: "/checkout",
    });
  });

  it("flags a line whose size sold out while other sizes of the product are still in stock", async () => {
    const twoSizes = await createTestProduct(t.db, {
      sizes: ["M", "L"],
      colors: [],
      variantStock: [
        { size: "M", colour: "Default", stock: 2 },
        { size: "L", colour: "Default", stock: 5 },
      ],
    });
    await addLine(t.db, id, { productId: twoSizes, size: "M", colour: "Default", quantity: 2 });
    await addLine(t.db, id, { productId: twoSizes, size: "L", colour: "Default", quantity: 1 });
    await setStock(twoSizes, "M", "Default", 0);
    const cart = await loadCart(t.db, id);
    const view = buildCartView(cart.lines, cart);
    expect(view.lines.map((l) => [l.size, l.state.kind, l.stock])).toEqual([
      ["M", "out-of-stock", 0],
      ["L", "ok", 5],
    ]);
    expect(cart.products[twoSizes]!.stock).toBe(5);
    expect(await checkoutProblem(t.db, id)).toMatch(/cannot be bought/);
  });

  it("reads each piece with its first picture and the sizes and colours it offers; variant ids stay on the server", async () => {
    const pictured = await createTestProduct(
      t.db,
      {
        pricePaise: rupees(700),
        variantStock: [
          { size: "L", colour: "Rust", stock: 2 },
          { size: "S", colour: "Rust", stock: 3 },
          { size: "S", colour: "Indigo", stock: 1 },
          { size: "M", colour: "Rust", stock: 0 },
        ],
        sizes: ["S", "M", "L"],
        colors: [
          { name: "Rust", hex: "#B4532A" },
          { name: "Indigo", hex: "#2E3A87" },
        ],
      },
      [
        { key: "a", url: "/uploads/a.webp", width: 800, height: 1000, alt: "Front" },
        { key: "b", url: "/uploads/b.webp", width: 800, height: 1000, alt: "Back" },
      ],
    );
    // staff stop offering L: its variant stays in the database, but no bag or order may use it
    await t.db
      .update(products)
      .set({ sizes: ["S", "M"] })
      .where(eq(products.id, pictured));
    await addLine(t.db, id, { productId: pictured, size: "S", colour: "Indigo", quantity: 1 });
    await addLine(t.db, id, plain(saree, 1));
    const cart = await loadCart(t.db, id);
    expect(cart.lines.map((l) => l.productId)).toEqual([pictured, saree]);
    const piece = cart.products[pictured]!;
    expect(piece.image).toEqual({ url: "/uploads/a.webp", width: 800, height: 1000, alt: "Front" });
    expect(cart.products[saree]!.image).toBeNull();
    // colour by colour in the product's order, then size; only what is shown (no ids or SKUs)
    expect(piece.variants).toEqual([
      { size: "S", colour: "Rust", stock: 3 },
      { size: "M", colour: "Rust", stock: 0 },
      { size: "S", colour: "Indigo", stock: 1 },
      { size: "M", colour: "Indigo", stock: 0 },
    ]);
    const indigo = await findVariant(t.db, pictured, "S", "Indigo");
    const forOrder = cart.variants.get(pictured)!.find((v) => v.size === "S" && v.colour === "Indigo");
    expect(forOrder).toEqual({ id: indigo!.id, sku: indigo!.sku, size: "S", colour: "Indigo", stock: 1 });
    expect(cart.variants.get(pictured)!.map((v) => v.size)).not.toContain("L");
  });
  it("refuses checkout of an empty cart", async () => {
    expect(await checkoutProblem(t.db, id)).toBe("Your cart is empty!");
  });
});

describe("coupons from the database", () => {
  it("give the spec's messages, upper-case the input and store only a coupon that applies", async () => {
    const id = await newShopper();
    await addLine(t.db, id, M(kurta, 1)); // ₹549
    expect(await applyCoupon(t.db, id, "  ")).toMatchObject({ ok: false, message: "Please enter a coupon code" });
    expect(await applyCoupon(t.db, id, "NOSUCH")).toMatchObject({ ok: false, message: "Invalid coupon code" });
    expect(await applyCoupon(t.db, id, "first100")).toMatchObject({
      ok: false,
      message: "Minimum order amount ₹800 required for this coupon",
    });
    expect((await loadCart(t.db, id)).couponCode).toBeNull();
    // 10% of ₹549 is ₹54.90: percentage discounts are whole rupees, rounded up in the shopper's favour
    expect(await applyCoupon(t.db, id, "save10")).toEqual({
      ok: true,
      discountPaise: rupees(55),
      message: "Coupon applied! You saved ₹55",
    });
    const cart = await loadCart(t.db, id);
    expect(cart.couponCode).toBe("SAVE10");
    expect(cart.coupon).toEqual({ code: "SAVE10", type: "percentage", value: 10, minAmountPaise: rupees(500) });
    expect(buildCartView(cart.lines, cart).priced).toMatchObject({
      subtotalPaise: rupees(549),
      shippingPaise: 0,
      discountPaise: rupees(55),
      totalPaise: rupees(494),
    });
    await removeCoupon(t.db, id);
    expect(await loadCart(t.db, id)).toMatchObject({ couponCode: null, coupon: null });
  });

  it("caps a fixed coupon at the subtotal and charges shipping at ₹499 or less", async () => {
    const id = await newShopper();
    const cheap = await createTestProduct(t.db, { pricePaise: rupees(210), stock: 5, sizes: [], colors: [] });
    await addLine(t.db, id, plain(cheap, 1));
    expect(await applyCoupon(t.db, id, "FLAT50")).toMatchObject({ ok: true, discountPaise: rupees(50) });
    const cart = await loadCart(t.db, id);
    expect(buildCartView(cart.lines, cart).priced).toMatchObject({
      subtotalPaise: rupees(210),
      shippingPaise: rupees(40),
      discountPaise: rupees(50),
      totalPaise: rupees(200),
      freeShippingHint: "Add ₹290 more for free shipping!",
    });
  });

  it("are refused when inactive, outside their window or used up", async () => {
    const id = await newShopper();
    await addLine(t.db, id, plain(saree, 1));
    const day = 86_400_000;
    await t.db.insert(coupons).values([
      { code: "PAUSED", type: "fixed", value: 1_000, isActive: false },
      { code: "LATER", type: "fixed", value: 1_000, startsAt: new Date(Date.now() + day) },
      {
        code: "OVER",
        type: "fixed",
        value: 1_000,
        startsAt: new Date(Date.now() - 2 * day),
        endsAt: new Date(Date.now() - day),
      },
      { code: "USEDUP", type: "fixed", value: 1_000, usageLimit: 2, usedCount: 2 },
      {
        code: "NOW",
        type: "fixed",
        value: 1_000,
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + day),
        usageLimit: 2,
        usedCount: 1,
      },
    ]);
    expect(await applyCoupon(t.db, id, "paused")).toMatchObject({
      ok: false,
      message: "This coupon is no longer available",
    });
    expect(await applyCoupon(t.db, id, "later")).toMatchObject({ ok: false, message: "This coupon is not valid yet" });
    expect(await applyCoupon(t.db, id, "over")).toMatchObject({ ok: false, message: "This coupon has expired" });
    expect(await applyCoupon(t.db, id, "usedup")).toMatchObject({
      ok: false,
      message: "This coupon has reached its usage limit",
    });
    expect(await applyCoupon(t.db, id, "now")).toMatchObject({ ok: true, message: "Coupon applied! You saved ₹10" });
  });

  it("is removed with a message when the cart stops qualifying or the coupon expires", async () => {
    const id = await newShopper();
    await addLine(t.db, id, M(kurta, 2)); // ₹1,098
    expect((await applyCoupon(t.db, id, "WELCOME20")).ok).toBe(true);
    expect(await runCartIntent(t.db, id, { intent: "update", ...M(kurta), quantity: 1 })).toMatchObject({
      ok: true,
      couponNotice: "Coupon WELCOME20 removed: Minimum order amount ₹1,000 required for this coupon",
    });
    expect((await loadCart(t.db, id)).couponCode).toBeNull();

    await t.db.insert(coupons).values({ code: "SHORT", type: "fixed", value: 1_000 });
    expect((await applyCoupon(t.db, id, "SHORT")).ok).toBe(true);
    await t.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 5000) })
      .where(eq(coupons.code, "SHORT"));
    const cart = await loadCart(t.db, id);
    expect(cart).toMatchObject({
      couponCode: null,
      coupon: null,
      couponNotice: "Coupon SHORT removed: This coupon has expired",
    });
    expect((await loadCart(t.db, id)).couponNotice).toBeNull();
  });

  it("price a guest's lines the same way (the quote), without storing anything", async () => {
    const { catalogue, view, check } = await priceLines(t.db, [M(kurta, 1), plain(saree, 1)], "SAVE10", new Date());
    expect(check).toMatchObject({ ok: true, discountPaise: rupees(185) });
    expect(catalogue.coupon?.code).toBe("SAVE10");
    expect(view.priced.totalPaise).toBe(rupees(1848 - 185));
    expect(Object.keys(catalogue.products).sort()).toEqual([kurta, saree].sort());
  });
});

describe("merging a guest cart on sign-in", () => {
  it("adds quantities of the same cartId, capped at the stock, and keeps new lines", async () => {
    const id = await newShopper();
    await addLine(t.db, id, M(kurta, 3));
    await addLine(t.db, id, plain(saree, 1));
    const result = await mergeGuestCart(t.db, id, [
      M(kurta, 2),
      { ...M(kurta, 1), colour: "Indigo" },
      plain(saree, 2),
      plain(scarce, 1),
    ]);
    expect(result).toEqual({ count: 4 + 1 + 3 + 1, skipped: 0, capped: 1 });
    // lines added in one merge share their time: compare as a set
    const key = (l: { productId: string; colour: string }) => `${l.productId}${l.colour}`;
    const sorted = <T extends { productId: string; colour: string }>(rows: T[]) =>
      [...rows].sort((x, y) => key(x).localeCompare(key(y)));
    expect(sorted(await getCartLines(t.db, id))).toEqual(
      sorted([M(kurta, 4), plain(saree, 3), { ...M(kurta, 1), colour: "Indigo" }, plain(scarce, 1)]),
    );
  });

  it("leaves out unknown, inactive and sold-out products, sold-out sizes and sizes not offered; caps each size at its own stock", async () => {
    const id = await newShopper();
    const result = await mergeGuestCart(t.db, id, [
      plain(retired),
      plain(soldOut),
      plain("00000000-0000-4000-8000-000000000000"),
      plain("not-a-uuid"),
      { ...M(kurta), size: "XXL" },
      { ...M(kurta), size: "S" }, // S Rust is sold out though the kurta is not
      { ...M(kurta, 3), size: "S", colour: "Indigo" }, // one left
      plain(saree, 2),
    ]);
    expect(result).toEqual({ count: 3, skipped: 6, capped: 1 });
    const lines = await getCartLines(t.db, id);
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(expect.arrayContaining([plain(saree, 2), { ...M(kurta, 1), size: "S", colour: "Indigo" }]));
  });

  it("keeps the guest's coupon when it applies and the stored cart has none; never overrides a stored one", async () => {
    const a = await newShopper();
    await mergeGuestCart(t.db, a, [plain(saree, 1)], "save10");
    expect((await loadCart(t.db, a)).couponCode).toBe("SAVE10");
    const b = await newShopper();
    await addLine(t.db, b, plain(saree, 1));
    await applyCoupon(t.db, b, "FLAT50");
    await mergeGuestCart(t.db, b, [plain(saree, 1)], "SAVE10");
    expect((await loadCart(t.db, b)).couponCode).toBe("FLAT50");
    const c = await newShopper();
    await mergeGuestCart(t.db, c, [plain(scarce, 1)], "WELCOME20");
    expect((await loadCart(t.db, c)).couponCode).toBeNull();
  });

  it("is safe when two tabs merge at once: the stock still caps", async () => {
    const id = await newShopper();
    await Promise.all([mergeGuestCart(t.db, id, [M(kurta, 3)]), mergeGuestCart(t.db, id, [M(kurta, 3)])]);
    expect(await getCartLines(t.db, id)).toEqual([M(kurta, 4)]);
  });

  it("unites the wishlists without duplicates and skips ids that are not products", async () => {
    const id = await newShopper();
    await addToWishlist(t.db, id, kurta);
    expect(
      await mergeGuestWishlist(t.db, id, [kurta, saree, saree, "00000000-0000-4000-8000-000000000000", "junk"]),
    ).toBe(2);
    expect((await wishlistedIds(t.db, id)).sort()).toEqual([kurta, saree].sort());
  });
});

describe("wishlist actions", () => {
  it("add, remove, add all to the cart with the quick-add choices, and clear", async () => {
    const id = await newShopper();
    expect(await runWishlistIntent(t.db, id, { intent: "add", productId: kurta })).toEqual({ ok: true, intent: "add" });
    await runWishlistIntent(t.db, id, { intent: "add", productId: kurta });
    await runWishlistIntent(t.db, id, { intent: "add", productId: saree });
    await runWishlistIntent(t.db, id, { intent: "add", productId: soldOut });
    expect(
      await runWishlistIntent(t.db, id, { intent: "add", productId: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await runWishlistIntent(t.db, id, { intent: "add-all" })).toEqual({
      ok: true,
      intent: "add-all",
      message: "Added 2 pieces to your cart. 1 out of stock piece was not added",
    });
    expect((await getCartLines(t.db, id)).sort((x, y) => x.productId.localeCompare(y.productId))).toEqual(
      [M(kurta, 1), plain(saree, 1)].sort((x, y) => x.productId.localeCompare(y.productId)),
    );
    await runWishlistIntent(t.db, id, { intent: "remove", productId: saree });
    expect((await wishlistedIds(t.db, id)).sort()).toEqual([kurta, soldOut].sort());
    await runWishlistIntent(t.db, id, { intent: "clear" });
    expect(await wishlistedIds(t.db, id)).toEqual([]);
    expect(await runWishlistIntent(t.db, id, { intent: "add-all" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Nothing to add/),
    });
  });
});
