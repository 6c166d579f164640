/**
 * Garment measurements in inches per category (body bust, waist and hip the size fits; garment length).
 * Free-size and unsized categories (sarees, unstitched, accessories) have no chart.
 */
export interface SizeChartRow {
  size: string;
  bust: number | null;
  waist: number;
  hip: number;
  length: number;
}

export interface SizeChart {
  lengthLabel: string;
  rows: SizeChartRow[];
}

const BODY: Record<string, { bust: number; waist: number; hip: number }> = {
  XS: { bust: 32, waist: 26, hip: 35 },
  S: { bust: 34, waist: 28, hip: 37 },
  M: { bust: 36, waist: 30, hip: 39 },
  L: { bust: 38, waist: 32, hip: 41 },
  XL: { bust: 40, waist: 34, hip: 43 },
  XXL: { bust: 42, waist: 36, hip: 45 },
  XXXL: { bust: 44, waist: 38, hip: 47 },
};

/** Garment length by category: at size XS, growing by `step` per size. */
const LENGTHS: Record<string, { label: string; xs: number; step: number; noBust?: boolean }> = {
  kurtas: { label: "Kurta length", xs: 44, step: 0.5 },
  "short-kurtis": { label: "Kurti length", xs: 30, step: 0.5 },
  "co-ords": { label: "Top length", xs: 26, step: 0.5 },
  dresses: { label: "Dress length", xs: 50, step: 0.5 },
  bottoms: { label: "Bottom length", xs: 38, step: 0.5, noBust: true },
  lehengas: { label: "Skirt length", xs: 40, step: 0.5 },
  loungewear: { label: "Top length", xs: 27, step: 0.5 },
  shirts: { label: "Shirt length", xs: 27, step: 0.5 },
};

const ORDER = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** The chart for a category limited to the sizes a product offers; null when it has none. */
export function sizeChartFor(category: string, sizes: string[]): SizeChart | null {
  const length = LENGTHS[category];
  if (!length) return null;
  const rows = ORDER.filter((s) => sizes.length === 0 || sizes.includes(s)).map((size) => {
    const body = BODY[size]!;
    return {
      size,
      bust: length.noBust ? null : body.bust,
      waist: body.waist,
      hip: body.hip,
      length: length.xs + ORDER.indexOf(size) * length.step,
    };
  });
  return rows.length > 0 ? { lengthLabel: length.label, rows } : null;
}
