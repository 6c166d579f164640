import { formatPrice } from "../../pricing";
import { CSV_COLUMNS, type CsvColumnKey } from "../product-csv";
import { LIMITS, PACKAGE_PARTS, rupeesTextToPaise, type PackageField } from "../product-form";
import { CATEGORIES } from "../types";
import { oneLine } from "./cells.server";
import type { Work } from "./plan-types.server";

/* A product's own fields in the file: read from its first row, which its other rows must agree with. */

export function splitPictures(cell: string): string[] {
  return cell
    .split(/[|\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function splitOccasions(cell: string): string[] {
  return [...new Set(cell.split(/[,;|]/).map(oneLine).filter(Boolean))];
}

function parseActive(cell: string): boolean | null | "bad" {
  const v = cell.trim().toLowerCase();
  if (!v) return null;
  if (["yes", "y", "true", "1", "active"].includes(v)) return true;
  if (["no", "n", "false", "0", "inactive"].includes(v)) return false;
  return "bad";
}

/** fit_advice: yes or no, as Active reads it; empty leaves the product's setting. */
function parseYesNo(cell: string): boolean | null | "bad" {
  const v = cell.trim().toLowerCase();
  if (!v) return null;
  if (["yes", "y", "true", "1", "on"].includes(v)) return true;
  if (["no", "n", "false", "0", "off"].includes(v)) return false;
  return "bad";
}

function resolveCategory(cell: string): string | null {
  const v = oneLine(cell).toLowerCase();
  return CATEGORIES.find((c) => c.slug === v || c.name.toLowerCase() === v)?.slug ?? null;
}

/** Product fields as read from a product's first row (and compared with its other rows). */
export interface ProductFields {
  name: string;
  brand: string;
  category: string;
  pricePaise: number;
  originalPricePaise: number | null;
  text: Partial<Record<"description" | "details" | "badge" | "material" | "fabric" | "fit" | "care" | "type", string>>;
  occasions: string[] | null;
  active: boolean | null;
  /** fit_advice: null where the cell is empty or the file has no such column (the product's setting stays) */
  fitAdvice: boolean | null;
  pictures: string[] | null;
  /** the packed parcel as typed, in the columns the file has (the form's rules read it; empty: the default) */
  packing: Partial<Record<PackageField, string>>;
}

const TEXT_COLUMNS = ["description", "details", "badge", "material", "fabric", "fit", "care", "type"] as const;

const HEADER_OF = new Map(CSV_COLUMNS.map((c) => [c.key, c.header]));

/** Reads the product's fields from a row; errors name the column and the value. */
export function readProductFields(
  w: Work,
  columns: ReadonlySet<CsvColumnKey>,
): { fields: ProductFields | null; errors: string[] } {
  const errors: string[] = [];
  const raw = (k: CsvColumnKey) => w.cells[k] ?? "";
  const name = oneLine(raw("name"));
  if (!name) errors.push("Name is empty.");
  const categoryText = oneLine(raw("category"));
  const category = resolveCategory(categoryText);
  if (!categoryText) errors.push("Category is empty.");
  else if (!category)
    errors.push(`Unknown category ‘${categoryText}’: use one of ${CATEGORIES.map((c) => c.slug).join(", ")}.`);
  const priceText = oneLine(raw("price"));
  let pricePaise = 0;
  if (!priceText) errors.push("Price is empty.");
  else if (/^[-−]/.test(priceText)) errors.push(`Bad price: ‘${priceText}’ is negative.`);
  else {
    const p = rupeesTextToPaise(priceText);
    if (p === null) errors.push(`Bad price: ‘${priceText}’ is not a price in rupees, like 1299 or 1299.50.`);
    else if (p <= 0) errors.push("Bad price: the price must be more than ₹0.");
    else if (p > LIMITS.pricePaise) errors.push(`Bad price: at most ${formatPrice(LIMITS.pricePaise)}.`);
    else pricePaise = p;
  }
  const originalText = oneLine(raw("originalPrice"));
  let originalPricePaise: number | null = null;
  if (originalText) {
    const p = /^[-−]/.test(originalText) ? null : rupeesTextToPaise(originalText);
    if (p === null || p <= 0)
      errors.push(`Bad original price: ‘${originalText}’ is not a price in rupees (or leave it empty).`);
    else originalPricePaise = p;
  }
  const active = parseActive(raw("active"));
  if (active === "bad") errors.push(`Active is ‘${oneLine(raw("active"))}’: write yes or no.`);
  const fitAdvice = parseYesNo(raw("fitAdvice"));
  if (fitAdvice === "bad") errors.push(`fit_advice is ‘${oneLine(raw("fitAdvice"))}’: write yes or no.`);
  const text: ProductFields["text"] = {};
  for (const k of TEXT_COLUMNS) if (columns.has(k)) text[k] = raw(k).trim();
  const packing: ProductFields["packing"] = {};
  for (const { field } of PACKAGE_PARTS) if (columns.has(field)) packing[field] = raw(field).trim();
  const picturesCell = raw("pictures").trim();
  return {
    errors,
    fields:
      errors.length > 0
        ? null
        : {
            name,
            brand: oneLine(raw("brand")),
            category: category!,
            pricePaise,
            originalPricePaise,
            text,
            occasions: columns.has("occasions") ? splitOccasions(raw("occasions")) : null,
            active: active === "bad" ? null : active,
            fitAdvice: fitAdvice === "bad" ? null : fitAdvice,
            pictures: columns.has("pictures") && picturesCell ? splitPictures(picturesCell) : null,
            packing,
          },
  };
}

/** The product columns a later row of a product sets differently from its first row (an empty cell agrees). */
export function disagreements(first: Work, later: Work, columns: ReadonlySet<CsvColumnKey>): string[] {
  const differ: string[] = [];
  const same = (k: CsvColumnKey, norm: (s: string) => string) => {
    if (!columns.has(k)) return;
    const v = later.cells[k] ?? "";
    if (v.trim() === "") return;
    if (norm(v) !== norm(first.cells[k] ?? "")) differ.push(HEADER_OF.get(k)!);
  };
  same("name", oneLine);
  same("brand", oneLine);
  same("category", (s) => resolveCategory(s) ?? oneLine(s));
  same("price", (s) => String(rupeesTextToPaise(s) ?? oneLine(s)));
  same("originalPrice", (s) => String(rupeesTextToPaise(s) ?? oneLine(s)));
  for (const k of TEXT_COLUMNS) same(k, (s) => s.trim());
  same("occasions", (s) => splitOccasions(s).join("|"));
  same("active", (s) => String(parseActive(s)));
  same("fitAdvice", (s) => String(parseYesNo(s)));
  same("pictures", (s) => splitPictures(s).join("|"));
  // '1,200 g' and '1200' are the same weight
  for (const { field } of PACKAGE_PARTS)
    same(field, (s) => s.replace(/[\s,]/g, "").replace(/(g|gm|gms|grams?|cm)$/i, ""));
  return differ;
}
