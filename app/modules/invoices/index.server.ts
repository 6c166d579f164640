/**
 * The invoices module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  hasCreditNote,
  issueCreditNote,
  issueReturnCreditNote,
  previewReturnCredit,
  taxDocumentsOf,
} from "./credit-notes.server";
export {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteDownload,
  findOrderRef,
  findShopperOrderRef,
  INVOICE_NOT_FOUND,
  invoiceDownload,
  invoiceResponse,
} from "./download.server";
export { canDownloadInvoice, issueInvoiceAtConfirmation } from "./invoices.server";
export {
  applyDemoTaxIdentity,
  cancelScheduledTax,
  categorySlugs,
  ensureCategoryTax,
  listCategoryTax,
  saveCategoryTax,
} from "./tax-settings.server";
