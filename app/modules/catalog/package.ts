/*
 * A piece's packed parcel, for couriers' rates and labels (pure; browser and server): grams and
 * centimetres. A product keeps its own when staff set one (product editor, CSV); otherwise its
 * category's default below, from what such a piece weighs folded in its mailer.
 */

export interface PackedSize {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** Per category; unknown categories take `fallback`. */
export const PACKAGE_DEFAULTS: Readonly<Record<string, PackedSize>> = {
  kurtas: { weightGrams: 450, lengthCm: 32, breadthCm: 26, heightCm: 4 },
  "short-kurtis": { weightGrams: 350, lengthCm: 30, breadthCm: 24, heightCm: 3 },
  "co-ords": { weightGrams: 650, lengthCm: 34, breadthCm: 28, heightCm: 5 },
  dresses: { weightGrams: 500, lengthCm: 34, breadthCm: 28, heightCm: 4 },
  bottoms: { weightGrams: 400, lengthCm: 30, breadthCm: 25, heightCm: 4 },
  lehengas: { weightGrams: 1_800, lengthCm: 45, breadthCm: 35, heightCm: 12 },
  loungewear: { weightGrams: 500, lengthCm: 32, breadthCm: 26, heightCm: 5 },
  sarees: { weightGrams: 800, lengthCm: 36, breadthCm: 28, heightCm: 6 },
  shirts: { weightGrams: 350, lengthCm: 32, breadthCm: 26, heightCm: 3 },
  unstitched: { weightGrams: 700, lengthCm: 34, breadthCm: 28, heightCm: 5 },
  accessories: { weightGrams: 150, lengthCm: 16, breadthCm: 12, heightCm: 6 },
  fallback: { weightGrams: 500, lengthCm: 32, breadthCm: 26, heightCm: 5 },
};

export interface ProductPackageColumns {
  category: string;
  packageWeightGrams: number | null;
  packageLengthCm: number | null;
  packageBreadthCm: number | null;
  packageHeightCm: number | null;
}

/** A product's packed size: its own values where set, its category's default for the rest. */
export function packedSizeOf(product: ProductPackageColumns): PackedSize {
  const base = PACKAGE_DEFAULTS[product.category] ?? PACKAGE_DEFAULTS.fallback!;
  return {
    weightGrams: product.packageWeightGrams ?? base.weightGrams,
    lengthCm: product.packageLengthCm ?? base.lengthCm,
    breadthCm: product.packageBreadthCm ?? base.breadthCm,
    heightCm: product.packageHeightCm ?? base.heightCm,
  };
}
