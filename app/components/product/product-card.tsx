import { Link } from "react-router";
import type { ProductCardView } from "~/modules/catalog/types";
import { srcSet } from "~/modules/media/images";
import { Price } from "./price";

/** A product in a grid: pictures (front, back on hover), brand, name and price. */
export function ProductCard({
  product,
  priority = false,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
}: {
  product: ProductCardView;
  priority?: boolean;
  sizes?: string;
}) {
  const [front, back] = product.images;
  const soldOut = product.stock <= 0;
  return (
    <article className="group relative flex flex-col">
      <Link to={`/product/${product.id}`} className="block focus-visible:outline-offset-4" prefetch="intent">
        <div className="relative aspect-[3/4] overflow-hidden bg-sand">
          {front ? (
            <img
              src={front.url}
              srcSet={srcSet(front.url)}
              sizes={sizes}
              width={front.width}
              height={front.height}
              alt={front.alt}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover transition-opacity duration-500 group-hover:opacity-0 motion-reduce:transition-none"
            />
          ) : (
            <span className="absolute inset-0 flex items-center justify-center text-xs text-stone">Image not available</span>
          )}
          {back ? (
            <img
              src={back.url}
              srcSet={srcSet(back.url)}
              sizes={sizes}
              width={back.width}
              height={back.height}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-500 group-hover:opacity-100 motion-reduce:transition-none"
            />
          ) : null}
          {product.badge && !soldOut ? (
            <span className="absolute left-3 top-3 bg-ivory/95 px-2.5 py-1 text-[0.65rem] font-medium uppercase tracking-[0.18em] text-ink">
              {product.badge}
            </span>
          ) : null}
          {soldOut ? (
            <span className="absolute left-3 top-3 bg-ink px-2.5 py-1 text-[0.65rem] font-medium uppercase tracking-[0.18em] text-ivory">
              Sold out
            </span>
          ) : null}
        </div>
        <div className="mt-3 space-y-1 px-0.5">
          <p className="text-[0.68rem] uppercase tracking-[0.22em] text-stone">{product.brand}</p>
          <h3 className="font-display text-lg leading-snug text-ink sm:text-xl">{product.name}</h3>
          <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} />
        </div>
      </Link>
    </article>
  );
}
