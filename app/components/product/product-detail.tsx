import { useState } from "react";
import { Link } from "react-router";
import type { ProductCardData, ProductDetailView } from "~/modules/catalog";
import { Gallery } from "./gallery";
import { Price } from "./price";
import { ProductCard } from "./product-card";
import { ChatIcon, ChevronIcon, HeartIcon, ReturnIcon, ShareIcon, ShieldIcon, TruckIcon } from "./product-icons";
import { PurchasePanel } from "./purchase-panel";
import { RatingLink } from "./reviews/rating-link";
import { ReviewsSection } from "./reviews/reviews-section";
import { DeliveryCheck } from "~/components/shipping/delivery-check";
import { useShopperView, useWishlist } from "~/components/shopper/use-shopper";

/** What the page shows when a product leaves these out. */
const DETAIL_DEFAULTS = {
  material: "Cotton",
  fit: "Regular",
  care: "Machine Wash",
  occasion: "Casual, Festive",
} as const;

export function ProductDetail({
  product,
  related,
  categoryName,
  whatsappNumber,
  fitAdvice,
  origin,
}: {
  product: ProductDetailView;
  related: ProductCardData[];
  categoryName: string;
  whatsappNumber: string;
  /** what returns say about the fit ('Runs small: ...'), shown beside the sizes; null says nothing */
  fitAdvice: string | null;
  origin: string;
}) {
  const wish = useWishlist(product.id);
  const phone = useShopperView().user?.phone ?? null;
  const url = `${origin}/product/${product.id}`;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-8 sm:pt-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-xs tracking-[0.18em] text-stone uppercase">
        <Link to="/products" className="hover:text-ink">
          Shop
        </Link>
        <span aria-hidden="true" className="mx-2">
          /
        </span>
        <Link to={`/products?category=${product.category}`} className="hover:text-ink">
          {categoryName}
        </Link>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[1.15fr_1fr] lg:gap-16">
        <Gallery images={product.images} name={product.name} />
        <div className="lg:sticky lg:top-28 lg:self-start">
          <div className="flex items-start justify-between gap-4">
            <div>
              {product.badge ? <p className="eyebrow mb-3 !text-maroon">{product.badge}</p> : null}
              <p className="text-xs tracking-[0.24em] text-stone uppercase">{product.brand}</p>
              <h1 className="mt-2 font-display text-4xl leading-tight text-ink sm:text-5xl">{product.name}</h1>
              <RatingLink rating={product.rating} count={product.reviewsCount} />
            </div>
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                onClick={() => void wish.toggle()}
                aria-pressed={wish.wishlisted}
                aria-label={wish.wishlisted ? "Remove from wishlist" : "Add to wishlist"}
                className="rounded-full p-2.5 text-ink hover:text-maroon"
              >
                <HeartIcon filled={wish.wishlisted} className={`h-6 w-6 ${wish.wishlisted ? "text-maroon" : ""}`} />
              </button>
              <ShareButton url={url} title={product.name} />
            </div>
          </div>
          <div className="mt-5">
            <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} size="lg" />
            <p className="mt-1 text-xs text-stone">Shipping calculated at checkout.</p>
          </div>
          {product.stock <= 0 ? <p className="mt-4 text-sm font-medium text-sale">Out of stock</p> : null}
          <p className="mt-6 leading-relaxed text-ink/85">{product.description}</p>

          <PurchasePanel product={product} phone={phone} fitAdvice={fitAdvice} />

          <DeliveryCheck className="mt-3" />

          <ul className="mt-8 grid grid-cols-3 gap-3 border-y border-linen py-6 text-center text-[0.68rem] tracking-[0.14em] text-ink uppercase">
            <li className="flex flex-col items-center gap-2">
              <ShieldIcon className="h-6 w-6 text-maroon" />
              100% authentic
            </li>
            <li className="flex flex-col items-center gap-2">
              <TruckIcon className="h-6 w-6 text-maroon" />
              Superfast delivery
            </li>
            <li className="flex flex-col items-center gap-2">
              <ReturnIcon className="h-6 w-6 text-maroon" />7 days exchange &amp; returns
            </li>
          </ul>

          <Accordions product={product} />

          {whatsappNumber ? (
            <a
              href={`https://wa.me/${whatsappNumber.replace(/\D/g, "")}?text=${encodeURIComponent(`Hello! I have a question about ${product.name} (${url})`)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 flex items-center justify-center gap-2 border border-leaf px-4 py-3 text-xs font-medium tracking-[0.18em] text-leaf uppercase hover:bg-leaf hover:text-ivory"
            >
              <ChatIcon className="h-4 w-4" />
              Chat with us on WhatsApp
            </a>
          ) : null}
        </div>
      </div>

      <ReviewsSection key={product.id} product={product} />

      {related.length > 0 ? (
        <section className="mt-24" aria-labelledby="related-title">
          <h2 id="related-title" className="text-center font-display text-3xl text-ink sm:text-4xl">
            You may also like
          </h2>
          <div className="mt-10 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-4">
            {related.map((p) => (
              <ProductCard key={p.id} product={p} sizes="(min-width: 768px) 25vw, 50vw" />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function Accordions({ product }: { product: ProductDetailView }) {
  const [open, setOpen] = useState<number | null>(null);
  const occasion = product.occasions.length > 0 ? product.occasions.join(", ") : DETAIL_DEFAULTS.occasion;
  const sections = [
    {
      title: "Product Details",
      body: (
        <div className="space-y-3">
          {(product.details || product.description).split(/\n{2,}/).map((para) => (
            <p key={para.slice(0, 40)}>{para}</p>
          ))}
          <p className="text-xs text-stone">SKU {product.sku}</p>
        </div>
      ),
    },
    {
      title: "Details & Care",
      body: (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="text-stone">Material</dt>
          <dd>{product.material ?? DETAIL_DEFAULTS.material}</dd>
          <dt className="text-stone">Fit</dt>
          <dd>{product.fit ?? DETAIL_DEFAULTS.fit}</dd>
          <dt className="text-stone">Care</dt>
          <dd>{product.care ?? DETAIL_DEFAULTS.care}</dd>
          <dt className="text-stone">Occasion</dt>
          <dd>{occasion}</dd>
        </dl>
      ),
    },
    {
      title: "Shipping & Returns",
      body: (
        <div className="space-y-2">
          <p>Standard dispatch in 7-10 working days; ready pieces reach you in 3-5 days.</p>
          <p>
            Exchange and returns within 7 days of delivery, with free pickup. Sale and custom pieces are not refundable.
          </p>
          <p>
            Read the{" "}
            <Link to="/shipping-policy" className="underline underline-offset-4">
              shipping policy
            </Link>{" "}
            and the{" "}
            <Link to="/return-policy" className="underline underline-offset-4">
              return policy
            </Link>
            .
          </p>
        </div>
      ),
    },
  ];
  return (
    <div className="mt-2 divide-y divide-linen border-b border-linen">
      {sections.map((s, i) => (
        <div key={s.title}>
          <h2>
            <button
              type="button"
              onClick={() => setOpen(open === i ? null : i)}
              aria-expanded={open === i}
              aria-controls={`accordion-${i}`}
              className="flex w-full items-center justify-between py-4 text-left text-xs font-medium tracking-[0.2em] text-ink uppercase"
            >
              {s.title}
              <ChevronIcon
                direction="down"
                className={`h-4 w-4 transition-transform ${open === i ? "rotate-180" : ""}`}
              />
            </button>
          </h2>
          <div id={`accordion-${i}`} hidden={open !== i} className="pb-5 text-sm leading-relaxed text-ink/80">
            {s.body}
          </div>
        </div>
      ))}
    </div>
  );
}

function ShareButton({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setOpen(!open);
  };
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => void share()}
        aria-label="Share"
        aria-expanded={open}
        className="rounded-full p-2.5 text-ink hover:text-maroon"
      >
        <ShareIcon className="h-6 w-6" />
      </button>
      {open ? (
        <div className="absolute top-12 right-0 z-20 w-56 border border-linen bg-ivory p-2 shadow-lg">
          <button
            type="button"
            className="block w-full px-3 py-2 text-left text-sm hover:bg-sand"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? "Link copied" : "Copy link"}
          </button>
          <a
            href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="block px-3 py-2 text-sm hover:bg-sand"
          >
            Share on WhatsApp
          </a>
        </div>
      ) : null}
    </div>
  );
}
