/*
 * Products as CSV (decision 023): the columns, limits, messages and the shapes of
 * the import's report, shared by the server (product-csv.server.ts) and the admin's import screen.
 * Safe for the browser: no server imports.
 */

/** One column of the file: the header the export writes and the import reads. */
export interface CsvColumn {
  key: CsvColumnKey;
  header: string;
  /** a file without it is refused as a whole */
  required: boolean;
  /** what the import does with it, for the import screen's help */
  help: string;
}

export type CsvColumnKey =
  | "productSku"
  | "name"
  | "brand"
  | "category"
  | "price"
  | "originalPrice"
  | "description"
  | "details"
  | "badge"
  | "material"
  | "fabric"
  | "fit"
  | "care"
  | "type"
  | "occasions"
  | "active"
  | "packageWeight"
  | "packageLength"
  | "packageBreadth"
  | "packageHeight"
  | "fitAdvice"
  | "size"
  | "colour"
  | "colourHex"
  | "variantSku"
  | "stock"
  | "pictures";

/** The file's columns in the export's order: product fields first, then the variant's. */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  {
    key: "productSku",
    header: "Product SKU",
    required: true,
    help: "Groups the rows of one product; a SKU the shop does not have yet makes a new product.",
  },
  { key: "name", header: "Name", required: true, help: "Required." },
  { key: "brand", header: "Brand", required: false, help: "Empty: the shop's name." },
  {
    key: "category",
    header: "Category",
    required: true,
    help: "A category of the shop, by its short name (sarees) or its name (Sarees).",
  },
  { key: "price", header: "Price (₹)", required: true, help: "Rupees, like 1299 or 1,299.50." },
  { key: "originalPrice", header: "Original price (₹)", required: false, help: "Above the price, or empty." },
  { key: "description", header: "Description", required: false, help: "" },
  { key: "details", header: "Details", required: false, help: "" },
  { key: "badge", header: "Badge", required: false, help: "New, Bestseller ... or empty." },
  { key: "material", header: "Material", required: false, help: "" },
  { key: "fabric", header: "Fabric", required: false, help: "" },
  { key: "fit", header: "Fit", required: false, help: "" },
  { key: "care", header: "Care", required: false, help: "" },
  { key: "type", header: "Type", required: false, help: "" },
  { key: "occasions", header: "Occasions", required: false, help: "Separated by commas: Festive, Wedding." },
  { key: "active", header: "Active", required: false, help: "yes or no. A product without a picture stays inactive." },
  {
    key: "packageWeight",
    header: "package_weight_g",
    required: false,
    help: "The packed piece's weight in whole grams, 1 to 1,00,000. Empty: the category's default.",
  },
  {
    key: "packageLength",
    header: "package_length_cm",
    required: false,
    help: "The parcel's length in whole centimetres, 1 to 500. Empty: the category's default.",
  },
  {
    key: "packageBreadth",
    header: "package_breadth_cm",
    required: false,
    help: "Its breadth in whole centimetres, 1 to 500. Empty: the category's default.",
  },
  {
    key: "packageHeight",
    header: "package_height_cm",
    required: false,
    help: "Its height in whole centimetres, 1 to 500. Empty: the category's default.",
  },
  {
    key: "fitAdvice",
    header: "fit_advice",
    required: false,
    help: "yes or no: the product page may say 'Runs small' or 'Runs large' from size returns. Empty: as it is (yes for a new product).",
  },
  { key: "size", header: "Size", required: true, help: "One Size for a product sold without sizes." },
  { key: "colour", header: "Colour", required: true, help: "Default for a product sold without colours." },
  {
    key: "colourHex",
    header: "Colour hex",
    required: false,
    help: "#RRGGBB; needed for a new colour that is not one of the presets.",
  },
  {
    key: "variantSku",
    header: "Variant SKU",
    required: true,
    help: "The size and colour's own SKU. Empty for a new one: the shop's rule makes it (KUR-1001-M-IND).",
  },
  {
    key: "stock",
    header: "Stock",
    required: true,
    help: "Pieces of this size and colour, 0 or more. Empty: left as it is.",
  },
  {
    key: "pictures",
    header: "Pictures",
    required: false,
    help: "Addresses of the shop's own pictures, in order, separated by |. Empty: left as they are.",
  },
];

/** Occasions are joined with this in a cell (and read back split on commas, semicolons or |). */
export const OCCASION_SEPARATOR = ", ";
/** Picture addresses are joined with this in a cell (and read back split on | or spaces). */
export const PICTURE_SEPARATOR = " | ";

/** What an import file may weigh: the browser checks it before sending, the server while reading. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The request around the file (multipart framing, two small fields) may carry this much more. */
export const IMPORT_REQUEST_OVERHEAD = 64 * 1024;
/** Rows of one file (a 5 MB file of short rows holds about this many). */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows the report lists one by one (changed or rejected); the counts cover them all. */
export const IMPORT_REPORT_ROWS = 2_000;

export const IMPORT_PATH = "/admin/products/import";
export const EXPORT_PATH = "/admin/products/export";

export const CSV_MESSAGES = {
  noFile: "Choose a CSV file to import.",
  tooLarge: "The file is larger than 5 MB. Split it into smaller files and import them one after the other.",
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-IN")} rows. Split it into smaller files.`,
  notUtf8:
    "The file is not UTF-8 text. In Excel choose File › Save As › ‘CSV UTF-8 (Comma delimited)’; in Google Sheets File › Download › CSV.",
  empty: "The file has no rows: the first line must name the columns, the next ones the products.",
  semicolons: "The file's cells are separated by semicolons or tabs. Save it as CSV with commas (‘CSV UTF-8’).",
  unreadable: "The upload could not be read. Please choose the file again.",
  changed:
    "Something changed in the shop since the dry run (a sale, an edit or another import), so nothing was applied. Here is the dry run again as the shop is now: check it and apply again.",
  applyFailed: "The import could not be applied, and nothing was changed. Please try again.",
  nothingToApply: "Nothing to apply: every row is unchanged or rejected.",
} as const;

export type RowKind = "new-product" | "new-variant" | "update" | "unchanged" | "rejected";

/** One row of the file as the report shows it (row 1 is the header, so data starts at row 2). */
export interface ReportRow {
  row: number;
  productSku: string;
  variantSku: string;
  size: string;
  colour: string;
  kind: RowKind;
  /** what would change (or why it is rejected), one short line each */
  notes: string[];
}

export interface ImportCounts {
  rows: number;
  newProducts: number;
  updatedProducts: number;
  newVariants: number;
  stockChanges: number;
  unchanged: number;
  rejected: number;
}

export interface ImportReport {
  fileName: string;
  bytes: number;
  counts: ImportCounts;
  /** changed and rejected rows, in file order, at most IMPORT_REPORT_ROWS of them */
  rows: ReportRow[];
  /** changed or rejected rows left out of `rows` */
  rowsOmitted: number;
  /** headers the import does not read (left alone) */
  ignoredColumns: string[];
  /** notes about the whole file (e.g. new products created inactive) */
  notes: string[];
  /** SHA-256 of the file and of everything the dry run read and planned: Apply must send it back */
  digest: string;
}

/** What the import screen's action answers. */
export type ImportAnswer =
  | { kind: "dry-run"; report: ImportReport }
  | { kind: "applied"; report: ImportReport }
  | { kind: "changed"; report: ImportReport; message: string }
  | { kind: "error"; message: string; details?: string[] };

export interface ExportFilters {
  search: string;
  category: string;
  status: "" | "active" | "inactive";
}

/** The export's address for the list's filters (the same query parameters as /admin/products). */
export function exportHref(filters: Partial<ExportFilters>): string {
  const q = new URLSearchParams();
  if (filters.search) q.set("search", filters.search);
  if (filters.category) q.set("category", filters.category);
  if (filters.status) q.set("status", filters.status);
  const s = q.toString();
  return s ? `${EXPORT_PATH}?${s}` : EXPORT_PATH;
}

/** How many rows of the report are changes (not unchanged, not rejected). */
export function changeCount(counts: ImportCounts): number {
  return counts.rows - counts.unchanged - counts.rejected;
}

/** Bytes for people: '1.2 MB', '830 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
