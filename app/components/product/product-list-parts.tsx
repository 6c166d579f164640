import { Link } from "react-router";
import {
  hasActiveFilters,
  offeredSorts,
  type Facets,
  type ListFilters,
  type ProductCardData,
  type SortBy,
} from "~/modules/catalog";
import { ProductCard } from "./product-card";
import { FilterIcon, GridIcon, ListIcon } from "./product-icons";

type ListCategory = { slug: string; name: string; description: string } | null;

/** How many products were found, the filters button (phones), the sort and the grid or list layout. */
export function ListToolbar({
  total,
  loading,
  filters,
  facets,
  onOpenFilters,
  go,
}: {
  total: number;
  loading: boolean;
  filters: ListFilters;
  facets: Facets;
  onOpenFilters: () => void;
  go: (next: Partial<ListFilters>) => void;
}) {
  // how many filters are applied, shown on the phones' filters button
  const activeCount =
    (filters.priceRange ? 1 : 0) +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.availability ? 1 : 0) +
    filters.sizes.length +
    filters.colours.length +
    filters.occasions.length +
    filters.fabrics.length +
    filters.materials.length +
    filters.types.length;
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
