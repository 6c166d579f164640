import { useId, useState } from "react";
import { photoThumbnailUrl } from "~/modules/media";
import { uploadPicture } from "../upload-client";
import { LABEL } from "./return-format";

/*
 * Photos of a piece as it arrived (up to 4), uploaded through the back office's picture pipeline as
 * they are chosen; the form sends their keys, and the server attaches them only if this staff member
 * uploaded them and nothing has taken them yet.
 */

const MAX_PHOTOS = 4;

interface Uploaded {
  key: string;
  url: string;
}

export function InspectionPhotos({ lineId, pieceName }: { lineId: string; pieceName: string }) {
  const id = useId();
  const [photos, setPhotos] = useState<Uploaded[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(null);
    setBusy(true);
    const room = MAX_PHOTOS - photos.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    if (files.length > room) setError(`At most ${MAX_PHOTOS} photos a piece.`);
    for (const file of chosen) {
      const answer = await uploadPicture(file, () => {});
      if ("error" in answer) {
        setError(answer.error);
        continue;
      }
      setPhotos((now) => [...now, { key: answer.publicId, url: answer.url }]);
    }
    setBusy(false);
  }

  return (
    <div className="sm:col-span-2 lg:col-span-1 xl:col-span-2">
      <label htmlFor={id} className={LABEL}>
        Photos (optional, up to {MAX_PHOTOS})
      </label>
      {photos.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`Inspection photos of ${pieceName}`}>
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              <input type="hidden" name={`photo:${lineId}`} value={p.key} />
              <img
                src={photoThumbnailUrl(p.url)}
                alt={`Inspection photo ${i + 1} of ${pieceName}`}
                className="h-16 w-16 border border-linen object-cover"
              />
              <button
                type="button"
                onClick={() => setPhotos((now) => now.filter((x) => x.key !== p.key))}
                className="absolute -top-2 -right-2 h-6 w-6 rounded-full border border-linen bg-white text-xs text-ink hover:text-maroon focus-visible:outline-2 focus-visible:outline-maroon"
                aria-label={`Remove photo ${i + 1}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          disabled={busy}
          onChange={(e) => {
            void add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
          className="block w-full text-xs text-stone file:mr-3 file:border file:border-ink file:bg-transparent file:px-3 file:py-1.5 file:text-xs file:tracking-widest file:text-ink file:uppercase"
        />
      ) : null}
      {busy ? <p className="mt-1 text-xs text-stone">Uploading...</p> : null}
      {error ? (
        <p className="mt-1 text-sm text-sale" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
