import { changedFields } from "../../audit/index.server";
import { formatPrice } from "../../pricing";
import { snapshotOf } from "../product-admin.server";
import { productChangeSummary, type ProductSnapshot } from "../product-form";
import { CATEGORIES } from "../types";
import { variantAxes, variantKey, variantMatrix } from "../variants";
import { oneLine } from "./cells.server";
import type { PictureState, ProductOp, ProductRow, VariantState } from "./plan-types.server";
import type { ProductInPlan } from "./product-plan.server";
import { label } from "./rows.server";

/* What a planned product changes, in words: the notes on its rows, its audit summary and its rows' kinds. */

/** The product as the shop has it, in the form the audit line compares. */
function snapshotOfRow(
  row: ProductRow,
  variants: readonly VariantState[],
  images: readonly PictureState[],
): ProductSnapshot {
  const axes = variantAxes({ sizes: row.sizes, colourNames: row.colorNames });
  const byKey = new Map(variants.map((v) => [variantKey(v.size, v.colour), v.stock]));
  const opt = (s: string | null) => (s === null || s.trim() === "" ? null : s.trim());
  return {
    name: oneLine(row.name),
    brand: row.brand.trim(),
    pricePaise: row.pricePaise,
    originalPricePaise: row.originalPricePaise,
    category: row.category,
    description: row.description.trim(),
    details: row.details.trim(),
    badge: opt(row.badge),
    material: opt(row.material),
    fabric: opt(row.fabric),
    fit: opt(row.fit),
    care: opt(row.care),
    type: opt(row.type),
    occasions: row.occasions,
    isActive: row.isActive,
    sizes: row.sizes,
    colours: row.colors.map((c) => ({ name: c.name, hex: c.hex.toUpperCase() })),
    stock: variantMatrix(axes).map(({ size, colour }) => ({
      size,
      colour,
      stock: byKey.get(variantKey(size, colour)) ?? 0,
    })),
    pictures: images.map((i) => ({ key: i.key, alt: i.alt })),
    packageWeightGrams: row.packageWeightGrams,
    packageLengthCm: row.packageLengthCm,
    packageBreadthCm: row.packageBreadthCm,
    packageHeightCm: row.packageHeightCm,
    fitAdviceEnabled: row.fitAdviceEnabled,
  };
}

/** An update's notes, summary and changes; which of its fields and pictures change; the pictures it drops. */
function describeUpdate(p: ProductInPlan, existing: ProductRow, op: ProductOp, after: ProductSnapshot): void {
  const before = snapshotOfRow(existing, p.currentVariants, p.currentImages);
  const fieldsOnlyAfter: ProductSnapshot = { ...after, stock: before.stock, pictures: before.pictures };
  const fieldNotes = productChangeSummary(before, fieldsOnlyAfter);
  op.fieldsChanged = fieldNotes !== "Saved without changes";
  const pictureNote = productChangeSummary(before, { ...before, pictures: after.pictures });
  op.picturesChanged = pictureNote !== "Saved without changes";
  op.removedPictures = p.currentImages
    .filter((i) => !p.pictureRefs.some((r) => r.key === i.key))
    .map((i) => ({ key: i.key, url: i.url }));
  const firstAccepted = p.accepted[0]!.w;
  const productNotes = [
    ...(op.fieldsChanged ? fieldNotes.split("; ") : []),
    ...(op.picturesChanged ? pictureNote.split("; ") : []),
  ];
  if (p.noPictureNote) productNotes.push(p.noPictureNote);
  firstAccepted.notes.unshift(...productNotes);
  op.summary = productChangeSummary(before, after);
  op.changes = changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
}

/** A new product's note, summary and changes. */
function describeCreate(p: ProductInPlan, op: ProductOp, after: ProductSnapshot): void {
  const { draft } = op;
  const { matrix, pictureRefs, noPictureNote } = p;
  const firstAccepted = p.accepted[0]!.w;
  const pieces = after.stock.reduce((n, s) => n + s.stock, 0);
  firstAccepted.notes.unshift(
    `New product ‘${draft.name}’ in ${CATEGORIES.find((c) => c.slug === draft.category)?.name ?? draft.category} at ${formatPrice(draft.pricePaise)}${draft.originalPricePaise ? ` (was ${formatPrice(draft.originalPricePaise)})` : ""}: ${matrix.length} ${matrix.length === 1 ? "variant" : "variants"}, ${pieces} in stock, ${pictureRefs.length} ${pictureRefs.length === 1 ? "picture" : "pictures"}`,
    ...(noPictureNote ? [noPictureNote] : []),
  );
  op.summary = `Imported ‘${draft.name}’ (${p.productSku}) at ${formatPrice(draft.pricePaise)}: ${matrix.length} ${matrix.length === 1 ? "variant" : "variants"}, ${pieces} in stock, ${pictureRefs.length} ${pictureRefs.length === 1 ? "picture" : "pictures"}${draft.isActive ? "" : ", inactive"}`;
  op.changes = changedFields({} as Record<string, unknown>, after as unknown as Record<string, unknown>);
}

/** Fills in what the product's op changes and the notes on its first row, given its stock after the import. */
export function describeChanges(p: ProductInPlan, op: ProductOp, stockAfter: ProductSnapshot["stock"]): void {
  const after: ProductSnapshot = { ...snapshotOf(op.draft), stock: stockAfter };
  if (p.existing) describeUpdate(p, p.existing, op, after);
  else describeCreate(p, op, after);
}

/** The rows' kinds: the variant-creating rows, then the rest by their notes. */
export function markRowKinds(p: ProductInPlan, op: ProductOp, changed: boolean): void {
  const { accepted } = p;
  const newCells = new Set(op.newVariants.map((c) => variantKey(c.size, c.colour)));
  for (const { w } of accepted) {
    if (w.errors.length > 0) continue;
    if (op.kind === "create") w.kind = w === accepted[0]!.w ? "new-product" : "new-variant";
    else if (newCells.has(variantKey(w.size, w.colour))) w.kind = "new-variant";
    // a product the file leaves as it is (its notes only say why, e.g. it has no picture) is unchanged
    else w.kind = changed && w.notes.length > 0 ? "update" : "unchanged";
  }
  // cells the file did not name are made too (every size comes in every colour)
  const unnamed = op.newVariants.filter((c) => !p.rowAt.has(variantKey(c.size, c.colour)));
  if (unnamed.length > 0 && accepted[0]) {
    const w = accepted[0].w;
    if (w.kind === "unchanged") w.kind = "update";
    w.notes.push(
      `Also adds ${unnamed.map((c) => label(c.size, c.colour)).join(", ")} at stock 0 (every size comes in every colour)`,
    );
  }
}
