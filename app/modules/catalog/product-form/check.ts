import { z } from "zod";
import {
  ACROSS_FIELDS,
  blankOr,
  complain,
  failed,
  parsedText,
  problem,
  readForm,
  readJson,
  type FieldErrors,
} from "../../../lib/forms";
import { formatPrice } from "../../pricing";
import { CATEGORIES } from "../types";
import { variantAxes, variantKey, variantMatrix } from "../variants";
import { rupeesTextToPaise } from "./money";
import { packageRule } from "./packing";
import { HEX, LIMITS, PRODUCT_MESSAGES } from "./presets";
import type { FormCheck, ProductDraft, ProductFormValues, StockCell } from "./values";

/* The product form's rules: one schema answers the editor in the browser and the server action. */

const text = (max: number) => z.string().max(10 * max);

/** The shape of what the editor sends; its rules, with their messages, are productFormSchema's. */
export const productValuesSchema = z.object({
  name: text(LIMITS.name),
  brand: text(LIMITS.brand),
  price: text(20),
  originalPrice: text(20),
  category: text(60),
  description: text(LIMITS.description),
  details: text(LIMITS.details),
  badge: text(LIMITS.badge),
  material: text(LIMITS.shortText),
  fabric: text(LIMITS.shortText),
  fit: text(LIMITS.shortText),
  care: text(LIMITS.shortText),
  type: text(LIMITS.shortText),
  occasions: z.array(text(LIMITS.occasion)).max(50),
  isActive: z.boolean(),
  sizes: z.array(text(LIMITS.size)).max(100),
  colours: z.array(z.object({ name: text(LIMITS.colourName), hex: z.string().max(20) })).max(100),
  stock: z
    .array(
      z.object({
        size: text(LIMITS.size),
        colour: text(LIMITS.colourName),
        stock: z.string().max(20),
        was: z.number().int().min(0).nullable().optional(),
      }),
    )
    .max(1000),
  pictures: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        url: z.string().max(1000),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        alt: text(LIMITS.alt),
      }),
    )
    .max(100),
  packageWeight: z.string().max(40),
  packageLength: z.string().max(40),
  packageBreadth: z.string().max(40),
  packageHeight: z.string().max(40),
  fitAdviceEnabled: z.boolean(),
  version: z.number().int().positive().nullable(),
});

/** Reads the editor's JSON payload; null when it is not the form's shape (a tampered or broken request). */
export function parseProductFormValues(json: string): ProductFormValues | null {
  return readJson(productValuesSchema, json);
}

/** Field names of a grid cell, for messages next to it: the path ['stock', cell] joined. */
export const stockField = (size: string, colour: string) => `stock:${variantKey(size, colour)}`;

const REQUIRED = { name: "Enter the product name", price: "Enter the price" } as const;

const clean = (value: string) => value.trim().replace(/\s+/g, " ");
const trimmed = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** An optional text: null when nothing was typed. */
const optional = (max: number) => trimmed(max).transform((value) => (value === "" ? null : value));

const rupees = (message: string, tooMuch: string) =>
  parsedText(rupeesTextToPaise, message).pipe(z.number().positive(message).max(LIMITS.pricePaise, tooMuch));

const named = (list: string[]) => list.every(Boolean) && new Set(list.map((n) => n.toLowerCase())).size === list.length;

/** A stock cell as typed: a whole number from 0 to the limit, else null. */
function stockCount(typed: string): number | null {
  const count = typed.trim();
  return /^\d{1,6}$/.test(count) && Number(count) <= LIMITS.stock ? Number(count) : null;
}

/** The grid of this product's sizes x colours, each cell with what was typed in it (a cell the form lacks is empty). */
function gridOf(sizes: string[], colours: ProductDraft["colours"], cells: StockCell[]) {
  const given = new Map(cells.map((c) => [variantKey(c.size, c.colour), c.stock]));
  const axes = variantAxes({ sizes, colourNames: colours.map((c) => c.name) });
  return variantMatrix(axes).map(({ size, colour }) => ({
    size,
    colour,
    typed: given.get(variantKey(size, colour)) ?? "",
  }));
}

/**
 * The form's rules: name and price required, the original price above the price or empty, a known
 * category, custom sizes and colours not blank and not repeated, a stock grid of exactly this
 * product's sizes x colours with whole counts (a cell missing is an old form, not 0), at least one
 * picture and at most twelve, each once; the packed parcel's weight and sizes whole numbers, or empty
 * for the category's default.
 */
export const productFormSchema = z
  .object({
    name: z
      .string()
      .transform(clean)
      .pipe(z.string().min(1, REQUIRED.name).max(LIMITS.name, `At most ${LIMITS.name} characters`)),
    brand: trimmed(LIMITS.brand),
    price: z
      .string()
      .trim()
      .min(1, REQUIRED.price)
      .pipe(
        rupees(
          "Enter a price in rupees, like 1299 or 1299.50",
          `The price can be at most ${formatPrice(LIMITS.pricePaise)}`,
        ),
      ),
    originalPrice: blankOr(
      null,
      rupees(
        "Enter a price in rupees, like 1599, or leave it empty",
        `The original price can be at most ${formatPrice(LIMITS.pricePaise)}`,
      ),
    ),
    category: z.string().refine((slug) => CATEGORIES.some((c) => c.slug === slug), "Choose a category"),
    description: trimmed(LIMITS.description),
    details: trimmed(LIMITS.details),
    badge: optional(LIMITS.badge),
    material: optional(LIMITS.shortText),
    fabric: optional(LIMITS.shortText),
    fit: optional(LIMITS.shortText),
    care: optional(LIMITS.shortText),
    type: optional(LIMITS.shortText),
    occasions: z
      .array(z.string())
      .transform((list) => [...new Set(list.map((o) => o.trim()).filter(Boolean))])
      // a refinement, not .max(): zod stops at an array over its maximum, and the rules across fields would not run
      .superRefine(
        problem((list: string[]) => (list.length > LIMITS.occasions ? `At most ${LIMITS.occasions} occasions` : null)),
      ),
    isActive: z.boolean(),
    sizes: z
      .array(z.string())
      .transform((list) => list.map((s) => s.trim()))
      .superRefine(
        problem((sizes: string[]) =>
          !named(sizes)
            ? "Each size must be named once"
            : sizes.length > LIMITS.sizes
              ? `At most ${LIMITS.sizes} sizes`
              : null,
        ),
      ),
    colours: z
      .array(z.object({ name: z.string(), hex: z.string() }))
      .transform((list) => list.map((c) => ({ name: c.name.trim(), hex: c.hex.toUpperCase() })))
      .superRefine(
        problem((colours: ProductDraft["colours"]) =>
          !named(colours.map((c) => c.name))
            ? "Each colour must be named once"
            : colours.some((c) => !HEX.test(c.hex))
              ? "Each colour needs its shade"
              : colours.length > LIMITS.colours
                ? `At most ${LIMITS.colours} colours`
                : null,
        ),
      ),
    stock: z.array(z.object({ size: z.string(), colour: z.string(), stock: z.string() })),
    pictures: z
      .array(z.object({ key: z.string(), alt: z.string() }))
      .transform((list) => list.map((p) => ({ key: p.key, alt: clean(p.alt) })))
      .superRefine(
        problem((pictures: ProductDraft["pictures"]) =>
          pictures.length === 0
            ? PRODUCT_MESSAGES.imageRequired
            : pictures.length > LIMITS.pictures
              ? `At most ${LIMITS.pictures} pictures`
              : new Set(pictures.map((p) => p.key)).size !== pictures.length
                ? "A picture is in the list twice"
                : pictures.some((p) => p.alt.length > LIMITS.alt)
                  ? `Alt text has at most ${LIMITS.alt} characters`
                  : null,
        ),
      ),
    packageWeight: packageRule("packageWeight"),
    packageLength: packageRule("packageLength"),
    packageBreadth: packageRule("packageBreadth"),
    packageHeight: packageRule("packageHeight"),
    fitAdviceEnabled: z.boolean(),
    version: z.number().nullable(),
  })
  .superRefine((v, ctx) => {
    if (
      !failed(ctx, "price") &&
      !failed(ctx, "originalPrice") &&
      v.originalPrice !== null &&
      v.originalPrice <= v.price
    )
      complain(ctx, "originalPrice", "The original price must be above the price, or empty");
    // the grid must be exactly this product's sizes x colours
    if (failed(ctx, "sizes") || failed(ctx, "colours")) return;
    const grid = gridOf(v.sizes, v.colours, v.stock);
    if (grid.length > LIMITS.variants) complain(ctx, "stock", `At most ${LIMITS.variants} sizes x colours`);
    for (const cell of grid)
      if (stockCount(cell.typed) === null)
        complain(ctx, ["stock", variantKey(cell.size, cell.colour)], "Stock must be a whole number, 0 or more");
  }, ACROSS_FIELDS)
  .transform((v): ProductDraft => ({
    name: v.name,
    brand: v.brand,
    pricePaise: v.price,
    originalPricePaise: v.originalPrice,
    category: v.category,
    description: v.description,
    details: v.details,
    badge: v.badge,
    material: v.material,
    fabric: v.fabric,
    fit: v.fit,
    care: v.care,
    type: v.type,
    occasions: v.occasions,
    isActive: v.isActive,
    sizes: v.sizes,
    colours: v.colours,
    stock: gridOf(v.sizes, v.colours, v.stock).map(({ size, colour, typed }) => ({
      size,
      colour,
      stock: stockCount(typed)!,
    })),
    pictures: v.pictures,
    packageWeightGrams: v.packageWeight,
    packageLengthCm: v.packageLength,
    packageBreadthCm: v.packageBreadth,
    packageHeightCm: v.packageHeight,
    fitAdviceEnabled: v.fitAdviceEnabled,
    version: v.version,
  }));

/** The message above the form: required fields first, then the picture, then the one error or a general one. */
function formErrorOf(errors: FieldErrors): string {
  const keys = Object.keys(errors);
  if (errors.name === REQUIRED.name || errors.price === REQUIRED.price) return PRODUCT_MESSAGES.required;
  if (errors.pictures === PRODUCT_MESSAGES.imageRequired) return PRODUCT_MESSAGES.imageRequired;
  return keys.length === 1 && errors[keys[0]!] ? errors[keys[0]!]! : "Please correct the highlighted fields";
}

/**
 * The form's rules over the editor's values: the draft, or a message per field and one above the
 * form ('Please fill in all required fields', 'Please upload at least one image'...).
 */
export function checkProductForm(values: ProductFormValues): FormCheck {
  const read = readForm(productFormSchema, values);
  return read.ok
    ? { ok: true, draft: read.data }
    : { ok: false, formError: formErrorOf(read.fieldErrors), fieldErrors: read.fieldErrors };
}

/** Why the save button is disabled, if it is (it is while required fields are missing). */
export function saveBlocker(values: ProductFormValues, uploading: boolean): string | null {
  if (!values.name.trim() || !values.price.trim()) return PRODUCT_MESSAGES.required;
  if (uploading) return PRODUCT_MESSAGES.uploading;
  if (values.pictures.length === 0) return PRODUCT_MESSAGES.imageRequired;
  return null;
}
