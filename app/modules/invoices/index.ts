/**
 * The invoices module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export { type CategoryTaxRow } from "./defaults";
export {
  bpToPercentInput,
  type CategoryTaxView,
  describeRule,
  paiseToRupeesInput,
  parseTaxForm,
  TAX_MESSAGES,
  type TaxAnswer,
  taxFormValues,
  type TaxFormValues,
} from "./tax-form";
export { indiaDate } from "./tax";
