import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { formatPhone } from "~/modules/accounts";
import type { AdminCustomerDetail } from "~/modules/admin/index.server";
import { formatPrice } from "~/modules/pricing";
import { breakableEmail, formatDay, formatDayTime } from "./format";

/* The panels of a customer's page: profile and addresses on the left, orders and staff changes on the right. */

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border border-linen bg-white p-5 sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** Name, phone, e-mail, how many orders and what they came to. */
export function ProfilePanel({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <Panel title="Profile">
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
        <dt className="text-stone">Name</dt>
        <dd className="text-ink">{customer.firstName ? `${customer.firstName} ${customer.lastName ?? ""}` : "—"}</dd>
        <dt className="text-stone">Phone</dt>
        <dd className="text-ink tabular-nums">{customer.phone ? formatPhone(customer.phone) : "—"}</dd>
        <dt className="text-stone">E-mail</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere] text-ink">
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="underline-offset-4 hover:underline">
              {breakableEmail(customer.email)[0]}
              <wbr />
              {breakableEmail(customer.email)[1]}
            </a>
          ) : (
            "—"
          )}
        </dd>
        <dt className="text-stone">Orders</dt>
        <dd className="text-ink tabular-nums">{customer.orderCount}</dd>
        <dt className="text-stone">Total spent</dt>
        <dd className="text-ink tabular-nums">{formatPrice(customer.spentPaise)}</dd>
      </dl>
    </Panel>
  );
}

/** The saved addresses, the primary one marked. */
export function AddressesPanel({ addresses }: { addresses: AdminCustomerDetail["addresses"] }) {
  return (
    <Panel title="Addresses">
      {addresses.length === 0 ? (
        <p className="text-sm text-stone">No saved addresses.</p>
      ) : (
        <ul className="space-y-4">
          {addresses.map((a) => (
            <li key={a.id} className="text-sm leading-relaxed">
              <p className="flex items-center gap-2 font-medium text-ink">
                {a.fullName}
                {a.isPrimary ? (
                  <span className="rounded-full bg-sand px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.14em] text-stone uppercase">
                    Primary
                  </span>
                ) : null}
              </p>
              <p className="text-stone">
                {a.line1}
                {a.line2 ? `, ${a.line2}` : ""}
                <br />
                {a.city}, {a.state} {a.pincode}
                <br />
                {a.country} · <span className="tabular-nums">{formatPhone(a.phone)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The orders, newest first, each a link to the order's page. */
export function OrdersPanel({ orderCount, orders }: { orderCount: number; orders: AdminCustomerDetail["orders"] }) {
  return (
    <Panel title={`Orders (${orderCount})`}>
      {orders.length === 0 ? (
        <p className="text-sm text-stone">No orders yet.</p>
      ) : (
        <ul className="-my-3 divide-y divide-linen/80">
          {orders.map((o) => (
            <li key={o.id}>
              <Link
                to={`/admin/orders/${o.id}`}
                className="-mx-2 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-2 py-3 text-sm hover:bg-sand/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon sm:grid-cols-[minmax(0,1fr)_auto_auto]"
              >
                <span className="min-w-0">
                  <span className="order-code block text-ink">{o.orderNumber}</span>
                  <span className="block truncate text-stone">
                    {formatDay(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? "piece" : "pieces"}
                    {o.lineNames.length > 0 ? ` · ${o.lineNames.join(", ")}` : ""}
                  </span>
                </span>
                <span className="justify-self-end sm:order-none">
                  <StatusBadge status={o.status} />
                </span>
                <span className="col-span-2 font-medium text-ink tabular-nums sm:col-span-1 sm:text-right">
                  {formatPrice(o.totalPaise)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** What staff changed on the account. */
export function ActivityPanel({ activity }: { activity: AdminCustomerDetail["activity"] }) {
  return (
    <Panel title="Recent activity">
      {activity.length === 0 ? (
        <p className="text-sm text-stone">No changes by staff yet.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {activity.map((a) => (
            <li key={a.id}>
              <p className="text-ink">{a.summary}</p>
              <p className="text-xs text-stone">
                {a.actorName} · {formatDayTime(a.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
