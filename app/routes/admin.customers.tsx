import { data } from "react-router";
import type { Route } from "./+types/admin.customers";
import { AdminPageHeader, AdminPager, AdminSearch, AdminTable, TD, TH } from "~/components/admin/list-parts";
import { getDb } from "~/db/client.server";
import { formatPhone } from "~/modules/accounts/phone";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/access.server";
import { listAdminCustomers, pageNumber } from "~/modules/admin/lists.server";
import { formatPrice } from "~/modules/pricing/money";

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? "";
  const list = await listAdminCustomers(getDb(), { search, page: pageNumber(url.searchParams.get("page")) });
  return data({ ...list, search }, { headers: ADMIN_HEADERS });
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search } = loaderData;
  return (
    <>
      <AdminPageHeader eyebrow="People" title="Customers">
        <AdminSearch label="Search customers" placeholder="Name, e-mail or phone" defaultValue={search} />
      </AdminPageHeader>
      {rows.length === 0 ? (
        <p className="border border-linen bg-white px-6 py-16 text-center text-stone">{search ? `No customers match "${search}".` : "No customers yet"}</p>
      ) : (
        <AdminTable caption="Customers, newest first">
          <thead>
            <tr>
              <th scope="col" className={TH}>Name</th>
              <th scope="col" className={TH}>Phone</th>
              <th scope="col" className={TH}>E-mail</th>
              <th scope="col" className={`${TH} text-right`}>Orders</th>
              <th scope="col" className={`${TH} text-right`}>Total spent</th>
              <th scope="col" className={TH}>Joined</th>
              <th scope="col" className={TH}>Account</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} className="hover:bg-sand/30">
                <td className={`${TD} font-medium`}>{c.name || "—"}</td>
                <td className={`${TD} whitespace-nowrap tabular-nums`}>{c.phone ? formatPhone(c.phone) : "—"}</td>
                <td className={`${TD} break-all text-stone`}>{c.email}</td>
                <td className={`${TD} text-right tabular-nums`}>{c.orderCount}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatPrice(c.spentPaise)}</td>
                <td className={`${TD} whitespace-nowrap text-stone`}>{dateFormat.format(new Date(c.joinedAt))}</td>
                <td className={TD}>{c.active ? <span className="text-leaf">Active</span> : <span className="text-sale">Disabled</span>}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <AdminPager page={page} pages={pages} total={total} noun="customer" />
    </>
  );
}
