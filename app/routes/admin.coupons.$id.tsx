import { data } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import type { Route } from "./+types/admin.coupons.$id";
import { CouponEditor, CouponEditorMissing } from "~/components/admin/coupons/coupon-editor";
import { getDb } from "~/db/client.server";
import { readJsonField } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { getLogger } from "~/lib/logger.server";
import { ADMIN_HEADERS, guardAction, requireStaff } from "~/modules/admin/index.server";
import { recentActivity } from "~/modules/audit/index.server";
import { pageNumber } from "~/modules/reports/index.server";
import { loadCouponForEdit, saveCoupon } from "~/modules/coupons/index.server";
import { COUPON_ADMIN_MESSAGES, couponValuesSchema, type CouponFieldErrors } from "~/modules/coupons";
import { ordersUsingCoupon } from "~/modules/orders/index.server";

/*
 * /admin/coupons/new and /admin/coupons/<id>: the coupon editor over the list, with the coupon's
 * uses and the orders that used it (newest first). The action saves the whole form; whatever goes
 * wrong it answers with data, so the form keeps everything typed.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  if (params.id === "new") return data({ coupon: null, orders: null, activity: [] }, { headers: ADMIN_HEADERS });
  const db = getDb();
  const coupon = await loadCouponForEdit(db, params.id);
  if (!coupon) throw data(COUPON_ADMIN_MESSAGES.notFound, { status: 404, headers: ADMIN_HEADERS });
  const ordersPage = pageNumber(new URL(request.url).searchParams.get("orders"));
  const [orders, activity] = await Promise.all([
    ordersUsingCoupon(db, coupon.code, { page: ordersPage }),
    recentActivity(db, { entity: "coupon", entityId: coupon.id, limit: 6 }),
  ]);
  return data({ coupon, orders, activity }, { headers: ADMIN_HEADERS });
}

type Answer =
  | { ok: true; id: string; created: boolean; code: string }
  | { ok: false; formError: string; fieldErrors: CouponFieldErrors; conflict?: boolean };

const answer = (body: Answer, status = 200) => data(body, { status, headers: ADMIN_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  // signed out while editing: the same 401 / 403 and no change, as data the form can show
  const guard = await guardAction(request, {
    signedOut: COUPON_ADMIN_MESSAGES.signedOut,
    forbidden: COUPON_ADMIN_MESSAGES.failed,
  });
  if (!guard.ok) return answer({ ok: false, formError: guard.message, fieldErrors: {} }, guard.status);
  const { staff } = guard;
  const form = await readFormData(request);
  const values = form.get("intent") === "save" ? readJsonField(form, "coupon", couponValuesSchema) : null;
  if (!values) return answer({ ok: false, formError: COUPON_ADMIN_MESSAGES.failed, fieldErrors: {} }, 400);
  try {
    const result = await saveCoupon(getDb(), staff, params.id === "new" ? null : params.id, values);
    if (!result.ok)
      return answer(
        { ok: false, formError: result.formError, fieldErrors: result.fieldErrors, conflict: result.conflict },
        result.status,
      );
    return answer({ ok: true, id: result.id, created: result.created, code: result.code });
  } catch (error) {
    getLogger().error({ err: error, couponId: params.id }, "saving a coupon failed");
    return answer({ ok: false, formError: COUPON_ADMIN_MESSAGES.failed, fieldErrors: {} }, 500);
  }
}

export default function AdminCouponEditor({ loaderData }: Route.ComponentProps) {
  return <CouponEditor {...loaderData} />;
}

export function ErrorBoundary() {
  const { notFound } = useAdminPageError();
  return <CouponEditorMissing notFound={notFound} />;
}
