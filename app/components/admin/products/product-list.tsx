import { ProductsCsvActions } from "./csv-actions";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import { useToast } from "~/components/admin/toast";
import { SearchIcon } from "~/components/ui/icons";
import {
  adminListQuery,
  PRODUCT_MESSAGES,
  type AdminListParams,
  type AdminProductListItem,
  type AdminProductPage,
} from "~/modules/catalog";
import { CATEGORIES } from "~/modules/catalog";
import { formatPrice } from "~/modules/pricing";
import { ConfirmDelete } from "./confirm-delete";
import { Chevron } from "./fields";
import { StockBadge } from "./stock-badge";

/*
 * The Products tab: search (name, SKU, brand), category and active filters, paging, cards or a table.
 * Everything is in the address (?search=&category=&status=&view=&page=), so the server does the
 * work and a link or the back button shows the same list. Deleting posts to this route's action.
 */

type DeleteAnswer =
  | { ok: true; outcome: "deleted" | "archived"; productId: string; pictureCleanupFailed: boolean }
  | { ok: false; message: string };

const categoryName = (slug: string) => CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;

function Price({ item }: { item: Pick<AdminProductListItem, "pricePaise" | "originalPricePaise"> }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium text-ink">{formatPrice(item.pricePaise)}</span>
      {item.originalPricePaise ? (
        <s className="text-sm text-stone">
          <span className="sr-only">was </span>
          {formatPrice(item.originalPricePaise)}
        </s>
      ) : null}
    </span>
  );
}

function Thumb({ item, className }: { item: AdminProductListItem; className: string }) {
  return item.image ? (
    <img
      src={item.image.url}
      alt={item.image.alt || item.name}
      loading="lazy"
      decoding="async"
      className={`${className} bg-sand object-cover`}
    />
  ) : (
    <span
      className={`${className} flex items-center justify-center bg-sand text-center text-[0.65rem] tracking-[0.2em] text-stone uppercase`}
    >
      No picture
    </span>
  );
}

function InactiveTag() {
  return (
    <span className="inline-block border border-stone/40 bg-ivory px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.18em] text-stone uppercase">
      Inactive
    </span>
  );
}

function Actions({ item, editHref, onDelete }: { item: AdminProductListItem; editHref: string; onDelete: () => void }) {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={editHref}
        prefetch="intent"
        className="btn-outline !px-4 !py-2 !text-[0.68rem]"
        aria-label={`Edit ${item.name}`}
      >
        Edit
      </Link>
      <button
        type="button"
        onClick={onDelete}
        className="px-3 py-2 text-[0.68rem] font-medium tracking-[0.2em] text-sale uppercase underline-offset-4 hover:underline"
        aria-label={`Delete ${item.name}`}
      >
        Delete
      </button>
    </div>
  );
}

function ProductCard({
  item,
  editHref,
  onDelete,
}: {
  item: AdminProductListItem;
  editHref: string;
  onDelete: () => void;
}) {
  return (
    <li data-testid="admin-product" className="flex gap-4 border border-linen bg-ivory p-3 sm:flex-col sm:gap-0 sm:p-0">
      <Link to={editHref} tabIndex={-1} aria-hidden="true" className="relative block w-24 shrink-0 sm:w-full">
        <Thumb item={item} className="aspect-[3/4] w-full" />
        {!item.isActive ? (
          <span className="absolute top-2 left-2 hidden sm:block">
            <InactiveTag />
          </span>
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col sm:p-4">
        <p className="flex flex-wrap items-center gap-2 text-[0.65rem] font-medium tracking-[0.22em] text-stone uppercase">
          {categoryName(item.category)}
          {!item.isActive ? (
            <span className="sm:hidden">
              <InactiveTag />
            </span>
          ) : null}
        </p>
        <h2 className="mt-1 font-display text-xl leading-snug text-ink">
          <Link to={editHref} className="hover:text-maroon">
            {item.name}
          </Link>
        </h2>
        <p className="mt-0.5 text-xs text-stone">
          {item.sku} · {item.brand}
        </p>
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-stone">{item.description}</p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <Price item={item} />
          <StockBadge stock={item.stock} />
        </div>
        <div className="mt-auto pt-3 sm:mt-4 sm:border-t sm:border-linen sm:pt-3">
          <Actions item={item} editHref={editHref} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
}

function ProductTable({
  items,
  editHref,
  onDelete,
}: {
  items: AdminProductListItem[];
  editHref: (id: string) => string;
  onDelete: (item: AdminProductListItem) => void;
}) {
  return (
    <div
      className="relative overflow-x-auto border border-linen bg-ivory"
      role="region"
      aria-label="Products table"
      tabIndex={0}
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">Products, newest first</caption>
        <thead className="border-b border-linen bg-sand/60 text-[0.65rem] tracking-[0.2em] text-stone uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Picture
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Description
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Stock
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.id}
              data-testid="admin-product"
              className="border-b border-linen last:border-b-0 hover:bg-sand/40"
            >
              <td className="px-4 py-3">
                <Thumb item={item} className="aspect-[3/4] w-12" />
              </td>
              <td className="px-4 py-3 align-middle">
                <Link to={editHref(item.id)} className="font-display text-lg leading-tight text-ink hover:text-maroon">
                  {item.name}
                </Link>
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-stone">
                  {item.sku} · {categoryName(item.category)}
                  {!item.isActive ? <InactiveTag /> : null}
                </p>
              </td>
              <td className="max-w-xs px-4 py-3 text-stone">
                <span className="line-clamp-2">{item.description}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <Price item={item} />
              </td>
              <td className="px-4 py-3">
                <StockBadge stock={item.stock} />
              </td>
              <td className="px-4 py-3">
                <Actions item={item} editHref={editHref(item.id)} onDelete={() => onDelete(item)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ViewSwitch({ params }: { params: AdminListParams }) {
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

function Filters({ params }: { params: AdminListParams }) {
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

function Pages({ page }: { page: AdminProductPage & { params: AdminListParams } }) {
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

export function ProductList({ page }: { page: AdminProductPage & { params: AdminListParams } }) {
  const { items, total, params } = page;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const answer = useActionData() as DeleteAnswer | undefined;
  const shown = useRef<DeleteAnswer | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AdminProductListItem | null>(null);

  const listSearch = location.search;
  const editHref = (id: string) => `/admin/products/${id}${listSearch}`;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/products";

  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    setToDelete(null);
    if (!answer.ok) toast(PRODUCT_MESSAGES.deleteFailed, "error");
    else {
      toast(answer.outcome === "archived" ? PRODUCT_MESSAGES.archived : PRODUCT_MESSAGES.deleted);
      if (answer.pictureCleanupFailed) toast(PRODUCT_MESSAGES.imageRemoveFailed, "error");
    }
  }, [answer, toast]);

  const filtered = Boolean(params.search || params.category || params.status);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Catalogue</p>
          <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Products</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ProductsCsvActions
            filters={{ search: params.search ?? "", category: params.category ?? "", status: params.status ?? "" }}
          />
          <Link to={`/admin/products/new${listSearch}`} className="btn-primary max-sm:!px-5">
            <span aria-hidden="true" className="text-base leading-none">
              +
            </span>{" "}
            Add product
          </Link>
        </div>
      </div>

      <div className="mt-6">
        <Filters params={params} />
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone" aria-live="polite">
          {total.toLocaleString("en-IN")} {total === 1 ? "product" : "products"}
          {params.search ? ` matching ‘${params.search}’` : ""}
          {filtered ? (
            <>
              {" · "}
              <Link
                to={`/admin/products${adminListQuery({ view: params.view })}`}
                className="text-ink underline underline-offset-4 hover:text-maroon"
              >
                Clear filters
              </Link>
            </>
          ) : null}
        </p>
        <ViewSwitch params={params} />
      </div>

      <div aria-busy={loading || undefined} className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {items.length === 0 ? (
          <div className="border border-dashed border-linen bg-ivory px-6 py-16 text-center">
            <p className="font-display text-2xl text-ink">No products found</p>
            <p className="mt-2 text-sm text-stone">
              {filtered ? "Try another search or clear the filters." : "Add the first product of the shop."}
            </p>
          </div>
        ) : params.view === "table" ? (
          <ProductTable items={items} editHref={editHref} onDelete={setToDelete} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
            {items.map((item) => (
              <ProductCard key={item.id} item={item} editHref={editHref(item.id)} onDelete={() => setToDelete(item)} />
            ))}
          </ul>
        )}
        <Pages page={page} />
      </div>

      <ConfirmDelete
        product={toDelete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          void submit(
            { intent: "delete", productId: toDelete.id },
            { method: "post", action: `/admin/products${listSearch}`, replace: true },
          );
        }}
      />
    </div>
  );
}
