import { InstagramIcon } from "~/components/ui/icons";
import { TILE_SIZE, type ResponsiveSource } from "~/modules/content";

/** '#WearSaanjh, Seen on you': a row of pictures, each a link to the shop's Instagram when it has one. */
export function SeenOnYou({
  gallery,
  instagramUrl,
}: {
  gallery: Array<{ slug: string; picture: ResponsiveSource }>;
  instagramUrl: string | null | undefined;
}) {
  return (
    <section aria-labelledby="gallery" className="mx-auto max-w-7xl px-4 sm:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">#WearSaanjh</p>
          <h2 id="gallery" className="mt-2 font-display text-4xl text-ink">
            Seen on you
          </h2>
        </div>
        {instagramUrl ? (
          <a
            href={instagramUrl}
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
            {instagramUrl ? (
              <a
                href={instagramUrl}
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
