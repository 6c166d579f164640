import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "react-router";
import { AdminSignInForm } from "~/components/layout/admin-sign-in";
import { ToastProvider } from "./toast";

/** The back office's tabs; the next ones (Coupons, Settings) slot in here. */
const ADMIN_TABS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/returns", label: "Returns", end: false },
  { to: "/admin/reviews", label: "Reviews", end: false },
  { to: "/admin/customers", label: "Customers", end: false },
  { to: "/admin/coupons", label: "Coupons", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
] as const;

function Frame({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-[#f6f3ee] text-ink">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <header className="border-b border-linen bg-ivory">
        <div className="mx-auto flex max-w-[90rem] items-center justify-between gap-4 px-4 py-4 sm:px-8">
          <div className="min-w-0">
            <Link to="/" className="font-display text-2xl leading-none text-ink sm:text-3xl">
              Saanjh
            </Link>
            <p className="mt-1 text-[0.65rem] font-medium tracking-[0.28em] text-stone uppercase">Admin</p>
          </div>
          {aside}
        </div>
      </header>
      {children}
    </div>
  );
}

export function AdminShell({
  staff,
  storeName,
  returnsWaiting = 0,
  reviewsWaiting = 0,
}: {
  staff: { name: string; email: string };
  storeName: string;
  /** return requests waiting for staff's answer: shown beside the Returns tab */
  returnsWaiting?: number;
  /** reviews waiting for approval or reported: shown beside the Reviews tab */
  reviewsWaiting?: number;
}) {
  const waiting: Record<string, { n: number; testId: string }> = {
    "/admin/returns": { n: returnsWaiting, testId: "returns-waiting" },
    "/admin/reviews": { n: reviewsWaiting, testId: "reviews-waiting" },
  };
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname.startsWith("/admin");
  return (
    <ToastProvider>
      <Frame
        aside={
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-stone sm:inline" title={staff.email}>
              {staff.name}
            </span>
            <Link to="/" className="hidden text-ink underline-offset-4 hover:underline md:inline">
              View {storeName}
            </Link>
            <Form method="post" action="/admin">
              <button type="submit" name="intent" value="sign-out" className="btn-outline !px-4 !py-2 text-xs">
                Sign out
              </button>
            </Form>
          </div>
        }
      >
        <nav aria-label="Admin sections" className="sticky top-0 z-30 border-b border-linen bg-ivory/95 backdrop-blur">
          <div className="scroll-fade">
            <ul className="mx-auto flex max-w-[90rem] [scrollbar-width:none] gap-1 overflow-x-auto px-2 max-md:pr-12 sm:pl-6 md:px-6">
              {ADMIN_TABS.map((tab) => (
                <li key={tab.to} className="shrink-0">
                  <NavLink
                    to={tab.to}
                    end={tab.end}
                    prefetch="intent"
                    className={({ isActive }) =>
                      `block border-b-2 px-4 py-3.5 text-xs font-medium tracking-[0.2em] uppercase transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-maroon ${
                        isActive ? "border-maroon text-ink" : "border-transparent text-stone hover:text-ink"
                      }`
                    }
                  >
                    {tab.label}
                    {(waiting[tab.to]?.n ?? 0) > 0 ? (
                      <span
                        className="relative ml-2 inline-block min-w-5 rounded-full bg-maroon px-1.5 py-0.5 text-center text-[0.65rem] leading-none tracking-normal text-ivory tabular-nums"
                        data-testid={waiting[tab.to]!.testId}
                      >
                        <span className="sr-only">, </span>
                        {waiting[tab.to]!.n}
                        <span className="sr-only"> waiting</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
          <div
            aria-hidden="true"
            className={`h-0.5 origin-left bg-maroon transition-transform duration-300 ${busy ? "scale-x-75" : "scale-x-0"}`}
          />
        </nav>
        <main id="admin-main" className="mx-auto max-w-[90rem] px-4 py-6 sm:px-8 sm:py-10">
          <Outlet />
        </main>
      </Frame>
    </ToastProvider>
  );
}

/** What a visitor (or a staff member whose session ended) sees at /admin: the sign-in form, never data. */
export function AdminSignInPage({ expired }: { expired: boolean }) {
  const revalidator = useRevalidator();
  return (
    <Frame>
      <main id="admin-main" className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
        <section aria-labelledby="admin-sign-in-title" className="border border-linen bg-ivory p-8 shadow-sm sm:p-10">
          <p className="eyebrow">Staff only</p>
          <h1 id="admin-sign-in-title" className="mt-2 font-display text-3xl">
            Admin sign in
          </h1>
          {expired ? (
            <p className="mt-4 text-sm text-stone">
              You were signed out after a long time without activity. Please sign in again.
            </p>
          ) : null}
          <AdminSignInForm onSignedIn={() => void revalidator.revalidate()} />
        </section>
        <Link to="/" className="mt-8 text-center text-sm text-stone underline-offset-4 hover:underline">
          Back to the shop
        </Link>
      </main>
    </Frame>
  );
}

export function AdminForbidden() {
  return (
    <Frame>
      <main id="admin-main" className="mx-auto max-w-md px-4 py-24 text-center">
        <p className="eyebrow">403</p>
        <h1 className="mt-3 font-display text-3xl">You do not have access to the back office.</h1>
        <p className="mt-4 text-sm text-stone">
          This area is for the shop&apos;s staff. Your account and orders are in your account.
        </p>
        <Link to="/authentication" className="btn-primary mt-8">
          My account
        </Link>
      </main>
    </Frame>
  );
}

/** A change only an owner may make, sent by staff who are not owners (from a page opened before their role changed). */
export function AdminOwnersOnly({ message }: { message: string }) {
  return (
    <Frame>
      <main id="admin-main" className="mx-auto max-w-md px-4 py-24 text-center">
        <p className="eyebrow">Owners only</p>
        <h1 className="mt-3 font-display text-3xl">{message}</h1>
        <p className="mt-4 text-sm text-stone">Nothing was changed. An owner of the shop can make this change.</p>
        <Link to="/admin" className="btn-primary mt-8">
          Back to the dashboard
        </Link>
      </main>
    </Frame>
  );
}

/**
 * For an admin page's ErrorBoundary: the back office's own answers (the sign-in form for 401, the
 * refusal for 403) are thrown on to the layout; anything else is the page's to show.
 */
export function useAdminPageError(): { notFound: boolean } {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) throw error;
  return { notFound: isRouteErrorResponse(error) && error.status === 404 };
}
