import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  CATEGORY_NAMES,
  hasActiveFilters,
  listQuery,
  type Facets,
  type ListFilters,
  type ListNotice,
  type ProductCardData,
} from "~/modules/catalog";
import { FilterPanel } from "./filter-panel";
import { NotFoundNotice } from "./not-found-notice";
import { CloseIcon } from "./product-icons";
import { ListResults, ListToolbar } from "./product-list-parts";

export interface ProductListData {
  items: ProductCardData[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
  filters: ListFilters;
  facets: Facets;
  category: { slug: string; name: string; description: string } | null;
  /** set when the collection stands in for an address or category the shop does not have */
  notice?: ListNotice | null;
}

/** 'Our Collections': header, category chips, toolbar, filters (sidebar / bottom sheet), cards and pages. */
export function ProductListView({
  data,
  loading,
  navigate,
}: {
  data: ProductListData;
  loading: boolean;
  navigate: (to: string) => void;
}) {
  const { items, total, page, pages, filters, facets, category, notice } = data;
  const [sheetOpen, setSheetOpen] = useState(false);
  const go = (next: Partial<ListFilters>) => navigate(`/products${listQuery({ ...filters, ...next })}`);
  const clearHref = `/products${listQuery({ category: filters.category, search: filters.search, sortBy: filters.sortBy, sortChosen: filters.sortChosen, view: filters.view })}`;
  const panel = (live: boolean) => (
    <FilterPanel
      key={listQuery(filters)}
      filters={filters}
      facets={facets}
      live={live}
      clearHref={clearHref}
      onApply={(next) => {
        setSheetOpen(false);
        navigate(`/products${listQuery({ ...next, page: 1 })}`);
      }}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-8 sm:pt-14">
      {notice ? <NotFoundNotice notice={notice} /> : null}
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

      <nav
        aria-label="Categories"
        className="mb-8 flex [scrollbar-width:none] gap-2 overflow-x-auto pb-2 sm:block sm:text-center sm:[text-wrap:balance]"
      >
        <CategoryChip
          to={`/products${listQuery({ search: filters.search, view: filters.view })}`}
          active={!category}
          label="All"
        />
        {CATEGORY_NAMES.map((c) => (
          <CategoryChip
            key={c.slug}
            to={`/products${listQuery({ category: c.slug, search: filters.search, view: filters.view })}`}
            active={category?.slug === c.slug}
            label={c.name}
          />
        ))}
      </nav>

      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-12">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="sticky top-28 max-h-[calc(100dvh-8rem)] overflow-y-auto pr-2 pb-10">
            <div className="mb-6 flex items-baseline justify-between">
              <h2 className="eyebrow !text-ink">Filters</h2>
              {hasActiveFilters(filters) ? (
                <Link
                  to={clearHref}
                  preventScrollReset
                  className="text-xs text-stone underline underline-offset-4 hover:text-ink"
                >
                  Clear all
                </Link>
              ) : null}
            </div>
            {panel(true)}
          </div>
        </aside>

        <div>
          <ListToolbar
            total={total}
            loading={loading}
            filters={filters}
            facets={facets}
            onOpenFilters={() => setSheetOpen(true)}
            go={go}
          />
          <ListResults items={items} filters={filters} category={category} loading={loading} />

          {pages > 1 ? (
            <Pager page={page} pages={pages} href={(n) => `/products${listQuery({ ...filters, page: n })}`} />
          ) : null}
        </div>
      </div>

      {sheetOpen ? <FilterSheet onClose={() => setSheetOpen(false)}>{panel(false)}</FilterSheet> : null}
    </div>
  );
}

function FilterSheet({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
      previous?.focus();
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <button
        type="button"
        aria-label="Close filters"
        className="absolute inset-0 h-full w-full bg-ink/40"
        onClick={onClose}
        tabIndex={-1}
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-label="Filters"
        tabIndex={-1}
        className="absolute inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-ivory px-5 pt-5 shadow-2xl outline-none"
      >
        <div className="mb-6 flex items-center justify-between">
          <h2 className="font-display text-2xl text-ink">Filters</h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full p-2 text-ink hover:text-maroon"
            aria-label="Close filters"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

function Pager({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  const numbers = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...numbers].sort((a, b) => a - b);
  return (
    <nav aria-label="Pages" className="mt-14 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className="pager-cell" rel="prev" discover="none">
          Previous
        </Link>
      ) : null}
      {sorted.map((n, i) => (
        <span key={n} className="flex items-center gap-2">
          {i > 0 && n - sorted[i - 1]! > 1 ? (
            <span aria-hidden="true" className="text-stone">
              …
            </span>
          ) : null}
          <Link
            to={href(n)}
            aria-current={n === page ? "page" : undefined}
            className={n === page ? "pager-cell pager-on" : "pager-cell"}
            discover="none"
          >
            {n}
          </Link>
        </span>
      ))}
      {page < pages ? (
        <Link to={href(page + 1)} className="pager-cell" rel="next" discover="none">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

function CategoryChip({ to, active, label }: { to: string; active: boolean; label: string }) {
  return (
    // the list's own route: React Router knows it already, so no discovery attribute (decision 030)
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
