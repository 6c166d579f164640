/**
 * How the demo catalogue's stock sits on its sizes and colours (decision 015): a product's `stock`
 * is its total, spread with realistic gaps. Deterministic (a hash of the slug), so the seed, the
 * benchmark's generator and the end-to-end tests agree on which sizes are sold out or low.
 */
import { variantAxes, variantMatrix, type VariantStock } from "~/modules/catalog";

/** How much of a product sells in each size, roughly: the middle sizes move most. */
const SIZE_WEIGHT: Record<string, number> = { XS: 0.6, S: 1, M: 1.4, L: 1.3, XL: 0.9, XXL: 0.6, XXXL: 0.4 };
/** A share of the variants of a product with several is sold out. */
const SOLD_OUT_SHARE = 0.15;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  // a final mix so that similar texts land far apart
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * `total` units over a product's sizes x colours: some variants sold out (never all), the rest
 * shared by weight (middle sizes and the first colour more), largest remainders first, so the
 * variants add up to exactly `total`. Small totals leave more gaps and low sizes of 1 to 5.
 */
export function spreadWithGaps(
  key: string,
  product: { sizes: readonly string[]; colourNames: readonly string[] },
  total: number,
): VariantStock[] {
  const matrix = variantMatrix(variantAxes(product));
  const firstColour = matrix[0]?.colour;
  const rows = matrix.map((v) => ({ ...v, stock: 0 }));
  if (total <= 0 || rows.length === 0) return rows;
  let open = rows.filter((v) => rows.length < 3 || hash(`${key}|${v.size}|${v.colour}`) >= SOLD_OUT_SHARE);
  if (open.length === 0) open = [rows[0]!];
  const weights = open.map((v) => (SIZE_WEIGHT[v.size] ?? 1) * (v.colour === firstColour ? 1.3 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  open.forEach((v, i) => (v.stock = Math.floor(exact[i]!)));
  let left = total - open.reduce((n, v) => n + v.stock, 0);
  const byRemainder = open
    .map((v, i) => ({ v, r: exact[i]! - Math.floor(exact[i]!), i }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { v } of byRemainder) {
    if (left <= 0) break;
    v.stock += 1;
    left -= 1;
  }
  return rows;
}

/** The demo product's variants and their stock. */
export function seedVariantStock(product: {
  slug: string;
  sizes: readonly string[];
  colours: ReadonlyArray<{ name: string }>;
  stock: number;
}): VariantStock[] {
  return spreadWithGaps(
    product.slug,
    { sizes: product.sizes, colourNames: product.colours.map((c) => c.name) },
    product.stock,
  );
}
