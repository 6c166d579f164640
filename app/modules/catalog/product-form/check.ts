import { z } from "zod";
import { formatPrice } from "../../pricing";
import { CATEGORIES } from "../types";
import { variantAxes, variantKey, variantMatrix } from "../variants";
import { rupeesTextToPaise } from "./money";
import { HEX, LIMITS, PRODUCT_MESSAGES } from "./presets";
import type { FieldErrors, FormCheck, ProductDraft, ProductFormValues } from "./values";

/* Checking the form: the same rules answer the editor in the browser and the server action. */

const text = (max: number) => z.string().max(10 * max);

/** The shape of what the editor sends; sizes of strings are checked by `checkProductForm` with messages. */
const valuesSchema = z.object({
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
  version: z.number().int().positive().nullable(),
});

/** Reads the editor's JSON payload; null when it is not the form's shape (a tampered or broken request). */
export function parseProductFormValues(json: string): ProductFormValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = valuesSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Field names of a grid cell and a picture, for messages next to them. */
export const stockField = (size: string, colour: string) => `stock:${variantKey(size, colour)}`;

function optional(value: string): string | null {
  const v = value.trim();
  return v === "" ? null : v;
}

/** The errors found so far, and whether a required field or the picture is missing (the form's message says so). */
interface Findings {
  errors: FieldErrors;
  missingRequired: boolean;
  missingPicture: boolean;
}

/** Name, price and original price: the name and price are required. */
function checkNameAndPrices(values: ProductFormValues, found: Findings) {
  const { errors } = found;
  const name = values.name.trim().replace(/\s+/g, " ");
  if (!name) {
    errors.name = "Enter the product name";
    found.missingRequired = true;
  } else if (name.length > LIMITS.name) errors.name = `At most ${LIMITS.name} characters`;

  let pricePaise: number | null = null;
  if (!values.price.trim()) {
    errors.price = "Enter the price";
    found.missingRequired = true;
  } else {
    pricePaise = rupeesTextToPaise(values.price);
    if (pricePaise === null || pricePaise <= 0) errors.price = "Enter a price in rupees, like 1299 or 1299.50";
    else if (pricePaise > LIMITS.pricePaise)
      errors.price = `The price can be at most ${formatPrice(LIMITS.pricePaise)}`;
  }

  let originalPricePaise: number | null = null;
  if (values.originalPrice.trim()) {
    originalPricePaise = rupeesTextToPaise(values.originalPrice);
    if (originalPricePaise === null || originalPricePaise <= 0)
      errors.originalPrice = "Enter a price in rupees, like 1599, or leave it empty";
    else if (originalPricePaise > LIMITS.pricePaise)
      errors.originalPrice = `The original price can be at most ${formatPrice(LIMITS.pricePaise)}`;
    else if (pricePaise !== null && !errors.price && originalPricePaise <= pricePaise)
      errors.originalPrice = "The original price must be above the price, or empty";
  }
  return { name, pricePaise, originalPricePaise };
}

/** The category, the brand, the longer texts and the occasions. */
function checkDetails(values: ProductFormValues, errors: FieldErrors) {
  if (!CATEGORIES.some((c) => c.slug === values.category)) errors.category = "Choose a category";

  const brand = values.brand.trim();
  if (brand.length > LIMITS.brand) errors.brand = `At most ${LIMITS.brand} characters`;
  const longText: Array<[keyof ProductFormValues, number]> = [
    ["description", LIMITS.description],
    ["details", LIMITS.details],
    ["badge", LIMITS.badge],
    ["material", LIMITS.shortText],
    ["fabric", LIMITS.shortText],
    ["fit", LIMITS.shortText],
    ["care", LIMITS.shortText],
    ["type", LIMITS.shortText],
  ];
  for (const [field, max] of longText) {
    if (String(values[field]).trim().length > max) errors[field] = `At most ${max} characters`;
  }

  const occasions = [...new Set(values.occasions.map((o) => o.trim()).filter(Boolean))];
  if (occasions.length > LIMITS.occasions) errors.occasions = `At most ${LIMITS.occasions} occasions`;
  return { brand, occasions };
}

/** Sizes and colours: each named once, colours with their shade. */
function checkSizesAndColours(values: ProductFormValues, errors: FieldErrors) {
  const sizes = values.sizes.map((s) => s.trim());
  if (sizes.some((s) => !s) || new Set(sizes.map((s) => s.toLowerCase())).size !== sizes.length)
    errors.sizes = "Each size must be named once";
  else if (sizes.length > LIMITS.sizes) errors.sizes = `At most ${LIMITS.sizes} sizes`;

  const colours = values.colours.map((c) => ({ name: c.name.trim(), hex: c.hex.toUpperCase() }));
  if (colours.some((c) => !c.name) || new Set(colours.map((c) => c.name.toLowerCase())).size !== colours.length)
    errors.colours = "Each colour must be named once";
  else if (colours.some((c) => !HEX.test(c.hex))) errors.colours = "Each colour needs its shade";
  else if (colours.length > LIMITS.colours) errors.colours = `At most ${LIMITS.colours} colours`;
  return { sizes, colours };
}

/** The grid must be exactly this product's sizes x colours; a cell the form lacks is an old form. */
function checkStockGrid(
  values: ProductFormValues,
  sizes: string[],
  colours: ProductDraft["colours"],
  errors: FieldErrors,
): ProductDraft["stock"] {
  const stock: ProductDraft["stock"] = [];
  if (errors.sizes || errors.colours) return stock;
  const given = new Map(values.stock.map((c) => [variantKey(c.size, c.colour), c.stock]));
  const axes = variantAxes({ sizes, colourNames: colours.map((c) => c.name) });
  const matrix = variantMatrix(axes);
  if (matrix.length > LIMITS.variants) errors.stock = `At most ${LIMITS.variants} sizes x colours`;
  for (const { size, colour } of matrix) {
    const typed = (given.get(variantKey(size, colour)) ?? "").trim();
    const n = /^\d{1,6}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!Number.isInteger(n) || n > LIMITS.stock)
      errors[stockField(size, colour)] = "Stock must be a whole number, 0 or more";
    else stock.push({ size, colour, stock: n });
  }
  return stock;
}

/** At least one picture, at most twelve, each once, alt texts not too long. */
function checkPictures(values: ProductFormValues, found: Findings): ProductDraft["pictures"] {
  const { errors } = found;
  const pictures = values.pictures.map((p) => ({ key: p.key, alt: p.alt.trim().replace(/\s+/g, " ") }));
  if (pictures.length === 0) {
    errors.pictures = PRODUCT_MESSAGES.imageRequired;
    found.missingPicture = true;
  } else if (pictures.length > LIMITS.pictures) errors.pictures = `At most ${LIMITS.pictures} pictures`;
  else if (new Set(pictures.map((p) => p.key)).size !== pictures.length)
    errors.pictures = "A picture is in the list twice";
  else if (pictures.some((p) => p.alt.length > LIMITS.alt))
    errors.pictures = `Alt text has at most ${LIMITS.alt} characters`;
  return pictures;
}

/** The message above the form: required fields first, then the picture, then the one error or a general one. */
function formErrorOf({ errors, missingRequired, missingPicture }: Findings): string {
  const keys = Object.keys(errors);
  return missingRequired
    ? PRODUCT_MESSAGES.required
    : missingPicture
      ? PRODUCT_MESSAGES.imageRequired
      : keys.length === 1 && errors[keys[0]!]
        ? errors[keys[0]!]!
        : "Please correct the highlighted fields";
}

/**
 * The form's rules: name and price required ('Please fill in all required fields'), at least one
 * picture ('Please upload at least one image'), the original price above the price or empty, stock
 * whole and not negative, custom sizes and colours not blank and not repeated, a known category. The
 * same function answers the browser and the server.
 */
export function checkProductForm(values: ProductFormValues): FormCheck {
  const found: Findings = { errors: {}, missingRequired: false, missingPicture: false };
  const { errors } = found;
  const { name, pricePaise, originalPricePaise } = checkNameAndPrices(values, found);
  const { brand, occasions } = checkDetails(values, errors);
  const { sizes, colours } = checkSizesAndColours(values, errors);
  const stock = checkStockGrid(values, sizes, colours, errors);
  const pictures = checkPictures(values, found);

  if (Object.keys(errors).length > 0) return { ok: false, formError: formErrorOf(found), fieldErrors: errors };
  return {
    ok: true,
    draft: {
      name,
      brand: brand,
      pricePaise: pricePaise!,
      originalPricePaise,
      category: values.category,
      description: values.description.trim(),
      details: values.details.trim(),
      badge: optional(values.badge),
      material: optional(values.material),
      fabric: optional(values.fabric),
      fit: optional(values.fit),
      care: optional(values.care),
      type: optional(values.type),
      occasions,
      isActive: values.isActive,
      sizes,
      colours,
      stock,
      pictures,
      version: values.version,
    },
  };
}

/** Why the save button is disabled, if it is (it is while required fields are missing). */
export function saveBlocker(values: ProductFormValues, uploading: boolean): string | null {
  if (!values.name.trim() || !values.price.trim()) return PRODUCT_MESSAGES.required;
  if (uploading) return PRODUCT_MESSAGES.uploading;
  if (values.pictures.length === 0) return PRODUCT_MESSAGES.imageRequired;
  return null;
}
