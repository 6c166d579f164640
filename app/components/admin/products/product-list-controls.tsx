import { Form, Link, useSubmit } from "react-router";
import { SearchIcon } from "~/components/ui/icons";
import { adminListQuery, CATEGORIES, type AdminListParams, type AdminProductPage } from "~/modules/catalog";
import { Chevron } from "./fields";

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
  const label = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
  const select =
    "mt-1.5 block w-full appearance-none border border-linen bg-white py-2.5 pl-3 pr-9 text-sm text-ink focus:border-ink focus:outline-none";
  return (
    <Form
      method="get"
      action="/admin/products"
      role="search"
      aria-label="Find products"
      className="grid grid-cols-2 gap-3 border border-linen bg-ivory p-4 md:grid-cols-[minmax(0,1fr)_12rem_11rem_auto] md:items-end"
    >
      {params.view !== "grid" ? <input type="hidden" name="view" value={params.view} /> : null}
      <div className="col-span-2 md:col-span-1">
        <label htmlFor="admin-product-search" className={label}>
          Search
        </label>
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone" />
          <input
            id="admin-product-search"
            type="search"
            name="search"
            defaultValue={params.search}
            key={params.search}
            placeholder="Name, SKU or brand"
            className="block w-full border border-linen bg-white py-2.5 pr-3 pl-9 text-sm text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none"
          />
        </div>
      </div>
      <div>
        <label htmlFor="admin-product-category" className={label}>
          Category
        </label>
        <div className="relative">
          <select
            id="admin-product-category"
            name="category"
            defaultValue={params.category}
            key={`c-${params.category}`}
            onChange={(e) => submit(e.currentTarget.form)}
            className={select}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          <Chevron />
        </div>
      </div>
      <div>
        <label htmlFor="admin-product-status" className={label}>
          Status
        </label>
        <div className="relative">
          <select
            id="admin-product-status"
            name="status"
            defaultValue={params.status}
            key={`s-${params.status}`}
            onChange={(e) => submit(e.currentTarget.form)}
            className={select}
          >
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
          <Chevron />
        </div>
      </div>
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
