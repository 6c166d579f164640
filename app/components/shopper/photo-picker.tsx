import { useId, useRef, useState } from "react";
import {
  checkPhotoBeforeSending,
  isShopperPhoto,
  MAX_PHOTOS_PER_REQUEST,
  photoThumbnailUrl,
  SHOPPER_PHOTO_MESSAGES,
  SHOPPER_UPLOAD_PATH,
} from "~/modules/media";

/*
 * A shopper's photos for a form (a return request's pieces, a review's): up to four. Each chosen photo
 * is sent at once to the shopper's upload address (re-encoded there, its location data dropped) and
 * the form carries only the stored addresses, in hidden `photos` fields, so the form itself stays a
 * small post. Without JavaScript the form says photos need it (its own words); it goes without them.
 * The words around the button are the form's: a return asks for the damage, a review for the piece worn.
 */

interface Pending {
  id: number;
  name: string;
}

async function sendPhoto(file: File): Promise<{ url: string } | { error: string }> {
  const early = checkPhotoBeforeSending(file);
  if (early) return { error: early };
  const body = new FormData();
  body.append("file", file, file.name);
  try {
    const response = await fetch(SHOPPER_UPLOAD_PATH, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok && isShopperPhoto(answer)) return { url: answer.url };
    const error = (answer as { error?: unknown } | null)?.error;
    return { error: typeof error === "string" ? error : SHOPPER_PHOTO_MESSAGES.failed };
  } catch {
    return { error: SHOPPER_PHOTO_MESSAGES.failed };
  }
}

export function PhotoPicker({
  photos,
  onPhotos,
  onBusy,
  error,
  withoutScript,
  advice,
  withoutScriptNote,
}: {
  photos: string[];
  onPhotos: (update: (photos: string[]) => string[]) => void;
  onBusy: (busy: boolean) => void;
  error: string | undefined;
  withoutScript: boolean;
  /** what the photos should show, after the formats ('For a damaged piece, show the damage…') */
  advice: string;
  /** said instead of the button without JavaScript: what happens to the form without photos */
  withoutScriptNote: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const room = MAX_PHOTOS_PER_REQUEST - photos.length - pending.length;

  async function choose(files: File[]) {
    if (input.current) input.current.value = "";
    const taken = files.slice(0, Math.max(0, room));
    const notes = files.length > taken.length ? [SHOPPER_PHOTO_MESSAGES.maxPhotos] : [];
    const jobs = taken.map((file, i) => ({ id: Date.now() + i, name: file.name, file }));
    setProblems(notes);
    setPending((p) => [...p, ...jobs]);
    onBusy(true);
    await Promise.all(
      jobs.map(async (job) => {
        const answer = await sendPhoto(job.file);
        setPending((p) => p.filter((x) => x.id !== job.id));
        if ("url" in answer) onPhotos((list) => [...list, answer.url].slice(0, MAX_PHOTOS_PER_REQUEST));
        else setProblems((list) => [...list, `${job.name}: ${answer.error}`]);
      }),
    );
    onBusy(false);
  }

  return (
    <div aria-describedby={error ? `${id}-error` : undefined}>
      <p className="eyebrow block text-ink">Photos (optional)</p>
      <p className="mt-1.5 text-xs text-stone">
        Up to {MAX_PHOTOS_PER_REQUEST} photos, JPEG, PNG or WebP, 8 MB each. {advice}
      </p>
      {photos.map((url) => (
        <input key={url} type="hidden" name="photos" value={url} />
      ))}
      {photos.length > 0 || pending.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-3" aria-label="Photos added">
          {photos.map((url, i) => (
            <li key={url} className="relative">
              <img
                src={photoThumbnailUrl(url)}
                alt={`Photo ${i + 1}`}
                width={88}
                height={88}
                className="h-22 w-22 border border-linen bg-sand object-cover"
              />
              <button
                type="button"
                onClick={() => onPhotos((list) => list.filter((p) => p !== url))}
                aria-label={`Remove photo ${i + 1}`}
                className="absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full border border-linen bg-white text-sm leading-none text-ink shadow-sm hover:border-ink"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {pending.map((p) => (
            <li
              key={p.id}
              className="flex h-22 w-22 animate-pulse items-center justify-center border border-dashed border-linen bg-sand/60 text-[0.65rem] tracking-[0.14em] text-stone uppercase"
            >
              Adding…
            </li>
          ))}
        </ul>
      ) : null}
      {withoutScript ? (
        <p className="mt-3 text-sm text-stone">Adding photos needs JavaScript. {withoutScriptNote}</p>
      ) : room > 0 ? (
        <label className="btn-outline mt-4 cursor-pointer !px-5 !py-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            onChange={(e) => void choose(Array.from(e.target.files ?? []))}
          />
          Add photos
        </label>
      ) : null}
      <div aria-live="polite">
        {problems.map((p) => (
          <p key={p} className="mt-1.5 text-sm text-sale">
            {p}
          </p>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
