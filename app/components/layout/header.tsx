import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { PlainLink } from "~/components/ui/plain-link";
import { BagIcon, IconSprite, MenuIcon, SearchIcon, UserIcon } from "~/components/ui/icons";
import { SearchOverlay } from "./search-overlay";
import { SlideMenu } from "./slide-menu";
import { useCartCount } from "~/components/shopper/use-shopper";

const NAV = [
  { category: null, label: "New In" },
  { category: "kurtas", label: "Kurtas" },
  { category: "co-ords", label: "Co-ords" },
  { category: "sarees", label: "Sarees" },
  { category: "lehengas", label: "Lehengas" },
  { category: "dresses", label: "Dresses" },
  { category: "accessories", label: "Jewellery" },
];

/** A scroll beyond 10 px adds the header's shadow. */
const HEADER_SHADOW_SCROLL_PX = 10;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return past;
}

const iconButton = "icon-btn";

export function Header({ storeName }: { storeName: string }) {
  const count = useCartCount();
  const location = useLocation();
  // the collection being browsed: its link is the current page (one of them, never all seven)
  const query = new URLSearchParams(location.search);
  const browsing =
    location.pathname === "/products" && !query.get("search") ? (query.get("category") ?? null) : undefined;
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={scrolled ? "site-header site-header-scrolled" : "site-header"}
    >
      <div className="site-header-bar">
        <div className="flex items-center gap-0.5 sm:gap-2">
          <button
            type="button"
            className={iconButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label="Search"
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
        </div>
        <PlainLink to="/" className="site-logo" aria-label={`${storeName} home`}>
          {storeName}
        </PlainLink>
        <nav aria-label="Account and cart" className="flex items-center justify-end gap-0.5 sm:gap-2">
          <PlainLink to="/authentication" className={iconButton} aria-label="Account">
            <UserIcon />
          </PlainLink>
          <PlainLink
            to="/cart"
            className={`relative ${iconButton}`}
            aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? "" : "s"}` : "Cart"}
          >
            <BagIcon />
            {count > 0 ? (
              <span
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-maroon px-1 text-[0.65rem] font-medium text-ivory"
              >
                {count > 99 ? "99+" : count}
              </span>
            ) : null}
          </PlainLink>
        </nav>
      </div>
      <nav aria-label="Collections" className="scroll-fade border-t border-linen/70">
        <ul className="site-collections">
          {NAV.map((item) => (
            <li key={item.label}>
              <PlainLink
                to={item.category ? `/products?category=${item.category}` : "/products"}
                aria-current={browsing === item.category ? "page" : undefined}
              >
                {item.label}
              </PlainLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* the icons every product card references (`<use href="#i-heart">`), once per page */}
      <IconSprite />
      <SlideMenu open={menuOpen} onClose={closeMenu} storeName={storeName} />
      <SearchOverlay open={searchOpen} onClose={closeSearch} />
    </header>
  );
}
