import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { CATEGORY_NAMES } from "~/modules/catalog";
import { CLOTHING_COLLECTIONS } from "~/modules/content";
import { ArrowLeftIcon, ChevronRightIcon, CloseIcon } from "~/components/ui/icons";
import { useModalDialog } from "./use-modal-dialog";

/** The menu closes 0.2 s after a navigation from it. */
const MENU_CLOSE_DELAY_MS = 200;

type Panel = "main" | "categories" | "features" | "support";

// The ten clothing collections (the jewellery collection has its own entry in the sub-navigation).
const MENU_CATEGORIES = CLOTHING_COLLECTIONS.map((slug) => ({
  to: `/products?category=${slug}`,
  label: CATEGORY_NAMES.find((c) => c.slug === slug)?.name ?? slug,
}));

const SUBMENUS: Record<Exclude<Panel, "main">, { title: string; links: Array<{ to: string; label: string }> }> = {
  categories: { title: "Shop By Categories", links: MENU_CATEGORIES },
  features: { title: "Features", links: [{ to: "/wishlist", label: "Wishlist" }] },
  support: {
    title: "Support & Info",
    links: [
      { to: "/shipping-policy", label: "Shipping Policy" },
      { to: "/return-policy", label: "Return Policy" },
      { to: "/about#contact-us", label: "Contact Us" },
      { to: "/about", label: "About Us" },
      { to: "/privacy-policy", label: "Privacy Policy" },
    ],
  },
};

const MAIN_LINKS = [
  { to: "/", label: "Home" },
  { to: "/bestseller", label: "Bestseller" },
  { to: "/track-order", label: "Track Your Order" },
];

const SUBMENU_KEYS = Object.keys(SUBMENUS) as Array<Exclude<Panel, "main">>;

// a row of the menu: the `menu-row` class of app.css (decision 028)
const rowClass = "menu-row";

export function SlideMenu({ open, onClose, storeName }: { open: boolean; onClose: () => void; storeName: string }) {
  const ref = useModalDialog(open, onClose);
  const [panel, setPanel] = useState<Panel>("main");
  const location = useLocation();
  const openedAt = useRef(location.key);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Every menu opens on its main panel (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPanel("main");
  }
  // The menu's two dozen links are drawn the first time it opens, not into every page's HTML (a
  // closed dialog shows nothing; decision 028); once drawn they stay, keeping each panel's scroll.
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  useEffect(() => {
    if (open) openedAt.current = location.key;
    // location.key is read, not watched: it marks where the menu was opened
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A navigation while the menu is open (a link in it) closes it 0.2 s later.
  useEffect(() => {
    if (!open || location.key === openedAt.current) return;
    closeTimer.current = setTimeout(onClose, MENU_CLOSE_DELAY_MS);
    return () => clearTimeout(closeTimer.current);
  }, [location.key, open, onClose]);

  // after a panel change: focus on the next frame, once the panel coming in is visible
  const focusSoon = (selector: string) =>
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true }));
  const openSubmenu = (next: Exclude<Panel, "main">) => {
    setPanel(next);
    focusSoon(`[data-panel="${next}"] [data-back]`);
  };
  const back = (from: Exclude<Panel, "main">) => {
    setPanel("main");
    focusSoon(`[data-opens="${from}"]`);
  };

  const panelClass = (name: Panel) => {
    // The panel coming in is visible at once (so it can take focus); the one going out stays visible
    // while it slides away, then hides. Hidden panels keep their scroll position.
    const state =
      panel === name
        ? "translate-x-0 transition-transform"
        : `${name === "main" ? "-translate-x-full" : "translate-x-full"} invisible transition-[transform,visibility]`;
    // the reduced-motion switch stays a utility: it must win over the transition utilities above
    return `menu-panel motion-reduce:transition-none ${state}`;
  };

  return (
    <dialog
      ref={ref}
      aria-label="Menu"
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-ink/40 open:flex"
    >
      {drawn ? (
        <div className="flex h-full w-[86vw] max-w-sm flex-col bg-ivory shadow-2xl transition-transform duration-300 ease-out motion-reduce:transition-none starting:-translate-x-full">
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-linen px-4">
            <span className="pl-2 font-display text-2xl tracking-[0.3em] text-ink uppercase">{storeName}</span>
            <button
              type="button"
              onClick={onClose}
              className="rounded-full p-2 text-ink hover:text-maroon"
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          </div>

          <div className="relative flex-1 overflow-hidden">
            <nav aria-label="Main menu" data-panel="main" className={panelClass("main")} inert={panel !== "main"}>
              <ul>
                {MAIN_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={rowClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
                {SUBMENU_KEYS.map((key) => (
                  <li key={key}>
                    <button
                      type="button"
                      className={rowClass}
                      data-opens={key}
                      onClick={() => openSubmenu(key)}
                      aria-haspopup="true"
                    >
                      {SUBMENUS[key].title}
                      <ChevronRightIcon className="h-4 w-4" />
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            {SUBMENU_KEYS.map((key) => (
              <SubmenuPanel
                key={key}
                name={key}
                className={panelClass(key)}
                hidden={panel !== key}
                onBack={() => back(key)}
              />
            ))}
          </div>

          <div className="shrink-0 border-t border-linen p-5">
            <Link to="/authentication" className="btn-primary w-full">
              Login / Register
            </Link>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** A submenu's panel: Back, its title and its links. */
function SubmenuPanel({
  name,
  className,
  hidden,
  onBack,
}: {
  name: Exclude<Panel, "main">;
  className: string;
  hidden: boolean;
  onBack: () => void;
}) {
  const { title, links } = SUBMENUS[name];
  return (
    <nav aria-label={title} data-panel={name} className={className} inert={hidden}>
      <button type="button" data-back onClick={onBack} className="menu-back">
        <ArrowLeftIcon className="h-4 w-4" />
        Back
      </button>
      <p className="px-6 pt-6 pb-2 font-display text-2xl text-ink">{title}</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={rowClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
