import { Link } from "react-router";
import { CATEGORIES, type AdminProductListItem } from "~/modules/catalog";
import { formatPrice } from "~/modules/pricing";
import { StockBadge } from "./stock-badge";

/* The products of the list, as cards (the default) or as a table, each with Edit and Delete. */

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

export function ProductCard({
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

export function ProductTable({
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
