/**
 * The catalog module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export { notifyMeSchema } from "./back-in-stock-input";
export { NOTIFY_INTENT } from "./back-in-stock";
export { PACKAGE_DEFAULTS, type PackedSize, packedSizeOf } from "./package";
export {
  AVAILABILITY,
  COLOURS_BEFORE_MORE,
  FACET_PARAMS,
  type FacetKey,
  hasActiveFilters,
  type ListFilters,
  listQuery,
  offeredSorts,
  PRICE_RANGES,
  priceRangesWithin,
  PRICE_SLIDER,
  type SortBy,
} from "./filters";
export {
  changeCount,
  CSV_COLUMNS,
  CSV_MESSAGES,
  EXPORT_PATH,
  type ExportFilters,
  exportHref,
  formatBytes,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PATH,
  IMPORT_REQUEST_OVERHEAD,
  type ImportAnswer,
  type ImportCounts,
  type ImportReport,
  type ReportRow,
  type RowKind,
} from "./product-csv";
export {
  addCustomColour,
  addCustomSize,
  ADMIN_SIZES,
  type AdminListParams,
  adminListQuery,
  type AdminProductListItem,
  type AdminProductPage,
  BADGE_SUGGESTIONS,
  checkProductForm,
  type ColourValue,
  emptyProductForm,
  FABRIC_SUGGESTIONS,
  type FieldErrors,
  FIT_SUGGESTIONS,
  LIMITS,
  OCCASION_PRESETS,
  orderSizes,
  PACKAGE_PARTS,
  type PackageField,
  packagePlaceholder,
  paiseToRupeesText,
  parseAdminListParams,
  parseProductFormValues,
  type PictureValue,
  PRESET_COLOURS,
  PRODUCT_MESSAGES,
  type ProductForEdit,
  type ProductFormValues,
  rupeesTextToPaise,
  saveBlocker,
  skuPrefix,
  type StockCell,
  stockCells,
  stockField,
  stockLabel,
  stockLevel,
} from "./product-form";
export { quickAddLine, quickAddStock } from "./quick-add";
export { productJsonLd, productMeta } from "./seo";
export { sizeChartFor } from "./size-chart";
export {
  cardData,
  CATEGORIES,
  CATEGORY_NAMES,
  type Facets,
  type FacetValue,
  type ListNotice,
  PAGE_NOT_FOUND,
  type ProductCardData,
  type ProductDetailView,
  type ProductImageView,
  type ReviewSummary,
  type ShopperProduct,
} from "./types";
export {
  colourSoldOut,
  DEFAULT_COLOUR,
  DEFAULT_SIZE,
  initialChoice,
  LOW_STOCK,
  type ProductVariantView,
  sizeSoldOut,
  stockOf,
  variantAxes,
  variantKey,
  variantMatrix,
  variantSkus,
  type VariantStock,
} from "./variants";
export { normaliseSearchTerm, productsSearchHref } from "./search-terms";
export type { OrderHistory } from "./order-history";
export { SEARCH_DEBOUNCE_MS, SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";
