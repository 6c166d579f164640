import { Link } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import { ArrowRightIcon } from "~/components/ui/icons";
import { getDb } from "~/db/client.server";
import { BANNERS } from "~/db/seed/art/banners";
import { getMediaStorage } from "~/boot.server";
import { listNewArrivals } from "~/modules/catalog/products.server";
import { CATEGORIES } from "~/modules/catalog/types";
import {
  BANNER_SIZE,
  BANNER_WIDTHS,
  bannerKey,
  responsiveSource,
  TILE_SIZE,
  TILE_WIDTHS,
  tileKey,
} from "~/modules/content/site-images";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Saanjh · Handcrafted ethnic wear: kurtas, sarees, lehengas & co-ords" },
    {
      name: "description",
      content:
        "Block-printed kurtas, handloom sarees, festive lehengas, co-ords and jewellery, made in small batches by Indian artisans. Free shipping above ₹499.",
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: `${data.baseUrl}/` }] : []),
  ];
}

const FEATURED_COLLECTIONS = ["kurtas", "sarees", "lehengas", "co-ords"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const storage = getMediaStorage();
  const url = (key: string) => storage.publicUrl(key);
  const banner = BANNERS[0]!;
  return {
    baseUrl: new URL(request.url).origin,
    newArrivals: await listNewArrivals(getDb(), 4),
    hero: {
      ...banner,
      desktop: responsiveSource(url, bannerKey(0, "desktop"), BANNER_WIDTHS.desktop),
      mobile: responsiveSource(url, bannerKey(0, "mobile"), BANNER_WIDTHS.mobile),
    },
    collections: FEATURED_COLLECTIONS.map((slug) => ({
      slug,
      name: CATEGORIES.find((c) => c.slug === slug)?.name ?? slug,
      front: responsiveSource(url, tileKey(slug, "front"), TILE_WIDTHS),
      back: responsiveSource(url, tileKey(slug, "back"), TILE_WIDTHS),
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, newArrivals, collections } = loaderData;
  return (
    <>
      <section aria-label="Featured" className="relative overflow-hidden bg-sand">
        <picture>
          <source media="(min-width: 768px)" srcSet={hero.desktop.srcSet} sizes="100vw" width={BANNER_SIZE.desktop.width} height={BANNER_SIZE.desktop.height} />
          <img
            src={hero.mobile.src}
            srcSet={hero.mobile.srcSet}
            sizes="100vw"
            width={BANNER_SIZE.mobile.width}
            height={BANNER_SIZE.mobile.height}
            alt=""
            fetchPriority="high"
            className="block aspect-[4/5] w-full object-cover md:aspect-[12/5]"
          />
        </picture>
        <div className="absolute inset-x-0 bottom-0 flex flex-col bg-gradient-to-t from-ivory from-55% via-ivory/85 to-transparent px-6 pb-9 pt-28 md:inset-y-0 md:left-0 md:right-auto md:w-1/2 md:justify-center md:bg-none md:p-16 lg:pl-24">
          <p className="eyebrow max-w-sm !leading-relaxed !text-ink/75">{hero.subtitle}</p>
          <h1 className="mt-2 font-display text-[2.6rem] font-medium leading-[1.02] text-ink md:mt-3 md:text-6xl lg:text-7xl">{hero.title}</h1>
          <Link to={hero.href} className="btn-primary mt-7 self-start">
            {hero.cta}
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-6 py-16 text-center sm:py-24">
        <p className="font-display text-3xl italic text-ink sm:text-4xl">Subtle. Serene. Enduring</p>
        <p className="mx-auto mt-5 max-w-xl text-sm leading-relaxed text-stone sm:text-base">
          Clothes printed by hand with carved wooden blocks, woven on pit looms and finished by tailors who know every fold.
          Made slowly, in small batches, to be worn for years.
        </p>
      </section>

      <section aria-labelledby="new-arrivals" className="mx-auto max-w-7xl px-4 sm:px-8">
        <div className="mb-8 flex items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Just in</p>
            <h2 id="new-arrivals" className="mt-2 font-display text-4xl text-ink">New Arrivals</h2>
          </div>
          <Link to="/products" className="text-xs uppercase tracking-[0.22em] text-ink underline-offset-8 hover:underline">
            View all
          </Link>
        </div>
        {newArrivals.length === 0 ? (
          <div className="border border-linen py-16 text-center">
            <p className="font-display text-2xl">No products found</p>
            <p className="mt-2 text-sm text-stone">New arrivals will appear here soon!</p>
          </div>
        ) : (
          <div className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-4 md:gap-6 md:overflow-visible md:px-0">
            {newArrivals.map((product, i) => (
              <div key={product.id} className="w-[68%] shrink-0 snap-start sm:w-[42%] md:w-auto" data-testid="new-arrival">
                <ProductCard product={product} priority={i < 2} sizes="(min-width: 768px) 25vw, 68vw" />
              </div>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="collections" className="mx-auto mt-20 max-w-7xl px-4 sm:mt-28 sm:px-8">
        <div className="mb-8 text-center">
          <p className="eyebrow">Shop by collection</p>
          <h2 id="collections" className="mt-2 font-display text-4xl text-ink">Divine Collections</h2>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {collections.map((c) => (
            <Link key={c.slug} to={`/products?category=${c.slug}`} className="group relative block overflow-hidden bg-sand">
              <img src={c.front.src} srcSet={c.front.srcSet} sizes="(min-width: 1024px) 25vw, 50vw" width={TILE_SIZE.width} height={TILE_SIZE.height} alt="" loading="lazy" decoding="async" className="aspect-[3/4] w-full object-cover transition-opacity duration-500 group-hover:opacity-0" />
              <img src={c.back.src} srcSet={c.back.srcSet} sizes="(min-width: 1024px) 25vw, 50vw" width={TILE_SIZE.width} height={TILE_SIZE.height} alt="" loading="lazy" decoding="async" className="absolute inset-0 aspect-[3/4] w-full object-cover opacity-0 transition-opacity duration-500 group-hover:opacity-100" />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/60 to-transparent p-4 pt-16 font-display text-2xl text-ivory sm:text-3xl">{c.name}</span>
            </Link>
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link to="/products" className="btn-outline">Explore Full Collection</Link>
        </div>
      </section>
    </>
  );
}
