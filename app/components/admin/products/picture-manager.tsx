import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/admin/toast";
import { LIMITS, PRODUCT_MESSAGES, type PictureValue } from "~/modules/catalog";
import { PictureCard, PictureDropZone } from "./picture-parts";
import { newId, uploadAll, uploadingItem } from "./picture-uploads";

/*
 * The product's pictures: several files at once from the picker or dropped on the zone, each with
 * its own progress bar; reordered by dragging or with the Move buttons (keyboard); removed; each
 * with its alt text. The first picture is the cover. Uploads go one file per request to
 * POST /admin/uploads (picture-uploads.ts, upload-client.ts); the product takes them only when it
 * is saved.
 */

export interface PictureItem {
  /** this list's own id (a picture has no key until its upload finishes) */
  id: string;
  key: string | null;
  url: string | null;
  width: number;
  height: number;
  alt: string;
  status: "ready" | "uploading" | "failed";
  /** 0..1 while uploading */
  progress: number;
  fileName: string | null;
  /** a local preview while the file uploads */
  preview: string | null;
  error: string | null;
}

export function pictureItems(pictures: readonly PictureValue[]): PictureItem[] {
  return pictures.map((p) => ({
    ...p,
    id: newId(),
    status: "ready",
    progress: 1,
    fileName: null,
    preview: null,
    error: null,
  }));
}

export function readyPictures(items: readonly PictureItem[]): PictureValue[] {
  return items
    .filter((i) => i.status === "ready" && i.key && i.url)
    .map((i) => ({ key: i.key!, url: i.url!, width: i.width, height: i.height, alt: i.alt }));
}

export function PictureManager({
  items,
  setItems,
  error,
}: {
  items: PictureItem[];
  setItems: React.Dispatch<React.SetStateAction<PictureItem[]>>;
  error?: string;
}) {
  const id = useId();
  const toast = useToast();
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const controllers = useRef(new Map<string, AbortController>());
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  // After a move from the keyboard, focus stays on the moved picture's button (or its other one,
  // when the picture reached an end and this one is now disabled).
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const [itemId, direction] = wanted.split(":");
    const other = direction === "left" ? "right" : "left";
    const button = [buttons.current.get(wanted), buttons.current.get(`${itemId}:${other}`)].find(
      (b) => b && !b.disabled,
    );
    button?.focus();
  });

  const patch = (itemId: string, change: Partial<PictureItem>) =>
    setItems((list) => list.map((i) => (i.id === itemId ? { ...i, ...change } : i)));

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    const room = LIMITS.pictures - items.filter((i) => i.status !== "failed").length;
    const accepted = files.slice(0, Math.max(0, room));
    const batch = accepted.map((file) => ({ file, item: uploadingItem(file) }));
    const skipped = files.length - accepted.length;
    setItems((list) => [...list, ...batch.map((b) => b.item)]);
    if (skipped > 0) toast(`At most ${LIMITS.pictures} pictures: ${skipped} not added`, "error");

    const failed = (await uploadAll(batch, patch, controllers.current)) || skipped > 0;
    if (batch.length > 0)
      toast(
        failed ? PRODUCT_MESSAGES.imagesUploadFailed : PRODUCT_MESSAGES.imagesUploaded,
        failed ? "error" : "success",
      );
  }

  function remove(item: PictureItem) {
    controllers.current.get(item.id)?.abort();
    controllers.current.delete(item.id);
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((i) => i.id !== item.id));
    if (item.status === "failed") return;
    toast(PRODUCT_MESSAGES.imageRemoved);
    setAnnouncement(`Picture removed. ${items.length - 1} left.`);
  }

  function move(itemId: string, to: number, direction?: "left" | "right") {
    const from = items.findIndex((i) => i.id === itemId);
    if (from < 0 || to < 0 || to >= items.length || from === to) return;
    const list = [...items];
    const [moved] = list.splice(from, 1);
    list.splice(to, 0, moved!);
    setItems(list);
    setAnnouncement(`Picture moved to position ${to + 1} of ${list.length}.`);
    if (direction) focusAfterMove.current = `${itemId}:${direction}`;
  }

  return (
    <div>
      <PictureDropZone
        id={id}
        error={error}
        dropping={dropping}
        setDropping={setDropping}
        onFiles={(files) => void addFiles(files)}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {items.length > 0 ? (
        <ol
          className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
          aria-label="Pictures, in the order the shop shows them"
        >
          {items.map((item, index) => (
            <PictureCard
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              dragged={dragged}
              setDragged={setDragged}
              onMove={move}
              onRemove={() => remove(item)}
              onAlt={(alt) => patch(item.id, { alt })}
              buttonRef={(key, el) => {
                buttons.current.set(key, el);
              }}
            />
          ))}
        </ol>
      ) : null}
    </div>
  );
}
