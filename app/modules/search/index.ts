/**
 * The search module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  normaliseSearchTerm,
  productsSearchHref,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_SUGGESTIONS,
  type SearchSuggestion,
} from "./search";
