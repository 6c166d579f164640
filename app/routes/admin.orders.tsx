import { data } from "react-router";
import type { Route } from "./+types/admin.orders";
import { OrderList } from "~/components/admin/orders/order-list";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { parseOrderListParams } from "~/modules/orders";
import { listStaffOrders, openFlaggedPayments } from "~/modules/reports/index.server";
import { runOrderAction } from "~/modules/admin/index.server";

/*
 * /admin/orders: payments that need staff first ('payment succeeded but order not confirmed'), then
 * every order newest first, filtered by status, dates (Indian days) and payment method, searched by
 * number, name, e-mail or phone, a page at a time. The action confirms or refunds a flagged payment.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Orders · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseOrderListParams(new URL(request.url).searchParams);
  const db = getDb();
  const [list, flagged] = await Promise.all([listStaffOrders(db, params), openFlaggedPayments(db)]);
  return data({ ...list, params, flagged }, { headers: ADMIN_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readFormData(request);
  const answer = await runOrderAction(getDb(), staff, form);
  return data(answer.body, { status: answer.status, headers: ADMIN_HEADERS });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrderList {...loaderData} />;
}
