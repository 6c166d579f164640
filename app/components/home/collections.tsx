import { Link } from "react-router";
import { BLANK_PICTURE } from "~/components/ui/can-hover";
import { TILE_SIZE, type ResponsiveSource } from "~/modules/content";

export interface CollectionTile {
  slug: string;
  name: string;
  /** the front picture, and the back one that shows on hover or keyboard focus */
  front: ResponsiveSource;
  back: ResponsiveSource;
}

/** 'Divine Collections': a tile per category, then a link to the whole collection. */
export function DivineCollections({ collections }: { collections: CollectionTile[] }) {
  return (
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
  );
}
