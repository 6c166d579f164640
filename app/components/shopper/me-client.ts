import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { ADMIN_PATH, PERSONAL_PATH } from "~/lib/personal-paths";
import type { ShopperView } from "~/lib/shopper-view";

/*
 * The browser's side of GET /api/me (docs/decisions/029). Shared pages carry nothing personal; the
 * shopper's cart, wishlist and sign-in state come from one small request after the page loads.
 *
 * - The request starts from an inline script in the page's head (earlyMeScript), before the
 *   JavaScript bundle has loaded, so its answer is usually there when the page becomes interactive.
 * - Guests make no request at all: the browser remembers whether it was last signed in
 *   (SIGNED_IN_KEY, '0' or '1'); a browser that has never asked asks once.
 * - Every later revalidation (after signing in or out, a cart change, a tab coming back) asks again.
 */

export const SIGNED_IN_KEY = "saanjh.signed-in";

declare global {
  interface Window {
    /** the early request's answer, taken once by the root's clientLoader */
    __shopMe?: Promise<ShopperView | null>;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    const value = signedIn ? "1" : "0";
    if (window.localStorage.getItem(SIGNED_IN_KEY) !== value) window.localStorage.setItem(SIGNED_IN_KEY, value);
  } catch {
    // storage refused (private mode): the next page load asks again
  }
}

/** The shopper as the server sees them now; null when the request failed (offline). */
export function fetchMe(): Promise<ShopperView | null> {
  return fetch("/api/me", { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<ShopperView>) : null))
    .catch(() => null);
}

/*
 * The first answer of a shared page: the early request's. The page's state (EarlyShopperView) takes it
 * once hydration is done and draws a signed-in shopper's in a transition; the root's clientLoader reads
 * it (earlyViewSnapshot) until the root's data has been loaded in the browser once (a revalidation).
 * Hydration never waits for it.
 *
 * Why state in a transition and not a store read with useSyncExternalStore (decision 047): a store's
 * change makes React draw every reader (the header, every card's heart and quick add) at once, in one
 * task it cannot interrupt, often while the page is still starting; in a transition React draws them in
 * slices and handles a tap in between. A guest's answer is what the page already shows: nothing to draw.
 */
let earlyView: ShopperView | null = null;

function takeEarly(show: (view: ShopperView) => void): void {
  const early = window.__shopMe;
  window.__shopMe = undefined;
  void early?.then((view) => {
    if (!view) return;
    rememberSignedIn(view.user !== null);
    performance.mark("shop:shopper");
    if (view.user === null && view.shopper === null) return;
    earlyView = view;
    show(view);
  });
}

export function earlyViewSnapshot(): ShopperView | null {
  return earlyView;
}

const EarlyViewContext = createContext<ShopperView | null>(null);

/** Holds the early answer for the page (in the root layout). */
export function EarlyShopperView({ children }: { children: ReactNode }) {
  const [view, setView] = useState<ShopperView | null>(null);
  useEffect(() => takeEarly((next) => startTransition(() => setView(next))), []);
  return createElement(EarlyViewContext.Provider, { value: view }, children);
}

/** A signed-in shopper's early answer; null on the server, while hydrating, for a guest and until it lands. */
export function useEarlyView(): ShopperView | null {
  return useContext(EarlyViewContext);
}

/**
 * Runs in the page's head before anything else: starts GET /api/me on shared storefront pages unless
 * this browser is known to be signed out. Plain ES5, no imports: it is inlined as text by the server's
 * render (a function, so the browser's bundle, which never writes it, leaves its text out).
 */
export function earlyMeScript(): string {
  return (
    `try{var p=location.pathname;` +
    `if(!/${ADMIN_PATH.source}/.test(p)&&!/${PERSONAL_PATH.source}/.test(p)&&localStorage.getItem(${JSON.stringify(SIGNED_IN_KEY)})!=="0")` +
    `window.__shopMe=fetch("/api/me",{headers:{accept:"application/json"}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})` +
    `}catch(e){}`
  );
}
