import { useRef, useState } from "react";
import type { ProductImageView } from "~/modules/catalog";
import { srcSet, variantUrl } from "~/modules/media";
import { ChevronIcon } from "./product-icons";

/** A picture change is locked for 300 ms after a change. */
const IMAGE_CHANGE_LOCK_MS = 300;

/** The product's pictures: one large picture, thumbnails (desktop), dots and swipe (touch). */
export function Gallery({ images, name }: { images: ProductImageView[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const lockedUntil = useRef(0);
  const touchX = useRef<number | null>(null);
  const count = images.length;

  // `at` is the event's timeStamp: the lock is measured in the events' own clock.
  const show = (next: number, at: number) => {
    if (count < 2) return;
    const now = at;
    if (now < lockedUntil.current) return;
    const target = ((next % count) + count) % count;
    if (target === index) return;
    lockedUntil.current = now + IMAGE_CHANGE_LOCK_MS;
    setIndex(target);
  };

  if (count === 0) {
    return (
      <div className="flex aspect-[3/4] items-center justify-center bg-sand text-sm text-stone">
        Image not available
      </div>
    );
  }
  const current = images[index]!;
  return (
    <div className="flex flex-col-reverse gap-3 lg:flex-row">
      {count > 1 ? (
        <ul className="hidden gap-3 lg:flex lg:w-20 lg:flex-col" aria-label="Pictures">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={(e) => show(i, e.timeStamp)}
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                className={`block aspect-[3/4] w-full overflow-hidden border ${i === index ? "border-ink" : "border-transparent opacity-70 hover:opacity-100"}`}
              >
                <img
                  src={variantUrl(image.url, 400)}
                  alt=""
                  width={80}
                  height={107}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative flex-1">
        <div
          className="relative aspect-[3/4] touch-pan-y overflow-hidden bg-sand"
          onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
          onTouchEnd={(e) => {
            const start = touchX.current;
            const end = e.changedTouches[0]?.clientX;
            touchX.current = null;
            if (start === null || end === undefined || Math.abs(end - start) < 40) return;
            show(end < start ? index + 1 : index - 1, e.timeStamp);
          }}
          data-testid="gallery-main"
        >
          {failed[index] ? (
            <div className="absolute inset-0 flex items-center justify-center text-sm text-stone">
              Image not available
            </div>
          ) : (
            <img
              key={current.url}
              src={current.url}
              srcSet={srcSet(current.url)}
              sizes="(min-width: 1024px) 50vw, 100vw"
              width={current.width}
              height={current.height}
              alt={current.alt || name}
              fetchPriority={index === 0 ? "high" : undefined}
              onError={() => setFailed((f) => ({ ...f, [index]: true }))}
              className="absolute inset-0 h-full w-full object-cover"
            />
          )}
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={(e) => show(index - 1, e.timeStamp)}
                aria-label="Previous picture"
                className="absolute top-1/2 left-2 hidden -translate-y-1/2 rounded-full bg-ivory/85 p-2 text-ink hover:bg-ivory sm:block"
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                onClick={(e) => show(index + 1, e.timeStamp)}
                aria-label="Next picture"
                className="absolute top-1/2 right-2 hidden -translate-y-1/2 rounded-full bg-ivory/85 p-2 text-ink hover:bg-ivory sm:block"
              >
                <ChevronIcon direction="right" />
              </button>
            </>
          ) : null}
        </div>
        {count > 1 ? <GalleryDots images={images} index={index} onShow={show} /> : null}
      </div>
    </div>
  );
}

/** The pictures to choose from, the one shown, and how to show another (`at`: the press's timeStamp). */
interface PictureChoice {
  images: ProductImageView[];
  index: number;
  onShow: (next: number, at: number) => void;
}

/** Under the picture: a dot per picture, the current one long. */
function GalleryDots({ images, index, onShow }: PictureChoice) {
  const count = images.length;
  return (
    <div className="mt-3 flex justify-center gap-1" aria-label="Pictures">
      {images.map((image, i) => (
        <button
          key={image.url}
          type="button"
          onClick={(e) => onShow(i, e.timeStamp)}
          aria-label={`Picture ${i + 1} of ${count}`}
          aria-current={i === index ? "true" : undefined}
          className="flex h-6 w-6 items-center justify-center"
        >
          <span
            className={`block h-1.5 rounded-full transition-all ${i === index ? "w-5 bg-ink" : "w-1.5 bg-stone/40"}`}
          />
        </button>
      ))}
    </div>
  );
}
