/**
 * The catalog module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { askBackInStock, expireBackInStockRequests } from "./back-in-stock.server";
export { listPageTags, loadListPage } from "./list-page.server";
export { packedSizesOf } from "./packages.server";
export { listRelated } from "./list.server";
export {
  deleteOrArchiveProduct,
  listAdminProducts,
  loadProductForEdit,
  nextSkuNumber,
  saveProduct,
} from "./product-admin.server";
export { applyImport, dryRunImport, exportFileName, exportProductsCsv, readImportUpload } from "./product-csv.server";
export {
  countProducts,
  createProduct,
  ensureCategories,
  existingProductIds,
  findProductBySkuOrSlug,
  findProductIdBySlug,
  fitAdviceAllowed,
  getProduct,
  getShopperProducts,
  getShopperProductsWithVariantIds,
  shopperProductShown,
  isProductId,
  listActiveProductIds,
  listCategories,
  listNewArrivals,
  productCategories,
  storeReviewSummary,
  type StoredReviewSummary,
} from "./products.server";
export { createVariants, ORDER_PURGE_GRACE_MS, releaseStock, reserveStock, setVariantStock } from "./stock.server";
export { forgetFacets } from "./facet-cache.server";
export { findVariantBySku, lineAvailability, lineKey, variantsOf } from "./variants.server";
export { searchSuggestions } from "./search.server";
export { catalogueAddresses } from "./warm-addresses.server";
