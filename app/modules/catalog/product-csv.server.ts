import { createHash } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import { csvDownloadStream } from "../../lib/csv-stream.server";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { CsvError, parse } from "csv-parse";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { changedFields, recordAudit, type Actor } from "../admin/audit.server";
import { mediaUploads } from "../admin/schema.server";
import type { MediaStorage } from "../media/storage.server";
import { claimUploads, removeStoredPictures } from "../media/upload.server";
import { formatPrice } from "../pricing/money";
import {
  CSV_COLUMNS,
  CSV_MESSAGES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_REPORT_ROWS,
  OCCASION_SEPARATOR,
  PICTURE_SEPARATOR,
  type CsvColumnKey,
  type ExportFilters,
  type ImportCounts,
  type ImportReport,
  type ReportRow,
  type RowKind,
} from "./product-csv";
import {
  ADMIN_SIZES,
  checkProductForm,
  LIMITS,
  orderSizes,
  PRESET_COLOURS,
  productChangeSummary,
  rupeesTextToPaise,
  slugify,
  paiseToRupeesText,
  type ColourValue,
  type ProductDraft,
  type ProductFormValues,
  type ProductSnapshot,
} from "./product-form";
import { productImages, products, productVariants } from "./schema.server";
import {
  addVariants,
  releaseStock,
  reserveStock,
  stockCommitted,
  type AddedVariant,
  type StockLine,
} from "./stock.server";
import { CATEGORIES } from "./types";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantAxes, variantKey, variantMatrix, variantSkus } from "./variants";
import { findVariantBySku } from "./variants.server";
import { picturesShownByOrders, productColumns, snapshotOf } from "./product-admin.server";

/*
 * Products as CSV (issue 12, 'Import and export'; decision 023). One row per variant: the product's
 * fields, then the size, colour, variant SKU and stock, and the product's pictures.
 *
 * Export streams the admin list's filtered products a page at a time (keyset on the list's own
 * order), so the catalogue is never in memory. Import reads the upload as a stream (busboy, then
 * csv-parse), plans every row against the shop, and answers a dry run: what would change and what is
 * rejected and why. Apply sends the same file with the dry run's digest; the plan is made again
 * inside the apply's transaction, under the products' locks, and applied only if its digest is the
 * one the dry run showed. Nothing is kept between the two requests, so any instance can serve either.
 * Stock goes through the stock module (a rise from 0 texts the shoppers waiting for it), every product
 * changed gets its audit row, and the import one summary row, all in one transaction.
 */

/* ================= cells ================= */

/** OWASP 'CSV injection': a cell a spreadsheet would take for a formula starts with an apostrophe. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** A value as the export writes it (apostrophes already in front of a formula character get one more, so the import can undo exactly one). */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: the export's guard apostrophe taken off again. */
export function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

const oneLine = (s: string) => s.trim().replace(/\s+/g, " ");

/* ================= export ================= */

export interface ExportDeps {
  /** the shop's public address: picture addresses are written absolute */
  baseUrl: string;
  /** products per query */
  pageSize?: number;
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The list's filters as SQL: the same as `listAdminProducts` (name, brand or product SKU as a
 * substring, or a variant's exact SKU; category; active or inactive). The integration test checks
 * that both lists name the same products.
 */
async function filterConditions(db: Db, filters: ExportFilters): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.search) {
    const like = likePattern(filters.search);
    const branches = [
      sql`${products.name} ILIKE ${like}`,
      sql`${products.brand} ILIKE ${like}`,
      sql`${products.sku} ILIKE ${like}`,
    ];
    if (/^[A-Za-z0-9-]{3,60}$/.test(filters.search)) {
      const variant = await findVariantBySku(db, filters.search);
      if (variant) branches.push(sql`${products.id} = ${variant.productId}`);
    }
    conditions.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.status === "active") conditions.push(eq(products.isActive, true));
  if (filters.status === "inactive") conditions.push(eq(products.isActive, false));
  return conditions;
}

/** A picture's address as a person can open it: stored paths get the shop's address in front. */
function absoluteUrl(url: string, baseUrl: string): string {
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}

/** The header row and then one record per variant of every product the filters match, newest first. */
export async function* exportRecords(db: Db, filters: ExportFilters, deps: ExportDeps): AsyncGenerator<string[]> {
  yield CSV_COLUMNS.map((c) => c.header);
  const pageSize = deps.pageSize ?? 200;
  const where = await filterConditions(db, filters);
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${products.createdAt} < ${cursor.createdAt}::timestamptz OR (${products.createdAt} = ${cursor.createdAt}::timestamptz AND ${products.id} > ${cursor.id}::uuid))`
      : undefined;
    const page = await db
      .select({
        id: products.id,
        // as text: a JavaScript Date would drop the microseconds and the cursor would skip or repeat rows
        createdAt: sql<string>`${products.createdAt}::text`,
        sku: products.sku,
        name: products.name,
        brand: products.brand,
        category: products.category,
        pricePaise: products.pricePaise,
        originalPricePaise: products.originalPricePaise,
        description: products.description,
        details: products.details,
        badge: products.badge,
        material: products.material,
        fabric: products.fabric,
        fit: products.fit,
        care: products.care,
        type: products.type,
        occasions: products.occasions,
        isActive: products.isActive,
        sizes: products.sizes,
        colors: products.colors,
        colorNames: products.colorNames,
      })
      .from(products)
      .where(and(...where, after))
      .orderBy(sql`${products.createdAt} DESC`, asc(products.id))
      .limit(pageSize);
    if (page.length === 0) return;
    const ids = page.map((p) => p.id);
    const [variants, images] = await Promise.all([
      db
        .select({
          productId: productVariants.productId,
          sku: productVariants.sku,
          size: productVariants.size,
          colour: productVariants.colour,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, ids)),
      db
        .select({ productId: productImages.productId, url: productImages.url })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    const variantsOf = new Map<string, Map<string, (typeof variants)[number]>>();
    for (const v of variants) {
      const map = variantsOf.get(v.productId) ?? new Map();
      map.set(variantKey(v.size, v.colour), v);
      variantsOf.set(v.productId, map);
    }
    const picturesOf = new Map<string, string[]>();
    for (const i of images)
      picturesOf.set(i.productId, [...(picturesOf.get(i.productId) ?? []), absoluteUrl(i.url, deps.baseUrl)]);

    for (const p of page) {
      const pictures = (picturesOf.get(p.id) ?? []).join(PICTURE_SEPARATOR);
      const hexOf = new Map(p.colors.map((c) => [c.name, c.hex]));
      // Only the sizes x colours the product is sold in: a variant kept for an old order is not for sale.
      for (const { size, colour } of variantMatrix(variantAxes({ sizes: p.sizes, colourNames: p.colorNames }))) {
        const v = variantsOf.get(p.id)?.get(variantKey(size, colour));
        if (!v) continue;
        const record: Record<CsvColumnKey, string> = {
          productSku: p.sku,
          name: p.name,
          brand: p.brand,
          category: p.category,
          price: paiseToRupeesText(p.pricePaise),
          originalPrice: paiseToRupeesText(p.originalPricePaise),
          description: p.description,
          details: p.details,
          badge: p.badge ?? "",
          material: p.material ?? "",
          fabric: p.fabric ?? "",
          fit: p.fit ?? "",
          care: p.care ?? "",
          type: p.type ?? "",
          occasions: p.occasions.join(OCCASION_SEPARATOR),
          active: p.isActive ? "yes" : "no",
          size,
          colour,
          colourHex: hexOf.get(colour) ?? "",
          variantSku: v.sku,
          stock: String(v.stock),
          pictures,
        };
        yield CSV_COLUMNS.map((c) => guardCell(record[c.key]));
      }
    }
    const last: { createdAt: string; id: string } = page[page.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
    if (page.length < pageSize) return;
  }
}

/** The export as a CSV download's byte stream (app/lib/csv-stream.server.ts). */
export function exportProductsCsv(db: Db, filters: ExportFilters, deps: ExportDeps): ReadableStream<Uint8Array> {
  return csvDownloadStream(exportRecords(db, filters, deps), "products CSV export");
}

/** 'saanjh-products-sarees-active-2026-11-24.csv' */
export function exportFileName(filters: ExportFilters, now = new Date()): string {
  // the search only when it has letters or digits a file name can keep
  const search = /[a-z0-9]/i.test(filters.search) ? slugify(filters.search).slice(0, 30) : "";
  const parts = ["products", filters.category, filters.status, search].filter(Boolean);
  return `${parts.join("-")}-${now.toISOString().slice(0, 10)}.csv`;
}

/* ================= reading a file ================= */

export interface CsvRow {
  /** the row as a spreadsheet numbers it: the header is row 1 */
  row: number;
  cells: Partial<Record<CsvColumnKey, string>>;
  /** the row has another number of cells than the header */
  shapeError: string | null;
}

export interface ParsedCsv {
  fileName: string;
  bytes: number;
  sha256: string;
  columns: ReadonlySet<CsvColumnKey>;
  ignoredColumns: string[];
  rows: CsvRow[];
}

export type ReadResult = { ok: true; csv: ParsedCsv } | { ok: false; message: string; details?: string[] };

class FileTooLarge extends Error {}
class NotUtf8 extends Error {}

/** Header text to its column: case, spaces, '(₹)' and the US spelling of colour do not matter. */
function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/\((₹|rs\.?|inr|rupees)\)/g, " ")
    .replace(/\bcolor\b/g, "colour")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const HEADER_TO_KEY = new Map(CSV_COLUMNS.map((c) => [normaliseHeader(c.header), c.key]));

const CSV_ERROR_TEXT: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed",
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a cell is not doubled (write "" for one quote)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "there is text after the closing quote of a cell",
  CSV_MAX_RECORD_SIZE: "one row is far too long",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "the rows have different numbers of cells",
};

/**
 * Reads a CSV file from a byte stream: strictly UTF-8 (a byte-order mark is dropped), the first
 * record names the columns. Holds the parsed rows, never the file's text.
 */
export async function readProductsCsv(
  source: AsyncIterable<Uint8Array>,
  fileName: string,
  maxBytes = IMPORT_MAX_BYTES,
): Promise<ReadResult> {
  const hash = createHash("sha256");
  let bytes = 0;
  async function* text() {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    try {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) throw new FileTooLarge();
        hash.update(chunk);
        yield decoder.decode(chunk, { stream: true });
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch (error) {
      if (error instanceof TypeError) throw new NotUtf8();
      throw error;
    }
  }
  // Empty lines are records too (and skipped below), so row numbers stay the spreadsheet's.
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 256 * 1024 });
  pipeline(Readable.from(text()), parser, () => {});

  let header: string[] | null = null;
  let keys: Array<CsvColumnKey | null> = [];
  const rows: CsvRow[] = [];
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (!header) {
        if (cells.every((c) => c.trim() === "")) continue;
        header = cells;
        if (cells.length === 1 && /[;\t]/.test(cells[0] ?? "")) return { ok: false, message: CSV_MESSAGES.semicolons };
        keys = cells.map((h) => HEADER_TO_KEY.get(normaliseHeader(h)) ?? null);
        continue;
      }
      if (cells.every((c) => c.trim() === "")) continue;
      if (rows.length >= IMPORT_MAX_ROWS) return { ok: false, message: CSV_MESSAGES.tooManyRows };
      const row: CsvRow = {
        row: record,
        cells: {},
        shapeError:
          cells.length !== header.length
            ? `The row has ${cells.length} cells; the header has ${header.length}. Check for a missing comma or an unquoted comma in a cell.`
            : null,
      };
      keys.forEach((key, i) => {
        if (key) row.cells[key] = unguardCell(cells[i] ?? "");
      });
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof FileTooLarge) return { ok: false, message: CSV_MESSAGES.tooLarge };
    if (error instanceof NotUtf8) return { ok: false, message: CSV_MESSAGES.notUtf8 };
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      const why = CSV_ERROR_TEXT[error.code] ?? error.message;
      return { ok: false, message: `The file is not valid CSV: ${why}${line ? ` (near line ${line})` : ""}.` };
    }
    throw error;
  }
  if (!header || rows.length === 0) return { ok: false, message: CSV_MESSAGES.empty };

  const seen = new Map<CsvColumnKey, number>();
  const repeated: string[] = [];
  keys.forEach((key, i) => {
    if (!key) return;
    if (seen.has(key)) repeated.push(header![i]!);
    seen.set(key, i);
  });
  if (repeated.length > 0) return { ok: false, message: `A column is in the file twice: ${repeated.join(", ")}.` };
  const missing = CSV_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The file lacks ${missing.length === 1 ? "a required column" : "required columns"}: ${missing.join(", ")}.`,
      details: [
        `The first row must name the columns. Required: ${CSV_COLUMNS.filter((c) => c.required)
          .map((c) => c.header)
          .join(", ")}.`,
        "Export the products to get a file with every column.",
      ],
    };
  }
  return {
    ok: true,
    csv: {
      fileName,
      bytes,
      sha256: hash.digest("hex"),
      columns: new Set(seen.keys()),
      ignoredColumns: header.filter((h, i) => !keys[i] && h.trim() !== ""),
      rows,
    },
  };
}

/* ================= the upload ================= */

export type UploadResult =
  { ok: true; fields: Record<string, string>; read: ReadResult } | { ok: false; status: 400 | 413; message: string };

/**
 * The bytes of a file part as an async iterable that never destroys the part: a reader that stops
 * early (a bad row, a file too large) leaves the rest to be read and dropped, so the multipart
 * parser can go on to the end of the request (busboy never finishes once a part is destroyed).
 */
async function* chunksOf(file: Readable): AsyncGenerator<Uint8Array> {
  const queue: Buffer[] = [];
  let ended = false;
  let failed: Error | null = null;
  let wake: (() => void) | null = null;
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    file.pause();
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const onError = (error: Error) => {
    failed = error;
    wake?.();
  };
  file.on("data", onData);
  file.on("end", onEnd);
  file.on("error", onError);
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (failed) throw failed;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        file.resume();
      });
      wake = null;
    }
  } finally {
    file.off("data", onData);
    file.off("end", onEnd);
    file.off("error", onError);
    file.resume();
  }
}

/**
 * A multipart upload of one CSV file and a few small fields, read as it arrives: busboy hands the
 * file's bytes to the CSV reader, which keeps only the parsed rows. The file may be at most
 * IMPORT_MAX_BYTES; fields are short.
 */
export async function readImportUpload(request: Request, field = "file"): Promise<UploadResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type) || !request.body)
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 8, fieldSize: 4096, parts: 10 },
    });
  } catch {
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  }
  const fields: Record<string, string> = {};
  let reading: Promise<ReadResult> | null = null;
  let tooLarge = false;

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, file, info) => {
      // When the request fails (past the import's size, cut off, malformed) busboy fails the part being
      // read with the same error, which reaches `finished` below. The part needs a listener of its own
      // for as long as it lives: an 'error' event nobody listens to ends the process.
      file.on("error", () => {});
      if (name !== field || reading) {
        file.resume();
        return;
      }
      file.on("limit", () => {
        tooLarge = true;
      });
      const fileName = (info.filename ?? "").split(/[\\/]/).pop() ?? "";
      // a form sent without a chosen file carries an empty part without a name
      if (!fileName) {
        file.resume();
        return;
      }
      reading = readProductsCsv(chunksOf(file), fileName, IMPORT_MAX_BYTES);
      // awaited once the whole request is read; until then a failure must not count as unhandled
      reading.catch(() => {});
    });
    parser.on("close", () => resolve());
    parser.on("error", reject);
  });

  try {
    pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser, () => {});
    await finished;
  } catch (error) {
    if (reading) await (reading as Promise<ReadResult>).catch(() => null);
    // the server counts the streamed body and stops it past the import's limit
    if (error instanceof Error && error.name === "RequestBodyTooLargeError")
      return { ok: false, status: 413, message: CSV_MESSAGES.tooLarge };
    // the client went away before the end of its upload: nobody reads this answer, nothing to log
    if (error instanceof Error && error.name === "RequestBodyIncompleteError")
      return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
    getLogger().warn({ err: error }, "products CSV upload could not be read");
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  }
  if (tooLarge) return { ok: false, status: 413, message: CSV_MESSAGES.tooLarge };
  if (!reading) return { ok: true, fields, read: { ok: false, message: CSV_MESSAGES.noFile } };
  const read = await (reading as Promise<ReadResult>);
  return { ok: true, fields, read };
}

/* ================= planning ================= */

export interface ImportContext {
  /** who imports: their uploads are the pictures a row may add */
  staffId: string;
  baseUrl: string;
  /** the brand of a new product whose Brand is empty (the shop's name, as the editor does) */
  brandFallback: string;
  now?: Date;
}

type ProductRow = typeof products.$inferSelect;

interface VariantState {
  id: string;
  productId: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

interface PictureState {
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A row on its way through the plan. */
interface Work {
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

interface PictureRef {
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  /** an upload of this shop the product takes now */
  fresh: boolean;
}

/** What apply does for one product. */
interface ProductOp {
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

const SKU = /^[A-Z0-9][A-Z0-9._/-]{0,59}$/;
const HEX = /^#?([0-9a-f]{6})$/i;
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const presetSize = (s: string) =>
  ADMIN_SIZES.find((p) => p.toLowerCase() === s.toLowerCase()) ??
  (s.toLowerCase() === DEFAULT_SIZE.toLowerCase() ? DEFAULT_SIZE : s);
const presetColour = (c: string) =>
  PRESET_COLOURS.find((p) => p.name.toLowerCase() === c.toLowerCase())?.name ??
  (c.toLowerCase() === DEFAULT_COLOUR.toLowerCase() ? DEFAULT_COLOUR : c);
const label = (size: string, colour: string) => `${size} / ${colour}`;

function rowsText(rows: readonly number[]): string {
  const list = rows.slice(0, 5).join(", ");
  return rows.length > 5 ? `${list} and ${rows.length - 5} more` : list;
}

/** The row's own cells: SKUs, size, colour, shade and stock. Product fields are checked per product. */
function readRow(row: CsvRow): Work {
  const cell = (k: CsvColumnKey) => oneLine(row.cells[k] ?? "");
  const w: Work = {
    row: row.row,
    cells: row.cells,
    productSku: cell("productSku").toUpperCase(),
    variantSku: cell("variantSku").toUpperCase(),
    size: presetSize(cell("size")),
    colour: presetColour(cell("colour")),
    hex: null,
    stock: null,
    errors: [],
    notes: [],
    kind: "unchanged",
  };
  if (row.shapeError) w.errors.push(row.shapeError);
  if (!w.productSku) w.errors.push("Product SKU is empty.");
  else if (!SKU.test(w.productSku))
    w.errors.push(`Product SKU ‘${w.productSku}’ may hold only letters, digits and - . _ / (at most 60).`);
  if (w.variantSku && !SKU.test(w.variantSku))
    w.errors.push(`Variant SKU ‘${w.variantSku}’ may hold only letters, digits and - . _ / (at most 60).`);
  if (!w.size) w.errors.push(`Size is empty (write ${DEFAULT_SIZE} for a product sold without sizes).`);
  else if (w.size.length > LIMITS.size) w.errors.push(`Size ‘${w.size}’ is longer than ${LIMITS.size} characters.`);
  if (!w.colour) w.errors.push(`Colour is empty (write ${DEFAULT_COLOUR} for a product sold without colours).`);
  else if (w.colour.length > LIMITS.colourName)
    w.errors.push(`Colour ‘${w.colour}’ is longer than ${LIMITS.colourName} characters.`);
  const hex = cell("colourHex");
  if (hex) {
    const m = HEX.exec(hex);
    if (m) w.hex = `#${m[1]!.toUpperCase()}`;
    else w.errors.push(`Colour hex ‘${hex}’ is not a shade like #7B1E2B.`);
  }
  const stock = cell("stock").replace(/[\s,]/g, "");
  if (stock) {
    if (/^[-−]\d+(\.\d+)?$/.test(stock)) w.errors.push(`Stock cannot be negative (${stock}).`);
    else if (!/^\d{1,7}$/.test(stock)) w.errors.push(`Stock ‘${stock}’ is not a whole number of pieces.`);
    else if (Number(stock) > LIMITS.stock)
      w.errors.push(`Stock can be at most ${LIMITS.stock.toLocaleString("en-IN")}.`);
    else w.stock = Number(stock);
  }
  return w;
}

/** Rows that name the same variant SKU, or the same size and colour of a product, are all rejected: which one is meant? */
function rejectDuplicates(rows: Work[]): void {
  const bySku = new Map<string, Work[]>();
  const byCell = new Map<string, Work[]>();
  for (const w of rows) {
    if (w.variantSku && SKU.test(w.variantSku)) bySku.set(w.variantSku, [...(bySku.get(w.variantSku) ?? []), w]);
    if (w.productSku && w.size && w.colour) {
      const key = `${w.productSku}\u0000${w.size.toLowerCase()}\u0000${w.colour.toLowerCase()}`;
      byCell.set(key, [...(byCell.get(key) ?? []), w]);
    }
  }
  for (const [sku, list] of bySku) {
    if (list.length < 2) continue;
    for (const w of list)
      w.errors.push(
        `Duplicate SKU: variant SKU ${sku} is on rows ${rowsText(list.map((x) => x.row))}; each SKU may be in the file once.`,
      );
  }
  for (const list of byCell.values()) {
    if (list.length < 2) continue;
    const first = list[0]!;
    for (const w of list)
      w.errors.push(
        `Duplicate row: ${label(first.size, first.colour)} of ${first.productSku} is on rows ${rowsText(list.map((x) => x.row))}.`,
      );
  }
}

interface ShopState {
  products: Map<string, ProductRow>;
  variants: Map<string, VariantState[]>;
  images: Map<string, PictureState[]>;
  /** variant SKU -> its variant and its product's SKU and name */
  skuOwners: Map<string, VariantState & { productSku: string; productName: string }>;
}

/** The products the file names (locked, in id order, when `lock`), their variants and pictures, and the owners of the file's variant SKUs. */
async function loadShop(
  conn: Db | Tx,
  productSkus: string[],
  variantSkus: string[],
  lock: boolean,
): Promise<ShopState> {
  const found: Array<{ id: string }> = [];
  for (const part of chunks(productSkus))
    found.push(...(await conn.select({ id: products.id }).from(products).where(inArray(products.sku, part))));
  const ids = found.map((r) => r.id).sort();
  const rows: ProductRow[] = [];
  // Locks are taken in id order across the whole file, as the stock module's writers take them.
  for (const part of chunks(ids)) {
    const q = conn.select().from(products).where(inArray(products.id, part)).orderBy(asc(products.id));
    rows.push(...(lock ? await q.for("update") : await q));
  }
  const state: ShopState = {
    products: new Map(rows.map((r) => [r.sku, r])),
    variants: new Map(),
    images: new Map(),
    skuOwners: new Map(),
  };
  for (const part of chunks(ids)) {
    const [variants, images] = await Promise.all([
      conn
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          size: productVariants.size,
          colour: productVariants.colour,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, part)),
      conn
        .select({
          productId: productImages.productId,
          key: productImages.key,
          url: productImages.url,
          width: productImages.width,
          height: productImages.height,
          alt: productImages.alt,
        })
        .from(productImages)
        .where(inArray(productImages.productId, part))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    for (const v of variants) state.variants.set(v.productId, [...(state.variants.get(v.productId) ?? []), v]);
    for (const i of images) state.images.set(i.productId, [...(state.images.get(i.productId) ?? []), i]);
  }
  for (const part of chunks(variantSkus)) {
    const owners = await conn
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        size: productVariants.size,
        colour: productVariants.colour,
        stock: productVariants.stock,
        productSku: products.sku,
        productName: products.name,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, part));
    for (const o of owners) state.skuOwners.set(o.sku, o);
  }
  return state;
}

/** A picture address in the form the shop stores it: its own address is dropped, leaving the path. */
function storedForm(url: string, baseUrl: string): string | null {
  try {
    const base = new URL(baseUrl);
    const u = new URL(url, base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin === base.origin ? `${u.pathname}${u.search}` : u.href;
  } catch {
    return null;
  }
}

interface PictureLookup {
  /** stored form -> an upload of this shop that no product has taken yet */
  uploads: Map<string, { key: string; url: string; width: number; height: number; uploadedBy: string | null }>;
  /** stored form -> the product whose picture it is */
  taken: Map<string, { productId: string; key: string }>;
}

async function loadPictures(conn: Db | Tx, urls: string[], baseUrl: string): Promise<PictureLookup> {
  const lookup: PictureLookup = { uploads: new Map(), taken: new Map() };
  if (urls.length === 0) return lookup;
  // the stored url may be a path ('/media/...') or absolute (object storage): ask for both spellings
  const spellings = [...new Set(urls.flatMap((u) => [u, absoluteUrl(u, baseUrl)]))];
  for (const part of chunks(spellings)) {
    const [uploads, taken] = await Promise.all([
      conn
        .select({
          key: mediaUploads.key,
          url: mediaUploads.url,
          width: mediaUploads.width,
          height: mediaUploads.height,
          uploadedBy: mediaUploads.uploadedBy,
        })
        .from(mediaUploads)
        .where(and(inArray(mediaUploads.url, part), isNull(mediaUploads.attachedAt))),
      conn
        .select({ productId: productImages.productId, key: productImages.key, url: productImages.url })
        .from(productImages)
        .where(inArray(productImages.url, part)),
    ]);
    for (const u of uploads) lookup.uploads.set(storedForm(u.url, baseUrl) ?? u.url, u);
    for (const t of taken) lookup.taken.set(storedForm(t.url, baseUrl) ?? t.url, t);
  }
  return lookup;
}

function splitPictures(cell: string): string[] {
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

function resolveCategory(cell: string): string | null {
  const v = oneLine(cell).toLowerCase();
  return CATEGORIES.find((c) => c.slug === v || c.name.toLowerCase() === v)?.slug ?? null;
}

/** Product fields as read from a product's first row (and compared with its other rows). */
interface ProductFields {
  name: string;
  brand: string;
  category: string;
  pricePaise: number;
  originalPricePaise: number | null;
  text: Partial<Record<"description" | "details" | "badge" | "material" | "fabric" | "fit" | "care" | "type", string>>;
  occasions: string[] | null;
  active: boolean | null;
  pictures: string[] | null;
}

const TEXT_COLUMNS = ["description", "details", "badge", "material", "fabric", "fit", "care", "type"] as const;

const HEADER_OF = new Map(CSV_COLUMNS.map((c) => [c.key, c.header]));

/** Reads the product's fields from a row; errors name the column and the value. */
function readProductFields(
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
  const text: ProductFields["text"] = {};
  for (const k of TEXT_COLUMNS) if (columns.has(k)) text[k] = raw(k).trim();
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
            pictures: columns.has("pictures") && picturesCell ? splitPictures(picturesCell) : null,
          },
  };
}

/** The product columns a later row of a product sets differently from its first row (an empty cell agrees). */
function disagreements(first: Work, later: Work, columns: ReadonlySet<CsvColumnKey>): string[] {
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
  same("pictures", (s) => splitPictures(s).join("|"));
  return differ;
}

/** Stand-in for the form's picture rule while checking a product the import may save without one (decision 023: it stays inactive). */
const NO_PICTURE = { key: "csv-import:no-picture", url: "", width: 1, height: 1, alt: "" };

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
  };
}

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
};

/**
 * Plans the whole file against the shop as it is now (`lock`: under the products' row locks, for
 * apply). Rejected rows change nothing; a product whose own fields are wrong has every row rejected.
 */
export async function planImport(conn: Db | Tx, csv: ParsedCsv, ctx: ImportContext, lock = false): Promise<ImportPlan> {
  const work = csv.rows.map(readRow);
  rejectDuplicates(work);

  const productSkus = [...new Set(work.filter((w) => w.productSku && SKU.test(w.productSku)).map((w) => w.productSku))];
  const fileVariantSkus = [
    ...new Set(work.filter((w) => w.variantSku && SKU.test(w.variantSku)).map((w) => w.variantSku)),
  ];
  const shop = await loadShop(conn, productSkus, fileVariantSkus, lock);

  // pictures named by the file, looked up once
  const pictureUrls = new Set<string>();
  if (csv.columns.has("pictures")) {
    for (const w of work)
      for (const u of splitPictures(w.cells.pictures ?? "")) pictureUrls.add(storedForm(u, ctx.baseUrl) ?? u);
  }
  const pictures = await loadPictures(conn, [...pictureUrls], ctx.baseUrl);

  const groups = new Map<string, Work[]>();
  for (const w of work) {
    if (!w.productSku || !SKU.test(w.productSku)) continue;
    groups.set(w.productSku, [...(groups.get(w.productSku) ?? []), w]);
  }

  const ops: ProductOp[] = [];
  const fileNotes: string[] = [];
  /** cells whose SKU the shop's rule makes, settled once every product is planned */
  const derive: Array<{ op: ProductOp | null; cell: AddedVariant; wanted: string; row: Work | null }> = [];
  const wantedSkus = new Set(fileVariantSkus);
  let inactiveForPictures = 0;

  for (const [productSku, rows] of groups) {
    const existing = shop.products.get(productSku) ?? null;
    const first = rows[0]!;
    const { fields, errors: fieldErrors } = readProductFields(first, csv.columns);
    for (const w of rows.slice(1)) {
      const differ = disagreements(first, w, csv.columns);
      if (differ.length > 0)
        w.errors.push(
          `Its product fields (${differ.join(", ")}) differ from row ${first.row} of ${productSku}: a product's rows must agree, or leave them empty.`,
        );
    }
    const rejectAll = (reasons: string[]) => {
      for (const w of rows) {
        for (const r of reasons)
          if (!w.errors.includes(r))
            w.errors.push(w === first ? r : `Product ${productSku} is rejected (row ${first.row}): ${r}`);
      }
    };
    if (!fields) {
      rejectAll(fieldErrors);
      continue;
    }

    const currentVariants = existing ? (shop.variants.get(existing.id) ?? []) : [];
    const currentImages = existing ? (shop.images.get(existing.id) ?? []) : [];

    // Pictures: this product's own, or uploads of this shop no product has taken.
    let pictureRefs: PictureRef[] = currentImages.map((i) => ({ ...i, fresh: false }));
    if (fields.pictures) {
      const own = new Map(currentImages.map((i) => [storedForm(i.url, ctx.baseUrl) ?? i.url, i]));
      const refs: PictureRef[] = [];
      const pictureErrors: string[] = [];
      fields.pictures.forEach((given, n) => {
        const form = storedForm(given, ctx.baseUrl);
        const mine = form ? own.get(form) : undefined;
        const upload = form ? pictures.uploads.get(form) : undefined;
        const taken = form ? pictures.taken.get(form) : undefined;
        if (mine) refs.push({ ...mine, fresh: false });
        else if (taken)
          pictureErrors.push(
            `Picture ${n + 1} (${given}) is another product's picture; a picture belongs to one product.`,
          );
        else if (upload && upload.uploadedBy === ctx.staffId)
          refs.push({
            key: upload.key,
            url: upload.url,
            width: upload.width,
            height: upload.height,
            alt: "",
            fresh: true,
          });
        else if (upload)
          pictureErrors.push(
            `Picture ${n + 1} (${given}) was uploaded by someone else; upload it yourself in the product editor.`,
          );
        else
          pictureErrors.push(
            `Picture ${n + 1} (${given}) is not a picture of this shop: upload it in the product editor first, then use the address it gets.`,
          );
      });
      if (new Set(refs.map((r) => r.key)).size !== refs.length)
        pictureErrors.push("A picture is in the Pictures cell twice.");
      if (pictureErrors.length > 0) {
        rejectAll(pictureErrors);
        continue;
      }
      pictureRefs = refs;
    }

    // Sizes and colours: the product's own spelling wins, then the file's first.
    const sizeSpelling = new Map<string, string>();
    const colourSpelling = new Map<string, string>();
    for (const s of existing?.sizes ?? []) sizeSpelling.set(s.toLowerCase(), s);
    for (const c of existing?.colorNames ?? []) colourSpelling.set(c.toLowerCase(), c);
    for (const v of currentVariants) {
      if (!sizeSpelling.has(v.size.toLowerCase())) sizeSpelling.set(v.size.toLowerCase(), v.size);
      if (!colourSpelling.has(v.colour.toLowerCase())) colourSpelling.set(v.colour.toLowerCase(), v.colour);
    }
    const variantByCell = new Map(currentVariants.map((v) => [variantKey(v.size, v.colour), v]));

    const sizes = [...(existing?.sizes ?? [])];
    const colours: ColourValue[] = (existing?.colors ?? []).map((c) => ({ name: c.name, hex: c.hex.toUpperCase() }));
    const hexFrom = new Map<string, Work>();
    const accepted: Array<{ w: Work; variant: VariantState | null }> = [];

    const usesDefaultSize = existing ? existing.sizes.length === 0 : false;
    const usesDefaultColour = existing ? existing.colorNames.length === 0 : false;
    const fileRealSizes = rows.some((w) => w.errors.length === 0 && w.size && w.size !== DEFAULT_SIZE);
    const fileRealColours = rows.some((w) => w.errors.length === 0 && w.colour && w.colour !== DEFAULT_COLOUR);

    for (const w of rows) {
      if (w.errors.length > 0) continue;
      w.size = sizeSpelling.get(w.size.toLowerCase()) ?? w.size;
      w.colour = colourSpelling.get(w.colour.toLowerCase()) ?? w.colour;
      sizeSpelling.set(w.size.toLowerCase(), w.size);
      colourSpelling.set(w.colour.toLowerCase(), w.colour);

      if (
        w.size === DEFAULT_SIZE ? (existing ? !usesDefaultSize : fileRealSizes) : existing ? usesDefaultSize : false
      ) {
        w.errors.push(
          w.size === DEFAULT_SIZE
            ? `${DEFAULT_SIZE} is for a product sold without sizes; ${productSku} is sold in ${existing ? existing.sizes.join(", ") : "other sizes in this file"}.`
            : `${productSku} is sold without sizes (${DEFAULT_SIZE}); give it sizes in the product editor.`,
        );
        continue;
      }
      if (
        w.colour === DEFAULT_COLOUR
          ? existing
            ? !usesDefaultColour
            : fileRealColours
          : existing
            ? usesDefaultColour
            : false
      ) {
        w.errors.push(
          w.colour === DEFAULT_COLOUR
            ? `${DEFAULT_COLOUR} is for a product sold without colours; ${productSku} comes in ${existing ? existing.colorNames.join(", ") : "other colours in this file"}.`
            : `${productSku} is sold without colours (${DEFAULT_COLOUR}); give it colours in the product editor.`,
        );
        continue;
      }

      let variant: VariantState | null = null;
      const owner = w.variantSku ? shop.skuOwners.get(w.variantSku) : undefined;
      const atCell = variantByCell.get(variantKey(w.size, w.colour)) ?? null;
      if (owner) {
        if (!existing || owner.productId !== existing.id) {
          w.errors.push(
            `Duplicate SKU: variant SKU ${w.variantSku} belongs to ${owner.productSku} (‘${owner.productName}’).`,
          );
          continue;
        }
        if (owner.size !== w.size || owner.colour !== w.colour) {
          w.errors.push(
            `Variant SKU ${w.variantSku} is ${label(owner.size, owner.colour)} in the shop; an import cannot change a variant's size or colour.`,
          );
          continue;
        }
        variant = owner;
      } else if (atCell) {
        if (w.variantSku) {
          w.errors.push(
            `${productSku} already sells ${label(w.size, w.colour)} as SKU ${atCell.sku}: use that SKU or leave Variant SKU empty.`,
          );
          continue;
        }
        variant = atCell;
      }

      // a colour's shade: the row's, else the product's, else the preset's
      if (w.colour !== DEFAULT_COLOUR) {
        const known = colours.find((c) => c.name === w.colour);
        if (w.hex && known && known.hex !== w.hex) {
          const earlier = hexFrom.get(w.colour);
          if (earlier && earlier.hex !== w.hex) {
            w.errors.push(`Colour hex ${w.hex} of ${w.colour} differs from row ${earlier.row} (${earlier.hex}).`);
            continue;
          }
          known.hex = w.hex;
        } else if (!known) {
          const hex = w.hex ?? PRESET_COLOURS.find((p) => p.name === w.colour)?.hex ?? null;
          if (!hex) {
            w.errors.push(`Colour hex is needed for the new colour ‘${w.colour}’ (like #7B1E2B).`);
            continue;
          }
          colours.push({ name: w.colour, hex });
        }
        if (w.hex && !hexFrom.has(w.colour)) hexFrom.set(w.colour, w);
      }
      if (w.size !== DEFAULT_SIZE && !sizes.includes(w.size)) sizes.push(w.size);
      accepted.push({ w, variant });
    }

    if (accepted.length === 0) continue;

    const finalSizes = existing && sizes.length === existing.sizes.length ? sizes : orderSizes(sizes);
    const axes = variantAxes({ sizes: finalSizes, colourNames: colours.map((c) => c.name) });
    const matrix = variantMatrix(axes);
    const rowAt = new Map(accepted.map((a) => [variantKey(a.w.size, a.w.colour), a]));

    // The form's rules decide the rest (lengths, the original price above the price, at most 20
    // sizes, 20 colours, 200 variants, 12 pictures).
    const values: ProductFormValues = {
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
      sizes: finalSizes,
      colours,
      stock: matrix.map(({ size, colour }) => {
        const a = rowAt.get(variantKey(size, colour));
        const current = variantByCell.get(variantKey(size, colour));
        return { size, colour, stock: String(a?.w.stock ?? current?.stock ?? 0) };
      }),
      pictures:
        pictureRefs.length > 0
          ? pictureRefs.map((p) => ({ key: p.key, url: p.url, width: p.width, height: p.height, alt: p.alt }))
          : [NO_PICTURE],
      version: existing?.version ?? null,
    };
    const checked = checkProductForm(values);
    if (!checked.ok) {
      const reasons = Object.entries(checked.fieldErrors).map(([field, message]) => {
        const column = FIELD_COLUMN[field.startsWith("stock:") ? "stock" : field] ?? field;
        return `${column}: ${message}`;
      });
      rejectAll(reasons.length > 0 ? reasons : [checked.formError]);
      continue;
    }
    const draft: ProductDraft = { ...checked.draft, pictures: pictureRefs.map((p) => ({ key: p.key, alt: p.alt })) };
    const wantedActive = fields.active ?? existing?.isActive ?? true;
    const noPictureNote =
      wantedActive && pictureRefs.length === 0 && !existing?.isActive
        ? existing
          ? "Stays inactive: it has no picture yet. Add one in the product editor, then make it active."
          : "Created inactive: it has no picture yet. Add one in the product editor, then make it active."
        : null;
    if (noPictureNote) inactiveForPictures += 1;

    // Variants: existing ones keep their SKU; the file's new ones bring theirs; the rest get the rule's.
    const ruleSkus = variantSkus(productSku, axes);
    const op: ProductOp = {
      kind: existing ? "update" : "create",
      sku: productSku,
      productId: existing?.id ?? null,
      version: existing?.version ?? null,
      slug: null,
      draft,
      fieldsChanged: false,
      pictures: pictureRefs,
      picturesChanged: false,
      removedPictures: [],
      newVariants: [],
      stockChanges: [],
      summary: "",
      changes: {},
    };
    const stockAfter: ProductSnapshot["stock"] = [];
    for (const { size, colour } of matrix) {
      const key = variantKey(size, colour);
      const a = rowAt.get(key);
      const current = a?.variant ?? variantByCell.get(key) ?? null;
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

    const before = existing ? snapshotOfRow(existing, currentVariants, currentImages) : null;
    const after: ProductSnapshot = { ...snapshotOf(draft), stock: stockAfter };
    if (existing && before) {
      const fieldsOnlyAfter: ProductSnapshot = { ...after, stock: before.stock, pictures: before.pictures };
      const fieldNotes = productChangeSummary(before, fieldsOnlyAfter);
      op.fieldsChanged = fieldNotes !== "Saved without changes";
      const pictureNote = productChangeSummary(before, { ...before, pictures: after.pictures });
      op.picturesChanged = pictureNote !== "Saved without changes";
      op.removedPictures = currentImages
        .filter((i) => !pictureRefs.some((p) => p.key === i.key))
        .map((i) => ({ key: i.key, url: i.url }));
      const firstAccepted = accepted[0]!.w;
      const productNotes = [
        ...(op.fieldsChanged ? fieldNotes.split("; ") : []),
        ...(op.picturesChanged ? pictureNote.split("; ") : []),
      ];
      if (noPictureNote) productNotes.push(noPictureNote);
      firstAccepted.notes.unshift(...productNotes);
      op.summary = productChangeSummary(before, after);
      op.changes = changedFields(
        before as unknown as Record<string, unknown>,
        after as unknown as Record<string, unknown>,
      );
    } else {
      const firstAccepted = accepted[0]!.w;
      const pieces = stockAfter.reduce((n, s) => n + s.stock, 0);
      firstAccepted.notes.unshift(
        `New product ‘${draft.name}’ in ${CATEGORIES.find((c) => c.slug === draft.category)?.name ?? draft.category} at ${formatPrice(draft.pricePaise)}${draft.originalPricePaise ? ` (was ${formatPrice(draft.originalPricePaise)})` : ""}: ${matrix.length} ${matrix.length === 1 ? "variant" : "variants"}, ${pieces} in stock, ${pictureRefs.length} ${pictureRefs.length === 1 ? "picture" : "pictures"}`,
        ...(noPictureNote ? [noPictureNote] : []),
      );
      op.summary = `Imported ‘${draft.name}’ (${productSku}) at ${formatPrice(draft.pricePaise)}: ${matrix.length} ${matrix.length === 1 ? "variant" : "variants"}, ${pieces} in stock, ${pictureRefs.length} ${pictureRefs.length === 1 ? "picture" : "pictures"}${draft.isActive ? "" : ", inactive"}`;
      op.changes = changedFields({} as Record<string, unknown>, after as unknown as Record<string, unknown>);
    }
    for (const cell of op.newVariants) wantedSkus.add(cell.sku);

    const changed =
      op.kind === "create" ||
      op.fieldsChanged ||
      op.picturesChanged ||
      op.newVariants.length > 0 ||
      op.stockChanges.length > 0;
    if (changed) ops.push(op);
    // rows' kinds: the variant-creating rows, then the rest by their notes
    const newCells = new Set(op.newVariants.map((c) => variantKey(c.size, c.colour)));
    for (const { w } of accepted) {
      if (w.errors.length > 0) continue;
      if (op.kind === "create") w.kind = w === accepted[0]!.w ? "new-product" : "new-variant";
      else if (newCells.has(variantKey(w.size, w.colour))) w.kind = "new-variant";
      // a product the file leaves as it is (its notes only say why, e.g. it has no picture) is unchanged
      else w.kind = changed && w.notes.length > 0 ? "update" : "unchanged";
    }
    // cells the file did not name are made too (every size comes in every colour)
    const unnamed = op.newVariants.filter((c) => !rowAt.has(variantKey(c.size, c.colour)));
    if (unnamed.length > 0 && accepted[0]) {
      const w = accepted[0].w;
      if (w.kind === "unchanged") w.kind = "update";
      w.notes.push(
        `Also adds ${unnamed.map((c) => label(c.size, c.colour)).join(", ")} at stock 0 (every size comes in every colour)`,
      );
    }
  }

  // SKUs by the shop's rule for new cells without one: the rule's, else with -2, -3 ... after it.
  if (derive.length > 0) {
    const candidates = derive.flatMap((d) => [
      d.wanted,
      ...Array.from({ length: 9 }, (_, i) => `${d.wanted}-${i + 2}`),
    ]);
    const used = new Set<string>(wantedSkus);
    for (const part of chunks([...new Set(candidates)])) {
      for (const r of await conn
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(productVariants.sku, part)))
        used.add(r.sku);
    }
    for (const d of derive) {
      const free = [d.wanted, ...Array.from({ length: 9 }, (_, i) => `${d.wanted}-${i + 2}`)].find((c) => !used.has(c));
      if (!free) throw new Error(`no free variant SKU near ${d.wanted}`);
      used.add(free);
      d.cell.sku = free;
      if (d.row) d.row.variantSku = free;
    }
  }
  for (const op of ops) {
    const byCell = new Map(op.newVariants.map((c) => [variantKey(c.size, c.colour), c]));
    for (const w of work) {
      if (w.productSku !== op.sku || w.errors.length > 0) continue;
      const cell = byCell.get(variantKey(w.size, w.colour));
      if (cell) w.notes.push(`New variant ${label(cell.size, cell.colour)} (${cell.sku}), stock ${cell.stock}`);
    }
  }

  // New products' addresses: the name's, else the name's plus the SKU (both unique in the shop).
  const creates = ops.filter((o) => o.kind === "create");
  if (creates.length > 0) {
    const bases = creates.map((o) => slugify(o.draft.name));
    const taken = new Set<string>();
    const all = [...new Set([...bases, ...creates.map((o, i) => `${bases[i]}-${slugify(o.sku)}`)])];
    for (const part of chunks(all))
      for (const r of await conn.select({ slug: products.slug }).from(products).where(inArray(products.slug, part)))
        taken.add(r.slug);
    creates.forEach((o, i) => {
      const base = bases[i]!;
      const options = [
        base,
        `${base}-${slugify(o.sku)}`,
        ...Array.from({ length: 20 }, (_, n) => `${base}-${slugify(o.sku)}-${n + 2}`),
      ];
      const slug = options.find((s) => !taken.has(s))!;
      taken.add(slug);
      o.slug = slug;
    });
  }

  // Rejected rows and their products' other rows never change anything.
  for (const w of work) if (w.errors.length > 0) w.kind = "rejected";
  if (inactiveForPictures > 0)
    fileNotes.push(
      `${inactiveForPictures} ${inactiveForPictures === 1 ? "product has" : "products have"} no picture and ${inactiveForPictures === 1 ? "stays" : "stay"} inactive until one is added in the product editor.`,
    );

  const counts: ImportCounts = {
    rows: work.length,
    newProducts: ops.filter((o) => o.kind === "create").length,
    updatedProducts: ops.filter((o) => o.kind === "update").length,
    newVariants: ops.reduce((n, o) => n + o.newVariants.length, 0),
    stockChanges: ops.reduce((n, o) => n + o.stockChanges.length, 0),
    unchanged: work.filter((w) => w.kind === "unchanged").length,
    rejected: work.filter((w) => w.kind === "rejected").length,
  };
  const reportRows: ReportRow[] = work.map((w) => ({
    row: w.row,
    productSku: w.productSku,
    variantSku: w.variantSku,
    size: w.size,
    colour: w.colour,
    kind: w.kind,
    notes: w.kind === "rejected" ? w.errors : w.notes,
  }));
  const digest = createHash("sha256")
    .update(
      JSON.stringify({
        file: csv.sha256,
        rows: reportRows.map((r) => [r.row, r.kind, r.variantSku, r.notes]),
        products: ops.map((o) => [o.sku, o.productId, o.version, o.slug, o.summary]),
        stock: ops.flatMap((o) => o.stockChanges.map((s) => [s.variantId, s.before, s.after])),
      }),
    )
    .digest("hex");
  const listed = reportRows.filter((r) => r.kind !== "unchanged");
  return {
    ops,
    report: {
      fileName: csv.fileName,
      bytes: csv.bytes,
      counts,
      rows: listed.slice(0, IMPORT_REPORT_ROWS),
      rowsOmitted: Math.max(0, listed.length - IMPORT_REPORT_ROWS),
      ignoredColumns: csv.ignoredColumns,
      notes: fileNotes,
      digest,
    },
  };
}

/* ================= dry run and apply ================= */

/** The dry run: what the file would change and what is rejected, changing nothing. */
export async function dryRunImport(db: Db, csv: ParsedCsv, ctx: ImportContext): Promise<ImportReport> {
  return (await planImport(db, csv, ctx)).report;
}

export type ApplyResult =
  | { ok: true; report: ImportReport; pictureCleanupFailed: boolean }
  | { ok: false; reason: "changed"; report: ImportReport }
  | { ok: false; reason: "nothing"; report: ImportReport };

class PlanChanged extends Error {
  constructor(readonly report: ImportReport) {
    super("the import's plan changed since its dry run");
  }
}

class NothingToApply extends Error {
  constructor(readonly report: ImportReport) {
    super("nothing to apply");
  }
}

/** Products are inserted this many to a statement (about 20 parameters each). */
const PRODUCTS_PER_INSERT = 500;

async function applyPlan(tx: Tx, staff: Actor, plan: ImportPlan, csv: ParsedCsv, now: Date): Promise<void> {
  const creates = plan.ops.filter((o) => o.kind === "create");
  for (const part of chunks(creates, PRODUCTS_PER_INSERT)) {
    const inserted = await tx
      .insert(products)
      .values(
        part.map((o) => ({ ...productColumns(o.draft), sku: o.sku, slug: o.slug!, createdAt: now, updatedAt: now })),
      )
      .returning({ id: products.id, sku: products.sku });
    const ids = new Map(inserted.map((r) => [r.sku, r.id]));
    for (const o of part) o.productId = ids.get(o.sku)!;
  }

  // The uploads the products take now are claimed in this transaction (only this staff member's own).
  const fresh = plan.ops.flatMap((o) => o.pictures.filter((p) => p.fresh).map((p) => p.key));
  if (fresh.length > 0) await claimUploads(tx, fresh, staff.id);

  // Fields or pictures changed: the version rises, so an editor open on the product is refused on
  // save instead of undoing the import. Counts alone do not: the editor writes only the cells staff changed.
  for (const o of plan.ops) {
    if (o.kind !== "update" || !(o.fieldsChanged || o.picturesChanged)) continue;
    await tx
      .update(products)
      .set({ ...productColumns(o.draft), version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, o.productId!));
  }

  const picturesToWrite = plan.ops.filter(
    (o) => (o.kind === "create" && o.pictures.length > 0) || (o.kind === "update" && o.picturesChanged),
  );
  if (picturesToWrite.length > 0) {
    const updated = picturesToWrite.filter((o) => o.kind === "update").map((o) => o.productId!);
    for (const part of chunks(updated)) await tx.delete(productImages).where(inArray(productImages.productId, part));
    const rows = picturesToWrite.flatMap((o) =>
      o.pictures.map((p, position) => ({
        productId: o.productId!,
        key: p.key,
        url: p.url,
        width: p.width,
        height: p.height,
        position,
        alt: p.alt || (position === 0 ? o.draft.name : `${o.draft.name}, picture ${position + 1}`),
      })),
    );
    for (const part of chunks(rows)) await tx.insert(productImages).values(part);
  }

  // Variants through the stock module: new ones with their starting stock, then the counts.
  for (const o of plan.ops) if (o.newVariants.length > 0) await addVariants(tx, o.productId!, o.newVariants);
  const rises: StockLine[] = [];
  const falls: StockLine[] = [];
  for (const o of plan.ops) {
    for (const s of o.stockChanges) {
      if (s.after > s.before) rises.push({ variantId: s.variantId, quantity: s.after - s.before });
      else falls.push({ variantId: s.variantId, quantity: s.before - s.after });
    }
  }
  // A stock take, like setVariantStock, batched: the products are locked, so the counts read in the
  // plan are the counts now. A rise from 0 answers the shoppers waiting for that size.
  for (const part of chunks(rises, 5000)) {
    const released = await releaseStock(tx, part, now);
    if (!released.ok) throw new Error(`stock of variant ${released.variantId} could not be raised`);
  }
  for (const part of chunks(falls, 5000)) {
    const reserved = await reserveStock(tx, part);
    if (!reserved.ok) throw new Error(`stock of variant ${reserved.variantId} could not be lowered`);
  }

  for (const o of plan.ops) {
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: o.productId!,
      action: o.kind === "create" ? "import-create" : "import-update",
      summary: `CSV import: ${o.summary}`,
      changes: o.changes,
    });
  }
  const c = plan.report.counts;
  await recordAudit(tx, staff, {
    entity: "product",
    entityId: `import:${plan.report.digest.slice(0, 16)}`,
    action: "import",
    summary: `Imported ${csv.fileName || "a CSV file"} (${c.rows} rows): ${c.newProducts} new products, ${c.updatedProducts} updated, ${c.newVariants} new variants, ${c.stockChanges} stock changes, ${c.unchanged} rows unchanged, ${c.rejected} rejected`,
    changes: { file: { before: null, after: { name: csv.fileName, bytes: csv.bytes, sha256: csv.sha256 } } },
  });
}

export interface ApplyDeps {
  storage: MediaStorage;
}

/**
 * Applies the file if, planned again now under the products' locks, it would do exactly what the
 * dry run with `digest` showed; otherwise nothing is changed and the new plan is answered. One
 * transaction: all of it or none of it.
 */
export async function applyImport(
  db: Db,
  staff: Actor,
  csv: ParsedCsv,
  digest: string,
  ctx: ImportContext,
  deps: ApplyDeps,
): Promise<ApplyResult> {
  const now = ctx.now ?? new Date();
  let plan: ImportPlan;
  try {
    plan = await db.transaction(async (tx) => {
      const planned = await planImport(tx, csv, { ...ctx, now }, true);
      if (planned.report.digest !== digest) throw new PlanChanged(planned.report);
      if (planned.ops.length === 0) throw new NothingToApply(planned.report);
      await applyPlan(tx, staff, planned, csv, now);
      return planned;
    });
  } catch (error) {
    if (error instanceof PlanChanged) return { ok: false, reason: "changed", report: error.report };
    if (error instanceof NothingToApply) return { ok: false, reason: "nothing", report: error.report };
    throw error;
  }
  stockCommitted();

  // Pictures taken off a product go from storage after the commit, unless an order shows them.
  const removed = plan.ops.flatMap((o) => o.removedPictures);
  const shown = await picturesShownByOrders(
    db,
    removed.map((p) => p.url),
  );
  const pictureCleanupFailed = !(await removeStoredPictures(
    deps.storage,
    removed.filter((p) => !shown.has(p.url)).map((p) => p.key),
  ));
  return { ok: true, report: plan.report, pictureCleanupFailed };
}
