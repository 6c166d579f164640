import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader, AdminPager } from "~/components/admin/list-parts";
import { Chevron } from "~/components/admin/products/fields";
import { SearchIcon } from "~/components/ui/icons";
import { formatPhone } from "~/modules/accounts";
import { formatPrice } from "~/modules/pricing";
import { RESOLUTIONS, RETURN_REASONS } from "~/modules/returns";
import type { ReturnListParams, StaffReturnPage, StaffReturnRow } from "~/modules/returns/index.server";
import { formatDate, formatDateTime, formatTime } from "../orders/dates";
import { LABEL, reasonLabel, resolutionLabel, RETURN_TABS, ReturnStatusBadge } from "./return-format";

/*
 * The Returns tab: a tab per status with its count (the requests waiting for an answer first), the
 * resolution and reason filters and the search, all in the address; the returns as a table on wide
 * screens and as cards on phones, newest first, and the pager.
 */

type Props = StaffReturnPage & { params: ReturnListParams };

const CONTROL =
  "mt-1.5 block w-full border border-linen bg-white px-3 py-2.5 text-sm text-ink focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink";

const returnHref = (id: string) => `/admin/returns/${id}`;

/** The address of the queue with these filters (the page starts again at 1). */
function queueQuery(params: ReturnListParams, status: ReturnListParams["status"]): string {
  const q = new URLSearchParams();
  q.set("status", status);
  if (params.resolution) q.set("resolution", params.resolution);
  if (params.reason) q.set("reason", params.reason);
  if (params.q) q.set("q", params.q);
  return `/admin/returns?${q.toString()}`;
}

function Tabs({ params, counts }: Pick<Props, "params" | "counts">) {
  // on a phone the tabs scroll sideways: the current one is brought into view
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const tab = current.current;
    const list = tab?.closest("ul");
    if (tab && list) list.scrollLeft = Math.max(0, tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2);
  }, [params.status]);
  return (
    <nav aria-label="Returns by status" className="scroll-fade mb-4 border-b border-linen">
      <ul className="relative flex [scrollbar-width:none] gap-1 overflow-x-auto max-md:pr-10">
        {RETURN_TABS.map((tab) => {
          const isCurrent = params.status === tab.value;
          return (
            <li key={tab.value} className="shrink-0">
              <Link
                to={queueQuery(params, tab.value)}
                ref={isCurrent ? current : undefined}
                aria-current={isCurrent ? "page" : undefined}
                data-testid={`returns-tab-${tab.value}`}
                className={`flex items-center gap-2 border-b-2 px-3 py-3 text-xs font-medium tracking-[0.16em] uppercase transition-colors ${
                  isCurrent ? "border-maroon text-ink" : "border-transparent text-stone hover:text-ink"
                }`}
              >
                {tab.label}
                <span
                  className={`rounded-full px-2 py-0.5 text-[0.68rem] tracking-normal tabular-nums ${
                    tab.value === "requested" && counts.requested > 0 ? "bg-maroon text-ivory" : "bg-sand text-stone"
                  }`}
                >
                  {counts[tab.value].toLocaleString("en-IN")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Filters({ params }: { params: ReturnListParams }) {
  const filtered = Boolean(params.q || params.resolution || params.reason);
  return (
    <Form
      method="get"
      action="/admin/returns"
      role="search"
      aria-label="Find returns"
      className="grid grid-cols-2 gap-3 border border-linen bg-ivory p-4 lg:grid-cols-[minmax(0,1.8fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <input type="hidden" name="status" value={params.status} />
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="return-search" className={LABEL}>
          Search
        </label>
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone" />
          <input
            id="return-search"
            type="search"
            name="q"
            key={`q-${params.q}`}
            defaultValue={params.q}
            placeholder="Return or order number, name or phone"
            className="block w-full border border-linen bg-white py-2.5 pr-3 pl-9 text-sm text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink"
          />
        </div>
      </div>
      <div>
        <label htmlFor="return-resolution" className={LABEL}>
          Asked for
        </label>
        <div className="relative">
          <select
            id="return-resolution"
            name="resolution"
            key={`r-${params.resolution}`}
            defaultValue={params.resolution}
            className={`${CONTROL} appearance-none pr-9`}
          >
            <option value="">Anything</option>
            {RESOLUTIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <Chevron />
        </div>
      </div>
      <div>
        <label htmlFor="return-reason" className={LABEL}>
          Reason
        </label>
        <div className="relative">
          <select
            id="return-reason"
            name="reason"
            key={`w-${params.reason}`}
            defaultValue={params.reason}
            className={`${CONTROL} appearance-none pr-9`}
          >
            <option value="">Any reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <Chevron />
        </div>
      </div>
      <div className="col-span-2 flex items-center gap-3 lg:col-span-1">
        <button type="submit" className="btn-primary flex-1 !py-3 lg:flex-none">
          Apply
        </button>
        {filtered ? (
          <Link
            to={`/admin/returns?status=${params.status}`}
            className="px-2 py-3 text-xs font-medium tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** What the return gave back once resolved: a refund, store credit, or nothing to show yet. */
function Amount({ row }: { row: StaffReturnRow }) {
  if (row.refundedPaise === 0 && row.creditedPaise === 0) return <span className="text-stone">—</span>;
  return (
    <span className="block">
      {row.refundedPaise > 0 ? <span className="block">{formatPrice(row.refundedPaise)} refunded</span> : null}
      {row.creditedPaise > 0 ? <span className="block">{formatPrice(row.creditedPaise)} credit</span> : null}
    </span>
  );
}

const TH = "px-4 py-3 font-medium";

function ReturnsTable({ rows }: { rows: StaffReturnRow[] }) {
  return (
    <div
      className="hidden overflow-x-auto border border-linen bg-ivory md:block"
      role="region"
      aria-label="Returns table"
      tabIndex={0}
    >
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <caption className="sr-only">Returns, newest first</caption>
        <thead className="border-b border-linen bg-sand/60 text-[0.65rem] tracking-[0.2em] text-stone uppercase">
          <tr>
            <th scope="col" className={TH}>
              Return
            </th>
            <th scope="col" className={TH}>
              Customer
            </th>
            <th scope="col" className={TH}>
              Reason
            </th>
            <th scope="col" className={TH}>
              Asked for
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Pieces
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Given back
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Requested
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              data-testid="admin-return"
              className="border-b border-linen last:border-b-0 hover:bg-sand/40"
            >
              <td className="px-4 py-3">
                <Link
                  to={returnHref(r.id)}
                  prefetch="intent"
                  className="order-code text-ink underline-offset-4 hover:text-maroon hover:underline"
                >
                  {r.returnNumber}
                </Link>
                <span className="block text-xs text-stone">Order {r.orderNumber}</span>
              </td>
              <td className="px-4 py-3">
                <span className="block text-ink">{r.customerName}</span>
                <span className="block text-xs text-stone">{r.customerPhone ? formatPhone(r.customerPhone) : ""}</span>
              </td>
              <td className="px-4 py-3 text-ink">{reasonLabel(r.reason)}</td>
              <td className="px-4 py-3 text-ink">{resolutionLabel(r.resolution)}</td>
              <td className="px-4 py-3 text-right text-stone tabular-nums">{r.pieces}</td>
              <td className="px-4 py-3 text-right text-ink tabular-nums">
                <Amount row={r} />
              </td>
              <td className="px-4 py-3">
                <ReturnStatusBadge status={r.status} resolution={r.resolution} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone">
                {formatDate(r.requestedAt)}
                <span className="block text-xs">{formatTime(r.requestedAt)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReturnCards({ rows }: { rows: StaffReturnRow[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Returns, newest first">
      {rows.map((r) => (
        <li
          key={r.id}
          data-testid="admin-return-card"
          className="relative border border-linen bg-ivory p-4 focus-within:ring-2 focus-within:ring-maroon"
        >
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <div className="min-w-0 grow">
              <Link
                to={returnHref(r.id)}
                className="order-code text-ink after:absolute after:inset-0 focus:outline-none"
              >
                {r.returnNumber}
              </Link>
              <p className="mt-0.5 truncate text-sm text-stone">{r.customerName}</p>
            </div>
            <span className="ml-auto">
              <ReturnStatusBadge status={r.status} resolution={r.resolution} />
            </span>
          </div>
          <div className="mt-3 flex items-end justify-between gap-3 border-t border-linen pt-3 text-sm">
            <p className="text-stone">
              {formatDateTime(r.requestedAt)}
              <span className="block text-xs">
                {reasonLabel(r.reason)} · {resolutionLabel(r.resolution)} · {r.pieces} piece{r.pieces === 1 ? "" : "s"}
              </span>
            </p>
            <p className="text-right text-ink tabular-nums">
              <Amount row={r} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ReturnList({ rows, total, page, pages, params, counts }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/returns";
  const filtered = Boolean(params.q || params.resolution || params.reason);
  const tab = RETURN_TABS.find((t) => t.value === params.status)?.label ?? "";
  return (
    <>
      <AdminPageHeader eyebrow="Sales" title="Returns" />
      <Tabs params={params} counts={counts} />
      <Filters params={params} />
      <div className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
        {rows.length === 0 ? (
          <p className="border border-linen bg-ivory px-6 py-16 text-center text-stone" data-testid="returns-empty">
            {filtered
              ? "No returns match these filters."
              : params.status === "requested"
                ? "No requests are waiting for an answer."
                : params.status === "all"
                  ? "No returns yet."
                  : `No returns are ${tab.toLowerCase()}.`}
            {filtered ? (
              <Link
                to={`/admin/returns?status=${params.status}`}
                className="mt-3 block text-sm text-ink underline underline-offset-4"
              >
                Show all {params.status === "all" ? "returns" : tab.toLowerCase()}
              </Link>
            ) : null}
          </p>
        ) : (
          <>
            <ReturnsTable rows={rows} />
            <ReturnCards rows={rows} />
          </>
        )}
      </div>
      <AdminPager page={page} pages={pages} total={total} noun="return" />
    </>
  );
}
