import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader, AdminPager } from "~/components/admin/list-parts";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { Chevron } from "~/components/admin/products/fields";
import { SearchIcon } from "~/components/ui/icons";
import { formatPhone } from "~/modules/accounts";
import { ALL_STATUSES, orderListQuery, PAYMENT_METHOD_LABELS, type OrderListParams } from "~/modules/orders";
import type { FlaggedPaymentRow, StaffOrderPage, StaffOrderRow } from "~/modules/reports/index.server";
import { ORDER_STATUS_LABELS } from "~/modules/orders";
import { describeAmount } from "~/modules/payments";
import { formatPrice } from "~/modules/pricing";
import { formatDate, formatDateTime, formatTime } from "./dates";
import { AmountCheck, FlagAnswerToasts, FlaggedActions } from "./flagged-actions";
import {
  BulkShippingBar,
  RowCheck,
  SelectAll,
  ShipmentCell,
  ShipmentLine,
  useRowSelection,
  type RowSelection,
} from "./shipping-list";

/*
 * The Orders tab: payments that need staff first, then the filters (all in the address, so the
 * server does the work and a link shows the same list), the orders as a table on wide screens and
 * as cards on phones, the pager, and the CSV export of exactly what is filtered.
 */

type Props = StaffOrderPage & { params: OrderListParams; flagged: FlaggedPaymentRow[] };

const LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
const CONTROL =
  "mt-1.5 block w-full border border-linen bg-white px-3 py-2.5 text-sm text-ink focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink";

const orderHref = (id: string) => `/admin/orders/${id}`;

function Filters({ params }: { params: OrderListParams }) {
  const filtered = Boolean(params.search || params.status || params.payment || params.from || params.to);
  return (
    <Form
      method="get"
      action="/admin/orders"
      role="search"
      aria-label="Find orders"
      className="grid grid-cols-2 gap-3 border border-linen bg-ivory p-4 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)_auto] lg:items-end"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="order-search" className={LABEL}>
          Search
        </label>
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone" />
          <input
            id="order-search"
            type="search"
            name="search"
            key={`q-${params.search}`}
            defaultValue={params.search}
            placeholder="Order number, name, e-mail or phone"
            className="block w-full border border-linen bg-white py-2.5 pr-3 pl-9 text-sm text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink"
          />
        </div>
      </div>
      <div>
        <label htmlFor="order-status" className={LABEL}>
          Status
        </label>
        <div className="relative">
          <select
            id="order-status"
            name="status"
            key={`s-${params.status}`}
            defaultValue={params.status}
            className={`${CONTROL} appearance-none pr-9`}
          >
            <option value="">Any status</option>
            {ALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <Chevron />
        </div>
      </div>
      <div>
        <label htmlFor="order-payment" className={LABEL}>
          Payment
        </label>
        <div className="relative">
          <select
            id="order-payment"
            name="payment"
            key={`p-${params.payment}`}
            defaultValue={params.payment}
            className={`${CONTROL} appearance-none pr-9`}
          >
            <option value="">Any payment</option>
            <option value="online">{PAYMENT_METHOD_LABELS.online}</option>
            <option value="cod">{PAYMENT_METHOD_LABELS.cod}</option>
          </select>
          <Chevron />
        </div>
      </div>
      <div>
        <label htmlFor="order-from" className={LABEL}>
          From
        </label>
        <input
          id="order-from"
          type="date"
          name="from"
          key={`f-${params.from}`}
          defaultValue={params.from}
          className={CONTROL}
        />
      </div>
      <div>
        <label htmlFor="order-to" className={LABEL}>
          To
        </label>
        <input
          id="order-to"
          type="date"
          name="to"
          key={`t-${params.to}`}
          defaultValue={params.to}
          className={CONTROL}
        />
      </div>
      <div className="col-span-2 flex items-center gap-3 lg:col-span-1">
        <button type="submit" className="btn-primary flex-1 !py-3 lg:flex-none">
          Apply
        </button>
        {filtered ? (
          <Link
            to="/admin/orders"
            className="px-2 py-3 text-xs font-medium tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function FlaggedPanel({ flagged }: { flagged: FlaggedPaymentRow[] }) {
  if (flagged.length === 0) return null;
  return (
    <section
      aria-labelledby="flagged-title"
      className="mb-8 border border-amber-300 bg-amber-50/70"
      data-testid="flagged-payments"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-amber-200 px-4 py-3 sm:px-5">
        <h2 id="flagged-title" className="font-display text-2xl text-ink">
          Payment succeeded but order not confirmed
        </h2>
        <p className="text-sm text-amber-900">
          {flagged.length} payment{flagged.length === 1 ? "" : "s"} waiting for you: confirm the order or refund the
          shopper.
        </p>
      </header>
      <ul className="divide-y divide-amber-200">
        {flagged.map((f) => (
          <li
            key={f.paymentId}
            data-testid="flagged-payment"
            className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_auto] lg:items-center"
          >
            <div>
              <Link
                to={orderHref(f.orderId)}
                className="order-code text-ink underline-offset-4 hover:text-maroon hover:underline"
              >
                {f.orderNumber}
              </Link>
              <p className="mt-0.5 text-sm text-stone">
                {f.customerName} · {formatPrice(f.expectedPaise)} · <StatusBadge status={f.orderStatus} />
              </p>
            </div>
            <div className="text-sm text-ink">
              <p>{f.flagReason ?? "Payment taken, order not confirmed"}</p>
              {f.wrongAmount ? (
                <AmountCheck
                  reported={describeAmount(f.amountPaise, f.currency)}
                  expected={describeAmount(f.expectedPaise, "INR")}
                />
              ) : null}
              <p className="mt-0.5 text-xs text-stone">
                {f.provider === "test" ? "Test gateway" : "Razorpay"} payment{" "}
                <span className="font-mono break-all">{f.providerPaymentId ?? "(no id)"}</span> ·{" "}
                <span className="whitespace-nowrap">{formatDateTime(f.flaggedAt)}</span>
              </p>
              {f.refundStatus === "failed" ? (
                <p className="mt-1 text-xs text-sale">Refund failed: {f.refundError ?? "no reason given"}</p>
              ) : null}
            </div>
            <FlaggedActions
              action="/admin/orders"
              orderId={f.orderId}
              orderNumber={f.orderNumber}
              version={f.version}
              paymentId={f.paymentId}
              confirmable={f.confirmable}
              retryRefund={f.refundStatus === "failed"}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

const TH = "px-4 py-3 font-medium";

function OrdersTable({ rows, selection }: { rows: StaffOrderRow[]; selection: RowSelection }) {
  return (
    <div
      className="hidden overflow-x-auto border border-linen bg-ivory md:block"
      role="region"
      aria-label="Orders table"
      tabIndex={0}
    >
      <table className="w-full min-w-[64rem] border-collapse text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="border-b border-linen bg-sand/60 text-[0.65rem] tracking-[0.2em] text-stone uppercase">
          <tr>
            <th scope="col" className="w-12 py-3 pr-0 pl-4">
              <SelectAll selection={selection} />
            </th>
            <th scope="col" className={TH}>
              Order
            </th>
            <th scope="col" className={TH}>
              Customer
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Items
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Amount
            </th>
            <th scope="col" className={TH}>
              Payment
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Shipment
            </th>
            <th scope="col" className={TH}>
              Placed
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr
              key={o.id}
              data-testid="admin-order"
              data-selected={selection.isSelected(o.id) || undefined}
              className="border-b border-linen last:border-b-0 hover:bg-sand/40 data-selected:bg-sand/60"
            >
              <td className="py-3 pr-0 pl-4">
                <RowCheck selection={selection} orderId={o.id} orderNumber={o.orderNumber} />
              </td>
              <td className="px-4 py-3">
                <Link
                  to={orderHref(o.id)}
                  prefetch="intent"
                  className="order-code text-ink underline-offset-4 hover:text-maroon hover:underline"
                >
                  {o.orderNumber}
                </Link>
              </td>
              <td className="px-4 py-3">
                <span className="block text-ink">{o.customerName}</span>
                <span className="block text-xs text-stone">
                  {formatPhone(o.customerPhone)} · {o.customerEmail}
                </span>
              </td>
              <td className="px-4 py-3 text-right text-stone tabular-nums">{o.itemCount}</td>
              <td className="px-4 py-3 text-right font-medium text-ink tabular-nums">{formatPrice(o.totalPaise)}</td>
              <td className="px-4 py-3 text-stone">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
              <td className="px-4 py-3">
                <StatusBadge status={o.status} />
              </td>
              <td className="px-4 py-3">
                <ShipmentCell shipment={o.shipment} codFlagged={o.codFlagged} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone">
                {formatDate(o.createdAt)}
                <span className="block text-xs">{formatTime(o.createdAt)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ rows, selection }: { rows: StaffOrderRow[]; selection: RowSelection }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Orders, newest first">
      {rows.map((o) => (
        <li
          key={o.id}
          data-testid="admin-order-card"
          className="relative border border-linen bg-ivory p-4 focus-within:ring-2 focus-within:ring-maroon"
        >
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <RowCheck
              selection={selection}
              orderId={o.id}
              orderNumber={o.orderNumber}
              className="relative z-10 !h-6 !w-6 shrink-0"
            />
            <div className="min-w-0 grow">
              <Link
                to={orderHref(o.id)}
                className="order-code text-ink after:absolute after:inset-0 focus:outline-none"
              >
                {o.orderNumber}
              </Link>
              <p className="mt-0.5 truncate text-sm text-stone">{o.customerName}</p>
            </div>
            <span className="ml-auto">
              <StatusBadge status={o.status} />
            </span>
          </div>
          <div className="mt-3 flex items-end justify-between gap-3 border-t border-linen pt-3 text-sm">
            <p className="text-stone">
              {formatDateTime(o.createdAt)}
              <span className="block text-xs">
                {o.itemCount} item{o.itemCount === 1 ? "" : "s"} · {PAYMENT_METHOD_LABELS[o.paymentMethod]}
              </span>
            </p>
            <p className="font-medium text-ink tabular-nums">{formatPrice(o.totalPaise)}</p>
          </div>
          <ShipmentLine shipment={o.shipment} codFlagged={o.codFlagged} />
        </li>
      ))}
    </ul>
  );
}

export function OrderList({ rows, total, page, pages, params, flagged }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/orders";
  const filtered = Boolean(params.search || params.status || params.payment || params.from || params.to);
  const selection = useRowSelection(
    rows.map((r) => r.id),
    `${orderListQuery(params)}#${page}`,
  );
  return (
    <>
      <AdminPageHeader eyebrow="Sales" title="Orders">
        <a
          href={`/admin/orders/export${orderListQuery(params)}`}
          download
          className="btn-outline self-start !px-4 !py-2.5 text-xs sm:self-auto"
        >
          Export CSV
        </a>
      </AdminPageHeader>
      <FlagAnswerToasts />
      <FlaggedPanel flagged={flagged} />
      <Filters params={params} />
      <div className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
        {rows.length === 0 ? (
          <p className="border border-linen bg-ivory px-6 py-16 text-center text-stone">
            {filtered ? "No orders match these filters." : "No orders found"}
            {filtered ? (
              <Link to="/admin/orders" className="mt-3 block text-sm text-ink underline underline-offset-4">
                Show all orders
              </Link>
            ) : null}
          </p>
        ) : (
          <>
            <div className="mb-3 md:hidden">
              <SelectAll selection={selection} visibleLabel />
            </div>
            <OrdersTable rows={rows} selection={selection} />
            <OrderCards rows={rows} selection={selection} />
            <BulkShippingBar rows={rows} selection={selection} />
          </>
        )}
      </div>
      <AdminPager page={page} pages={pages} total={total} noun="order" />
    </>
  );
}
