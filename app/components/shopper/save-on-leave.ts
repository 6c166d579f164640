import { useEffect, useRef } from "react";
import { useFetchers } from "react-router";
import { STORE_FIELD } from "~/modules/cart";

/*
 * A signed-in shopper's change still on its way when the page goes (a reload, an address typed, a
 * link that loads a new document) would be cancelled with the page: the browser drops unfinished
 * requests when it unloads a document. Changes that give the same result when made twice (a heart
 * on or off, a line's quantity set or removed) are sent once more with navigator.sendBeacon, which
 * the browser delivers after the page has gone.
 */

/** The actions and intents that may safely arrive twice. */
const REPEATABLE: Record<string, ReadonlySet<string>> = {
  "/wishlist": new Set(["add", "remove"]),
  "/cart": new Set(["update", "remove"]),
};

interface PendingChange {
  state: string;
  formAction?: string;
  formData?: FormData;
}

/** The beacons to send for the changes still on their way: the data address and the form, URL-encoded. */
export function beaconsFor(fetchers: readonly PendingChange[], base: string): { url: string; body: URLSearchParams }[] {
  const beacons: { url: string; body: URLSearchParams }[] = [];
  for (const fetcher of fetchers) {
    if (fetcher.state !== "submitting" || !fetcher.formAction || !fetcher.formData) continue;
    if (fetcher.formData.get(STORE_FIELD) !== "server") continue;
    const path = new URL(fetcher.formAction, base).pathname;
    if (!REPEATABLE[path]?.has(String(fetcher.formData.get("intent")))) continue;
    const body = new URLSearchParams();
    for (const [name, value] of fetcher.formData) if (typeof value === "string") body.append(name, value);
    beacons.push({ url: `${path}.data`, body });
  }
  return beacons;
}

export function useSaveOnLeave(): void {
  const fetchers = useFetchers();
  const pending = useRef(fetchers);
  useEffect(() => {
    pending.current = fetchers;
  }, [fetchers]);
  useEffect(() => {
    const onHide = () => {
      for (const { url, body } of beaconsFor(pending.current, window.location.href)) navigator.sendBeacon(url, body);
    };
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, []);
}
