/**
 * The home page's hero slides: the words each slide carries, in order. Their pictures are stored
 * under `bannerKey(index, size)` (site-images.ts); the demo seed draws one for each slide.
 */

export interface BannerCopy {
  title: string;
  subtitle: string;
  cta: string;
  href: string;
}

export const BANNERS: BannerCopy[] = [
  {
    title: "The Festive Edit",
    subtitle: "Zari-kissed lehengas and drapes for sangeet nights and wedding mornings.",
    cta: "Shop Lehengas",
    href: "/products?category=lehengas",
  },
  {
    title: "Indigo Stories",
    subtitle: "Hand block-printed kurtas in indigo and ivory, made for easy everyday wear.",
    cta: "Explore Kurtas",
    href: "/products?category=kurtas",
  },
  {
    title: "Marigold Mornings",
    subtitle: "Sunny co-ord sets and breezy dresses in marigold, rose and mint.",
    cta: "Shop Co-ords",
    href: "/products?category=co-ords",
  },
  {
    title: "Heirloom Sarees",
    subtitle: "Silk and chanderi drapes with woven zari borders, made to be passed down.",
    cta: "Discover Sarees",
    href: "/products?category=sarees",
  },
  {
    title: "Loved by Thousands",
    subtitle: "The kurtis, dresses and co-ords our customers reorder again and again.",
    cta: "Shop Bestsellers",
    href: "/products?sortBy=most-ordered",
  },
];
