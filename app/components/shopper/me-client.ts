import { ADMIN_PATH, PERSONAL_PATH } from "~/lib/personal-paths";
import type { ShopperView } from "~/lib/shopper-view";

/*
 * The browser's side of GET /api/me (docs/decisions/029). Shared pages carry nothing personal; the
 * shopper's cart, wishlist and sign-in state come from one small request after the page loads.
 *
 * - The request starts from an inline script in the page's head (EARLY_ME_SCRIPT), before the
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
 * The first answer of a shared page: the early request's, kept in a small store the shopper hooks
 * read until the root's data has been loaded in the browser once (a revalidation). Hydration never
 * waits for it.
 */
let earlyView: ShopperView | null = null;
let earlyStarted = false;
const listeners = new Set<() => void>();

function startEarly() {
  if (earlyStarted || typeof window === "undefined") return;
  earlyStarted = true;
  const early = window.__shopMe;
  window.__shopMe = undefined;
  if (!early) return;
  void early.then((view) => {
    if (!view) return;
    earlyView = view;
    rememberSignedIn(view.user !== null);
    performance.mark("shop:shopper");
    for (const listener of listeners) listener();
  });
}

export function subscribeEarlyView(listener: () => void): () => void {
  startEarly();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function earlyViewSnapshot(): ShopperView | null {
  return earlyView;
}

export function serverEarlyViewSnapshot(): ShopperView | null {
  return null;
}

/**
 * Runs in the page's head before anything else: starts GET /api/me on shared storefront pages unless
 * this browser is known to be signed out. Plain ES5, no imports: it is inlined as text.
 */
export const EARLY_ME_SCRIPT =
  `try{var p=location.pathname;` +
  `if(!/${ADMIN_PATH.source}/.test(p)&&!/${PERSONAL_PATH.source}/.test(p)&&localStorage.getItem(${JSON.stringify(SIGNED_IN_KEY)})!=="0")` +
  `window.__shopMe=fetch("/api/me",{headers:{accept:"application/json"}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})` +
  `}catch(e){}`;
