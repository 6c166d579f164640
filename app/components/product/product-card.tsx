import { useState } from "react";
import { Link } from "react-router";
import type { ProductCardData } from "~/modules/catalog";
import { srcSet } from "~/modules/media";
import { SpriteIcon } from "~/components/ui/icons";
import { useDeferredHydrated } from "~/components/ui/use-hydrated";
import { canHover } from "~/components/ui/can-hover";
import { Price } from "./price";
import { quickAddLine } from "~/modules/catalog";
import { announceAddedToBag, useAddToCart, useWishlist } from "~/components/shopper/use-shopper";
import { DEFAULT_COLOUR, DEFAULT_SIZE } from "~/modules/catalog";
import { ratingLabel } from "~/modules/reviews";

/**
 * A product in a grid or a list: pictures (front, back on hover), brand, name, price, and once the
 * page runs in the browser a wishlist heart and a quick add that never open the product.
 *
 * A list page draws 24 of these on the server for every uncached request, so the markup is kept
 * lean (decision 028): the card's styles are named classes in app.css (`card-*`), its icons come
 * from the sprite (`SpriteIcon`), and no element is there only to position another.
 */
export function ProductCard({
  product,
  priority = false,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  layout = "grid",
  discover = true,
}: {
  product: ProductCardData;
  priority?: boolean;
  sizes?: string;
  layout?: "grid" | "list";
  /** false on all but one card of a grid: one link is enough for React Router to learn the product route */
  discover?: boolean;
}) {
  const [front, back] = product.images;
  const [failed, setFailed] = useState(false);
  // The back picture only shows on hover: drawn in the browser, it keeps 24 copies of its address and
  // srcset out of every list page's HTML (decision 031); it still loads lazily, well before a hover. A
  // phone, which cannot hover, never downloads it.
  const hydrated = useDeferredHydrated();
  const showBack = hydrated && canHover();
  const soldOut = product.stock <= 0;
  const list = layout === "list";
  const href = product.id ? `/product/${product.id}` : undefined;
  const imageSizes = list ? "(min-width: 640px) 12rem, 8rem" : sizes;

  const onMissingId = (event: React.MouseEvent) => {
    event.preventDefault();
    window.alert("Error: Product ID is missing. Cannot navigate.");
  };

  const picture = (
    <div className={list ? "card-pic card-pic-list" : "card-pic"}>
      {front && !failed ? (
        <img
          src={front.url}
          srcSet={srcSet(front.url)}
          sizes={imageSizes}
          width={front.width}
          height={front.height}
          alt={front.alt ?? ""}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          onError={() => setFailed(true)}
          className="card-front"
        />
      ) : (
        <span className="card-missing">Image not available</span>
      )}
      {back && !failed && showBack ? (
        <img
          src={back.url}
          srcSet={srcSet(back.url)}
          sizes={imageSizes}
          width={back.width}
          height={back.height}
          alt=""
          loading="lazy"
          decoding="async"
          onError={(e) => (e.currentTarget.style.display = "none")}
          className="card-back"
        />
      ) : null}
      {soldOut ? (
        <span className="card-tag card-tag-dark">Sold out</span>
      ) : product.badge ? (
        <span className="card-tag">{product.badge}</span>
      ) : null}
    </div>
  );

  const text = (
    <div className={list ? "card-text-list" : "card-text"}>
      <p className="card-brand">{product.brand}</p>
      <h3 className="card-name">{product.name}</h3>
      <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} />
      {product.rating !== null && product.reviewsCount > 0 ? (
        <p className="text-xs text-stone">
          <span aria-hidden="true">
            {product.rating.toFixed(1)} <span className="text-gold">★</span> ({product.reviewsCount})
          </span>
          <span className="sr-only">{ratingLabel(product.rating, product.reviewsCount)}</span>
        </p>
      ) : null}
      {list && product.colors.length > 0 ? (
        <p className="pt-1 text-xs text-stone">
          {product.colors.length} colour{product.colors.length === 1 ? "" : "s"} ·{" "}
          {product.sizes.length > 0 ? product.sizes.join(", ") : "One Size"}
        </p>
      ) : null}
    </div>
  );

  return (
    <article className={list ? "group card card-list" : "group card"} data-testid="product-card">
      {href ? (
        <Link
          to={href}
          className={list ? "card-link card-link-list" : "card-link"}
          prefetch="intent"
          discover={discover ? "render" : "none"}
        >
          {picture}
          {text}
        </Link>
      ) : (
        <a href="#missing-product" onClick={onMissingId} className={list ? "card-link card-link-list" : "card-link"}>
          {picture}
          {text}
        </a>
      )}
      {/* The heart and quick add work only with JavaScript: drawn in the browser, they keep 48 buttons
          out of every list page's HTML and server render (decision 030). They sit over the picture
          (absolutely placed), so their arrival moves nothing. */}
      {hydrated ? <CardActions product={product} list={list} /> : null}
    </article>
  );
}

function CardActions({ product, list }: { product: ProductCardData; list: boolean }) {
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
      window.alert(
        result.error === "Invalid product data" ? result.error : "Failed to add item to cart. Please try again.",
      );
      return;
    }
    if (result.message) window.alert(result.message);
    setState("added");
    // said where the shopper is looking, with a way to the bag: the page's one message (bag-toast)
    announceAddedToBag({ name: product.name, detail: lineDetail(quickAddLine(product)) });
    window.setTimeout(() => setState("idle"), 2000);
  };

  const heart = (
    <button
      type="button"
      onClick={() => void wish.toggle()}
      aria-pressed={wish.wishlisted}
      aria-label={wish.wishlisted ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      className={list ? "card-heart" : "card-heart card-corner"}
    >
      <SpriteIcon
        name="heart"
        filled={wish.wishlisted}
        className={wish.wishlisted ? "h-5 w-5 text-maroon" : "h-5 w-5"}
      />
    </button>
  );
  const label = soldOut
    ? "Sold out"
    : state === "added"
      ? "Added to bag"
      : state === "adding"
        ? "Adding..."
        : "Quick add";
  const quickClass = list ? "card-quick card-quick-list" : "card-quick card-quick-grid";
  const quick = chooseInstead ? (
    <Link
      to={`/product/${product.id}`}
      aria-label={`Choose size for ${product.name} (${quickSize} is sold out)`}
      className={quickClass}
    >
      Choose size
    </Link>
  ) : (
    <button
      type="button"
      onClick={() => void quickAdd()}
      disabled={soldOut || state === "adding"}
      aria-label={
        soldOut
          ? `${product.name} is sold out`
          : state === "added"
            ? `Added to bag: ${product.name}`
            : state === "adding"
              ? `Adding... ${product.name}`
              : `Quick add ${product.name} to cart`
      }
      className={quickClass}
    >
      {!soldOut && state === "idle" ? <SpriteIcon name="plus" className="h-3.5 w-3.5" /> : null}
      {label}
    </button>
  );
  if (list) {
    return (
      <div className="absolute right-0 bottom-6 z-10 flex items-center gap-2">
        {heart}
        {quick}
      </div>
    );
  }
  return (
    <div className="card-actions">
      {heart}
      {soldOut ? null : quick}
    </div>
  );
}

/** 'Size M · Indigo' for the bag's message; the default size and colour go unsaid. */
function lineDetail(line: { size: string; colour: string; quantity: number }): string {
  const parts = [
    line.size === DEFAULT_SIZE ? null : `Size ${line.size}`,
    line.colour === DEFAULT_COLOUR ? null : line.colour,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : `Qty ${line.quantity}`;
}
