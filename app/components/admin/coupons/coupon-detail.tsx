import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import type { ActivityItem } from "~/modules/audit/index.server";
import type { CouponForEdit } from "~/modules/coupons/index.server";
import { formatShopTime } from "~/modules/coupons";
import type { CouponOrderRow } from "~/modules/orders/index.server";
import { formatPrice } from "~/modules/pricing";
import { CouponStateBadge, UsageMeter } from "./coupon-parts";

/*
 * The side column of an existing coupon's editor: its uses against its limit, the orders that used
 * it (paged in the address, ?orders=n), and what staff changed.
 */

export interface CouponOrdersPage {
  rows: CouponOrderRow[];
  total: number;
  page: number;
  pages: number;
}

const ACTIONS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
};

export function CouponDetail({
  coupon,
  orders,
  activity,
  search,
}: {
  coupon: CouponForEdit;
  orders: CouponOrdersPage | null;
  activity: ActivityItem[];
  search: string;
}) {
  return (
    <aside className="space-y-6 lg:sticky lg:top-0 lg:self-start">
      <UsageCard coupon={coupon} />
      <CouponOrdersCard coupon={coupon} orders={orders} search={search} />
      <CouponActivityCard activity={activity} />
    </aside>
  );
}

/** Uses so far against the limit, and the coupon's state now. */
function UsageCard({ coupon }: { coupon: CouponForEdit }) {
  return (
    <section aria-labelledby="coupon-usage-title" className="border border-linen bg-white p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id="coupon-usage-title" className="font-display text-xl">
          Usage
        </h3>
        <CouponStateBadge coupon={coupon.item} now={new Date()} />
      </div>
      <p className="mt-3 text-sm" data-testid="coupon-usage">
        <UsageMeter used={coupon.usedCount} limit={coupon.usageLimit} />
      </p>
      <p className="mt-2 text-xs text-stone">
        Uses count orders placed with it; a cancelled or unpaid order gives its use back.
      </p>
    </section>
  );
}

/** The orders placed with the coupon, newest first, each a link to the order. */
function CouponOrdersCard({
  coupon,
  orders,
  search,
}: {
  coupon: CouponForEdit;
  orders: CouponOrdersPage | null;
  search: string;
}) {
  return (
    <section aria-labelledby="coupon-orders-title" className="border border-linen bg-white">
      <h3 id="coupon-orders-title" className="px-5 pt-5 font-display text-xl">
        Orders with {coupon.code}
      </h3>
      <p className="px-5 text-xs text-stone">
        {orders && orders.total > 0
          ? `${orders.total.toLocaleString("en-IN")} ${orders.total === 1 ? "order" : "orders"}, newest first`
          : "No order has used it yet."}
      </p>
      {orders && orders.rows.length > 0 ? (
        <ol className="mt-3 divide-y divide-linen border-t border-linen" data-testid="coupon-orders">
          {orders.rows.map((o) => (
            <li key={o.id}>
              <Link
                to={`/admin/orders/${o.id}`}
                className="flex items-start justify-between gap-3 px-5 py-3 hover:bg-sand/40 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-maroon"
              >
                <span className="min-w-0">
                  <span className="order-code block truncate text-ink">{o.orderNumber}</span>
                  <span className="block truncate text-xs text-stone">
                    {o.customerName} · {formatShopTime(o.createdAt)}
                  </span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block text-sm text-ink tabular-nums">{formatPrice(o.totalPaise)}</span>
                  <span className="block text-xs text-leaf tabular-nums">−{formatPrice(o.discountPaise)}</span>
                  <span className="mt-1 block">
                    <StatusBadge status={o.status} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {orders && orders.pages > 1 ? (
        <OrdersPager couponId={coupon.id} page={orders.page} pages={orders.pages} search={search} />
      ) : (
        <div className="h-2" />
      )}
    </section>
  );
}

/** Newer and Older pages of the coupon's orders, keeping the rest of the address. */
function OrdersPager({
  couponId,
  page,
  pages,
  search,
}: {
  couponId: string;
  page: number;
  pages: number;
  search: string;
}) {
  const pageLink = (n: number) => {
    const next = new URLSearchParams(search);
    if (n <= 1) next.delete("orders");
    else next.set("orders", String(n));
    const qs = next.toString();
    return `/admin/coupons/${couponId}${qs ? `?${qs}` : ""}`;
  };
  return (
    <nav
      aria-label="Pages of orders"
      className="flex items-center justify-between gap-2 border-t border-linen px-5 py-3 text-xs text-stone"
    >
      {page > 1 ? (
        <Link to={pageLink(page - 1)} preventScrollReset className="text-ink underline underline-offset-4" rel="prev">
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} preventScrollReset className="text-ink underline underline-offset-4" rel="next">
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** What staff changed on the coupon, newest first. */
function CouponActivityCard({ activity }: { activity: ActivityItem[] }) {
  return (
    <section aria-labelledby="coupon-activity-title" className="border border-linen bg-white p-5">
      <h3 id="coupon-activity-title" className="font-display text-xl">
        Recent activity
      </h3>
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-stone">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {activity.map((item) => (
            <li key={item.id} className="border-l-2 border-gold/60 pl-4">
              <p className="text-sm text-ink">{item.summary}</p>
              <p className="mt-0.5 text-xs text-stone">
                {ACTIONS[item.action] ?? item.action} by {item.actorName} ·{" "}
                <time dateTime={item.at}>{formatShopTime(item.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
