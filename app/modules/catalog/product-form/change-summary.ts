import { formatPrice } from "../../pricing";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantKey } from "../variants";
import { PACKAGE_PARTS } from "./packing";
import type { ColourValue, ProductSnapshot } from "./values";

/* The audit row's line for a product edit. */

const money = (p: number | null) => (p === null ? "none" : formatPrice(p));
const list = (xs: readonly string[]) => (xs.length === 0 ? "none" : xs.join(", "));
const cellName = (size: string, colour: string) =>
  size === DEFAULT_SIZE && colour === DEFAULT_COLOUR
    ? "stock"
    : `stock ${[size !== DEFAULT_SIZE ? size : null, colour !== DEFAULT_COLOUR ? colour : null].filter(Boolean).join("/")}`;

/**
 * The audit row's one line for an edit, e.g. 'Price ₹1,299 → ₹1,199; stock M/Indigo 4 → 10; Packed
 * weight default → 600 g'
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
  if (before.fitAdviceEnabled !== after.fitAdviceEnabled)
    parts.push(after.fitAdviceEnabled ? "Fit advice shown" : "Fit advice hidden");
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
  for (const { column, name, unit } of PACKAGE_PARTS) {
    const packed = (v: number | null) => (v === null ? "default" : `${v.toLocaleString("en-IN")} ${unit}`);
    if (before[column] !== after[column])
      parts.push(`Packed ${name} ${packed(before[column])} → ${packed(after[column])}`);
  }
  const edited: string[] = (["description", "details", "material", "fabric", "fit", "care", "type"] as const).filter(
    (k) => (before[k] ?? "") !== (after[k] ?? ""),
  );
  if (list(before.occasions) !== list(after.occasions)) edited.push("occasions");
  if (edited.length > 0) parts.push(`Edited ${edited.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "Saved without changes";
}
