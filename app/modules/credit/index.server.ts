/**
 * The credit module's public face for server code outside it (loaders, actions, other modules'
 * server files): the store-credit ledger of decision 042. Browser-safe names are in index.ts.
 * Nothing here may reach a browser bundle.
 */
export { expireStoreCredit, startStoreCreditExpiry, stopStoreCreditExpiry } from "./expiry.server";
export {
  adjustStoreCredit,
  type AdjustResult,
  issueStoreCredit,
  restoreStoreCredit,
  spendStoreCredit,
  storeCreditBalance,
  storeCreditEntries,
  storeCreditSummary,
} from "./ledger.server";
export type { StoreCreditEntry, StoreCreditKind } from "./credit";
