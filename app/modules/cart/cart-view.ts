import type { ShopperProduct } from "../catalog";
import { stockOf } from "../catalog";
import { exceedsMaxOrder, maxOrderMessage, priceCart, type CouponTerms, type PricedCart } from "../pricing";
import { cartIdOf, countItems, type CartLine } from "./lines";

/*
 * What the cart and wishlist pages know of a product, and the cart as the shopper sees it: every
 * line with its current catalogue price and whether it can be bought, and the totals. Pure; the
 * server builds the same view to check a cart before checkout.
 */

/** The catalogue data a cart page needs, from the loader (signed in) or the quote (guests). */
export interface CartCatalogue {
  products: Record<string, ShopperProduct>;
  /** ids the server was asked about: a line whose id is here but not in `products` no longer exists */
  lookedUp: string[];
  /** the applied coupon's terms, when it is available to this shopper now */
  coupon: CouponTerms | null;
  /** why a stored coupon was dropped by the server (window, usage limit, minimum) */
  couponNotice: string | null;
  /** the store's maximum order (its subtotal), from the settings */
  maxOrderPaise: number;
}

export type LineState =
  | { kind: "ok" }
  | { kind: "loading" }
  | { kind: "gone" }
  | { kind: "inactive" }
  | { kind: "out-of-stock" }
  | { kind: "variant-gone" }
  | { kind: "over-stock"; stock: number };

export interface CartViewLine extends CartLine {
  cartId: string;
  product: ShopperProduct | null;
  /** the stock of this line's own variant (product, size and colour) */
  stock: number;
  state: LineState;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface CartView {
  lines: CartViewLine[];
  /** every unit in the bag, whatever its state: the header badge's number */
  count: number;
  priced: PricedCart;
  /** true when a line cannot be bought as it is (checkout is refused) */
  blocked: boolean;
  /** the pieces come to more than the store's maximum order: why checkout is refused */
  overLimit: string | null;
}

const LINE_STATE_MESSAGES: Record<Exclude<LineState["kind"], "ok" | "loading" | "over-stock">, string> = {
  gone: "This piece is no longer available",
  inactive: "This piece is no longer available",
  "out-of-stock": "Out of stock",
  "variant-gone": "No longer available in this size or colour",
};

export function lineStateMessage(state: LineState): string | null {
  if (state.kind === "ok" || state.kind === "loading") return null;
  if (state.kind === "over-stock") return `Only ${state.stock} left: please reduce the quantity`;
  return LINE_STATE_MESSAGES[state.kind];
}

function stateOf(
  line: CartLine,
  product: ShopperProduct | undefined,
  lookedUp: ReadonlySet<string>,
  stock: number,
): LineState {
  if (!product) return lookedUp.has(line.productId) ? { kind: "gone" } : { kind: "loading" };
  if (!product.isActive) return { kind: "inactive" };
  const sizeOk = product.sizes.length === 0 ? line.size === "One Size" : product.sizes.includes(line.size);
  const colourOk =
    product.colors.length === 0 ? line.colour === "Default" : product.colors.some((c) => c.name === line.colour);
  if (!sizeOk || !colourOk) return { kind: "variant-gone" };
  // each line is counted against its own size and colour (decision 015)
  if (stock <= 0) return { kind: "out-of-stock" };
  if (line.quantity > stock) return { kind: "over-stock", stock };
  return { kind: "ok" };
}

/**
 * The cart at current catalogue prices. Lines that cannot be bought (gone, inactive, out of stock,
 * variant no longer offered) stay in the bag, flagged, and count toward nothing but the badge.
 */
export function buildCartView(
  lines: readonly CartLine[],
  catalogue: Pick<CartCatalogue, "products" | "lookedUp" | "coupon" | "maxOrderPaise">,
): CartView {
  const lookedUp = new Set(catalogue.lookedUp);
  const viewLines = lines.map((line): CartViewLine => {
    const product = catalogue.products[line.productId] ?? null;
    const stock = product ? stockOf(product.variants, line.size, line.colour) : 0;
    const state = stateOf(line, product ?? undefined, lookedUp, stock);
    const buyable = state.kind === "ok" || state.kind === "over-stock";
    const unitPricePaise = product?.pricePaise ?? 0;
    return {
      ...line,
      cartId: cartIdOf(line),
      product,
      stock,
      state,
      unitPricePaise,
      lineTotalPaise: buyable ? unitPricePaise * line.quantity : 0,
    };
  });
  const buyable = viewLines.filter((l) => l.state.kind === "ok" || l.state.kind === "over-stock");
  const priced = priceCart(buyable, catalogue.coupon);
  return {
    lines: viewLines,
    count: countItems(lines),
    priced,
    blocked: viewLines.some((l) => l.state.kind !== "ok"),
    overLimit: exceedsMaxOrder(priced.subtotalPaise, catalogue.maxOrderPaise)
      ? maxOrderMessage(catalogue.maxOrderPaise)
      : null,
  };
}
