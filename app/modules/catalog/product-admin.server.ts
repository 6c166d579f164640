/*
 * The admin's catalogue functions: the list with search and paging in SQL, the editor's load, create
 * and update (one transaction each, refused when the form started from an older version), delete or
 * archive. Stock goes only through stock.server.ts (decision 015), so a size that comes back from 0
 * texts the shoppers waiting for it, and the derived product columns stay right. Every change writes
 * one audit row in its own transaction; after the commit the page cache, the facet counts and the
 * outbox are told (the stock functions and `catalogueChanged` register that with the transaction).
 *
 * Whether a product or variant was ever ordered decides between deleting and keeping it; the orders
 * module answers that through the `OrderHistory` the caller passes in.
 *
 * The parts live in product-admin/: list.server.ts, load.server.ts, then for saving shared.server.ts
 * (answers, columns, pictures, free SKUs and slugs), create.server.ts, update.server.ts and
 * save.server.ts (the save and the delete that routes call).
 */

export { listAdminProducts } from "./product-admin/list.server";
export { loadProductForEdit, nextSkuNumber } from "./product-admin/load.server";
export { deleteOrArchiveProduct, saveProduct, type DeleteResult } from "./product-admin/save.server";
export { productColumns, snapshotOf, type SaveDeps, type SaveResult } from "./product-admin/shared.server";
