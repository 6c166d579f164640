import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getShopperProductsWithVariantIds, isProductId, shopperProductShown } from "../catalog/index.server";
import type { ProductVariantView, ShopperProduct } from "../catalog";
import { lineAvailability, lineKey } from "../catalog/index.server";
import { couponTermsOf, findCouponRule } from "../coupons/index.server";
import { getStoreSettings, type StoreSettings } from "../content/index.server";
import { checkCoupon, couponRemovedMessage, normaliseCouponCode, type CouponCheck } from "../pricing";
import { buildCartView, type CartCatalogue, type CartView } from "./cart-view";
import { countItems, mergeLines, sameVariant, type CartLine, type Variant } from "./lines";
import { cartLines, carts } from "./schema.server";
import { CART_MESSAGES } from "./results";

/*
 * A signed-in shopper's stored cart (decisions 004, 006, 012). Guests keep theirs in the browser;
 * the same rules apply through `lines.ts`, and every price comes from the catalogue here.
 */

type Conn = Db | Tx;

/** Total quantity in a signed-in shopper's stored cart (the header badge). */
export async function countCartItems(db: Conn, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));
  return row?.n ?? 0;
}

/** A stored line as the cart reads it. */
const lineColumns = {
  productId: cartLines.productId,
  size: cartLines.size,
  colour: cartLines.colour,
  quantity: cartLines.quantity,
};

/** The stored lines, oldest first. */
export async function getCartLines(db: Conn, userId: string): Promise<CartLine[]> {
  return db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
}

/**
 * The shopper's cart row, created when missing; the upsert also locks it until the transaction ends
 * and marks the cart changed (`updated_at`, the transaction's time: every change of a cart starts here).
 */
async function lockCart(
  tx: Tx,
  userId: string,
  { clearCoupon = false }: { clearCoupon?: boolean } = {},
): Promise<{ id: string; couponCode: string | null }> {
  const [cart] = await tx
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({
      target: carts.userId,
      set: clearCoupon ? { couponCode: null, updatedAt: sql`now()` } : { updatedAt: sql`now()` },
    })
    .returning({ id: carts.id, couponCode: carts.couponCode });
  if (!cart) throw new Error("cart upsert returned nothing");
  return cart;
}

const variantWhere = (cartId: string, v: Variant) =>
  and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, v.productId),
    eq(cartLines.size, v.size),
    eq(cartLines.colour, v.colour),
  );

/** The stock of a line's own variant when it can be bought, else 0 (gone, inactive, size or colour not offered). */
async function variantStock(db: Conn, line: Variant): Promise<number> {
  const found = (await lineAvailability(db, [line])).get(lineKey(line));
  return found?.kind === "ok" ? found.stock : 0;
}

export type AddLineResult =
  | { ok: true; quantity: number; count: number; capped: boolean; stock: number }
  | { ok: false; reason: "not-found" | "out-of-stock" | "bad-variant" };

/**
 * Adds a line (decisions 004 and 006). The same product, size and colour raise the quantity; the
 * line's quantity is capped at that variant's stock (`capped` says so; decision 015). Size and
 * colour must be ones the product offers (or the defaults when it offers none).
 */
export async function addLine(db: Db, userId: string, line: Variant & { quantity: number }): Promise<AddLineResult> {
  return db.transaction(async (tx) => {
    const found = (await lineAvailability(tx, [line])).get(lineKey(line));
    if (!found || found.kind === "not-found") return { ok: false, reason: "not-found" } as const;
    if (found.kind === "bad-variant") return { ok: false, reason: "bad-variant" } as const;
    if (found.stock <= 0) return { ok: false, reason: "out-of-stock" } as const;
    const product = { stock: found.stock };

    const cart = await lockCart(tx, userId);
    const wanted = Math.max(1, line.quantity);
    // One statement: the line raised by `wanted` up to the stock (a line already at or above the stock
    // is left as it is, never lowered), what it held before, and the cart's count before (the
    // statement's snapshot).
    const result = (await tx.execute(
      sql`WITH prev AS (
            SELECT ${cartLines.quantity} AS quantity FROM ${cartLines} WHERE ${variantWhere(cart.id, line)}
          ), up AS (
            INSERT INTO ${cartLines} (cart_id, product_id, size, colour, quantity)
            VALUES (${cart.id}, ${line.productId}, ${line.size}, ${line.colour}, least(${product.stock}::int, ${wanted}::int))
            ON CONFLICT (cart_id, product_id, size, colour) DO UPDATE
              SET quantity = least(${product.stock}::int, ${cartLines.quantity} + ${wanted}::int)
              WHERE ${cartLines.quantity} < ${product.stock}::int
            RETURNING quantity
          )
          SELECT (SELECT quantity FROM up) AS quantity,
                 coalesce((SELECT quantity FROM prev), 0)::int AS previous,
                 (SELECT coalesce(sum(l.quantity), 0)::int FROM ${cartLines} l WHERE l.cart_id = ${cart.id}) AS before`,
    )) as unknown as { rows: Array<{ quantity: number | null; previous: number; before: number }> };
    const row = result.rows[0];
    if (!row) throw new Error("cart: adding a line returned nothing");
    const previous = Number(row.previous);
    const quantity = row.quantity === null ? previous : Number(row.quantity);
    const count = Number(row.before) - previous + quantity;
    return { ok: true, quantity, count, capped: quantity < previous + wanted, stock: product.stock } as const;
  });
}

export type SetQuantityResult =
  { ok: true; quantity: number; capped: boolean; stock: number } | { ok: false; reason: "not-in-cart" };

/**
 * Sets a line's quantity: 0 or less removes it; more than its variant's stock is
 * capped. A line whose variant is sold out or gone can only go down.
 */
export async function setQuantity(db: Db, userId: string, line: Variant, quantity: number): Promise<SetQuantityResult> {
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    const [existing] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(variantWhere(cart.id, line));
    if (!existing) return { ok: false, reason: "not-in-cart" } as const;
    if (quantity <= 0) {
      await tx.delete(cartLines).where(variantWhere(cart.id, line));
      return { ok: true, quantity: 0, capped: false, stock: 0 } as const;
    }
    const stock = await variantStock(tx, line);
    let next = Math.min(quantity, stock);
    if (next <= 0) next = Math.min(quantity, existing.quantity);
    if (next !== existing.quantity) {
      await tx.update(cartLines).set({ quantity: next }).where(variantWhere(cart.id, line));
    }
    return { ok: true, quantity: next, capped: next < quantity, stock } as const;
  });
}

export async function removeLine(db: Db, userId: string, line: Variant): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    await tx.delete(cartLines).where(variantWhere(cart.id, line));
  });
}

/** Empties the cart and drops its coupon. */
export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
    await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
  });
}

/**
 * Inside the checkout's transaction: locks the shopper's cart, empties it (lines and coupon) and
 * returns what it held, so the checkout can check it is what it priced. Rolled back with the order
 * if the order cannot be placed.
 */
export async function takeCart(tx: Tx, userId: string): Promise<{ lines: CartLine[] }> {
  // the cart's lock and its coupon let go in one statement; then its lines
  const cart = await lockCart(tx, userId, { clearCoupon: true });
  const lines = await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id)).returning(lineColumns);
  return { lines };
}

/**
 * The catalogue side of a cart: current products of the lines and the coupon's terms when the
 * coupon may be used now and the cart reaches its minimum. `check` is the coupon's verdict.
 */
export async function priceLines(
  db: Conn,
  lines: readonly CartLine[],
  couponCode: string | null,
  now: Date,
  /** the store's settings when the caller has read them already */
  known?: StoreSettings,
): Promise<{
  catalogue: CartCatalogue;
  view: CartView;
  check: CouponCheck | null;
  /** each product's variants with their ids and SKUs, for the server (an order's lines); never shown */
  variants: Map<string, ProductVariantView[]>;
}> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const [found, settings] = await Promise.all([
    getShopperProductsWithVariantIds(db as Db, ids),
    known ?? getStoreSettings(db as Db),
  ]);
  const variants = new Map(found.map((p) => [p.id, p.variants]));
  const productsById: Record<string, ShopperProduct> = Object.fromEntries(
    found.map((p) => [p.id, shopperProductShown(p)]),
  );
  const base = { products: productsById, lookedUp: ids, maxOrderPaise: settings.maxOrderPaise };
  const uncouponed = buildCartView(lines, { ...base, coupon: null });
  if (!couponCode)
    return { catalogue: { ...base, coupon: null, couponNotice: null }, view: uncouponed, check: null, variants };
  const rule = await findCouponRule(db as Db, couponCode);
  const check = checkCoupon(couponCode, rule, uncouponed.priced.subtotalPaise, now);
  const coupon = check.ok && rule ? couponTermsOf(rule) : null;
  const view = coupon ? buildCartView(lines, { ...base, coupon }) : uncouponed;
  return { catalogue: { ...base, coupon, couponNotice: null }, view, check, variants };
}

export interface StoredCart extends CartCatalogue {
  lines: CartLine[];
  couponCode: string | null;
  /** each product's variants with their ids and SKUs (`priceLines`): for the server, never shown */
  variants: Map<string, ProductVariantView[]>;
}

/**
 * The stored cart at current prices. A stored coupon that no longer applies (expired, used up,
 * deactivated, or the cart fell below its minimum) is removed, and `couponNotice` says why.
 */
export async function loadCart(
  db: Db,
  userId: string,
  now = new Date(),
  settings?: StoreSettings,
): Promise<StoredCart> {
  // the cart's coupon and its lines (oldest first) in one statement: a row with no line when it has none
  const rows = await db
    .select({ couponCode: carts.couponCode, ...lineColumns })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
  const lines: CartLine[] = rows.flatMap(({ productId, size, colour, quantity }) =>
    productId !== null && size !== null && colour !== null && quantity !== null
      ? [{ productId, size, colour, quantity }]
      : [],
  );
  const couponCode = rows[0]?.couponCode ?? null;
  const { catalogue, check, variants } = await priceLines(db, lines, couponCode, now, settings);
  if (couponCode && check && !check.ok) {
    await db
      .update(carts)
      .set({ couponCode: null })
      .where(and(eq(carts.userId, userId), eq(carts.couponCode, couponCode)));
    return {
      ...catalogue,
      lines,
      couponCode: null,
      couponNotice: couponRemovedMessage(couponCode, check.message),
      variants,
    };
  }
  return { ...catalogue, lines, couponCode: catalogue.coupon ? couponCode : null, variants };
}

/** Applies a coupon as typed: the pricing module's messages, and the code stored only when it applies. */
export async function applyCoupon(db: Db, userId: string, input: string, now = new Date()): Promise<CouponCheck> {
  const code = normaliseCouponCode(input);
  const lines = await getCartLines(db, userId);
  const { check } = await priceLines(db, lines, code || null, now);
  const verdict = check ?? checkCoupon(input, null, 0, now);
  if (verdict.ok) {
    await db.transaction(async (tx) => {
      const cart = await lockCart(tx, userId);
      await tx.update(carts).set({ couponCode: code }).where(eq(carts.id, cart.id));
    });
  }
  return verdict;
}

export async function removeCoupon(db: Db, userId: string): Promise<void> {
  await db
    .update(carts)
    .set({ couponCode: null, updatedAt: sql`now()` })
    .where(eq(carts.userId, userId));
}

/**
 * Merges a guest's cart into the stored one on sign-in: the same cartId adds the
 * quantities, capped at that variant's stock; lines the shopper cannot buy (unknown or inactive
 * products, sold-out variants, sizes or colours not offered) are left out. A guest's coupon is kept when the stored
 * cart has none and it applies to the merged cart. Returns the merged count and the lines left out.
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  guest: readonly CartLine[],
  guestCoupon: string | null = null,
  now = new Date(),
): Promise<{ count: number; skipped: number; capped: number }> {
  const candidates = guest.filter((l) => isProductId(l.productId) && Number.isInteger(l.quantity) && l.quantity > 0);
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    const stored = await tx
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        colour: cartLines.colour,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .where(eq(cartLines.cartId, cart.id))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
    const availability = await lineAvailability(tx, candidates);
    const stockOf = (l: Variant) => {
      const found = availability.get(lineKey(l));
      return found?.kind === "ok" ? found.stock : 0;
    };
    const buyable = candidates.filter((l) => stockOf(l) > 0);
    const merged = mergeLines(stored, buyable, stockOf);
    for (const line of merged) {
      const before = stored.find((s) => sameVariant(s, line));
      if (before?.quantity === line.quantity) continue;
      await tx
        .insert(cartLines)
        .values({ cartId: cart.id, ...line })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.colour],
          set: { quantity: sql`excluded.quantity` },
        });
    }
    const wanted = new Map<string, number>();
    for (const l of [...stored, ...buyable]) {
      const key = `${l.productId}\u0000${l.size}\u0000${l.colour}`;
      wanted.set(key, (wanted.get(key) ?? 0) + l.quantity);
    }
    const capped = merged.filter(
      (l) => (wanted.get(`${l.productId}\u0000${l.size}\u0000${l.colour}`) ?? 0) > l.quantity,
    ).length;
    return { merged, couponCode: cart.couponCode, skipped: guest.length - buyable.length, capped };
  });
  const code = normaliseCouponCode(guestCoupon);
  if (code && !result.couponCode) {
    const { check } = await priceLines(db, result.merged, code, now);
    if (check?.ok) await db.update(carts).set({ couponCode: code }).where(eq(carts.userId, userId));
  }
  return { count: countItems(result.merged), skipped: result.skipped, capped: result.capped };
}

const CHECKOUT_MESSAGES = {
  empty: CART_MESSAGES.checkoutEmpty,
  blocked: CART_MESSAGES.checkoutBlocked,
} as const;

/** Why the stored cart cannot go to checkout now, or null when it can. */
export async function checkoutProblem(db: Db, userId: string, now = new Date()): Promise<string | null> {
  const cart = await loadCart(db, userId, now);
  if (cart.lines.length === 0) return CHECKOUT_MESSAGES.empty;
  const view = buildCartView(cart.lines, cart);
  if (view.blocked) return CHECKOUT_MESSAGES.blocked;
  return view.overLimit;
}
