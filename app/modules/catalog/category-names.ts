/*
 * The shop's categories as a page's script needs them: slug and name, in the shop's order (the menu, the
 * list's chips). Their descriptions are in categories.ts, which no storefront page's script imports.
 */

/** Slug and name of each category, in the shop's order. */
export const CATEGORY_NAMES: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: "kurtas", name: "Kurtas" },
  { slug: "short-kurtis", name: "Short Kurtis" },
  { slug: "co-ords", name: "Co-ords" },
  { slug: "dresses", name: "Dresses" },
  { slug: "bottoms", name: "Bottoms" },
  { slug: "lehengas", name: "Lehengas" },
  { slug: "loungewear", name: "Loungewear" },
  { slug: "sarees", name: "Sarees" },
  { slug: "shirts", name: "Shirts" },
  { slug: "unstitched", name: "Unstitched" },
  { slug: "accessories", name: "Jewellery & Accessories" },
];
