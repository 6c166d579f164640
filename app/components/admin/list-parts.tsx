import { Form, Link, useSearchParams } from "react-router";
import { SearchIcon } from "~/components/ui/icons";

/* Pieces shared by the back office's list screens: the heading, the search box and the pager. */

export function AdminPageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 font-display text-4xl leading-none text-ink sm:text-5xl">{title}</h1>
      </div>
      {children}
    </header>
  );
}

/** A GET form: the search stays in the URL, so a list can be shared, reloaded and paged. */
export function AdminSearch({
  label,
  placeholder,
  defaultValue,
}: {
  label: string;
  placeholder: string;
  defaultValue: string;
}) {
  return (
    <Form method="get" role="search" className="flex w-full max-w-md items-stretch gap-2">
      <label className="sr-only" htmlFor="admin-search">
        {label}
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone" />
        <input
          id="admin-search"
          name="search"
          type="search"
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="w-full border border-linen bg-white py-2.5 pr-3 pl-9 text-sm text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
        />
      </div>
      <button type="submit" className="btn-outline !px-4 !py-2 text-xs">
        Search
      </button>
    </Form>
  );
}

export function AdminPager({ page, pages, total, noun }: { page: number; pages: number; total: number; noun: string }) {
  const [params] = useSearchParams();
  const link = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm text-stone">
      <p>
        {total.toLocaleString("en-IN")} {noun}
        {total === 1 ? "" : "s"} · page {page} of {pages}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={link(page - 1)} className="btn-outline !px-4 !py-2 text-xs" rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={link(page + 1)} className="btn-outline !px-4 !py-2 text-xs" rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A table that scrolls sideways on its own at phone width instead of widening the page. */
export function AdminTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto border border-linen bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const TH =
  "border-b border-linen bg-ivory px-4 py-3 text-[0.68rem] font-medium uppercase tracking-[0.18em] text-stone";
export const TD = "border-b border-linen/70 px-4 py-3 align-middle text-ink";
