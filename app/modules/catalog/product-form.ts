/*
 * The admin's product form (issue 12, 'Products'; spec sections 3, 5, 8 and 9): its constants,
 * messages and one set of rules used twice, by the editor in the browser (live hints, the save
 * button) and by the server action (the authority, which recomputes everything). Safe for the
 * browser; only the admin's chunks import it (it brings zod).
 */
import { z } from "zod";
import { formatPrice } from "../pricing";
import { CATEGORIES } from "./types";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantAxes, variantKey, variantMatrix } from "./variants";

/** Spec section 9: the admin's preset sizes. Custom sizes come after them. */
export const ADMIN_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size"] as const;

/** Spec section 9: ten preset colours, named as the storefront's catalogue names them. */
export const PRESET_COLOURS: ReadonlyArray<{ name: string; hex: string }> = [
  { name: "Black", hex: "#1C1C1C" },
  { name: "Ivory", hex: "#F4EFE3" },
  { name: "Maroon", hex: "#7B1E2B" },
  { name: "Rani Pink", hex: "#D0417E" },
  { name: "Rust", hex: "#B4532A" },
  { name: "Mustard", hex: "#D9A21B" },
  { name: "Emerald", hex: "#1E6B52" },
  { name: "Indigo", hex: "#2E3A87" },
  { name: "Navy Blue", hex: "#1F2A44" },
  { name: "Gold", hex: "#C9A227" },
];

export const OCCASION_PRESETS = [
  "Birthday",
  "Casual",
  "Everyday",
  "Festive",
  "Formal",
  "Holiday",
  "Party",
  "Wedding",
] as const;
export const BADGE_SUGGESTIONS = ["New", "Bestseller", "Trending", "Limited", "Handloom", "Sale"] as const;
export const FABRIC_SUGGESTIONS = [
  "Cashmere",
  "Chanderi",
  "Cotton",
  "Crepe",
  "Georgette",
  "Linen",
  "Lycra",
  "Modal",
  "Rayon",
  "Satin",
  "Silk",
  "Synthetic",
] as const;
export const FIT_SUGGESTIONS = [
  "Regular",
  "Relaxed",
  "Straight",
  "Slim",
  "A-line",
  "Flared",
  "Free Size",
  "Oversized",
] as const;

/** Spec: the admin's category defaults to sarees. */
export const DEFAULT_CATEGORY = "sarees";

/** Spec section 4, 'Stock badge': over 10 green In stock; 1 to 10 yellow; 0 red Out of stock. */
export const STOCK_PLENTY_ABOVE = 10;

export type StockLevel = "in-stock" | "low" | "out";

export function stockLevel(stock: number): StockLevel {
  if (stock > STOCK_PLENTY_ABOVE) return "in-stock";
  return stock > 0 ? "low" : "out";
}

export function stockLabel(stock: number): string {
  const level = stockLevel(stock);
  if (level === "in-stock") return `In stock · ${stock}`;
  if (level === "low") return `Low stock · ${stock} left`;
  return "Out of stock";
}

export const PRODUCT_MESSAGES = {
  required: "Please fill in all required fields",
  imageRequired: "Please upload at least one image",
  uploading: "Please wait until every picture has uploaded",
  added: "Product added successfully!",
  updated: "Product updated successfully!",
  saveFailed: "Error saving product",
  deleted: "Product deleted successfully!",
  archived: "Product archived: it has orders, so it is now inactive and kept for the order history.",
  deleteFailed: "Error deleting product",
  confirmDelete: "Are you sure you want to delete this product?",
  imageRemoved: "Image removed successfully!",
  imageRemoveFailed: "Error removing image",
  imagesUploaded: "Images uploaded successfully!",
  imagesUploadFailed: "Error uploading images",
  conflict:
    "This product was changed by someone else while you were editing. Reload to see the latest version; your changes are still in the form.",
  notFound: "Product not found",
  unknownPicture: "A picture is not one uploaded to this shop. Remove it and upload it again.",
  signedOut: "You were signed out. Sign in again in a new tab, then save again; your changes are still in the form.",
} as const;

export const LIMITS = {
  name: 120,
  brand: 60,
  description: 1000,
  details: 5000,
  shortText: 300,
  badge: 30,
  size: 20,
  colourName: 30,
  sizes: 20,
  colours: 20,
  occasions: 12,
  occasion: 30,
  variants: 200,
  pictures: 12,
  alt: 200,
  stock: 100_000,
  /** ₹10,00,000 in paise */
  pricePaise: 100_000_000,
} as const;

export interface ColourValue {
  name: string;
  hex: string;
}

export interface PictureValue {
  /** storage key: media_uploads.key, the upload result's publicId */
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface StockCell {
  size: string;
  colour: string;
  /** as typed */
  stock: string;
  /** the variant's stock when the form was loaded (null: a new combination); a cell left at it is not written */
  was?: number | null;
}

/** The form as the editor holds and sends it: text as typed, prices in rupees. */
export interface ProductFormValues {
  name: string;
  brand: string;
  price: string;
  originalPrice: string;
  category: string;
  description: string;
  details: string;
  badge: string;
  material: string;
  fabric: string;
  fit: string;
  care: string;
  type: string;
  occasions: string[];
  isActive: boolean;
  sizes: string[];
  colours: ColourValue[];
  stock: StockCell[];
  pictures: PictureValue[];
  /** the product's version the form started from; null for a new product */
  version: number | null;
}

/** What the server saves: checked, trimmed, money in paise, stock as whole numbers in grid order. */
export interface ProductDraft {
  name: string;
  brand: string;
  pricePaise: number;
  originalPricePaise: number | null;
  category: string;
  description: string;
  details: string;
  badge: string | null;
  material: string | null;
  fabric: string | null;
  fit: string | null;
  care: string | null;
  type: string | null;
  occasions: string[];
  isActive: boolean;
  sizes: string[];
  colours: ColourValue[];
  stock: Array<{ size: string; colour: string; stock: number }>;
  pictures: Array<{ key: string; alt: string }>;
  version: number | null;
}

export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck = { ok: true; draft: ProductDraft } | { ok: false; formError: string; fieldErrors: FieldErrors };

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
    version: null,
  };
}

/* ---------- money ---------- */

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * Rupees as typed ('1299', '1,299.50', '₹ 1,299') to whole paise without floating point;
 * null when it is not a price.
 */
export function rupeesTextToPaise(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, "").replace(/^Rs\.?/i, "");
  if (!RUPEES.test(plain)) return null;
  const [whole, fraction = ""] = plain.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Paise to what the price field shows: '1299' or '1299.50'. */
export function paiseToRupeesText(paise: number | null): string {
  if (paise === null) return "";
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/* ---------- sizes, colours, the grid ---------- */

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sizes in the shop's order: the presets first (XS to Free Size), then custom ones as added. */
export function orderSizes(sizes: readonly string[]): string[] {
  const presets = ADMIN_SIZES.filter((p) => sizes.includes(p));
  const custom = sizes.filter((s) => !(ADMIN_SIZES as readonly string[]).includes(s));
  return [...presets, ...custom];
}

/** Spec: a custom size is added only when it is not empty and not already there. */
export function addCustomSize(sizes: readonly string[], typed: string): { sizes: string[]; error: string | null } {
  const size = typed.trim().replace(/\s+/g, " ");
  if (!size) return { sizes: [...sizes], error: "Type a size to add" };
  if (size.length > LIMITS.size) return { sizes: [...sizes], error: `A size has at most ${LIMITS.size} characters` };
  if (sizes.some((s) => same(s, size))) return { sizes: [...sizes], error: `${size} is already in the list` };
  if (sizes.length >= LIMITS.sizes) return { sizes: [...sizes], error: `At most ${LIMITS.sizes} sizes` };
  return { sizes: [...sizes, size], error: null };
}

/** Spec: a custom colour is added only when its name is not empty and no colour has that name. */
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

/** Spec section 9 / the demo catalogue's rule: a product's SKU starts with its category's initials ('short-kurtis' -> 'SHOKUR'). */
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

/* ---------- checking the form ---------- */

const HEX = /^#[0-9a-fA-F]{6}$/;
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

/**
 * The form's rules (spec section 5 and the issue): name and price required ('Please fill in all
 * required fields'), at least one picture ('Please upload at least one image'), the original price
 * above the price or empty, stock whole and not negative, custom sizes and colours not blank and not
 * repeated, a known category. The same function answers the browser and the server.
 */
export function checkProductForm(values: ProductFormValues): FormCheck {
  const errors: FieldErrors = {};
  let missingRequired = false;

  const name = values.name.trim().replace(/\s+/g, " ");
  if (!name) {
    errors.name = "Enter the product name";
    missingRequired = true;
  } else if (name.length > LIMITS.name) errors.name = `At most ${LIMITS.name} characters`;

  let pricePaise: number | null = null;
  if (!values.price.trim()) {
    errors.price = "Enter the price";
    missingRequired = true;
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

  const sizes = values.sizes.map((s) => s.trim());
  if (sizes.some((s) => !s) || new Set(sizes.map((s) => s.toLowerCase())).size !== sizes.length)
    errors.sizes = "Each size must be named once";
  else if (sizes.length > LIMITS.sizes) errors.sizes = `At most ${LIMITS.sizes} sizes`;

  const colours = values.colours.map((c) => ({ name: c.name.trim(), hex: c.hex.toUpperCase() }));
  if (colours.some((c) => !c.name) || new Set(colours.map((c) => c.name.toLowerCase())).size !== colours.length)
    errors.colours = "Each colour must be named once";
  else if (colours.some((c) => !HEX.test(c.hex))) errors.colours = "Each colour needs its shade";
  else if (colours.length > LIMITS.colours) errors.colours = `At most ${LIMITS.colours} colours`;

  // The grid must be exactly this product's sizes x colours; a cell the form lacks is an old form.
  const stock: ProductDraft["stock"] = [];
  if (!errors.sizes && !errors.colours) {
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
  }

  const pictures = values.pictures.map((p) => ({ key: p.key, alt: p.alt.trim().replace(/\s+/g, " ") }));
  let missingPicture = false;
  if (pictures.length === 0) {
    errors.pictures = PRODUCT_MESSAGES.imageRequired;
    missingPicture = true;
  } else if (pictures.length > LIMITS.pictures) errors.pictures = `At most ${LIMITS.pictures} pictures`;
  else if (new Set(pictures.map((p) => p.key)).size !== pictures.length)
    errors.pictures = "A picture is in the list twice";
  else if (pictures.some((p) => p.alt.length > LIMITS.alt))
    errors.pictures = `Alt text has at most ${LIMITS.alt} characters`;

  const keys = Object.keys(errors);
  if (keys.length > 0) {
    const formError = missingRequired
      ? PRODUCT_MESSAGES.required
      : missingPicture
        ? PRODUCT_MESSAGES.imageRequired
        : keys.length === 1 && errors[keys[0]!]
          ? errors[keys[0]!]!
          : "Please correct the highlighted fields";
    return { ok: false, formError, fieldErrors: errors };
  }
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

/** Why the save button is disabled, if it is (spec: disabled while required fields are missing). */
export function saveBlocker(values: ProductFormValues, uploading: boolean): string | null {
  if (!values.name.trim() || !values.price.trim()) return PRODUCT_MESSAGES.required;
  if (uploading) return PRODUCT_MESSAGES.uploading;
  if (values.pictures.length === 0) return PRODUCT_MESSAGES.imageRequired;
  return null;
}

/* ---------- what the admin's pages receive ---------- */

export interface AdminProductListItem {
  id: string;
  name: string;
  description: string;
  sku: string;
  brand: string;
  category: string;
  pricePaise: number;
  originalPricePaise: number | null;
  stock: number;
  isActive: boolean;
  image: { url: string; alt: string } | null;
}

export interface AdminProductPage {
  items: AdminProductListItem[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

export interface EditVariant {
  id: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

export interface ProductForEdit {
  id: string;
  slug: string;
  sku: string;
  version: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** an order names it: deleting archives it instead */
  everOrdered: boolean;
  values: ProductFormValues;
  /** every variant row, also of sizes or colours no longer offered (kept because an order names them) */
  variants: EditVariant[];
}

/* ---------- the list's address ---------- */

export const ADMIN_PER_PAGE = 24;

export interface AdminListParams {
  search: string;
  category: string;
  status: "" | "active" | "inactive";
  view: "grid" | "table";
  page: number;
}

const listSchema = z.object({
  search: z.string().trim().max(100).catch("").default(""),
  category: z
    .string()
    .refine((c) => CATEGORIES.some((k) => k.slug === c))
    .catch("")
    .default(""),
  status: z.enum(["active", "inactive"]).optional().catch(undefined),
  view: z.enum(["grid", "table"]).catch("grid").default("grid"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** The list's state from `?search=&category=&status=&view=&page=`; anything unreadable falls back to its default. */
export function parseAdminListParams(params: URLSearchParams): AdminListParams {
  const read = (k: string) => params.get(k) ?? undefined;
  const parsed = listSchema.parse({
    search: read("search"),
    category: read("category"),
    status: read("status"),
    view: read("view"),
    page: read("page"),
  });
  return { ...parsed, status: parsed.status ?? "" };
}

/** The list's address for a state (defaults left out). */
export function adminListQuery(p: Partial<AdminListParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  if (p.category) q.set("category", p.category);
  if (p.status) q.set("status", p.status);
  if (p.view && p.view !== "grid") q.set("view", p.view);
  if (p.page && p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/* ---------- the audit line ---------- */

/** A product as the audit line compares it: the saved draft without the version it started from. */
export type ProductSnapshot = Omit<ProductDraft, "version">;

const money = (p: number | null) => (p === null ? "none" : formatPrice(p));
const list = (xs: readonly string[]) => (xs.length === 0 ? "none" : xs.join(", "));
const cellName = (size: string, colour: string) =>
  size === DEFAULT_SIZE && colour === DEFAULT_COLOUR
    ? "stock"
    : `stock ${[size !== DEFAULT_SIZE ? size : null, colour !== DEFAULT_COLOUR ? colour : null].filter(Boolean).join("/")}`;

/**
 * The audit row's one line for an edit, e.g. 'Price ₹1,299 → ₹1,199; stock M/Indigo 4 → 10'
 * (recordAudit keeps the first 500 characters).
 */
export function productChangeSummary(before: ProductSnapshot, after: ProductSnapshot): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Name ‘${before.name}’ → ‘${after.name}’`);
  if (before.pricePaise !== after.pricePaise)
    parts.push(`Price ${money(before.pricePaise)} → ${money(after.pricePaise)}`);
  if (before.originalPricePaise !== after.originalPricePaise)
    parts.push(`Original price ${money(before.originalPricePaise)} → ${money(after.originalPricePaise)}`);
  if (before.category !== after.category) parts.push(`Category ${before.category} → ${after.category}`);
  if (before.isActive !== after.isActive) parts.push(after.isActive ? "Made active" : "Made inactive");
  if (before.brand !== after.brand) parts.push(`Brand ${before.brand} → ${after.brand}`);
  if (before.badge !== after.badge) parts.push(`Badge ${before.badge ?? "none"} → ${after.badge ?? "none"}`);
  if (list(before.sizes) !== list(after.sizes)) parts.push(`Sizes ${list(before.sizes)} → ${list(after.sizes)}`);
  const names = (cs: readonly ColourValue[]) => list(cs.map((c) => c.name));
  if (names(before.colours) !== names(after.colours))
    parts.push(`Colours ${names(before.colours)} → ${names(after.colours)}`);
  else if (JSON.stringify(before.colours) !== JSON.stringify(after.colours)) parts.push("Colour shades changed");
  const was = new Map(before.stock.map((s) => [variantKey(s.size, s.colour), s.stock]));
  for (const s of after.stock) {
    const old = was.get(variantKey(s.size, s.colour));
    if (old === undefined) parts.push(`${cellName(s.size, s.colour)} new ${s.stock}`);
    else if (old !== s.stock) parts.push(`${cellName(s.size, s.colour)} ${old} → ${s.stock}`);
  }
  const keys = (ps: ProductSnapshot["pictures"]) => ps.map((p) => p.key).join("|");
  if (before.pictures.length !== after.pictures.length)
    parts.push(`Pictures ${before.pictures.length} → ${after.pictures.length}`);
  else if (keys(before.pictures) !== keys(after.pictures)) {
    const sameSet =
      [...before.pictures.map((p) => p.key)].sort().join("|") ===
      [...after.pictures.map((p) => p.key)].sort().join("|");
    parts.push(sameSet ? "Pictures reordered" : "Pictures replaced");
  }
  if (
    JSON.stringify(before.pictures.map((p) => p.alt)) !== JSON.stringify(after.pictures.map((p) => p.alt)) &&
    keys(before.pictures) === keys(after.pictures)
  )
    parts.push("Alt text edited");
  const edited: string[] = (["description", "details", "material", "fabric", "fit", "care", "type"] as const).filter(
    (k) => (before[k] ?? "") !== (after[k] ?? ""),
  );
  if (list(before.occasions) !== list(after.occasions)) edited.push("occasions");
  if (edited.length > 0) parts.push(`Edited ${edited.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "Saved without changes";
}
