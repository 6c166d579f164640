import { PRESET_COLOURS, type ColourValue } from "../product-form";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantKey } from "../variants";
import type { ProductRow, VariantState, Work } from "./plan-types.server";
import { label } from "./rows.server";
import type { ShopState } from "./shop.server";

/*
 * A product's rows as sizes and colours: each row's size and colour spelt as the product spells them,
 * its variant in the shop (by SKU or by size and colour), and its colour's shade.
 */

/** A row the product takes, with the variant of the shop it changes (null: a new one). */
export interface AcceptedRow {
  w: Work;
  variant: VariantState | null;
}

/** The product's sizes and colours once its rows are read, and the rows it takes. */
export interface ProductCells {
  sizes: string[];
  colours: ColourValue[];
  accepted: AcceptedRow[];
  /** the shop's variants of the product by size and colour */
  variantByCell: Map<string, VariantState>;
}

/** Whether the product is (or, new, will be) sold without sizes or colours: the default ones then, and only then. */
interface DefaultAxes {
  existing: ProductRow | null;
  usesDefaultSize: boolean;
  usesDefaultColour: boolean;
  fileRealSizes: boolean;
  fileRealColours: boolean;
}

function defaultAxes(rows: readonly Work[], existing: ProductRow | null): DefaultAxes {
  return {
    existing,
    usesDefaultSize: existing ? existing.sizes.length === 0 : false,
    usesDefaultColour: existing ? existing.colorNames.length === 0 : false,
    fileRealSizes: rows.some((w) => w.errors.length === 0 && w.size && w.size !== DEFAULT_SIZE),
    fileRealColours: rows.some((w) => w.errors.length === 0 && w.colour && w.colour !== DEFAULT_COLOUR),
  };
}

/** A row with the default size on a product with sizes (or a size on one without), the same for colours. */
function defaultAxisError(w: Work, productSku: string, axes: DefaultAxes): string | null {
  const { existing, usesDefaultSize, usesDefaultColour, fileRealSizes, fileRealColours } = axes;
  if (w.size === DEFAULT_SIZE ? (existing ? !usesDefaultSize : fileRealSizes) : existing ? usesDefaultSize : false) {
    return w.size === DEFAULT_SIZE
      ? `${DEFAULT_SIZE} is for a product sold without sizes; ${productSku} is sold in ${existing ? existing.sizes.join(", ") : "other sizes in this file"}.`
      : `${productSku} is sold without sizes (${DEFAULT_SIZE}); give it sizes in the product editor.`;
  }
  if (
    w.colour === DEFAULT_COLOUR
      ? existing
        ? !usesDefaultColour
        : fileRealColours
      : existing
        ? usesDefaultColour
        : false
  ) {
    return w.colour === DEFAULT_COLOUR
      ? `${DEFAULT_COLOUR} is for a product sold without colours; ${productSku} comes in ${existing ? existing.colorNames.join(", ") : "other colours in this file"}.`
      : `${productSku} is sold without colours (${DEFAULT_COLOUR}); give it colours in the product editor.`;
  }
  return null;
}

type MatchedVariant = { ok: true; variant: VariantState | null } | { ok: false; error: string };

/** The shop's variant a row names: by its variant SKU, else by its size and colour; none for a new one. */
function matchVariant(
  w: Work,
  productSku: string,
  existing: ProductRow | null,
  skuOwners: ShopState["skuOwners"],
  variantByCell: ReadonlyMap<string, VariantState>,
): MatchedVariant {
  const owner = w.variantSku ? skuOwners.get(w.variantSku) : undefined;
  const atCell = variantByCell.get(variantKey(w.size, w.colour)) ?? null;
  if (owner) {
    if (!existing || owner.productId !== existing.id) {
      return {
        ok: false,
        error: `Duplicate SKU: variant SKU ${w.variantSku} belongs to ${owner.productSku} (‘${owner.productName}’).`,
      };
    }
    if (owner.size !== w.size || owner.colour !== w.colour) {
      return {
        ok: false,
        error: `Variant SKU ${w.variantSku} is ${label(owner.size, owner.colour)} in the shop; an import cannot change a variant's size or colour.`,
      };
    }
    return { ok: true, variant: owner };
  }
  if (atCell) {
    if (w.variantSku) {
      return {
        ok: false,
        error: `${productSku} already sells ${label(w.size, w.colour)} as SKU ${atCell.sku}: use that SKU or leave Variant SKU empty.`,
      };
    }
    return { ok: true, variant: atCell };
  }
  return { ok: true, variant: null };
}

/** A colour's shade: the row's, else the product's, else the preset's. Adds a new colour to `colours`. */
function settleShade(w: Work, colours: ColourValue[], hexFrom: Map<string, Work>): string | null {
  if (w.colour === DEFAULT_COLOUR) return null;
  const known = colours.find((c) => c.name === w.colour);
  if (w.hex && known && known.hex !== w.hex) {
    const earlier = hexFrom.get(w.colour);
    if (earlier && earlier.hex !== w.hex)
      return `Colour hex ${w.hex} of ${w.colour} differs from row ${earlier.row} (${earlier.hex}).`;
    known.hex = w.hex;
  } else if (!known) {
    const hex = w.hex ?? PRESET_COLOURS.find((p) => p.name === w.colour)?.hex ?? null;
    if (!hex) return `Colour hex is needed for the new colour ‘${w.colour}’ (like #7B1E2B).`;
    colours.push({ name: w.colour, hex });
  }
  if (w.hex && !hexFrom.has(w.colour)) hexFrom.set(w.colour, w);
  return null;
}

/**
 * Goes through a product's rows without errors: each gets the product's spelling of its size and
 * colour (the product's own spelling wins, then the file's first), and is taken or gets its error.
 */
export function acceptRows(
  productSku: string,
  rows: readonly Work[],
  existing: ProductRow | null,
  currentVariants: readonly VariantState[],
  skuOwners: ShopState["skuOwners"],
): ProductCells {
  const sizeSpelling = new Map<string, string>();
  const colourSpelling = new Map<string, string>();
  for (const s of existing?.sizes ?? []) sizeSpelling.set(s.toLowerCase(), s);
  for (const c of existing?.colorNames ?? []) colourSpelling.set(c.toLowerCase(), c);
  for (const v of currentVariants) {
    if (!sizeSpelling.has(v.size.toLowerCase())) sizeSpelling.set(v.size.toLowerCase(), v.size);
    if (!colourSpelling.has(v.colour.toLowerCase())) colourSpelling.set(v.colour.toLowerCase(), v.colour);
  }
  const variantByCell = new Map(currentVariants.map((v) => [variantKey(v.size, v.colour), v]));

  const sizes = [...(existing?.sizes ?? [])];
  const colours: ColourValue[] = (existing?.colors ?? []).map((c) => ({ name: c.name, hex: c.hex.toUpperCase() }));
  const hexFrom = new Map<string, Work>();
  const accepted: AcceptedRow[] = [];
  const axes = defaultAxes(rows, existing);

  for (const w of rows) {
    if (w.errors.length > 0) continue;
    w.size = sizeSpelling.get(w.size.toLowerCase()) ?? w.size;
    w.colour = colourSpelling.get(w.colour.toLowerCase()) ?? w.colour;
    sizeSpelling.set(w.size.toLowerCase(), w.size);
    colourSpelling.set(w.colour.toLowerCase(), w.colour);

    const axisError = defaultAxisError(w, productSku, axes);
    if (axisError) {
      w.errors.push(axisError);
      continue;
    }
    const matched = matchVariant(w, productSku, existing, skuOwners, variantByCell);
    if (!matched.ok) {
      w.errors.push(matched.error);
      continue;
    }
    const shadeError = settleShade(w, colours, hexFrom);
    if (shadeError) {
      w.errors.push(shadeError);
      continue;
    }
    if (w.size !== DEFAULT_SIZE && !sizes.includes(w.size)) sizes.push(w.size);
    accepted.push({ w, variant: matched.variant });
  }
  return { sizes, colours, accepted, variantByCell };
}
