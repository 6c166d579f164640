import { data } from "react-router";
import type { Route } from "./+types/admin.orders";
import { StatusBadge } from "~/components/account/status-badge";
import { AdminPageHeader, AdminPager, AdminSearch, AdminTable, TD, TH } from "~/components/admin/list-parts";
import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/access.server";
import { listAdminOrders, pageNumber } from "~/modules/admin/lists.server";
import { formatPrice } from "~/modules/pricing/money";

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? "";
  const list = await listAdminOrders(getDb(), { search, page: pageNumber(url.searchParams.get("page")) });
  return data({ ...list, search }, { headers: ADMIN_HEADERS });
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search } = loaderData;
  return (
    <>
      <AdminPageHeader eyebrow="Sales" title="Orders">
        <AdminSearch label="Search orders" placeholder="Order number, name, e-mail or phone" defaultValue={search} />
      </AdminPageHeader>
      {rows.length === 0 ? (
        <p className="border border-linen bg-white px-6 py-16 text-center text-stone">{search ? `No orders match "${search}".` : "No orders found"}</p>
      ) : (
        <AdminTable caption="Orders, newest first">
          <thead>
            <tr>
              <th scope="col" className={TH}>Order ID</th>
              <th scope="col" className={TH}>Customer</th>
              <th scope="col" className={`${TH} text-right`}>Amount</th>
              <th scope="col" className={TH}>Payment</th>
              <th scope="col" className={TH}>Status</th>
              <th scope="col" className={TH}>Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.orderNumber} className="hover:bg-sand/30">
                <td className={`${TD} font-medium tabular-nums`}>{o.orderNumber}</td>
                <td className={TD}>
                  <span className="block">{o.customerName}</span>
                  <span className="block text-xs text-stone">{o.customerPhone}</span>
                </td>
                <td className={`${TD} text-right tabular-nums`}>{formatPrice(o.totalPaise)}</td>
                <td className={TD}>{o.paymentMethod === "cod" ? "Cash on delivery" : "Online"}</td>
                <td className={TD}>
                  <StatusBadge status={o.status} />
                </td>
                <td className={`${TD} whitespace-nowrap text-stone`}>{dateFormat.format(new Date(o.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <AdminPager page={page} pages={pages} total={total} noun="order" />
    </>
  );
}
