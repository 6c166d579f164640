import { variantAxes, variantKey, variantMatrix } from "../variants";
import { ADMIN_SIZES, DEFAULT_CATEGORY, HEX, LIMITS } from "./presets";
import type { ColourValue, ProductFormValues, StockCell } from "./values";

/* The form's sizes, colours and stock grid, and the names a product gets from its category and name. */

export function emptyProductForm(brand: string): ProductFormValues {
  return {
    name: "",
    brand,
    price: "",
    originalPrice: "",
    category: DEFAULT_CATEGORY,
    description: "",
    details: "",
    badge: "",
    material: "",
    fabric: "",
    fit: "",
    care: "",
    type: "",
    occasions: [],
    isActive: true,
    sizes: [],
    colours: [],
    stock: stockCells([], [], []),
    pictures: [],
    packageWeight: "",
    packageLength: "",
    packageBreadth: "",
    packageHeight: "",
    fitAdviceEnabled: true,
    version: null,
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sizes in the shop's order: the presets first (XS to Free Size), then custom ones as added. */
export function orderSizes(sizes: readonly string[]): string[] {
  const presets = ADMIN_SIZES.filter((p) => sizes.includes(p));
  const custom = sizes.filter((s) => !(ADMIN_SIZES as readonly string[]).includes(s));
  return [...presets, ...custom];
}

/** A custom size is added only when it is not empty and not already there. */
export function addCustomSize(sizes: readonly string[], typed: string): { sizes: string[]; error: string | null } {
  const size = typed.trim().replace(/\s+/g, " ");
  if (!size) return { sizes: [...sizes], error: "Type a size to add" };
  if (size.length > LIMITS.size) return { sizes: [...sizes], error: `A size has at most ${LIMITS.size} characters` };
  if (sizes.some((s) => same(s, size))) return { sizes: [...sizes], error: `${size} is already in the list` };
  if (sizes.length >= LIMITS.sizes) return { sizes: [...sizes], error: `At most ${LIMITS.sizes} sizes` };
  return { sizes: [...sizes, size], error: null };
}

/** A custom colour is added only when its name is not empty and no colour has that name. */
export function addCustomColour(
  colours: readonly ColourValue[],
  typedName: string,
  hex: string,
): { colours: ColourValue[]; error: string | null } {
  const name = typedName.trim().replace(/\s+/g, " ");
  if (!name) return { colours: [...colours], error: "Type a colour name to add" };
  if (name.length > LIMITS.colourName)
    return { colours: [...colours], error: `A colour name has at most ${LIMITS.colourName} characters` };
  if (colours.some((c) => same(c.name, name)))
    return { colours: [...colours], error: `${name} is already in the list` };
  if (!HEX.test(hex)) return { colours: [...colours], error: "Choose the colour" };
  if (colours.length >= LIMITS.colours) return { colours: [...colours], error: `At most ${LIMITS.colours} colours` };
  return { colours: [...colours, { name, hex: hex.toUpperCase() }], error: null };
}

/**
 * The stock grid for these sizes and colours (One Size / Default when there are none, as the
 * storefront sells such products): every size x colour, colour by colour, keeping what was typed
 * for combinations that were already there; new ones start at 0.
 */
export function stockCells(
  sizes: readonly string[],
  colours: readonly ColourValue[],
  previous: readonly StockCell[],
): StockCell[] {
  const typed = new Map(previous.map((c) => [variantKey(c.size, c.colour), c]));
  const axes = variantAxes({ sizes, colourNames: colours.map((c) => c.name) });
  return variantMatrix(axes).map(({ size, colour }) => {
    const cell = typed.get(variantKey(size, colour));
    return cell ? { ...cell } : { size, colour, stock: "0", was: null };
  });
}

/** The demo catalogue's rule: a product's SKU starts with its category's initials ('short-kurtis' -> 'SHOKUR'). */
export function skuPrefix(category: string): string {
  return category
    .split("-")
    .map((part) => part.slice(0, 3).toUpperCase())
    .join("");
}

/** A product's address name from its name: 'Neel Dābu Kurta!' -> 'neel-dabu-kurta'. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "product";
}
