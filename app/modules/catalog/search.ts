/** The suggestion overlay's rules, shared by the overlay (browser) and the suggestion route (server). */

export const SEARCH_MAX_SUGGESTIONS = 8;
export const SEARCH_DEBOUNCE_MS = 100;

export interface SearchSuggestion {
  id: string;
  name: string;
  brand: string;
  category: string;
  categoryName: string;
  pricePaise: number;
  /** a small picture (400 px wide variant) or null when the product has none */
  imageUrl: string | null;
}
