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
import { startTransition, useEffect, useState } from "react";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/footer";
import { PlainLinkNavigation } from "~/components/ui/plain-link";
import { DeferredHydratedContext } from "~/components/ui/use-hydrated";
import { Header } from "./components/layout/header";
import { getConfig } from "./config.server";
import { getDb } from "./db/client.server";
import { PRIVATE_CACHE_CONTROL } from "./lib/cache-control";
import { cachedStoreSettings } from "~/modules/content/index.server";
import { ShopperSync } from "./components/shopper/shopper-sync";
import { BagToast } from "./components/shopper/bag-toast";
import {
  EarlyShopperView,
  earlyMeScript,
  earlyViewSnapshot,
  fetchMe,
  rememberSignedIn,
} from "./components/shopper/me-client";
import { NONCE_PLACEHOLDER } from "./lib/csp";
import { isAdminPath, isPersonalPath } from "./lib/personal-paths";
import { readShopper } from "./lib/shopper.server";
import { SIGNED_OUT, type ShopperView } from "./lib/shopper-view";
import { STORE_FIELD } from "~/modules/cart";
import "./app.css";
// the same files app.css's @font-face rules name (Vite gives both the one hashed address)
import cormorantLatin from "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url";
import jostLatin from "@fontsource-variable/jost/files/jost-latin-wght-normal.woff2?url";

/** Personal pages carry the shopper's name and cart: never shared (docs/decisions/013, 029). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The shop's shell: the same for every visitor on shared pages (home, lists, search, product and
 * content pages), which read no session at all; only personal pages (cart, wishlist, checkout, account,
 * sign-in) read the shopper here. Shared pages get the shopper from GET /api/me in the browser
 * (clientLoader below, decision 029).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const pathname = new URL(request.url).pathname;
  // The back office has its own shell, guard and settings: no shopper, cart, wishlist or footer to read there.
  const scope = isAdminPath(pathname) ? "admin" : isPersonalPath(pathname) ? "personal" : "shared";
  const [settings, view] = await Promise.all([
    // the shell's name and contact details: a per-process copy kept 30 s, forgotten when staff save
    scope === "admin" ? null : cachedStoreSettings(db),
    scope === "personal" ? readShopper(db, request) : SIGNED_OUT,
  ]);
  const config = getConfig();
  const payload = {
    isDemo: config.isDemo,
    baseUrl: config.baseUrl,
    scope,
    user: view.user,
    shopper: view.shopper,
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
  return data(payload, view.user ? { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } } : undefined);
}

/** The last answer of /api/me, kept when a later request fails (offline) so a signed-in tab stays signed in. */
let lastView: ShopperView | null = null;

/**
 * In the browser, on every revalidation (signing in or out, cart and wishlist changes, a tab coming
 * back): a shared page's shell plus the shopper from GET /api/me. Not on hydration: the page's first
 * answer comes from the early head script (useShopperView), so hydration never waits for it.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.scope === "admin") return { ...server, fromClient: true };
  if (server.scope === "personal") {
    lastView = { user: server.user, shopper: server.shopper };
    rememberSignedIn(server.user !== null);
    return { ...server, fromClient: true };
  }
  const view = (await fetchMe()) ?? lastView ?? earlyViewSnapshot();
  if (!view) return { ...server, fromClient: true };
  lastView = view;
  rememberSignedIn(view.user !== null);
  return { ...server, user: view.user, shopper: view.shopper, fromClient: true };
}

/** A guest's change to their browser's cart or wishlist changes nothing the root loader reads. */
export function shouldRevalidate({
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
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
        {/* Every page's first text is set in these two faces: fetched with the stylesheet rather than
            after it, they are there for the first layout, which then happens once, in the right
            fonts, instead of in fallback fonts and again when each face arrives (decision 033). */}
        <link rel="preload" as="font" type="font/woff2" href={jostLatin} crossOrigin="anonymous" />
        <link rel="preload" as="font" type="font/woff2" href={cormorantLatin} crossOrigin="anonymous" />
        {/* starts the shopper's one personal request before the bundle loads (decision 029); written
            by the server only: hydration keeps the script as it came, and the bundle needs no copy */}
        <script
          nonce={typeof document === "undefined" ? NONCE_PLACEHOLDER : ""}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyMeScript() : "" }}
        />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <HydrationFlag>
          <EarlyShopperView>{children}</EarlyShopperView>
        </HydrationFlag>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The page's flag for script-only controls (useDeferredHydrated): set in a transition once hydration is
 * done, so React draws those controls in slices rather than in one task (decision 047).
 */
function HydrationFlag({ children }: { children: React.ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // hydrated, with the script-only controls drawn: the end-to-end tests wait for this mark
    if (drawn) performance.mark("shop:hydrated");
    else startTransition(() => setDrawn(true));
  }, [drawn]);
  return <DeferredHydratedContext.Provider value={drawn}>{children}</DeferredHydratedContext.Provider>;
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

function Shell({
  data,
  children,
}: {
  data: Route.ComponentProps["loaderData"] | undefined;
  children: React.ReactNode;
}) {
  const settings = data?.settings ?? FALLBACK_SETTINGS;
  return (
    <PlainLinkNavigation>
      <div className="flex min-h-dvh flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {data?.isDemo ? (
          <p className="demo-note" role="note">
            Test mode · no real payments or messages
          </p>
        ) : null}
        <Header storeName={settings.storeName} />
        <ShopperSync />
        <BagToast />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer settings={settings} />
      </div>
    </PlainLinkNavigation>
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
