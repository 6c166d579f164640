import { useState } from "react";
import { Link } from "react-router";
import type { ProductCardView } from "~/modules/catalog/types";
import { srcSet } from "~/modules/media/images";
import { Price } from "./price";
import { HeartIcon, PlusIcon } from "./product-icons";
import { quickAddLine } from "~/modules/catalog/quick-add";
import { useAddToCart, useWishlist } from "~/components/shopper/use-shopper";

/**
 * A product in a grid or a list: pictures (front, back on hover), brand, name, price, a wishlist
 * heart and a quick add that never open the product.
 */
export function ProductCard({
  product,
  priority = false,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  layout = "grid",
}: {
  product: ProductCardView;
  priority?: boolean;
  sizes?: string;
  layout?: "grid" | "list";
}) {
  const [front, back] = product.images;
  const [failed, setFailed] = useState(false);
  const soldOut = product.stock <= 0;
  const list = layout === "list";
  const href = product.id ? `/product/${product.id}` : undefined;

  const onMissingId = (event: React.MouseEvent) => {
    event.preventDefault();
    window.alert("Error: Product ID is missing. Cannot navigate.");
  };

  const picture = (
    <div className={`relative aspect-[3/4] overflow-hidden bg-sand ${list ? "w-32 shrink-0 sm:w-48" : ""}`}>
      {front && !failed ? (
        <img
          src={front.url}
          srcSet={srcSet(front.url)}
          sizes={list ? "(min-width: 640px) 12rem, 8rem" : sizes}
          width={front.width}
          height={front.height}
          alt={front.alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover transition-opacity duration-500 group-hover:opacity-0 motion-reduce:transition-none"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-xs text-stone">Image not available</span>
      )}
      {back && !failed ? (
        <img
          src={back.url}
          srcSet={srcSet(back.url)}
          sizes={list ? "(min-width: 640px) 12rem, 8rem" : sizes}
          width={back.width}
          height={back.height}
          alt=""
          loading="lazy"
          decoding="async"
          onError={(e) => (e.currentTarget.style.display = "none")}
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
  );

  const text = (
    <div className={list ? "min-w-0 flex-1 space-y-1.5 py-1" : "mt-3 space-y-1 px-0.5"}>
      <p className="text-[0.68rem] uppercase tracking-[0.22em] text-stone">{product.brand}</p>
      <h3 className="font-display text-lg leading-snug text-ink sm:text-xl">{product.name}</h3>
      <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} />
      {list && product.colors.length > 0 ? (
        <p className="pt-1 text-xs text-stone">
          {product.colors.length} colour{product.colors.length === 1 ? "" : "s"} · {product.sizes.length > 0 ? product.sizes.join(", ") : "One Size"}
        </p>
      ) : null}
    </div>
  );

  return (
    <article className={`group relative ${list ? "flex gap-4 border-b border-linen pb-6 sm:gap-8" : "flex flex-col"}`} data-testid="product-card">
      {href ? (
        <Link to={href} className={`block focus-visible:outline-offset-4 ${list ? "flex flex-1 gap-4 sm:gap-8" : ""}`} prefetch="intent">
          {picture}
          {text}
        </Link>
      ) : (
        <a href="#missing-product" onClick={onMissingId} className={`block ${list ? "flex flex-1 gap-4 sm:gap-8" : ""}`}>
          {picture}
          {text}
        </a>
      )}
      <CardActions product={product} list={list} />
    </article>
  );
}

function CardActions({ product, list }: { product: ProductCardView; list: boolean }) {
  const wish = useWishlist(product.id);
  const add = useAddToCart();
  const [state, setState] = useState<"idle" | "adding" | "added">("idle");
  const soldOut = product.stock <= 0;
  // Quick add takes size M in the first colour; when that one is sold out (and others are not) it
  // opens the product so the shopper can choose, instead of failing (decision 015).
  const quickSize = quickAddLine(product).size;
  const chooseInstead = !soldOut && product.quickAddStock <= 0;

  const quickAdd = async () => {
    if (!product.id) {
      window.alert("Invalid product data");
      return;
    }
    setState("adding");
    const result = await add(quickAddLine(product), product.quickAddStock);
    if (!result.ok) {
      setState("idle");
      window.alert(result.error === "Invalid product data" ? result.error : "Failed to add item to cart. Please try again.");
      return;
    }
    if (result.message) window.alert(result.message);
    setState("added");
    window.setTimeout(() => setState("idle"), 2000);
  };

  const heart = (
    <button
      type="button"
      onClick={() => void wish.toggle()}
      aria-pressed={wish.wishlisted}
      aria-label={wish.wishlisted ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      className="pointer-events-auto flex h-9 w-9 items-center justify-center rounded-full bg-ivory/90 text-ink shadow-sm transition-colors hover:text-maroon"
    >
      <HeartIcon filled={wish.wishlisted} className={`h-5 w-5 ${wish.wishlisted ? "text-maroon" : ""}`} />
    </button>
  );
  const label = soldOut ? "Sold out" : state === "added" ? "Added" : state === "adding" ? "Adding..." : "Quick add";
  const quickClass = `pointer-events-auto inline-flex items-center gap-1.5 text-[0.65rem] font-medium uppercase tracking-[0.18em] transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
    list
      ? "border border-ink px-3 py-2 text-ink hover:bg-ink hover:text-ivory"
      : "bg-ivory/95 px-3 py-2 text-ink shadow-sm hover:bg-ink hover:text-ivory sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
  }`;
  const quick = chooseInstead ? (
    <Link to={`/product/${product.id}`} aria-label={`Choose size for ${product.name} (${quickSize} is sold out)`} className={quickClass}>
      Choose size
    </Link>
  ) : (
    <button
      type="button"
      onClick={() => void quickAdd()}
      disabled={soldOut || state === "adding"}
      aria-label={soldOut ? `${product.name} is sold out` : `Quick add ${product.name} to cart`}
      className={quickClass}
    >
      {!soldOut && state === "idle" ? <PlusIcon className="h-3.5 w-3.5" /> : null}
      {label}
    </button>
  );
  if (list) {
    return (
      <>
        <div className="absolute bottom-6 right-0 z-10 flex items-center gap-2">
          {heart}
          {quick}
        </div>
      </>
    );
  }
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-10 aspect-[3/4]">
      <div className="absolute right-2 top-2">{heart}</div>
      {soldOut ? null : <div className="absolute bottom-2 right-2">{quick}</div>}
    </div>
  );
}
