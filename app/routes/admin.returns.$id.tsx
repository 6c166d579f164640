import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import type { Route } from "./+types/admin.returns.$id";
import { ReturnDetail, ReturnMissing } from "~/components/admin/returns/return-detail";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import {
  ADMIN_HEADERS,
  guardAction,
  RETURN_ADMIN_MESSAGES,
  requireStaff,
  runReturnAction,
  type ReturnActionAnswer,
} from "~/modules/admin/index.server";
import { loadReturnForStaff } from "~/modules/returns/index.server";
import { shopShippingProvider } from "~/modules/shipping/index.server";

/*
 * /admin/returns/<id>: one return (decision 042), resolved from this screen: approve or decline the
 * request, book its pickup (through the courier service or by hand), mark it picked up, receive and
 * inspect each piece, resolve it by exchange, store credit or refund. Every change names the version
 * of the return it was made against.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.view.request.returnNumber ?? "Return"} · Admin · Saanjh` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const view = await loadReturnForStaff(getDb(), params.id);
  if (!view) throw data(RETURN_ADMIN_MESSAGES.notFound, { status: 404, headers: ADMIN_HEADERS });
  // the full destination leaves the server only while a cash-on-delivery refund may still have to be paid
  const open = !["resolved", "declined", "cancelled"].includes(view.request.status);
  const shown = open ? view : { ...view, request: { ...view.request, refundTo: null } };
  return data({ view: shown, pickupBy: shopShippingProvider().name as string }, { headers: ADMIN_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  // signed out while working: the same 401 / 403 and no change, as data the form can show
  const guard = await guardAction(request, {
    signedOut: RETURN_ADMIN_MESSAGES.signedOut,
    forbidden: RETURN_ADMIN_MESSAGES.failed,
  });
  if (!guard.ok) {
    const body: ReturnActionAnswer = { ok: false, intent: null, formError: guard.message, fieldErrors: {} };
    return data(body, { status: guard.status, headers: ADMIN_HEADERS });
  }
  const form = await readFormData(request);
  const answer = await runReturnAction(getDb(), guard.staff, form, { returnId: params.id });
  return data(answer.body, { status: answer.status, headers: ADMIN_HEADERS });
}

export default function AdminReturn({ loaderData }: Route.ComponentProps) {
  return <ReturnDetail view={loaderData.view} pickupBy={loaderData.pickupBy} />;
}

export function ErrorBoundary() {
  const { notFound } = useAdminPageError();
  return <ReturnMissing notFound={notFound} />;
}
