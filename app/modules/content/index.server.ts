/**
 * The content module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { subscribeToNewsletter } from "./newsletter.server";
export { type ReturnPolicyFacts, returnPolicyFacts } from "./return-policy.server";
export { loadSettingsForEdit, saveStoreSettings } from "./settings-admin.server";
export {
  cachedStoreSettings,
  ensureStoreSettings,
  fillTaxIdentityIfEmpty,
  forgetCachedStoreSettings,
  getStoreSettings,
  hasStoreSettings,
  type StoreSettings,
} from "./settings.server";
