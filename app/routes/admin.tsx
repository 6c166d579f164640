import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import "~/admin.css";
import type { Route } from "./+types/admin";
import { AdminForbidden, AdminOwnersOnly, AdminShell, AdminSignInPage } from "~/components/admin/admin-shell";
import { readFormData } from "~/lib/http.server";
import {
  ADMIN_HEADERS,
  forgetStaffChecks,
  requireStaff,
  requireStaffAndSettings,
  type AdminSignInReason,
  type OwnersOnly,
} from "~/modules/admin/index.server";
import { getAuth } from "~/modules/accounts/index.server";
import { signOut } from "~/modules/accounts/index.server";
import { countReturnsWaiting } from "~/modules/returns/index.server";
import { countReviewsWaiting } from "~/modules/reviews/index.server";
import { getDb } from "~/db/client.server";

/*
 * /admin: the back office's own layout (no storefront header or footer). Every loader and action under
 * it calls requireStaff: a visitor gets the sign-in form (401) and a shopper 403, never data. Nothing
 * here is ever cached or indexed.
 */

export const handle = { admin: true };

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { staff, settings } = await requireStaffAndSettings(request);
  // two counts on their status indexes, side by side: the navigation shows the return requests
  // waiting for an answer and the reviews waiting for approval or reported
  const [returnsWaiting, reviewsWaiting] = await Promise.all([
    countReturnsWaiting(getDb()),
    countReviewsWaiting(getDb()),
  ]);
  return data(
    { staff: { name: staff.name, email: staff.email }, storeName: settings.storeName, returnsWaiting, reviewsWaiting },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "sign-out") throw data("Unknown action", { status: 400, headers: ADMIN_HEADERS });
  forgetStaffChecks(staff.id);
  const result = await signOut(getAuth(), request.headers);
  if (!result.ok) return data({ message: result.message }, { status: 500, headers: ADMIN_HEADERS });
  return redirect("/", { headers: result.headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      staff={loaderData.staff}
      storeName={loaderData.storeName}
      returnsWaiting={loaderData.returnsWaiting}
      reviewsWaiting={loaderData.reviewsWaiting}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) {
    const reason = (error.data as AdminSignInReason | null)?.reason ?? "signed-out";
    return <AdminSignInPage expired={reason === "expired"} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    const owners = error.data as Partial<OwnersOnly> | null;
    return owners?.ownersOnly && owners.message ? <AdminOwnersOnly message={owners.message} /> : <AdminForbidden />;
  }
  throw error;
}
