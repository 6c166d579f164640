import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import type { Route } from "./+types/admin.orders.$id";
import { OrderDetail, OrderMissing } from "~/components/admin/orders/order-detail";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, guardAction, requireStaff } from "~/modules/admin/index.server";
import { ORDER_ADMIN_MESSAGES, type OrderActionAnswer } from "~/modules/orders";
import { taxDocumentsOf } from "~/modules/invoices/index.server";
import { loadStaffOrder } from "~/modules/reports/index.server";
import { isShippingIntent, runOrderAction, runShippingAction } from "~/modules/admin/index.server";
import { staffShippingView } from "~/modules/shipping/index.server";
import { getConfig } from "~/config.server";
import { returnsOfOrder } from "~/modules/returns/index.server";
import { OrderReturnsPanel, orderReturnRows } from "~/components/admin/returns/order-returns-panel";

/*
 * /admin/orders/<id>: one order for staff (lines, customer, billing address, note, payments and
 * refunds, the status timeline with who changed what) and its changes: status (shipped asks for the
 * courier and tracking number, cancelled for a reason), a flagged payment confirmed or refunded, a
 * failed refund tried again. Every change names the version it was made against.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.order.orderNumber ?? "Order"} · Admin · Saanjh` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const detail = await loadStaffOrder(getDb(), params.id);
  if (!detail) throw data(ORDER_ADMIN_MESSAGES.notFound, { status: 404, headers: ADMIN_HEADERS });
  const [documents, shipping, returns] = await Promise.all([
    taxDocumentsOf(getDb(), detail.order.id),
    staffShippingView(getDb(), detail.order.id, { demoMode: getConfig().isDemo }),
    returnsOfOrder(getDb(), detail.order.id),
  ]);
  return data(
    { ...detail, documents, shipping, demoMode: getConfig().isDemo, returns: orderReturnRows(returns) },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // signed out while working: the same 401 / 403 and no change, as data the form can show
  const guard = await guardAction(request, {
    signedOut: ORDER_ADMIN_MESSAGES.signedOut,
    forbidden: ORDER_ADMIN_MESSAGES.failed,
  });
  if (!guard.ok) {
    const body: OrderActionAnswer = {
      ok: false,
      intent: null,
      orderId: null,
      formError: guard.message,
      fieldErrors: {},
    };
    return data(body, { status: guard.status, headers: ADMIN_HEADERS });
  }
  const form = await readFormData(request);
  if (isShippingIntent(form.get("intent"))) {
    const shipped = await runShippingAction(getDb(), guard.staff, form, {
      orderId: params.id,
      demoMode: getConfig().isDemo,
    });
    return data(shipped.body, { status: shipped.status, headers: ADMIN_HEADERS });
  }
  const answer = await runOrderAction(getDb(), guard.staff, form, { orderId: params.id });
  return data(answer.body, { status: answer.status, headers: ADMIN_HEADERS });
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OrderDetail detail={loaderData} documents={loaderData.documents} />
      <OrderReturnsPanel returns={loaderData.returns} />
    </>
  );
}

export function ErrorBoundary() {
  const { notFound } = useAdminPageError();
  return <OrderMissing notFound={notFound} />;
}
