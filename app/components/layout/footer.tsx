import { lazy, Suspense, useState } from "react";
import { PlainLink } from "~/components/ui/plain-link";
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { NewsletterBox } from "./newsletter-box";

// The staff sign-in is loaded on the first click of 'ADM': a shopper's pages never carry its code
// (about 1.4 KB gzip and one file less on every storefront page).
const loadAdminSignIn = () => import("./admin-sign-in");
const AdminSignInModal = lazy(() => loadAdminSignIn().then((module) => ({ default: module.AdminSignInModal })));

export interface FooterSettings {
  storeName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  address: string;
  instagramUrl: string;
  facebookUrl: string;
}

const SHOP_LINKS = [
  { to: "/products", label: "New Arrivals" },
  { to: "/bestseller", label: "Bestsellers" },
  { to: "/products?category=kurtas", label: "Kurtas" },
  { to: "/products?category=sarees", label: "Sarees" },
  { to: "/products?category=lehengas", label: "Lehengas" },
  { to: "/products?category=accessories", label: "Jewellery" },
];

const HELP_LINKS = [
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/return-policy", label: "Return Policy" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/track-order", label: "Track Your Order" },
  { to: "/about", label: "About Us" },
];

const linkClass = "transition-colors hover:text-ivory";

export function Footer({ settings }: { settings: FooterSettings }) {
  const year = new Date().getFullYear();
  const [adminOpen, setAdminOpen] = useState(false);
  // mounted from the first open on, so closing keeps the dialog (and the focus it hands back)
  const [adminWanted, setAdminWanted] = useState(false);
  return (
    <footer className="mt-24 bg-ink text-ivory/85">
      <div className="foot-grid">
        <div className="space-y-4">
          <p className="font-display text-3xl tracking-[0.3em] text-ivory uppercase">{settings.storeName}</p>
          <p className="font-display text-lg text-ivory/75 italic">{settings.tagline}</p>
          <p className="max-w-sm text-sm leading-relaxed text-ivory/70">
            Block-printed, handwoven and hand-finished clothing from artisan clusters across India, made in small
            batches.
          </p>
          <div className="flex gap-3 pt-2">
            {settings.instagramUrl ? (
              <a
                href={settings.instagramUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="foot-social"
                aria-label="Instagram (opens in a new tab)"
              >
                <InstagramIcon className="h-5 w-5" />
              </a>
            ) : null}
            {settings.facebookUrl ? (
              <a
                href={settings.facebookUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="foot-social"
                aria-label="Facebook (opens in a new tab)"
              >
                <FacebookIcon className="h-5 w-5" />
              </a>
            ) : null}
          </div>
        </div>
        <nav aria-label="Shop" className="space-y-3 text-sm">
          <p className="eyebrow !text-ivory/60">Shop</p>
          <ul className="foot-links">
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                <PlainLink to={link.to}>{link.label}</PlainLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help" className="space-y-3 text-sm">
          <p className="eyebrow !text-ivory/60">Help</p>
          <ul className="foot-links">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <PlainLink to={link.to}>{link.label}</PlainLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-8">
          <NewsletterBox />
          <address className="space-y-2.5 text-sm not-italic">
            <p className="eyebrow !text-ivory/60">Contact</p>
            {settings.address ? (
              <p className="flex gap-2.5 leading-relaxed text-ivory/80">
                <PinIcon className="mt-0.5 h-4 w-4 shrink-0" />
                {settings.address}
              </p>
            ) : null}
            {settings.supportEmail ? (
              <p className="flex items-center gap-2.5">
                <MailIcon className="h-4 w-4 shrink-0" />
                <a className={linkClass} href={`mailto:${settings.supportEmail}`}>
                  {settings.supportEmail}
                </a>
              </p>
            ) : null}
            {settings.supportPhone ? (
              <p className="flex items-center gap-2.5">
                <PhoneIcon className="h-4 w-4 shrink-0" />
                <a className={linkClass} href={`tel:${settings.supportPhone.replace(/\s/g, "")}`}>
                  {settings.supportPhone}
                </a>
              </p>
            ) : null}
          </address>
        </div>
      </div>
      <div className="border-t border-ivory/10">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-6 py-6 sm:px-8">
          <p className="text-xs tracking-wide text-ivory/60">
            © {year} {settings.storeName}. Prices in Indian rupees, inclusive of GST.
          </p>
          <button
            type="button"
            onClick={() => {
              setAdminWanted(true);
              setAdminOpen(true);
            }}
            // fetched as the pointer or focus arrives, so the dialog opens without a wait
            onPointerEnter={() => void loadAdminSignIn()}
            onFocus={() => void loadAdminSignIn()}
            aria-haspopup="dialog"
            aria-label="ADM: admin sign in"
            className="foot-adm"
          >
            ADM
          </button>
        </div>
      </div>
      {adminWanted ? (
        <Suspense fallback={null}>
          <AdminSignInModal open={adminOpen} onClose={() => setAdminOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
