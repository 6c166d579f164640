import { Link } from "react-router";
import { FacebookIcon, InstagramIcon } from "../ui/icons";

export interface FooterSettings {
  storeName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  address: string;
  instagramUrl: string;
  facebookUrl: string;
}

export function Footer({ settings }: { settings: FooterSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-24 bg-ink text-ivory/85">
      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-16 sm:px-8 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="space-y-4">
          <p className="font-display text-3xl uppercase tracking-[0.3em] text-ivory">{settings.storeName}</p>
          <p className="font-display text-lg italic text-ivory/70">{settings.tagline}</p>
          <p className="max-w-sm text-sm leading-relaxed text-ivory/65">
            Block-printed, handwoven and hand-finished clothing from artisan clusters across India, made in small batches.
          </p>
          <div className="flex gap-3 pt-2">
            {settings.instagramUrl ? (
              <a href={settings.instagramUrl} target="_blank" rel="noreferrer noopener" className="rounded-full border border-ivory/25 p-2 hover:border-ivory" aria-label="Instagram (opens in a new tab)">
                <InstagramIcon className="h-5 w-5" />
              </a>
            ) : null}
            {settings.facebookUrl ? (
              <a href={settings.facebookUrl} target="_blank" rel="noreferrer noopener" className="rounded-full border border-ivory/25 p-2 hover:border-ivory" aria-label="Facebook (opens in a new tab)">
                <FacebookIcon className="h-5 w-5" />
              </a>
            ) : null}
          </div>
        </div>
        <nav aria-label="Shop" className="space-y-3 text-sm">
          <p className="eyebrow !text-ivory/55">Shop</p>
          <ul className="space-y-2.5">
            <li><Link className="hover:text-ivory" to="/products">New Arrivals</Link></li>
            <li><Link className="hover:text-ivory" to="/products?category=kurtas">Kurtas</Link></li>
            <li><Link className="hover:text-ivory" to="/products?category=sarees">Sarees</Link></li>
            <li><Link className="hover:text-ivory" to="/products?category=lehengas">Lehengas</Link></li>
            <li><Link className="hover:text-ivory" to="/products?category=accessories">Jewellery</Link></li>
          </ul>
        </nav>
        <address className="space-y-3 text-sm not-italic">
          <p className="eyebrow !text-ivory/55">Contact</p>
          <p className="leading-relaxed text-ivory/75">{settings.address}</p>
          <p><a className="hover:text-ivory" href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a></p>
          <p><a className="hover:text-ivory" href={`tel:${settings.supportPhone.replace(/\s/g, "")}`}>{settings.supportPhone}</a></p>
        </address>
      </div>
      <div className="border-t border-ivory/10">
        <p className="mx-auto max-w-7xl px-6 py-6 text-xs tracking-wide text-ivory/50 sm:px-8">
          © {year} {settings.storeName}. Prices in Indian rupees, inclusive of GST.
        </p>
      </div>
    </footer>
  );
}
