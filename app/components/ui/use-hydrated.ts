import { createContext, useContext, useSyncExternalStore } from "react";

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

/*
 * The same, for the many controls that exist only with JavaScript (a product card's heart and quick
 * add): false on the server, while hydrating and until React has drawn them, just after hydration, in a
 * transition (decision 047). useHydrated's store makes React draw every reader again at once when
 * hydration ends, in one task it cannot interrupt: on the list page 24 cards adding their buttons, about
 * 30 ms on this machine and four times that on Lighthouse's phone. One state at the top of the page, set
 * in a transition, lets React draw them in short slices with a tap handled in between. A form must not
 * use this one: a press in the moment between hydration and that render would post without JavaScript.
 * A part React hydrates later (a streamed section) is hydrated with the old value first, then updated.
 */

/** Its value: set by the root layout (HydrationFlag in root.tsx), read through useDeferredHydrated. */
export const DeferredHydratedContext = createContext(false);

/** False on the server, during hydration and until the render just after it; then true. */
export function useDeferredHydrated(): boolean {
  return useContext(DeferredHydratedContext);
}
