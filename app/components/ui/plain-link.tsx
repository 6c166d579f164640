import {
  createContext,
  useCallback,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useNavigate } from "react-router";

/*
 * Links of the shop's frame (header and footer, on every storefront page) that lead to a fixed
 * address of the shop. React Router's <Link> resolves its address against the route, watches for
 * prefetching and builds its click handler on every render: on a list page's 60-odd links that was
 * about a tenth of the server's render work and of what it allocated. Only the frame imports this
 * module, so it travels in the root's own chunk (decision 030). These
 * are plain anchors: the address as written, one navigate function from the frame, and
 * `data-discover` so React Router still learns their routes ahead of a click.
 *
 * Without JavaScript, or outside the frame (no navigate function), they are ordinary links.
 */

type Navigate = (to: string, options: { replace: boolean; preventScrollReset: boolean }) => void;

const NavigateContext = createContext<Navigate | null>(null);

/** Gives the plain links below it client-side navigation (one useNavigate for all of them). */
export function PlainLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const go = useCallback<Navigate>((to, options) => void navigate(to, options), [navigate]);
  return <NavigateContext.Provider value={go}>{children}</NavigateContext.Provider>;
}

/** Whether a click is one the browser should handle itself (new tab, download, modified, not the main button). */
function browserHandles(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute("target");
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== null && target !== "_self") ||
    event.currentTarget.hasAttribute("download")
  );
}

export function PlainLink({
  to,
  preventScrollReset = false,
  discover = true,
  onClick,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  preventScrollReset?: boolean;
  /** false where the address is the page's own route (React Router knows it already): a shorter tag */
  discover?: boolean;
}) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      {...rest}
      href={to}
      data-discover={discover ? "true" : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || browserHandles(event)) return;
        event.preventDefault();
        // the page already shown is replaced, not stacked, as <Link> does
        navigate(to, {
          replace: `${window.location.pathname}${window.location.search}` === to,
          preventScrollReset,
        });
      }}
    />
  );
}
