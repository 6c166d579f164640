import { Link } from "react-router";
import {
  CATEGORIES,
  hasActiveFilters,
  listQuery,
  offeredSorts,
  type Facets,
  type ListFilters,
  type ProductCardData,
  type SortBy,
} from "~/modules/catalog";
import { ProductCard } from "./product-card";
import { FilterIcon, GridIcon, ListIcon } from "./product-icons";

type ListCategory = { slug: string; name: string; description: string } | null;

/** The list's title: the search, the collection (with its description), or 'Our Collections'. */
export function ListHeading({ filters, category }: { filters: ListFilters; category: ListCategory }) {
  return (
    <header className="mb-10 text-center">
      <p className="eyebrow">{filters.search ? "Search" : category ? "Collection" : "Shop"}</p>
      <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">
        {filters.search ? (
          <>Results for &lsquo;{filters.search}&rsquo;</>
        ) : category ? (
          category.name
        ) : (
          "Our Collections"
        )}
      </h1>
      {category && !filters.search ? (
        <p className="mx-auto mt-4 max-w-xl text-sm leading-relaxed text-stone">{category.description}</p>
      ) : null}
    </header>
  );
}

/** 'All' and a chip per category, keeping the search and the layout. */
export function CategoryNav({ filters, category }: { filters: ListFilters; category: ListCategory }) {
  return (
    <nav
      aria-label="Categories"
      className="mb-8 flex [scrollbar-width:none] gap-2 overflow-x-auto pb-2 sm:block sm:text-center sm:[text-wrap:balance]"
    >
      <CategoryChip
        to={`/products${listQuery({ search: filters.search, view: filters.view })}`}
        active={!category}
        label="All"
      />
      {CATEGORIES.map((c) => (
        <CategoryChip
          key={c.slug}
          to={`/products${listQuery({ category: c.slug, search: filters.search, view: filters.view })}`}
          active={category?.slug === c.slug}
          label={c.name}
        />
      ))}
    </nav>
  );
}

/** How many products were found, the filters button (phones), the sort and the grid or list layout. */
export function ListToolbar({
  total,
  loading,
  activeCount,
  filters,
  facets,
  onOpenFilters,
  go,
}: {
  total: number;
  loading: boolean;
  /** how many filters are applied, shown on the phones' filters button */
  activeCount: number;
  filters: ListFilters;
  facets: Facets;
  onOpenFilters: () => void;
  go: (next: Partial<ListFilters>) => void;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-linen pb-4">
      <p className="text-sm text-stone" role="status" aria-live="polite">
        {loading ? "Loading products..." : `${total} product${total === 1 ? "" : "s"} found`}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={onOpenFilters}
          className="flex items-center gap-2 border border-linen px-3 py-2 text-[0.7rem] tracking-[0.18em] text-ink uppercase hover:border-ink lg:hidden"
          aria-haspopup="dialog"
        >
          <FilterIcon className="h-4 w-4" />
          Filters{activeCount > 0 ? ` (${activeCount})` : ""}
        </button>
        <label className="sr-only" htmlFor="sort-by">
          Sort by
        </label>
        <select
          id="sort-by"
          value={filters.sortBy === "relevance" ? "" : filters.sortBy}
          onChange={(e) =>
            go({ sortBy: (e.target.value || "relevance") as SortBy, sortChosen: e.target.value !== "", page: 1 })
          }
          className="border border-linen bg-ivory px-3 py-2 text-sm text-ink hover:border-ink"
        >
          {filters.search ? <option value="">Relevance</option> : null}
          {offeredSorts(facets).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <div className="flex border border-linen" role="group" aria-label="Layout">
          <ViewButton active={filters.view === "grid"} label="Grid view" onClick={() => go({ view: "grid" })}>
            <GridIcon className="h-4 w-4" />
          </ViewButton>
          <ViewButton active={filters.view === "list"} label="List view" onClick={() => go({ view: "list" })}>
            <ListIcon className="h-4 w-4" />
          </ViewButton>
        </div>
      </div>
    </div>
  );
}

/** The cards in a grid or a list; when nothing matches, says so (with a way back to everything). */
export function ListResults({
  items,
  filters,
  category,
  loading,
}: {
  items: ProductCardData[];
  filters: ListFilters;
  category: ListCategory;
  loading: boolean;
}) {
  return (
    <div className={`transition-opacity ${loading ? "opacity-50" : ""}`} aria-busy={loading}>
      {items.length === 0 ? (
        <div className="py-20 text-center">
          <p className="text-stone">No products found matching your criteria</p>
          {hasActiveFilters(filters) || filters.search || category ? (
            <Link to="/products" className="btn-outline mt-8">
              View all products
            </Link>
          ) : null}
        </div>
      ) : null}
      {items.length > 0 ? <h2 className="sr-only">Products</h2> : null}
      {items.length === 0 ? null : filters.view === "list" ? (
        <div className="space-y-6" data-testid="product-list">
          {items.map((product, i) => (
            <ProductCard key={product.id} product={product} priority={i < 2} layout="list" discover={i === 0} />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3" data-testid="product-grid">
          {items.map((product, i) => (
            <ProductCard key={product.id} product={product} priority={i < 3} discover={i === 0} />
          ))}
        </div>
      )}
    </div>
  );
}

function ViewButton({
  active,
  label,
  onClick,
  children,
}: {
  active: boolean;
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={label}
      className={`flex h-9 w-9 items-center justify-center ${active ? "bg-ink text-ivory" : "text-ink hover:bg-sand"}`}
    >
      {children}
    </button>
  );
}

function CategoryChip({ to, active, label }: { to: string; active: boolean; label: string }) {
  return (
    // the list's own route: React Router knows it already, so no discovery attribute (issue 14)
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={active ? "chip chip-on" : "chip"}
      discover="none"
    >
      {label}
    </Link>
  );
}
