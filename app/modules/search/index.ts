/**
 * The search module's public face for code outside it that may also run in the browser: the
 * suggestion overlay's rules. How a term matches products is the catalogue's (catalog/match.server.ts).
 */
export { SEARCH_DEBOUNCE_MS, SEARCH_MAX_SUGGESTIONS, type SearchSuggestion } from "./search";
