import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/admin/toast";
import { uploadPicture } from "~/components/admin/upload-client";
import { LIMITS, PRODUCT_MESSAGES, type PictureValue } from "~/modules/catalog";

/*
 * The product's pictures: several files at once from the picker or dropped on the zone, each with
 * its own progress bar; reordered by dragging or with the Move buttons (keyboard); removed; each
 * with its alt text. The first picture is the cover. Uploads go one file per request to
 * POST /admin/uploads (upload-client.ts); the product takes them only when it is saved.
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

const ACCEPT = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const MAX_BYTES = 10 * 1024 * 1024;
const AT_ONCE = 3;

let sequence = 0;
const newId = () => `picture-${Date.now().toString(36)}-${++sequence}`;

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

/** Refused in the browser before any upload; the server checks the content again (spec section 5's messages). */
function refusal(file: File): string | null {
  if (file.size > MAX_BYTES) return "File size too large. Maximum size is 10MB.";
  if (!ACCEPT.includes(file.type)) return "Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.";
  return null;
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
    const batch = accepted.map((file) => ({
      file,
      item: {
        id: newId(),
        key: null,
        url: null,
        width: 0,
        height: 0,
        alt: "",
        status: "uploading" as const,
        progress: 0,
        fileName: file.name,
        preview: URL.createObjectURL(file),
        error: null,
      },
    }));
    const skipped = files.length - accepted.length;
    setItems((list) => [...list, ...batch.map((b) => b.item)]);
    if (skipped > 0) toast(`At most ${LIMITS.pictures} pictures: ${skipped} not added`, "error");

    let failed = skipped > 0;
    const queue = [...batch];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, item } = next;
        const refused = refusal(file);
        if (refused) {
          failed = true;
          patch(item.id, { status: "failed", error: refused });
          continue;
        }
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        const result = await uploadPicture(
          file,
          (fraction) => patch(item.id, { progress: fraction }),
          controller.signal,
        );
        controllers.current.delete(item.id);
        if (controller.signal.aborted) continue;
        if ("error" in result) {
          failed = true;
          patch(item.id, { status: "failed", error: result.error });
        } else {
          patch(item.id, {
            status: "ready",
            progress: 1,
            key: result.publicId,
            url: result.url,
            width: result.width,
            height: result.height,
          });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, batch.length) }, worker));
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

  const filesFrom = (list: FileList | null) => (list ? Array.from(list) : []);

  return (
    <div>
      <label
        htmlFor={`${id}-files`}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDropping(false);
          void addFiles(filesFrom(e.dataTransfer.files));
        }}
        data-testid="picture-drop-zone"
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 border border-dashed px-6 py-8 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-maroon ${
          dropping
            ? "border-maroon bg-sand"
            : error
              ? "border-sale bg-white"
              : "border-stone/50 bg-white hover:border-ink"
        }`}
      >
        <span className="font-display text-xl text-ink">Drop pictures here or choose files</span>
        <span id={`${id}-hint`} className="text-xs text-stone">
          JPEG, PNG, GIF or WebP, up to 10 MB each; several at once. Portrait 3:4 looks best.
        </span>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT.join(",")}
          aria-label="Choose pictures to upload"
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="sr-only"
          onChange={(e) => {
            const files = filesFrom(e.currentTarget.files);
            e.currentTarget.value = "";
            void addFiles(files);
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-sale">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {items.length > 0 ? (
        <ol
          className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
          aria-label="Pictures, in the order the shop shows them"
        >
          {items.map((item, index) => {
            const n = index + 1;
            const src = item.url ?? item.preview;
            return (
              <li
                key={item.id}
                data-testid="picture"
                onDragOver={(e) => {
                  if (dragged && dragged !== item.id) e.preventDefault();
                }}
                onDrop={(e) => {
                  if (!dragged) return;
                  e.preventDefault();
                  move(dragged, index);
                  setDragged(null);
                }}
                className={`flex flex-col border bg-white ${dragged === item.id ? "border-maroon opacity-60" : item.status === "failed" ? "border-sale/50" : "border-linen"}`}
              >
                <div
                  draggable={item.status !== "failed"}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", item.id);
                    setDragged(item.id);
                  }}
                  onDragEnd={() => setDragged(null)}
                  className="relative cursor-grab active:cursor-grabbing"
                  title="Drag to reorder"
                >
                  {src ? (
                    <img src={src} alt="" className="aspect-[3/4] w-full bg-sand object-cover" draggable={false} />
                  ) : (
                    <span className="block aspect-[3/4] w-full bg-sand" />
                  )}
                  <span className="absolute top-2 left-2 bg-ink/80 px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.16em] text-ivory uppercase">
                    {index === 0 ? "Cover" : n}
                  </span>
                  {item.status === "uploading" ? (
                    <div className="absolute inset-x-0 bottom-0 bg-ivory/90 px-2 py-2">
                      <p className="truncate text-[0.7rem] text-ink">{item.fileName}</p>
                      <div
                        role="progressbar"
                        aria-label={`Uploading ${item.fileName ?? `picture ${n}`}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.round(item.progress * 100)}
                        className="mt-1 h-1.5 w-full overflow-hidden bg-stone/25"
                      >
                        <div
                          className="h-full bg-maroon transition-[width] duration-200"
                          style={{ width: `${Math.round(item.progress * 100)}%` }}
                        />
                      </div>
                    </div>
                  ) : null}
                </div>
                <div className="flex flex-1 flex-col gap-2 p-2.5">
                  {item.status === "failed" ? (
                    <p role="alert" className="text-xs text-sale">
                      {item.fileName ? <span className="block truncate font-medium">{item.fileName}</span> : null}
                      {item.error}
                    </p>
                  ) : (
                    <div>
                      <label
                        htmlFor={`${item.id}-alt`}
                        className="block text-[0.65rem] font-medium tracking-[0.16em] text-stone uppercase"
                      >
                        Alt text<span className="sr-only"> for picture {n}</span>
                      </label>
                      <input
                        id={`${item.id}-alt`}
                        value={item.alt}
                        maxLength={LIMITS.alt}
                        placeholder="What it shows"
                        onChange={(e) => patch(item.id, { alt: e.target.value })}
                        className="mt-1 block w-full border border-linen bg-white px-2 py-1.5 text-xs text-ink focus:border-ink focus:outline-none"
                      />
                    </div>
                  )}
                  <div className="mt-auto flex items-center justify-between gap-1">
                    <div className="flex gap-1">
                      <button
                        type="button"
                        ref={(el) => {
                          buttons.current.set(`${item.id}:left`, el);
                        }}
                        disabled={index === 0 || item.status === "failed"}
                        onClick={() => move(item.id, index - 1, "left")}
                        aria-label={`Move picture ${n} left`}
                        className="flex h-8 w-8 items-center justify-center border border-linen text-ink hover:border-ink disabled:opacity-30"
                      >
                        <span aria-hidden="true">←</span>
                      </button>
                      <button
                        type="button"
                        ref={(el) => {
                          buttons.current.set(`${item.id}:right`, el);
                        }}
                        disabled={index === items.length - 1 || item.status === "failed"}
                        onClick={() => move(item.id, index + 1, "right")}
                        aria-label={`Move picture ${n} right`}
                        className="flex h-8 w-8 items-center justify-center border border-linen text-ink hover:border-ink disabled:opacity-30"
                      >
                        <span aria-hidden="true">→</span>
                      </button>
                    </div>
                    <button
                      type="button"
                      onClick={() => remove(item)}
                      aria-label={
                        item.status === "failed" ? `Dismiss ${item.fileName ?? "failed upload"}` : `Remove picture ${n}`
                      }
                      className="px-2 py-1.5 text-[0.65rem] font-medium tracking-[0.16em] text-sale uppercase hover:underline"
                    >
                      {item.status === "failed" ? "Dismiss" : "Remove"}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
