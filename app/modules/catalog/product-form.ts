/*
 * The admin's product form: its constants, messages and one set of rules used twice, by the editor in
 * the browser (live hints, the save button) and by the server action (the authority, which recomputes
 * everything). Safe for the browser; only the admin's chunks import it (it brings zod).
 *
 * The parts live in product-form/: presets.ts (sizes, colours, limits, messages), values.ts (the
 * form's and the draft's shapes), money.ts, grid.ts (sizes, colours, the stock grid, names),
 * packing.ts (the packed parcel's weight and sizes), check.ts (the rules), admin-pages.ts (what the
 * admin's pages receive, the list's address) and change-summary.ts (the audit line).
 */
export {
  adminListQuery,
  ADMIN_PER_PAGE,
  parseAdminListParams,
  type AdminListParams,
  type AdminProductListItem,
  type AdminProductPage,
  type EditVariant,
  type ProductForEdit,
} from "./product-form/admin-pages";
export { productChangeSummary } from "./product-form/change-summary";
export { checkProductForm, parseProductFormValues, saveBlocker, stockField } from "./product-form/check";
export {
  addCustomColour,
  addCustomSize,
  emptyProductForm,
  orderSizes,
  skuPrefix,
  slugify,
  stockCells,
} from "./product-form/grid";
export { paiseToRupeesText, rupeesTextToPaise } from "./product-form/money";
export { PACKAGE_PARTS, packagePlaceholder, packageText, type PackageField } from "./product-form/packing";
export {
  ADMIN_SIZES,
  BADGE_SUGGESTIONS,
  DEFAULT_CATEGORY,
  FABRIC_SUGGESTIONS,
  FIT_SUGGESTIONS,
  LIMITS,
  OCCASION_PRESETS,
  PRESET_COLOURS,
  PRODUCT_MESSAGES,
  STOCK_PLENTY_ABOVE,
  stockLabel,
  stockLevel,
  type StockLevel,
} from "./product-form/presets";
export type {
  ColourValue,
  FieldErrors,
  FormCheck,
  PictureValue,
  ProductDraft,
  ProductFormValues,
  ProductSnapshot,
  StockCell,
} from "./product-form/values";
