import { useState } from "react";
import { photoThumbnailUrl } from "~/modules/media";
import { PhotoDialog } from "./photo-dialog";

/**
 * Buyers' photos as square thumbnails in a row that scrolls sideways; each opens the large photo.
 * `label(i)` names the i-th photo for the thumbnail's button and the dialog.
 */
export function PhotoThumbs({
  urls,
  label,
  size = "h-20 w-20 sm:h-24 sm:w-24",
}: {
  urls: readonly string[];
  label: (index: number) => string;
  size?: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  return (
    <>
      <ul className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 py-1">
        {urls.map((url, i) => (
          <li key={`${url}-${i}`} className="shrink-0 snap-start">
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open ${label(i)}`}
              className={`${size} block overflow-hidden bg-sand transition-opacity hover:opacity-85`}
            >
              <img
                src={photoThumbnailUrl(url)}
                alt=""
                loading="lazy"
                decoding="async"
                width={96}
                height={96}
                className="h-full w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoDialog
        url={open === null ? null : (urls[open] ?? null)}
        label={open === null ? "" : label(open)}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
