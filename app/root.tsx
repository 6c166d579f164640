import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { getConfig } from "./config.server";
import { getDb } from "./db/client.server";
import { PRIVATE_CACHE_CONTROL } from "./lib/page-cache.server";
import { getSessionUser } from "./modules/accounts/session.server";
import { getCartLines } from "./modules/cart/cart.server";
import { getStoreSettings } from "./modules/content/settings.server";
import { wishlistedIds } from "./modules/wishlist/wishlist.server";
import { ShopperSync } from "./components/shopper/shopper-sync";
import { STORE_FIELD } from "./modules/cart/form-fields";
import "./app.css";

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Signed-in pages carry the shopper's name and cart: never shared (docs/decisions/013). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  // The back office has its own shell, guard and settings: no shopper, cart, wishlist or footer to read there.
  const admin = isAdminPath(new URL(request.url).pathname);
  const [settings, user] = admin ? [null, null] : await Promise.all([getStoreSettings(db), getSessionUser(request)]);
  const config = getConfig();
  // A signed-in shopper's cart lines and wishlist, so the badge and every heart agree on every page
  // (guests' live in the browser: decision 012).
  const shopper = user ? await Promise.all([getCartLines(db, user.id), wishlistedIds(db, user.id)]).then(([cart, wishlist]) => ({ cart, wishlist })) : null;
  const payload = {
    isDemo: config.isDemo,
    baseUrl: config.baseUrl,
    // the phone lets a signed-in shopper ask for back-in-stock texts with one press (decision 015)
    user: user ? { id: user.id, name: user.name, phone: user.phoneNumber ?? null } : null,
    shopper,
    settings: settings && {
      storeName: settings.storeName,
      tagline: settings.tagline,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      address: settings.address,
      instagramUrl: settings.instagramUrl,
      facebookUrl: settings.facebookUrl,
    },
  };
  return data(payload, user ? { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } } : undefined);
}

/** A guest's change to their browser's cart or wishlist changes nothing the root loader reads. */
export function shouldRevalidate({ formData, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get(STORE_FIELD) === "local") return false;
  // leaving the back office for the shop: the shopper's data was not read there
  if (isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#fbf8f3" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Routes whose `handle` says `admin: true` have their own layout: no storefront header or footer. */
function useIsAdmin(): boolean {
  return useMatches().some((m) => (m.handle as { admin?: boolean } | undefined)?.admin === true);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const admin = useIsAdmin();
  if (admin) return <Outlet />;
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

function Shell({ data, children }: { data: Route.ComponentProps["loaderData"] | undefined; children: React.ReactNode }) {
  const settings = data?.settings ?? FALLBACK_SETTINGS;
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory">
        Skip to content
      </a>
      {data?.isDemo ? (
        <p className="bg-maroon px-4 py-1.5 text-center text-[0.68rem] font-medium uppercase tracking-[0.24em] text-ivory" role="note">
          Test mode · no real payments or messages
        </p>
      ) : null}
      <Header storeName={settings.storeName} />
      <ShopperSync />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer settings={settings} />
    </div>
  );
}

const FALLBACK_SETTINGS = {
  storeName: "Saanjh",
  tagline: "Subtle. Serene. Enduring",
  supportEmail: "",
  supportPhone: "",
  address: "",
  instagramUrl: "",
  facebookUrl: "",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  let title = "Something went wrong";
  let message = "Please try again in a moment. If it keeps happening, write to us and we will sort it out.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `${error.status} ${error.statusText || "Error"}`;
    message = typeof error.data === "string" && error.data ? error.data : message;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <Shell data={data}>
      <section className="mx-auto max-w-xl px-6 py-28 text-center">
        <p className="eyebrow">Oops</p>
        <h1 className="mt-4 font-display text-4xl text-ink">{title}</h1>
        <p className="mt-4 text-stone">{message}</p>
        <Link to="/products" className="btn-primary mt-10">
          Back to the collection
        </Link>
      </section>
    </Shell>
  );
}
