import { Link } from "react-router";
import { StatusBadge } from "~/components/account/status-badge";
import type { OrderStatus } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export interface YourOrder {
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  totalPaise: number;
  itemCount: number;
}

/** A signed-in shopper's own orders on /track-order, each opening its page in the account. */
export function YourOrders({ orders }: { orders: readonly YourOrder[] }) {
  return (
    <section aria-labelledby="your-orders-heading">
      <h2 id="your-orders-heading" className="font-display text-2xl font-medium text-ink">
        Your orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-stone">
          You have not placed any orders yet.{" "}
          <Link to="/products" className="text-ink underline underline-offset-4 hover:text-maroon">
            Browse the collection
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-linen border-y border-linen">
          {orders.map((order) => (
            <li key={order.orderNumber}>
              <Link
                to={`/account/orders/${encodeURIComponent(order.orderNumber)}`}
                className="group flex items-center justify-between gap-4 py-3.5 hover:bg-sand/40 sm:px-2"
              >
                <span className="min-w-0">
                  <span className="order-code block truncate text-sm text-ink group-hover:text-maroon">
                    {order.orderNumber}
                  </span>
                  <span className="mt-0.5 block text-xs text-stone">
                    {dateFormat.format(new Date(order.createdAt))} · {order.itemCount} item
                    {order.itemCount === 1 ? "" : "s"} · {formatPrice(order.totalPaise)}
                  </span>
                </span>
                <StatusBadge status={order.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
