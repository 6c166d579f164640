import { useState } from "react";
import { srcSet } from "~/modules/media";
import type { ProductImageView } from "~/modules/catalog";

/** A product picture in the cart or wishlist, with a placeholder when there is none or it fails. */
export function ProductThumb({
  image,
  name,
  sizes,
  className = "",
}: {
  image: ProductImageView | null;
  name: string;
  sizes: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`relative aspect-[3/4] overflow-hidden bg-sand ${className}`}>
      {image && !failed ? (
        <img
          src={image.url}
          srcSet={srcSet(image.url)}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={image.alt || name}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-[0.65rem] tracking-[0.14em] text-stone uppercase">
          Image not available
        </span>
      )}
    </div>
  );
}
