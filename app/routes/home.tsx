import { data, useRouteLoaderData } from "react-router";
import { DivineCollections } from "~/components/home/collections";
import { FounderSection } from "~/components/home/founder-section";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { NewArrivals } from "~/components/home/new-arrivals";
import { SeenOnYou } from "~/components/home/seen-on-you";
import { getDb } from "~/db/client.server";
import { getMediaStorage } from "~/boot.server";
import { getLogger } from "~/lib/logger.server";
import { sharedPageHeaders } from "~/lib/cache-control";
import { cacheTagHeader, cacheTags, spoilRenders } from "~/lib/page-cache.server";
import { listNewArrivals } from "~/modules/catalog/index.server";
import { cardData, CATEGORIES } from "~/modules/catalog";
import {
  BANNER_WIDTHS,
  bannerKey,
  BANNERS,
  baseUrlFromMatches,
  pageMeta,
  CLOTHING_COLLECTIONS,
  responsiveSource,
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
      // the page's copy would keep the failure for PAGE_CACHE_SECONDS: none is kept of this render
      spoilRenders([cacheTags.home]);
      throw new Error("Unable to load products");
    });
  // the new arrivals are a list: the copy is purged when lists change (decision 044)
  return data(
    {
      newArrivals,
      slides: BANNERS.map((banner, i) => ({
        ...banner,
        desktop: responsiveSource(url, bannerKey(i, "desktop"), BANNER_WIDTHS.desktop),
        mobile: responsiveSource(url, bannerKey(i, "mobile"), BANNER_WIDTHS.mobile),
      })),
      collections: CLOTHING_COLLECTIONS.map((slug) => ({
        slug,
        name: CATEGORIES.find((c) => c.slug === slug)?.name ?? slug,
        front: responsiveSource(url, tileKey(slug, "front"), TILE_WIDTHS),
        back: responsiveSource(url, tileKey(slug, "back"), TILE_WIDTHS),
      })),
      gallery: GALLERY.map((slug) => ({ slug, picture: responsiveSource(url, tileKey(slug, "back"), TILE_WIDTHS) })),
    },
    { headers: cacheTagHeader([cacheTags.list, cacheTags.mixedList, cacheTags.home]) },
  );
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

      <DivineCollections collections={collections} />
      <NewArrivals products={newArrivals} />
      <FounderSection />
      <SeenOnYou gallery={gallery} instagramUrl={settings?.instagramUrl} />
    </>
  );
}
