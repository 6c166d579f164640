import { data } from "react-router";
import type { Route } from "./+types/admin.customers.staff";
import { StaffPage } from "~/components/admin/customers/staff-page";
import { getDb } from "~/db/client.server";
import { readFormData } from "~/lib/http.server";
import { ADMIN_HEADERS, requireOwner, requireStaff } from "~/modules/admin/index.server";
import { addStaff, loadStaffPage, removeStaff } from "~/modules/admin/index.server";
import { STAFF_MESSAGES } from "~/modules/accounts";
import { getAuth } from "~/modules/accounts/index.server";

/*
 * /admin/customers/staff: the staff accounts, listed apart from the shoppers. Every staff member sees
 * the list; owners add (the rules of `npm run admin:create`) and remove, never the last owner. Anyone
 * else's change is refused before its form is read.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Staff · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const page = await loadStaffPage(getDb(), staff);
  return data({ ...page, viewerId: staff.id }, { headers: ADMIN_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireOwner(request, STAFF_MESSAGES.ownersOnly);
  const form = Object.fromEntries(await readFormData(request));
  if (form.intent === "add") {
    const result = await addStaff(getDb(), getAuth(), staff, form);
    if (!result.ok)
      return data({ intent: "add" as const, ...result }, { status: result.status, headers: ADMIN_HEADERS });
    return data(
      { intent: "add" as const, ok: true as const, message: STAFF_MESSAGES.added(result.name) },
      { headers: ADMIN_HEADERS },
    );
  }
  if (form.intent === "remove") {
    const result = await removeStaff(getDb(), staff, String(form.userId ?? ""));
    if (!result.ok)
      return data({ intent: "remove" as const, ...result }, { status: result.status, headers: ADMIN_HEADERS });
    return data(
      { intent: "remove" as const, ok: true as const, message: STAFF_MESSAGES.removed(result.name), self: result.self },
      { headers: ADMIN_HEADERS },
    );
  }
  return data(
    { intent: "remove" as const, ok: false as const, status: 400, message: STAFF_MESSAGES.failed },
    { status: 400, headers: ADMIN_HEADERS },
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return <StaffPage {...loaderData} />;
}
