/**
 * The credit module's public face for code outside it that may also run in the browser: the words
 * of the ledger's entries and the staff's adjustment form. Server code imports index.server.ts.
 */
export {
  type AdjustFormField,
  type AdjustFormResult,
  formatCreditAmount,
  MAX_ADJUSTMENT_PAISE,
  parseAdjustForm,
  STORE_CREDIT_KIND_LABELS,
  STORE_CREDIT_MESSAGES,
  type StoreCreditEntry,
  type StoreCreditEntryView,
  type StoreCreditKind,
  type StoreCreditSummary,
} from "./credit";
