import type { CsvColumnKey } from "../product-csv";
import {
  checkProductForm,
  orderSizes,
  packageText,
  paiseToRupeesText,
  type ColourValue,
  type FormCheck,
  type ProductDraft,
  type ProductFormValues,
  type ProductSnapshot,
} from "../product-form";
import type { AddedVariant } from "../stock.server";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantAxes, variantKey, variantMatrix, variantSkus } from "../variants";
import type {
  ImportContext,
  PictureRef,
  PictureState,
  ProductOp,
  ProductRow,
  VariantState,
  Work,
} from "./plan-types.server";
import { acceptRows, type AcceptedRow } from "./product-cells.server";
import { disagreements, readProductFields, type ProductFields } from "./product-fields.server";
import { describeChanges, markRowKinds } from "./product-notes.server";
import { planPictures } from "./product-pictures.server";
import type { ParsedCsv } from "./read.server";
import { label } from "./rows.server";
import type { PictureLookup, ShopState } from "./shop.server";

/*
 * One product of the file: its fields, pictures, sizes and colours checked by the editor's own rules,
 * and what apply does for it. Rejected rows change nothing; a product whose own fields are wrong has
 * every row rejected.
 */

/** The file and what the shop has of it: the same for every product of the file. */
export interface PlanInputs {
  csv: ParsedCsv;
  ctx: ImportContext;
  shop: ShopState;
  pictures: PictureLookup;
}

/** A new variant without a SKU in the file: it gets the shop's rule's once every product is planned. */
export interface DerivedSku {
  op: ProductOp | null;
  cell: AddedVariant;
  wanted: string;
  row: Work | null;
}

/** What the products planned so far add up to. */
export interface FilePlan {
  ops: ProductOp[];
  /** cells whose SKU the shop's rule makes, settled once every product is planned */
  derive: DerivedSku[];
  /** the variant SKUs the file names or its new variants take */
  wantedSkus: Set<string>;
  /** products left inactive because they have no picture */
  inactiveForPictures: number;
}

/** A product whose rows are read and whose pictures and cells are settled. */
export interface ProductInPlan {
  productSku: string;
  existing: ProductRow | null;
  currentVariants: VariantState[];
  currentImages: PictureState[];
  pictureRefs: PictureRef[];
  accepted: AcceptedRow[];
  /** the accepted rows by size and colour */
  rowAt: Map<string, AcceptedRow>;
  variantByCell: Map<string, VariantState>;
  matrix: Array<{ size: string; colour: string }>;
  /** why the product stays (or is created) inactive, if it does for want of a picture */
  noPictureNote: string | null;
}

/** Stand-in for the form's picture rule while checking a product the import may save without one (decision 023: it stays inactive). */
const NO_PICTURE = { key: "csv-import:no-picture", url: "", width: 1, height: 1, alt: "" };

/** The form's field names as the file's columns, for the reasons a product is rejected. */
const FIELD_COLUMN: Record<string, string> = {
  name: "Name",
  brand: "Brand",
  price: "Price (₹)",
  originalPrice: "Original price (₹)",
  category: "Category",
  description: "Description",
  details: "Details",
  badge: "Badge",
  material: "Material",
  fabric: "Fabric",
  fit: "Fit",
  care: "Care",
  type: "Type",
  occasions: "Occasions",
  sizes: "Size",
  colours: "Colour",
  stock: "Stock",
  pictures: "Pictures",
  packageWeight: "package_weight_g",
  packageLength: "package_length_cm",
  packageBreadth: "package_breadth_cm",
  packageHeight: "package_height_cm",
  fitAdviceEnabled: "fit_advice",
};

/** A product's later rows must set its fields as its first row does (or leave them empty). */
function requireAgreement(productSku: string, rows: readonly Work[], columns: ReadonlySet<CsvColumnKey>): void {
  const first = rows[0]!;
  for (const w of rows.slice(1)) {
    const differ = disagreements(first, w, columns);
    if (differ.length > 0)
      w.errors.push(
        `Its product fields (${differ.join(", ")}) differ from row ${first.row} of ${productSku}: a product's rows must agree, or leave them empty.`,
      );
  }
}

/** Every row of the product gets the reasons: its first row as they are, the others naming that row. */
function rejectProduct(productSku: string, rows: readonly Work[], reasons: string[]): void {
  const first = rows[0]!;
  for (const w of rows) {
    for (const r of reasons)
      if (!w.errors.includes(r))
        w.errors.push(w === first ? r : `Product ${productSku} is rejected (row ${first.row}): ${r}`);
  }
}

/**
 * The product as the editor's form would send it, so the form's rules decide the rest (lengths, the
 * original price above the price, at most 20 sizes, 20 colours, 200 variants, 12 pictures).
 */
function formValuesOf(
  p: ProductInPlan,
  fields: ProductFields,
  sizes: string[],
  colours: ColourValue[],
  ctx: ImportContext,
): ProductFormValues {
  const { existing, pictureRefs } = p;
  return {
    name: fields.name,
    brand: fields.brand || existing?.brand || ctx.brandFallback,
    price: paiseToRupeesText(fields.pricePaise),
    originalPrice: paiseToRupeesText(fields.originalPricePaise),
    category: fields.category,
    description: fields.text.description ?? existing?.description ?? "",
    details: fields.text.details ?? existing?.details ?? "",
    badge: fields.text.badge ?? existing?.badge ?? "",
    material: fields.text.material ?? existing?.material ?? "",
    fabric: fields.text.fabric ?? existing?.fabric ?? "",
    fit: fields.text.fit ?? existing?.fit ?? "",
    care: fields.text.care ?? existing?.care ?? "",
    type: fields.text.type ?? existing?.type ?? "",
    occasions: fields.occasions ?? existing?.occasions ?? [],
    // an import never makes a product without pictures active (an active one it leaves alone)
    isActive:
      (fields.active ?? existing?.isActive ?? true) && (pictureRefs.length > 0 || (existing?.isActive ?? false)),
    sizes,
    colours,
    stock: p.matrix.map(({ size, colour }) => {
      const a = p.rowAt.get(variantKey(size, colour));
      const current = p.variantByCell.get(variantKey(size, colour));
      return { size, colour, stock: String(a?.w.stock ?? current?.stock ?? 0) };
    }),
    pictures:
      pictureRefs.length > 0
        ? pictureRefs.map((r) => ({ key: r.key, url: r.url, width: r.width, height: r.height, alt: r.alt }))
        : [NO_PICTURE],
    // the file's packed size where it has the column (empty: the category's default), else the product's
    packageWeight: fields.packing.packageWeight ?? packageText(existing?.packageWeightGrams ?? null),
    packageLength: fields.packing.packageLength ?? packageText(existing?.packageLengthCm ?? null),
    packageBreadth: fields.packing.packageBreadth ?? packageText(existing?.packageBreadthCm ?? null),
    packageHeight: fields.packing.packageHeight ?? packageText(existing?.packageHeightCm ?? null),
    fitAdviceEnabled: fields.fitAdvice ?? existing?.fitAdviceEnabled ?? true,
    version: existing?.version ?? null,
  };
}

/** The form's refusal as reasons that name the file's columns. */
function formRefusal(checked: Extract<FormCheck, { ok: false }>): string[] {
  const reasons = Object.entries(checked.fieldErrors).map(([field, message]) => {
    const column = FIELD_COLUMN[field.startsWith("stock:") ? "stock" : field] ?? field;
    return `${column}: ${message}`;
  });
  return reasons.length > 0 ? reasons : [checked.formError];
}

/** Why a product the file wants active stays (or is created) inactive: it has no picture yet. */
function noPictureNoteOf(fields: ProductFields, existing: ProductRow | null, pictureRefs: readonly PictureRef[]) {
  const wantedActive = fields.active ?? existing?.isActive ?? true;
  return wantedActive && pictureRefs.length === 0 && !existing?.isActive
    ? existing
      ? "Stays inactive: it has no picture yet. Add one in the product editor, then make it active."
      : "Created inactive: it has no picture yet. Add one in the product editor, then make it active."
    : null;
}

function emptyOp(p: ProductInPlan, draft: ProductDraft): ProductOp {
  return {
    kind: p.existing ? "update" : "create",
    sku: p.productSku,
    productId: p.existing?.id ?? null,
    version: p.existing?.version ?? null,
    slug: null,
    draft,
    fieldsChanged: false,
    pictures: p.pictureRefs,
    picturesChanged: false,
    removedPictures: [],
    newVariants: [],
    stockChanges: [],
    summary: "",
    changes: {},
  };
}

/**
 * Variants: existing ones keep their SKU and get the file's stock; the file's new ones bring their
 * SKU; the rest wait in `derive` for the rule's. Answers the product's stock after the import.
 */
function planVariants(
  p: ProductInPlan,
  op: ProductOp,
  ruleSkus: ReadonlyMap<string, string>,
  derive: DerivedSku[],
): ProductSnapshot["stock"] {
  const { existing } = p;
  const stockAfter: ProductSnapshot["stock"] = [];
  for (const { size, colour } of p.matrix) {
    const key = variantKey(size, colour);
    const a = p.rowAt.get(key);
    const current = a?.variant ?? p.variantByCell.get(key) ?? null;
    if (current) {
      const target = a?.w.stock ?? current.stock;
      stockAfter.push({ size, colour, stock: target });
      if (a) {
        if (target !== current.stock) {
          op.stockChanges.push({ variantId: current.id, before: current.stock, after: target });
          a.w.notes.push(`Stock ${current.stock} → ${target}`);
        }
        if (existing && !existing.sizes.includes(size) && size !== DEFAULT_SIZE)
          a.w.notes.push(`Sold again in ${label(size, colour)}`);
        else if (existing && !existing.colorNames.includes(colour) && colour !== DEFAULT_COLOUR)
          a.w.notes.push(`Sold again in ${label(size, colour)}`);
      }
      continue;
    }
    const stock = a?.w.stock ?? 0;
    stockAfter.push({ size, colour, stock });
    const cell: AddedVariant = { sku: a?.w.variantSku ?? "", size, colour, stock };
    op.newVariants.push(cell);
    if (!cell.sku) derive.push({ op, cell, wanted: ruleSkus.get(key)!, row: a?.w ?? null });
  }
  return stockAfter;
}

/** Plans one product of the file (its rows, in file order) into `file`. */
export function planProduct(productSku: string, rows: Work[], inputs: PlanInputs, file: FilePlan): void {
  const { csv, ctx, shop } = inputs;
  const existing = shop.products.get(productSku) ?? null;
  const { fields, errors: fieldErrors } = readProductFields(rows[0]!, csv.columns);
  requireAgreement(productSku, rows, csv.columns);
  if (!fields) return rejectProduct(productSku, rows, fieldErrors);

  const currentVariants = existing ? (shop.variants.get(existing.id) ?? []) : [];
  const currentImages = existing ? (shop.images.get(existing.id) ?? []) : [];
  // Pictures: this product's own, or uploads of this shop no product has taken.
  const pictures = planPictures(fields.pictures, currentImages, inputs.pictures, ctx);
  if (!pictures.ok) return rejectProduct(productSku, rows, pictures.errors);

  const { sizes, colours, accepted, variantByCell } = acceptRows(
    productSku,
    rows,
    existing,
    currentVariants,
    shop.skuOwners,
  );
  if (accepted.length === 0) return;

  const finalSizes = existing && sizes.length === existing.sizes.length ? sizes : orderSizes(sizes);
  const axes = variantAxes({ sizes: finalSizes, colourNames: colours.map((c) => c.name) });
  const p: ProductInPlan = {
    productSku,
    existing,
    currentVariants,
    currentImages,
    pictureRefs: pictures.refs,
    accepted,
    rowAt: new Map(accepted.map((a) => [variantKey(a.w.size, a.w.colour), a])),
    variantByCell,
    matrix: variantMatrix(axes),
    noPictureNote: null,
  };
  const checked = checkProductForm(formValuesOf(p, fields, finalSizes, colours, ctx));
  if (!checked.ok) return rejectProduct(productSku, rows, formRefusal(checked));
  const draft: ProductDraft = { ...checked.draft, pictures: p.pictureRefs.map((r) => ({ key: r.key, alt: r.alt })) };
  p.noPictureNote = noPictureNoteOf(fields, existing, p.pictureRefs);
  if (p.noPictureNote) file.inactiveForPictures += 1;

  const op = emptyOp(p, draft);
  const stockAfter = planVariants(p, op, variantSkus(productSku, axes), file.derive);
  describeChanges(p, op, stockAfter);
  for (const cell of op.newVariants) file.wantedSkus.add(cell.sku);

  const changed =
    op.kind === "create" ||
    op.fieldsChanged ||
    op.picturesChanged ||
    op.newVariants.length > 0 ||
    op.stockChanges.length > 0;
  if (changed) file.ops.push(op);
  markRowKinds(p, op, changed);
}
