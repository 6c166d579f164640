import { data, Outlet } from "react-router";
import type { Route } from "./+types/admin.coupons";
import { CouponList } from "~/components/admin/coupons/coupon-list";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import { pageNumber } from "~/modules/reports/index.server";
import { listAdminCoupons, setCouponActive } from "~/modules/coupons/index.server";
import { COUPON_ADMIN_MESSAGES } from "~/modules/coupons";

/*
 * /admin/coupons: every coupon with its terms, window and uses; the editor and detail
 * (admin.coupons.$id.tsx) open over it. The action deactivates or reactivates a coupon.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Coupons · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 80);
  const list = await listAdminCoupons(getDb(), { search, page: pageNumber(url.searchParams.get("page")) });
  return data({ ...list, search, now: new Date().toISOString() }, { headers: ADMIN_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "deactivate" && intent !== "reactivate")
    return data({ ok: false as const, message: COUPON_ADMIN_MESSAGES.failed }, { status: 400, headers: ADMIN_HEADERS });
  const result = await setCouponActive(getDb(), staff, String(form.get("couponId") ?? ""), intent === "reactivate");
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: result.status, headers: ADMIN_HEADERS });
  return data({ ok: true as const, code: result.code, isActive: result.isActive }, { headers: ADMIN_HEADERS });
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CouponList page={loaderData} />
      <Outlet />
    </>
  );
}
