import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { formatPrice } from "~/modules/pricing";
import {
  normaliseSearchTerm,
  productsSearchHref,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_SUGGESTIONS,
  type SearchSuggestion,
} from "~/modules/catalog";
import { CloseIcon, SearchIcon } from "~/components/ui/icons";
import { useModalDialog } from "./use-modal-dialog";

const SEARCH_PLACEHOLDER = "Search products, categories, brands...";

interface SuggestResponse {
  term: string;
  suggestions: SearchSuggestion[];
}

export function SearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [term, setTerm] = useState("");
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  // Closing (Escape, backdrop, close button, a chosen result) clears the term.
  const close = () => {
    setTerm("");
    setActive(-1);
    onClose();
  };
  const ref = useModalDialog(open, close);
  // The overlay's form is drawn when it first opens, not into every page's HTML (decision 028).
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const { query, answered, suggestions, searching } = useSuggestions(term);

  const go = (to: string) => {
    close();
    navigate(to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // A search box would spend Escape on clearing itself; here Escape closes the overlay (which clears it).
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (suggestions.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0 && suggestions[active]) {
      event.preventDefault();
      go(`/product/${suggestions[active].id}`);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label="Search"
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-ink/40"
    >
      {drawn ? (
        <div className="max-h-dvh overflow-y-auto bg-ivory shadow-2xl transition-[translate,opacity] duration-200 ease-out motion-reduce:transition-none starting:-translate-y-4 starting:opacity-0">
          <div className="mx-auto max-w-3xl px-4 pt-4 pb-6 sm:px-8 sm:pt-8">
            <form
              role="search"
              action="/products"
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                const value = term.trim();
                if (value) go(productsSearchHref(value));
              }}
              className="flex items-center gap-3 border-b-2 border-ink pb-2"
            >
              <SearchIcon className="h-5 w-5 shrink-0 text-stone" />
              <label htmlFor={`${listId}-input`} className="sr-only">
                Search the shop
              </label>
              <input
                ref={inputRef}
                id={`${listId}-input`}
                type="search"
                name="search"
                value={term}
                onChange={(event) => {
                  setTerm(event.target.value);
                  setActive(-1);
                }}
                onKeyDown={onKeyDown}
                placeholder={SEARCH_PLACEHOLDER}
                autoComplete="off"
                enterKeyHint="search"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={suggestions.length > 0}
                aria-controls={`${listId}-list`}
                aria-activedescendant={active >= 0 ? `${listId}-option-${active}` : undefined}
                className="min-w-0 flex-1 bg-transparent py-2 text-lg text-ink placeholder:text-stone focus:outline-none sm:text-xl [&::-webkit-search-cancel-button]:hidden"
              />
              <button
                type="button"
                onClick={close}
                className="rounded-full p-2 text-ink hover:text-maroon"
                aria-label="Close search"
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            </form>
            <SearchResults
              listId={listId}
              query={query}
              answered={answered}
              searching={searching}
              suggestions={suggestions}
              active={active}
              onChoose={close}
            />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The suggestions for the term: asked for after a pause in the typing; the last ones stay while the next are on their way. */
function useSuggestions(term: string) {
  const fetcher = useFetcher<SuggestResponse>({ key: "search-suggest" });
  const query = normaliseSearchTerm(term);
  const { load } = fetcher;
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(() => load(`/api/search/suggest?q=${encodeURIComponent(query)}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const answered = query !== null && fetcher.data?.term === query;
  // While the next answer is on its way the previous suggestions stay, so the list does not flicker.
  const suggestions = query !== null ? (fetcher.data?.suggestions ?? []).slice(0, SEARCH_MAX_SUGGESTIONS) : [];
  // nothing to show yet: the first answer is on its way
  const searching = query !== null && !answered && !fetcher.data;
  return { query, answered, suggestions, searching };
}

/** What the search found: nothing, 'Searching...', or the suggestions with a link to every result. */
function SearchResults({
  listId,
  query,
  answered,
  searching,
  suggestions,
  active,
  onChoose,
}: {
  listId: string;
  query: string | null;
  /** the answer for this very term has come */
  answered: boolean;
  /** waiting for a first answer */
  searching: boolean;
  suggestions: SearchSuggestion[];
  active: number;
  /** a suggestion or 'View all' was followed: the overlay closes */
  onChoose: () => void;
}) {
  return (
    <>
      <div aria-live="polite" className="mt-4">
        {answered && suggestions.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-display text-2xl text-ink">No products found</p>
            <p className="mt-2 text-sm text-stone">Try searching with different keywords</p>
          </div>
        ) : null}
        {searching ? <p className="py-6 text-center text-sm text-stone">Searching...</p> : null}
      </div>

      <ul
        id={`${listId}-list`}
        role="listbox"
        aria-label="Suggestions"
        className={suggestions.length ? "divide-y divide-linen" : "hidden"}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-option-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? "bg-sand" : undefined}
          >
            <Link
              to={`/product/${s.id}`}
              onClick={() => onChoose()}
              tabIndex={-1}
              className="flex items-center gap-4 px-2 py-3 hover:bg-sand/70"
              data-testid="search-suggestion"
            >
              {s.imageUrl ? (
                <img
                  src={s.imageUrl}
                  alt=""
                  width={48}
                  height={64}
                  loading="lazy"
                  className="h-16 w-12 shrink-0 bg-sand object-cover"
                />
              ) : (
                <span className="h-16 w-12 shrink-0 bg-sand" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-ink">{s.name}</span>
                <span className="mt-0.5 block truncate text-xs tracking-[0.14em] text-stone uppercase">
                  {s.categoryName} · {s.brand}
                </span>
              </span>
              <span className="shrink-0 text-sm text-ink">{formatPrice(s.pricePaise)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {suggestions.length > 0 && query ? (
        <Link
          to={productsSearchHref(query)}
          onClick={() => onChoose()}
          className="mt-4 block border-t border-linen pt-4 text-center text-xs font-medium tracking-[0.2em] text-ink uppercase hover:text-maroon"
        >
          View all results for &lsquo;{query}&rsquo;
        </Link>
      ) : null}
    </>
  );
}
