import type { CsvColumnKey } from "../product-csv";
import { ADMIN_SIZES, LIMITS, PRESET_COLOURS } from "../product-form";
import { DEFAULT_COLOUR, DEFAULT_SIZE } from "../variants";
import { oneLine } from "./cells.server";
import type { Work } from "./plan-types.server";
import type { CsvRow } from "./read.server";

/* The plan's first look at the file: each row's own cells, and rows that name the same variant twice. */

/** A product or variant SKU the file may give (the row reads it in upper case). */
export const SKU = /^[A-Z0-9][A-Z0-9._/-]{0,59}$/;
const HEX = /^#?([0-9a-f]{6})$/i;

const presetSize = (s: string) =>
  ADMIN_SIZES.find((p) => p.toLowerCase() === s.toLowerCase()) ??
  (s.toLowerCase() === DEFAULT_SIZE.toLowerCase() ? DEFAULT_SIZE : s);
const presetColour = (c: string) =>
  PRESET_COLOURS.find((p) => p.name.toLowerCase() === c.toLowerCase())?.name ??
  (c.toLowerCase() === DEFAULT_COLOUR.toLowerCase() ? DEFAULT_COLOUR : c);
export const label = (size: string, colour: string) => `${size} / ${colour}`;

function rowsText(rows: readonly number[]): string {
  const list = rows.slice(0, 5).join(", ");
  return rows.length > 5 ? `${list} and ${rows.length - 5} more` : list;
}

/** The row's own cells: SKUs, size, colour, shade and stock. Product fields are checked per product. */
export function readRow(row: CsvRow): Work {
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
export function rejectDuplicates(rows: Work[]): void {
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
