/**
 * The search module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export {
  matchCondition,
  relevanceOrder,
  searchMode,
  type SearchMode,
  searchTerm,
  type SearchTerm,
  withSearchSettings,
} from "./match.server";
export { searchSuggestions } from "./search.server";
