import { data } from "react-router";
import type { Route } from "./+types/admin.returns";
import { ReturnList } from "~/components/admin/returns/return-list";
import { getDb } from "~/db/client.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { listReturnsForStaff, parseReturnListParams } from "~/modules/returns/index.server";

/*
 * /admin/returns: the returns queue (decision 042). It opens on the requests waiting for an answer;
 * tabs per status with their counts, filters by resolution and reason, a search by return or order
 * number, name or phone, newest first a page at a time. Every filter is in the address.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Returns · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseReturnListParams(new URL(request.url).searchParams);
  const list = await listReturnsForStaff(getDb(), params);
  return data({ ...list, params }, { headers: ADMIN_HEADERS });
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  return <ReturnList {...loaderData} />;
}
