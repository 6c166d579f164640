import { data, Link } from "react-router";
import { useAdminPageError } from "~/components/admin/admin-shell";
import { ADMIN_HEADERS, requireStaff } from "~/modules/admin/index.server";
import type { Route } from "./+types/admin.not-found";

/*
 * An address under /admin that names no screen (a typo, an old bookmark): the back office's own
 * 'not found' inside its layout, with status 404. Staff only, like every admin screen: a visitor gets
 * the sign-in form and a shopper the refusal, never a hint of which addresses exist.
 */

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Page not found · Admin · Saanjh" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return data({ path: new URL(request.url).pathname }, { status: 404, headers: ADMIN_HEADERS });
}

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-3 font-display text-3xl text-ink">We could not find that page</h1>
      <p className="mt-4 text-sm break-words text-stone">
        Nothing in the back office lives at <span className="font-medium break-all text-ink">{loaderData.path}</span>.
        The address may be mistyped, or the page has moved; the tabs above lead to every section.
      </p>
      <Link to="/admin" className="btn-primary mt-8">
        Back to the dashboard
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  useAdminPageError();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="font-display text-3xl text-ink">This page could not be loaded.</h1>
    </div>
  );
}
