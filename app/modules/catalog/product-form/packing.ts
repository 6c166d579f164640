import { blankOr, wholeNumber } from "../../../lib/forms";
import { PACKAGE_DEFAULTS, type PackedSize } from "../package";
import { CATEGORIES } from "../types";

/*
 * The product form's packed parcel: weight in grams, length, breadth and height in centimetres, each
 * typed as text and kept as a whole number, or empty for the category's default (package.ts). The
 * editor's Shipping section, the server and the CSV import read them through the same rules.
 */

/** The form's four fields. */
export type PackageField = "packageWeight" | "packageLength" | "packageBreadth" | "packageHeight";

/** The draft's (and the product row's) four columns: null is the category's default. */
type PackageColumn = "packageWeightGrams" | "packageLengthCm" | "packageBreadthCm" | "packageHeightCm";

interface PackagePart {
  field: PackageField;
  column: PackageColumn;
  /** the default's key in PACKAGE_DEFAULTS */
  size: keyof PackedSize;
  /** what the audit line and the messages call it */
  name: string;
  unit: "g" | "cm";
  max: number;
}

/** The four parts in the order the editor shows them; the database allows 1 to `max`. */
export const PACKAGE_PARTS: readonly PackagePart[] = [
  {
    field: "packageWeight",
    column: "packageWeightGrams",
    size: "weightGrams",
    name: "weight",
    unit: "g",
    max: 100_000,
  },
  { field: "packageLength", column: "packageLengthCm", size: "lengthCm", name: "length", unit: "cm", max: 500 },
  { field: "packageBreadth", column: "packageBreadthCm", size: "breadthCm", name: "breadth", unit: "cm", max: 500 },
  { field: "packageHeight", column: "packageHeightCm", size: "heightCm", name: "height", unit: "cm", max: 500 },
];

const partOf = (field: PackageField) => PACKAGE_PARTS.find((p) => p.field === field)!;

/** What a field says when it cannot be read: the whole units it takes, and that empty is the default. */
function packageMessage(field: PackageField): string {
  const { name, unit, max } = partOf(field);
  const units = unit === "g" ? "grams" : "centimetres";
  return `Enter the ${name} in whole ${units}, from 1 to ${max.toLocaleString("en-IN")}, or leave it empty for the category default`;
}

/** A number as typed: spaces and thousands' commas, and the field's own unit after it, do not matter ('1,200 g'). */
const withoutUnit = (unit: "g" | "cm") => (text: string) =>
  text
    .trim()
    .replace(unit === "g" ? /\s*(g|gm|gms|grams?)$/i : /\s*cm$/i, "")
    .replace(/[\s,]/g, "");

/** A field's rule: empty is null (the category's default), else a whole number from 1 to the part's maximum. */
export function packageRule(field: PackageField) {
  const { unit, max } = partOf(field);
  return blankOr(null, wholeNumber(1, max, packageMessage(field), withoutUnit(unit)));
}

/** What an empty field stands for, as its placeholder shows it: 'Default for Kurtas: 450 g'. */
export function packagePlaceholder(category: string, field: PackageField): string {
  const { size, unit } = partOf(field);
  const name = CATEGORIES.find((c) => c.slug === category)?.name ?? "this category";
  const defaults = PACKAGE_DEFAULTS[category] ?? PACKAGE_DEFAULTS.fallback!;
  return `Default for ${name}: ${defaults[size].toLocaleString("en-IN")} ${unit}`;
}

/** A stored value as the field shows it: empty for the default. */
export const packageText = (value: number | null): string => (value === null ? "" : String(value));
