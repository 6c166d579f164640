import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import type { Route } from "./+types/admin.customers.$id";
import { CustomerDetail, CustomerMissing } from "~/components/admin/customers/customer-detail";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { CUSTOMER_MESSAGES, getAdminCustomer, setCustomerActive } from "~/modules/admin/index.server";
import { adjustCustomerCredit } from "~/modules/admin/index.server";

/*
 * /admin/customers/<id>: one shopper's profile, addresses and orders, and deactivating (their
 * sessions end at once; they cannot sign in) or reactivating the account; her store credit, which
 * staff adjust with a reason (audited).
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.customer.name ?? "Customer"} · Admin · Saanjh` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const customer = await getAdminCustomer(getDb(), params.id);
  if (!customer) throw data(CUSTOMER_MESSAGES.notFound, { status: 404, headers: ADMIN_HEADERS });
  return data({ customer }, { headers: ADMIN_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "adjust-credit") {
    const answer = await adjustCustomerCredit(getDb(), staff, params.id, {
      amount: form.get("amount"),
      reason: form.get("reason"),
    });
    return data(answer, { status: answer.ok ? 200 : answer.status, headers: ADMIN_HEADERS });
  }
  if (intent !== "deactivate" && intent !== "reactivate")
    return data({ ok: false as const, message: CUSTOMER_MESSAGES.failed }, { status: 400, headers: ADMIN_HEADERS });
  const result = await setCustomerActive(
    getDb(),
    staff,
    params.id,
    intent === "reactivate",
    String(form.get("reason") ?? ""),
  );
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: result.status, headers: ADMIN_HEADERS });
  return data(
    {
      ok: true as const,
      active: result.active,
      message: result.active ? CUSTOMER_MESSAGES.reactivated : CUSTOMER_MESSAGES.deactivated,
    },
    { headers: ADMIN_HEADERS },
  );
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerDetail customer={loaderData.customer} />;
}

export function ErrorBoundary() {
  const { notFound } = useAdminPageError();
  return <CustomerMissing notFound={notFound} />;
}
