/*
 * Products as CSV (decision 023). One row per variant: the product's
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
 *
 * The steps live in product-csv/: export.server.ts, then for an import read.server.ts (the upload and
 * its rows), plan.server.ts (the dry run: rows, then each product in product-plan.server.ts and the
 * parts next to it) and apply.server.ts.
 */

export { applyImport, type ApplyDeps, type ApplyResult } from "./product-csv/apply.server";
export { guardCell, unguardCell } from "./product-csv/cells.server";
export { exportFileName, exportProductsCsv, exportRecords, type ExportDeps } from "./product-csv/export.server";
export type { ImportContext, ImportPlan } from "./product-csv/plan-types.server";
export { dryRunImport, planImport } from "./product-csv/plan.server";
export {
  readImportUpload,
  readProductsCsv,
  type CsvRow,
  type ParsedCsv,
  type ReadResult,
  type UploadResult,
} from "./product-csv/read.server";
