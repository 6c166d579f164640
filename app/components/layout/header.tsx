import { useCallback, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { BagIcon, IconSprite, MenuIcon, SearchIcon, UserIcon } from "~/components/ui/icons";
import { SearchOverlay } from "./search-overlay";
import { SlideMenu } from "./slide-menu";
import { useCartCount } from "~/components/shopper/use-shopper";

const NAV = [
  { to: "/products", label: "New In" },
  { to: "/products?category=kurtas", label: "Kurtas" },
  { to: "/products?category=co-ords", label: "Co-ords" },
  { to: "/products?category=sarees", label: "Sarees" },
  { to: "/products?category=lehengas", label: "Lehengas" },
  { to: "/products?category=dresses", label: "Dresses" },
  { to: "/products?category=accessories", label: "Jewellery" },
];

/** Spec section 2: a scroll beyond 10 px adds the header's shadow. */
export const HEADER_SHADOW_SCROLL_PX = 10;

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

const iconButton = "rounded-full p-2 text-ink transition-colors hover:text-maroon";

export function Header({ storeName }: { storeName: string }) {
  const count = useCartCount();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 border-b border-linen/80 bg-ivory/95 backdrop-blur transition-shadow duration-300 supports-[backdrop-filter]:bg-ivory/85 ${
        scrolled ? "shadow-[0_6px_24px_-12px_rgba(31,26,23,0.35)]" : ""
      }`}
    >
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center px-2 sm:h-20 sm:px-6">
        <div className="flex items-center gap-0.5 sm:gap-2">
          <button type="button" className={iconButton} aria-label="Open menu" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </button>
          <button type="button" className={iconButton} aria-label="Search" aria-haspopup="dialog" aria-expanded={searchOpen} onClick={() => setSearchOpen(true)}>
            <SearchIcon />
          </button>
        </div>
        <Link
          to="/"
          className="font-display text-[1.75rem] font-medium uppercase leading-none tracking-[0.32em] text-ink sm:text-[2.1rem]"
          aria-label={`${storeName} home`}
        >
          {storeName}
        </Link>
        <nav aria-label="Account and cart" className="flex items-center justify-end gap-0.5 sm:gap-2">
          <Link to="/authentication" className={iconButton} aria-label="Account">
            <UserIcon />
          </Link>
          <Link
            to="/cart"
            className={`relative ${iconButton}`}
            aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? "" : "s"}` : "Cart"}
          >
            <BagIcon />
            {count > 0 ? (
              <span
                data-testid="cart-count"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-maroon px-1 text-[0.65rem] font-medium text-ivory"
              >
                {count > 99 ? "99+" : count}
              </span>
            ) : null}
          </Link>
        </nav>
      </div>
      <nav aria-label="Collections" className="border-t border-linen/70">
        <ul className="mx-auto flex max-w-7xl gap-6 overflow-x-auto px-4 py-3 text-[0.72rem] uppercase tracking-[0.2em] text-stone [scrollbar-width:none] sm:justify-center sm:gap-9 sm:px-8">
          {NAV.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink to={item.to} className="transition-colors hover:text-ink" end>
                {item.label}
              </NavLink>
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
