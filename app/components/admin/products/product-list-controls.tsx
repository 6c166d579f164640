import { Form, Link, useSubmit } from "react-router";
import { FilterSearch, FilterSelect } from "~/components/admin/list-filters";
import { adminListQuery, CATEGORIES, type AdminListParams, type AdminProductPage } from "~/modules/catalog";

/* The list's controls, all links or GET forms on the address: the filters, cards or table, and the pages. */

export function ViewSwitch({ params }: { params: AdminListParams }) {
  const views = [
    { view: "grid" as const, label: "Cards" },
    { view: "table" as const, label: "Table" },
  ];
  return (
    <nav aria-label="List view" className="flex border border-linen bg-ivory">
      {views.map(({ view, label }) => {
        const current = params.view === view;
        return (
          <Link
            key={view}
            to={`/admin/products${adminListQuery({ ...params, view })}`}
            aria-current={current ? "page" : undefined}
            className={`px-4 py-2.5 text-[0.68rem] font-medium tracking-[0.2em] uppercase ${current ? "bg-ink text-ivory" : "text-stone hover:text-ink"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

export function Filters({ params }: { params: AdminListParams }) {
  const submit = useSubmit();
  const submitForm = (e: React.ChangeEvent<HTMLSelectElement>) => submit(e.currentTarget.form);
  return (
    <Form
      method="get"
      action="/admin/products"
      role="search"
      aria-label="Find products"
      className="grid grid-cols-2 gap-3 border border-linen bg-ivory p-4 md:grid-cols-[minmax(0,1fr)_12rem_11rem_auto] md:items-end"
    >
      {params.view !== "grid" ? <input type="hidden" name="view" value={params.view} /> : null}
      <FilterSearch
        id="admin-product-search"
        placeholder="Name, SKU or brand"
        defaultValue={params.search}
        className="col-span-2 md:col-span-1"
      />
      <FilterSelect
        id="admin-product-category"
        label="Category"
        name="category"
        defaultValue={params.category}
        onChange={submitForm}
      >
        <option value="">All categories</option>
        {CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="admin-product-status"
        label="Status"
        name="status"
        defaultValue={params.status}
        onChange={submitForm}
      >
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </FilterSelect>
      <button type="submit" className="btn-primary col-span-2 !py-3 md:col-span-1">
        Search
      </button>
    </Form>
  );
}

export function Pages({ page }: { page: AdminProductPage & { params: AdminListParams } }) {
  if (page.pageCount <= 1) return null;
  const link = (n: number) => `/admin/products${adminListQuery({ ...page.params, page: n })}`;
  const cls = "btn-outline !px-4 !py-2.5 !text-[0.68rem]";
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
      {page.page > 1 ? (
        <Link to={link(page.page - 1)} className={cls} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone">
        Page {page.page} of {page.pageCount}
      </p>
      {page.page < page.pageCount ? (
        <Link to={link(page.page + 1)} className={cls} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
