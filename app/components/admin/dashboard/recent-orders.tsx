import { Link } from "react-router";
import type { RecentOrder } from "~/modules/reports/index.server";
import { formatPrice } from "~/modules/pricing";
import { NO_ORDERS } from "./messages";
import { Panel, panelLinkClass } from "./panel";
import { StatusBadge } from "./status-badge";

const th =
  "px-5 py-2.5 text-left text-[0.65rem] font-medium uppercase tracking-[0.2em] text-stone first:pl-6 last:pr-6";
const td = "px-5 py-3.5 align-middle first:pl-6 last:pr-6";

/** The five newest orders: Order ID, Customer, Amount, Status and Date, or 'No orders found'. */
export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  return (
    <Panel
      id="dashboard-recent-orders"
      title="Recent Orders"
      note="The five newest"
      action={
        <Link to="/admin/orders" className={panelLinkClass}>
          All orders
        </Link>
      }
    >
      {orders.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-stone">{NO_ORDERS}</p>
      ) : (
        <>
          {/* a table from 640 px; a list of cards below that, where five columns do not fit */}
          <div className="hidden sm:block">
            <table className="w-full text-sm" data-testid="recent-orders">
              <thead className="border-b border-linen bg-sand/50">
                <tr>
                  <th scope="col" className={th}>
                    Order ID
                  </th>
                  <th scope="col" className={th}>
                    Customer
                  </th>
                  <th scope="col" className={`${th} !text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-linen">
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td className={`${td} font-mono text-[0.8rem] text-ink`}>
                      <Link
                        to={`/admin/orders/${o.id}`}
                        className="underline decoration-linen underline-offset-4 hover:text-maroon hover:decoration-maroon"
                      >
                        {o.orderNumber}
                      </Link>
                    </td>
                    <td className={`${td} max-w-[14rem] truncate`}>{o.customerName}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatPrice(o.totalPaise)}</td>
                    <td className={td}>
                      <StatusBadge status={o.status} />
                    </td>
                    <td className={`${td} whitespace-nowrap text-stone`}>
                      <time dateTime={o.createdAt}>{o.placedOn}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-linen sm:hidden" data-testid="recent-orders-list">
            {orders.map((o) => (
              <li key={o.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 px-5 py-4">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="min-w-0 truncate font-mono text-[0.78rem] text-ink underline decoration-linen underline-offset-4 hover:text-maroon"
                >
                  <span className="sr-only">Order ID </span>
                  {o.orderNumber}
                </Link>
                <span className="text-right text-sm font-medium text-ink tabular-nums">
                  {formatPrice(o.totalPaise)}
                </span>
                <span className="min-w-0 truncate text-sm text-stone">{o.customerName}</span>
                <span className="text-right">
                  <StatusBadge status={o.status} />
                </span>
                <time dateTime={o.createdAt} className="col-span-2 text-xs text-stone">
                  {o.placedOn}
                </time>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
