import { Link, useRouteLoaderData } from "react-router";
import { getMediaStorage } from "~/boot.server";
import { BackToStore } from "~/components/layout/content-page";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { BANNER_SIZE, BANNER_WIDTHS, bannerKey, responsiveSource } from "~/modules/content";
import { baseUrlFromMatches, pageMeta } from "~/modules/content";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "About Us · Saanjh",
    description:
      "Saanjh makes block-printed, handwoven and hand-embroidered clothing with artisan families across India. Our story, our values and how to reach us.",
    path: "/about",
    baseUrl: baseUrlFromMatches(matches),
  });
}

export function loader() {
  const url = (key: string) => getMediaStorage().publicUrl(key);
  return {
    hero: {
      desktop: responsiveSource(url, bannerKey(1, "desktop"), BANNER_WIDTHS.desktop),
      mobile: responsiveSource(url, bannerKey(1, "mobile"), BANNER_WIDTHS.mobile),
    },
  };
}

const VALUES = [
  {
    title: "Quality craftsmanship",
    text: "Every piece is printed, woven or embroidered by hand by artisans we know by name, in natural fabrics chosen to last.",
  },
  {
    title: "Fast & secure delivery across India",
    text: "Carefully packed and shipped to every pin code, with tracking from our studio to your door. Free shipping above ₹499.",
  },
  {
    title: "Easy returns",
    text: "A 7-day return policy with free pickup, and simple size exchanges, so you can order with confidence.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData;
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  return (
    <>
      {/* first, as on every information page; in line with the hero's copy */}
      <div className="px-6 py-4 md:px-16 lg:px-24">
        <BackToStore />
      </div>
      <section className="relative overflow-hidden bg-sand">
        <picture>
          <source
            media="(min-width: 768px)"
            srcSet={hero.desktop.srcSet}
            sizes="100vw"
            width={BANNER_SIZE.desktop.width}
            height={BANNER_SIZE.desktop.height}
          />
          <img
            src={hero.mobile.src}
            srcSet={hero.mobile.srcSet}
            sizes="100vw"
            width={BANNER_SIZE.mobile.width}
            height={BANNER_SIZE.mobile.height}
            alt=""
            fetchPriority="high"
            className="block aspect-[4/5] max-h-[70vh] w-full object-cover md:aspect-[12/5]"
          />
        </picture>
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ivory from-50% via-ivory/85 to-transparent px-6 pt-24 pb-8 md:inset-y-0 md:right-auto md:left-0 md:flex md:w-1/2 md:flex-col md:justify-center md:bg-none md:p-16 lg:pl-24">
          <p className="eyebrow !text-ink/75">Our story</p>
          <h1 className="mt-3 font-display text-4xl leading-tight font-medium text-ink md:text-6xl">
            Made by hand, worn for years
          </h1>
        </div>
      </section>

      <section aria-labelledby="story" className="mx-auto max-w-3xl px-6 py-12 sm:px-8 sm:py-16">
        <h2 id="story" className="font-display text-3xl font-medium text-ink sm:text-4xl">
          How Saanjh began
        </h2>
        <div className="mt-6 space-y-4 text-base leading-relaxed text-ink/80">
          <p>
            Saanjh means dusk in Hindi: the quiet hour when the day's work is done and the light turns gold. Our studio
            in Jaipur started with a handful of hand block-printed kurtas made with one family of printers in Bagru, and
            the wish to wear clothes that felt as calm as that hour.
          </p>
          <p>
            Today we work with printers, weavers and embroiderers across Rajasthan, Madhya Pradesh, Gujarat and West
            Bengal. We design in small batches, pay fairly and on time, and keep the old techniques at the centre of
            what we make: carved wooden blocks, pit looms, mirror work and zari done by hand.
          </p>
          <p>
            Everything you see here, from an everyday cotton kurti to a festive lehenga, is finished and checked by our
            own team before it is packed for you.
          </p>
        </div>
      </section>

      <section aria-labelledby="values" className="bg-sand/60 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-6 sm:px-8">
          <h2 id="values" className="text-center font-display text-3xl font-medium text-ink sm:text-4xl">
            What we promise
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {VALUES.map((value, i) => (
              <li key={value.title} className="border border-linen bg-ivory p-8">
                <p className="font-display text-4xl text-gold" aria-hidden="true">
                  0{i + 1}
                </p>
                <h3 className="mt-4 font-display text-2xl text-ink">{value.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-stone">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {settings ? (
        <section aria-labelledby="contact" className="mx-auto max-w-3xl px-6 py-14 sm:px-8 sm:py-20" id="contact-us">
          <h2 id="contact" className="font-display text-3xl font-medium text-ink sm:text-4xl">
            Contact us
          </h2>
          <p className="mt-4 text-ink/80">
            Questions about sizing, an order or a custom piece? We reply within one working day.
          </p>
          <ul className="mt-8 space-y-4 text-ink/85">
            {settings.supportEmail ? (
              <li className="flex items-center gap-3">
                <MailIcon className="h-5 w-5 text-maroon" />
                <a href={`mailto:${settings.supportEmail}`} className="hover:text-maroon">
                  {settings.supportEmail}
                </a>
              </li>
            ) : null}
            {settings.supportPhone ? (
              <li className="flex items-center gap-3">
                <PhoneIcon className="h-5 w-5 text-maroon" />
                <a href={`tel:${settings.supportPhone.replace(/\s/g, "")}`} className="hover:text-maroon">
                  {settings.supportPhone}
                </a>
              </li>
            ) : null}
            {settings.address ? (
              <li className="flex items-start gap-3">
                <PinIcon className="mt-0.5 h-5 w-5 shrink-0 text-maroon" />
                <span>{settings.address}</span>
              </li>
            ) : null}
          </ul>
          <Link to="/products" className="btn-primary mt-10">
            Shop the collection
          </Link>
        </section>
      ) : null}
    </>
  );
}
