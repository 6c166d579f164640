import type { CsvColumnKey, ImportReport, RowKind } from "../product-csv";
import type { ProductDraft } from "../product-form";
import type { products } from "../schema.server";
import type { AddedVariant } from "../stock.server";

/* The shapes the import's plan is made of, from a file's rows to what apply does for each product. */

export interface ImportContext {
  /** who imports: their uploads are the pictures a row may add */
  staffId: string;
  baseUrl: string;
  /** the brand of a new product whose Brand is empty (the shop's name, as the editor does) */
  brandFallback: string;
  now?: Date;
}

export type ProductRow = typeof products.$inferSelect;

export interface VariantState {
  id: string;
  productId: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

export interface PictureState {
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A row on its way through the plan. */
export interface Work {
  row: number;
  cells: Partial<Record<CsvColumnKey, string>>;
  productSku: string;
  variantSku: string;
  size: string;
  colour: string;
  hex: string | null;
  stock: number | null;
  errors: string[];
  notes: string[];
  kind: RowKind;
}

export interface PictureRef {
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  /** an upload of this shop the product takes now */
  fresh: boolean;
}

/** What apply does for one product. */
export interface ProductOp {
  kind: "create" | "update";
  sku: string;
  productId: string | null;
  version: number | null;
  slug: string | null;
  draft: ProductDraft;
  fieldsChanged: boolean;
  pictures: PictureRef[];
  picturesChanged: boolean;
  removedPictures: Array<{ key: string; url: string }>;
  newVariants: AddedVariant[];
  stockChanges: Array<{ variantId: string; before: number; after: number }>;
  summary: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface ImportPlan {
  report: ImportReport;
  ops: ProductOp[];
}
