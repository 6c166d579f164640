import { Suspense } from "react";
import { Await, Link, useRouteLoaderData } from "react-router";
import { FounderSection } from "~/components/home/founder-section";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { InstagramIcon } from "~/components/ui/icons";
import { BLANK_PICTURE } from "~/components/ui/can-hover";
import { ProductCard } from "~/components/product/product-card";
import { getDb } from "~/db/client.server";
import { BANNERS } from "~/db/seed/art/banners";
import { getMediaStorage } from "~/boot.server";
import { getLogger } from "~/lib/logger.server";
import { sharedPageHeaders } from "~/lib/page-cache.server";
import { listNewArrivals } from "~/modules/catalog/index.server";
import { cardData, CATEGORIES, type ProductCardData } from "~/modules/catalog";
import { baseUrlFromMatches, pageMeta } from "~/modules/content";
import {
  BANNER_WIDTHS,
  bannerKey,
  responsiveSource,
  TILE_SIZE,
  TILE_WIDTHS,
  tileKey,
} from "~/modules/content";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

export function meta({ data, matches }: Route.MetaArgs) {
  const baseUrl = baseUrlFromMatches(matches);
  const hero = data?.slides[0];
  return [
    ...pageMeta({
      title: "Saanjh · Handcrafted ethnic wear: kurtas, sarees, lehengas & co-ords",
      description:
        "Block-printed kurtas, handloom sarees, festive lehengas, co-ords and jewellery, made in small batches by Indian artisans. Free shipping above ₹499.",
      path: "/",
      baseUrl,
      image: hero && baseUrl ? new URL(hero.desktop.src, baseUrl).href : undefined,
    }),
    // The first slide is the page's largest paint: ask for it from the <head>, before the stylesheet.
    ...(hero
      ? [
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            href: hero.mobile.src,
            imageSrcSet: hero.mobile.srcSet,
            imageSizes: "100vw",
            media: "(max-width: 767px)",
            fetchPriority: "high",
          },
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            href: hero.desktop.src,
            imageSrcSet: hero.desktop.srcSet,
            imageSizes: "100vw",
            media: "(min-width: 768px)",
            fetchPriority: "high",
          },
        ]
      : []),
  ];
}

// The ten category slugs of spec section 2, in menu order.
const COLLECTIONS = [
  "kurtas",
  "short-kurtis",
  "co-ords",
  "dresses",
  "bottoms",
  "lehengas",
  "loungewear",
  "sarees",
  "shirts",
  "unstitched",
] as const;
const GALLERY = ["lehengas", "sarees", "kurtas", "co-ords", "dresses", "accessories"] as const;

export const headers = sharedPageHeaders;

export function loader() {
  const storage = getMediaStorage();
  const url = (key: string) => storage.publicUrl(key);
  // New Arrivals are streamed (the page shows 'Loading products...' until they come); the hero is not.
  const newArrivals = listNewArrivals(getDb(), 4)
    .then((items) => items.map(cardData))
    .catch((error: unknown) => {
      getLogger().error({ err: error }, "home: new arrivals failed to load");
      throw new Error("Unable to load products");
    });
  return {
    newArrivals,
    slides: BANNERS.map((banner, i) => ({
      ...banner,
      desktop: responsiveSource(url, bannerKey(i, "desktop"), BANNER_WIDTHS.desktop),
      mobile: responsiveSource(url, bannerKey(i, "mobile"), BANNER_WIDTHS.mobile),
    })),
    collections: COLLECTIONS.map((slug) => ({
      slug,
      name: CATEGORIES.find((c) => c.slug === slug)?.name ?? slug,
      front: responsiveSource(url, tileKey(slug, "front"), TILE_WIDTHS),
      back: responsiveSource(url, tileKey(slug, "back"), TILE_WIDTHS),
    })),
    gallery: GALLERY.map((slug) => ({ slug, picture: responsiveSource(url, tileKey(slug, "back"), TILE_WIDTHS) })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, newArrivals, collections, gallery } = loaderData;
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  return (
    <>
      <HeroCarousel slides={slides} />

      <section className="mx-auto max-w-3xl px-6 py-16 text-center sm:py-24">
        <h1 className="font-display text-3xl text-ink italic sm:text-5xl">Subtle. Serene. Enduring</h1>
        <p className="mx-auto mt-5 max-w-xl text-sm leading-relaxed text-stone sm:text-base">
          Clothes printed by hand with carved wooden blocks, woven on pit looms and finished by tailors who know every
          fold. Made slowly, in small batches, to be worn for years.
        </p>
      </section>

      <section aria-labelledby="collections" className="mx-auto max-w-7xl px-4 sm:px-8">
        <div className="mb-8 text-center">
          <p className="eyebrow">Shop by collection</p>
          <h2 id="collections" className="mt-2 font-display text-4xl text-ink">
            Divine Collections
          </h2>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-5">
          {collections.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/products?category=${c.slug}`}
                className="group relative block overflow-hidden bg-sand"
                data-testid="collection-tile"
              >
                <img
                  src={c.front.src}
                  srcSet={c.front.srcSet}
                  sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                  width={TILE_SIZE.width}
                  height={TILE_SIZE.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/4] w-full object-cover transition-opacity duration-500 group-hover:opacity-0 group-focus-visible:opacity-0"
                />
                {/* the second picture shows on hover or keyboard focus: a phone, which has neither, never downloads it */}
                <picture>
                  <source
                    media="(hover: hover)"
                    srcSet={c.back.srcSet}
                    sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                  />
                  <img
                    src={BLANK_PICTURE}
                    width={TILE_SIZE.width}
                    height={TILE_SIZE.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="absolute inset-0 aspect-[3/4] w-full object-cover opacity-0 transition-opacity duration-500 group-hover:opacity-100 group-focus-visible:opacity-100"
                  />
                </picture>
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/70 to-transparent p-4 pt-16 font-display text-2xl text-ivory">
                  {c.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/products" className="btn-outline">
            Explore Full Collection
          </Link>
        </div>
      </section>

      <section aria-labelledby="new-arrivals" className="mx-auto mt-20 max-w-7xl px-4 sm:mt-28 sm:px-8">
        <div className="mb-8 flex items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Just in</p>
            <h2 id="new-arrivals" className="mt-2 font-display text-4xl text-ink">
              New Arrivals
            </h2>
          </div>
          <Link
            to="/products"
            className="text-xs tracking-[0.22em] text-ink uppercase underline-offset-8 hover:underline"
          >
            View All
          </Link>
        </div>
        <Suspense fallback={<NewArrivalsLoading />}>
          <Await resolve={newArrivals} errorElement={<NewArrivalsError />}>
            {(products) => <NewArrivalsGrid products={products} />}
          </Await>
        </Suspense>
      </section>

      <FounderSection />

      <section aria-labelledby="gallery" className="mx-auto max-w-7xl px-4 sm:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">#WearSaanjh</p>
            <h2 id="gallery" className="mt-2 font-display text-4xl text-ink">
              Seen on you
            </h2>
          </div>
          {settings?.instagramUrl ? (
            <a
              href={settings.instagramUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-2 text-xs tracking-[0.22em] text-ink uppercase hover:text-maroon"
            >
              <InstagramIcon className="h-4 w-4" /> Follow us on Instagram
            </a>
          ) : null}
        </div>
        <ul className="-mx-4 flex [scrollbar-width:none] gap-2 overflow-x-auto px-4 sm:mx-0 sm:grid sm:grid-cols-6 sm:gap-3 sm:overflow-visible sm:px-0">
          {gallery.map((g) => (
            <li key={g.slug} className="w-[40%] shrink-0 sm:w-auto">
              {settings?.instagramUrl ? (
                <a
                  href={settings.instagramUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="block overflow-hidden"
                  aria-label={`${g.slug} look on Instagram (opens in a new tab)`}
                >
                  <GalleryImage picture={g.picture} />
                </a>
              ) : (
                <GalleryImage picture={g.picture} />
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function GalleryImage({ picture }: { picture: { src: string; srcSet: string } }) {
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes="(min-width: 640px) 16vw, 40vw"
      width={TILE_SIZE.width}
      height={TILE_SIZE.height}
      alt=""
      loading="lazy"
      decoding="async"
      className="aspect-[3/4] w-full bg-sand object-cover transition-transform duration-500 hover:scale-105"
    />
  );
}

// The row bleeds to the screen's edges on phones; its snap points keep the page's margin (scroll-px-4),
// or the browser snaps the first card to x = 0.
const rowClass =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-4 md:gap-6 md:overflow-visible md:px-0";

function NewArrivalsGrid({ products }: { products: ProductCardData[] }) {
  if (products.length === 0) {
    return (
      <div className="border border-linen py-16 text-center">
        <p className="font-display text-2xl">No products found</p>
        <p className="mt-2 text-sm text-stone">New arrivals will appear here soon!</p>
      </div>
    );
  }
  return (
    <div className={rowClass}>
      {products.map((product) => (
        <div key={product.id} className="w-[68%] shrink-0 snap-start sm:w-[42%] md:w-auto" data-testid="new-arrival">
          <ProductCard product={product} sizes="(min-width: 768px) 25vw, 68vw" />
        </div>
      ))}
    </div>
  );
}

function NewArrivalsLoading() {
  return (
    <div role="status">
      <div className={rowClass} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="w-[68%] shrink-0 sm:w-[42%] md:w-auto">
            <div className="aspect-[3/4] animate-pulse bg-sand" />
            <div className="mt-4 h-4 w-3/4 bg-sand" />
            <div className="mt-2 h-4 w-1/3 bg-sand" />
          </div>
        ))}
      </div>
      <p className="mt-2 text-center text-sm text-stone">Loading products...</p>
    </div>
  );
}

function NewArrivalsError() {
  return (
    <div role="alert" className="border border-linen py-16 text-center">
      <p className="font-display text-2xl">Unable to load products</p>
      <p className="mt-2 text-sm text-stone">Please try refreshing the page.</p>
      <button type="button" onClick={() => window.location.reload()} className="btn-primary mt-6">
        Refresh Page
      </button>
    </div>
  );
}
