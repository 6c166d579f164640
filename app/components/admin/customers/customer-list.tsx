import { Link, useLocation } from "react-router";
import { AdminPageHeader, AdminPager, AdminSearch, TD, TH } from "~/components/admin/list-parts";
import { formatPhone } from "~/modules/accounts";
import type { AdminCustomerRow } from "~/modules/reports/index.server";
import { formatPrice } from "~/modules/pricing";
import { AccountState } from "./account-state";
import { formatDay } from "./format";
import { PeopleTabs } from "./people-tabs";

/**
 * The shoppers, a page at a time: a table from tablet width up, cards on a phone (no sideways
 * scrolling); each name opens the customer's page, keeping the list's search for the way back.
 */
export function CustomerList({
  rows,
  total,
  page,
  pages,
  search,
}: {
  rows: AdminCustomerRow[];
  total: number;
  page: number;
  pages: number;
  search: string;
}) {
  const location = useLocation();
  const href = (id: string) => `/admin/customers/${id}${location.search}`;
  return (
    <>
      <AdminPageHeader eyebrow="People" title="Customers">
        <AdminSearch label="Search customers" placeholder="Name, e-mail or phone" defaultValue={search} />
      </AdminPageHeader>
      <PeopleTabs />
      {rows.length === 0 ? (
        <p className="border border-linen bg-white px-6 py-16 text-center text-stone">
          {search ? `No customers match "${search}".` : "No customers yet"}
        </p>
      ) : (
        <>
          <ul aria-label="Customers" className="grid gap-3 md:hidden">
            {rows.map((c) => (
              <li key={c.id}>
                <Link
                  to={href(c.id)}
                  className="block border border-linen bg-white p-4 transition-colors hover:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{c.name || "—"}</span>
                      <span className="mt-0.5 block text-sm text-stone tabular-nums">
                        {c.phone ? formatPhone(c.phone) : "—"}
                      </span>
                      {c.email ? <span className="block truncate text-sm text-stone">{c.email}</span> : null}
                    </span>
                    <AccountState active={c.active} />
                  </span>
                  <span className="mt-3 flex items-center justify-between border-t border-linen/70 pt-3 text-sm">
                    <span className="text-stone">
                      {c.orderCount} {c.orderCount === 1 ? "order" : "orders"}
                    </span>
                    <span className="font-medium text-ink tabular-nums">{formatPrice(c.spentPaise)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto border border-linen bg-white md:block">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Customers, newest first</caption>
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Name
                  </th>
                  <th scope="col" className={TH}>
                    Phone
                  </th>
                  <th scope="col" className={TH}>
                    E-mail
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Orders
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Total spent
                  </th>
                  <th scope="col" className={TH}>
                    Joined
                  </th>
                  <th scope="col" className={TH}>
                    Account
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="hover:bg-sand/30">
                    <td className={`${TD} font-medium`}>
                      <Link
                        to={href(c.id)}
                        className="underline-offset-4 hover:text-maroon hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
                      >
                        {c.name || "—"}
                      </Link>
                    </td>
                    <td className={`${TD} whitespace-nowrap tabular-nums`}>{c.phone ? formatPhone(c.phone) : "—"}</td>
                    <td className={`${TD} break-all text-stone`}>{c.email ?? "—"}</td>
                    <td className={`${TD} text-right tabular-nums`}>{c.orderCount}</td>
                    <td className={`${TD} text-right tabular-nums`}>{formatPrice(c.spentPaise)}</td>
                    <td className={`${TD} whitespace-nowrap text-stone`}>{formatDay(c.joinedAt)}</td>
                    <td className={TD}>
                      <AccountState active={c.active} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <AdminPager page={page} pages={pages} total={total} noun="customer" />
    </>
  );
}
