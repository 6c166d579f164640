/*
 * Variants: one product in one size and one colour, the unit stock is counted in (decision 015).
 * Pure and safe for the browser: the product page, cards, the cart and the server use the same rules.
 * The data migration drizzle/0004 spells `variantAxes`, `variantSkus` and `spreadStock` in SQL; the
 * migration test checks that both agree.
 */

/** What a product without sizes or colours is sold as (the cart's LINE_DEFAULTS). */
export const DEFAULT_SIZE = "One Size";
export const DEFAULT_COLOUR = "Default";

/** 'Only N left' from this many down (product page, cart). */
export const LOW_STOCK = 5;

/** A variant as pages see it. */
export interface VariantStock {
  size: string;
  colour: string;
  stock: number;
}

export interface ProductVariantView extends VariantStock {
  id: string;
  sku: string;
}

function usable(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => typeof v === "string" && v.trim() !== ""))];
}

/** The sizes and colours a product is sold in: its own lists without blanks or repeats, else the defaults. */
export function variantAxes(product: { sizes: readonly string[]; colourNames: readonly string[] }): {
  sizes: string[];
  colours: string[];
} {
  const sizes = usable(product.sizes);
  const colours = usable(product.colourNames);
  return { sizes: sizes.length > 0 ? sizes : [DEFAULT_SIZE], colours: colours.length > 0 ? colours : [DEFAULT_COLOUR] };
}

/** Every (size, colour) of a product, colour first then size: the order stock is spread in. */
export function variantMatrix(axes: {
  sizes: readonly string[];
  colours: readonly string[];
}): Array<{ size: string; colour: string }> {
  return axes.colours.flatMap((colour) => axes.sizes.map((size) => ({ size, colour })));
}

function codes(values: readonly string[], length: number, special: Record<string, string>): string[] {
  const base = values.map(
    (v) =>
      special[v] ??
      (v
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, length)
        .toUpperCase() ||
        "X"),
  );
  // a code shared by two values of the same product gets each value's position (1-based)
  return base.map((code, i) => (base.filter((c) => c === code).length > 1 ? `${code}${i + 1}` : code));
}

/** Variant SKUs: the product's SKU, a size code and a colour code, e.g. KUR-1001-M-IND. Keyed `size\u0000colour`. */
export function variantSkus(
  productSku: string,
  axes: { sizes: readonly string[]; colours: readonly string[] },
): Map<string, string> {
  const sizeCodes = codes(axes.sizes, 4, { [DEFAULT_SIZE]: "OS", "Free Size": "FS" });
  const colourCodes = codes(axes.colours, 3, {});
  const skus = new Map<string, string>();
  axes.colours.forEach((colour, c) =>
    axes.sizes.forEach((size, s) =>
      skus.set(variantKey(size, colour), `${productSku}-${sizeCodes[s]}-${colourCodes[c]}`),
    ),
  );
  return skus;
}

export function variantKey(size: string, colour: string): string {
  return `${size}\u0000${colour}`;
}

/** `total` over `count` variants: each gets total / count, the first (total mod count) one more. */
export function spreadStock(total: number, count: number): number[] {
  if (count <= 0) return [];
  const each = Math.floor(Math.max(0, total) / count);
  const extra = Math.max(0, total) % count;
  return Array.from({ length: count }, (_, k) => each + (k < extra ? 1 : 0));
}

/** A variant's stock; 0 for a combination the product is not sold in. */
export function stockOf(variants: readonly VariantStock[], size: string, colour: string): number {
  return variants.find((v) => v.size === size && v.colour === colour)?.stock ?? 0;
}

export function totalStock(variants: readonly VariantStock[]): number {
  return variants.reduce((sum, v) => sum + v.stock, 0);
}

/**
 * The choice a product page starts with: the first colour with stock and its first size with stock.
 * A product with no stock at all starts with nothing chosen (every size and colour is struck
 * through). `null` where the product has no sizes or no colours.
 */
export function firstInStock(
  product: { sizes: readonly string[]; colours: readonly string[] },
  variants: readonly VariantStock[],
): { size: string | null; colour: string | null } {
  const sizes = product.sizes.length > 0 ? product.sizes : [DEFAULT_SIZE];
  const colours = product.colours.length > 0 ? product.colours : [DEFAULT_COLOUR];
  const pick = (size: string, colour: string) => ({
    size: product.sizes.length > 0 ? size : null,
    colour: product.colours.length > 0 ? colour : null,
  });
  for (const colour of colours) {
    const size = sizes.find((s) => stockOf(variants, s, colour) > 0);
    if (size) return pick(size, colour);
  }
  return { size: null, colour: null };
}

interface Choosable {
  /** the product's own lists; empty when it has none (then the defaults stand in) */
  sizes: readonly string[];
  colours: readonly string[];
}

const sizesOf = (p: Choosable) => (p.sizes.length > 0 ? p.sizes : [DEFAULT_SIZE]);
const coloursOf = (p: Choosable) => (p.colours.length > 0 ? p.colours : [DEFAULT_COLOUR]);

/** A size is sold out in the chosen colour; with no colour chosen, in every colour. */
export function sizeSoldOut(
  product: Choosable,
  variants: readonly VariantStock[],
  size: string,
  colour: string | null,
): boolean {
  const colours = colour !== null ? [colour] : coloursOf(product);
  return colours.every((c) => stockOf(variants, size, c) <= 0);
}

/** A colour is sold out in the chosen size; with no size chosen, in every size. */
export function colourSoldOut(
  product: Choosable,
  variants: readonly VariantStock[],
  colour: string,
  size: string | null,
): boolean {
  const sizes = size !== null ? [size] : sizesOf(product);
  return sizes.every((s) => stockOf(variants, s, colour) <= 0);
}

/**
 * The page's first choice: the size and colour an address asks for (`?size=M&colour=Rust`, as in a
 * back-in-stock text) when they are in stock, else the first in-stock colour and size.
 */
export function initialChoice(
  product: Choosable,
  variants: readonly VariantStock[],
  wanted: { size?: string | null; colour?: string | null } = {},
): { size: string | null; colour: string | null } {
  const colour = wanted.colour && product.colours.includes(wanted.colour) ? wanted.colour : null;
  const size = wanted.size && product.sizes.includes(wanted.size) ? wanted.size : null;
  const key = (s: string | null, c: string | null) => stockOf(variants, s ?? DEFAULT_SIZE, c ?? DEFAULT_COLOUR);
  if (colour !== null || product.colours.length === 0) {
    if (size !== null && key(size, colour) > 0) return { size, colour };
    const firstSize = sizesOf(product).find((s) => stockOf(variants, s, colour ?? DEFAULT_COLOUR) > 0);
    if (firstSize) return { size: product.sizes.length > 0 ? firstSize : null, colour };
  }
  return firstInStock(product, variants);
}
