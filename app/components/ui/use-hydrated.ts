import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False on the server and during hydration, true once the page runs in the browser: forms mark their
 * posts as coming from JavaScript (the server then answers data instead of a redirect).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
