import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";

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
const DrawnContext = createContext(false);

/** The page's flag for script-only controls (in the root layout). */
export function HydrationFlag({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // hydrated, with the script-only controls drawn: the end-to-end tests wait for this mark
    if (drawn) performance.mark("shop:hydrated");
    else startTransition(() => setDrawn(true));
  }, [drawn]);
  return createElement(DrawnContext.Provider, { value: drawn }, children);
}

/** False on the server, during hydration and until the render just after it; then true. */
export function useDeferredHydrated(): boolean {
  return useContext(DrawnContext);
}
