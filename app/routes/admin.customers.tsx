import { data } from "react-router";
import type { Route } from "./+types/admin.customers";
import { CustomerList } from "~/components/admin/customers/customer-list";
import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { listAdminCustomers, pageNumber } from "~/modules/reports/index.server";

/*
 * /admin/customers: the shoppers, searched (name, e-mail, phone) and paged in SQL with their order
 * count and total spent; each opens its page. Staff accounts are listed apart (/admin/customers/staff).
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Customers · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 80);
  const list = await listAdminCustomers(getDb(), { search, page: pageNumber(url.searchParams.get("page")) });
  return data({ ...list, search }, { headers: ADMIN_HEADERS });
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomerList {...loaderData} />;
}
