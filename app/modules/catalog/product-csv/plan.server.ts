import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.server";
import { IMPORT_REPORT_ROWS, type ImportCounts, type ImportReport, type ReportRow } from "../product-csv";
import { slugify } from "../product-form";
import { products, productVariants } from "../schema.server";
import { variantKey } from "../variants";
import { storedForm } from "./addresses.server";
import { chunks } from "./batches.server";
import type { ImportContext, ImportPlan, ProductOp, Work } from "./plan-types.server";
import { splitPictures } from "./product-fields.server";
import { planProduct, type DerivedSku, type FilePlan } from "./product-plan.server";
import type { ParsedCsv } from "./read.server";
import { label, readRow, rejectDuplicates, SKU } from "./rows.server";
import { loadPictures, loadShop } from "./shop.server";

/*
 * The import's second step: the whole file planned against the shop as it is now. The plan is the
 * dry run's report (with a digest of everything it would do) and, for apply, what to do per product.
 */

/** The stored form of every picture the file names, looked up once for the whole file. */
function picturesNamed(work: readonly Work[], csv: ParsedCsv, ctx: ImportContext): string[] {
  const pictureUrls = new Set<string>();
  if (csv.columns.has("pictures")) {
    for (const w of work)
      for (const u of splitPictures(w.cells.pictures ?? "")) pictureUrls.add(storedForm(u, ctx.baseUrl) ?? u);
  }
  return [...pictureUrls];
}

/** The rows with a good product SKU, by product, in file order. */
function groupByProduct(work: readonly Work[]): Map<string, Work[]> {
  const groups = new Map<string, Work[]>();
  for (const w of work) {
    if (!w.productSku || !SKU.test(w.productSku)) continue;
    groups.set(w.productSku, [...(groups.get(w.productSku) ?? []), w]);
  }
  return groups;
}

/** SKUs by the shop's rule for new cells without one: the rule's, else with -2, -3 ... after it. */
async function deriveVariantSkus(conn: Db | Tx, derive: readonly DerivedSku[], wantedSkus: Set<string>) {
  if (derive.length === 0) return;
  const candidates = derive.flatMap((d) => [d.wanted, ...Array.from({ length: 9 }, (_, i) => `${d.wanted}-${i + 2}`)]);
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

/** Each row that makes a variant says so, with the SKU it gets. */
function noteNewVariants(ops: readonly ProductOp[], work: readonly Work[]): void {
  for (const op of ops) {
    const byCell = new Map(op.newVariants.map((c) => [variantKey(c.size, c.colour), c]));
    for (const w of work) {
      if (w.productSku !== op.sku || w.errors.length > 0) continue;
      const cell = byCell.get(variantKey(w.size, w.colour));
      if (cell) w.notes.push(`New variant ${label(cell.size, cell.colour)} (${cell.sku}), stock ${cell.stock}`);
    }
  }
}

/** New products' addresses: the name's, else the name's plus the SKU (both unique in the shop). */
async function assignSlugs(conn: Db | Tx, ops: readonly ProductOp[]): Promise<void> {
  const creates = ops.filter((o) => o.kind === "create");
  if (creates.length === 0) return;
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

/** The dry run's report of the planned file, with the digest apply compares. */
function planReport(csv: ParsedCsv, work: readonly Work[], file: FilePlan): ImportReport {
  const { ops, inactiveForPictures } = file;
  const fileNotes: string[] = [];
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
    fileName: csv.fileName,
    bytes: csv.bytes,
    counts,
    rows: listed.slice(0, IMPORT_REPORT_ROWS),
    rowsOmitted: Math.max(0, listed.length - IMPORT_REPORT_ROWS),
    ignoredColumns: csv.ignoredColumns,
    notes: fileNotes,
    digest,
  };
}

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
  const pictures = await loadPictures(conn, picturesNamed(work, csv, ctx), ctx.baseUrl);

  const file: FilePlan = { ops: [], derive: [], wantedSkus: new Set(fileVariantSkus), inactiveForPictures: 0 };
  for (const [productSku, rows] of groupByProduct(work))
    planProduct(productSku, rows, { csv, ctx, shop, pictures }, file);

  await deriveVariantSkus(conn, file.derive, file.wantedSkus);
  noteNewVariants(file.ops, work);
  await assignSlugs(conn, file.ops);

  // Rejected rows and their products' other rows never change anything.
  for (const w of work) if (w.errors.length > 0) w.kind = "rejected";
  return { ops: file.ops, report: planReport(csv, work, file) };
}

/** The dry run: what the file would change and what is rejected, changing nothing. */
export async function dryRunImport(db: Db, csv: ParsedCsv, ctx: ImportContext): Promise<ImportReport> {
  return (await planImport(db, csv, ctx)).report;
}
