import { LIMITS } from "~/modules/catalog";
import type { PictureItem } from "./picture-manager";
import { ACCEPT } from "./picture-uploads";

/*
 * What the picture manager shows: the zone that takes files (picked or dropped) and one card per
 * picture with its upload progress or failure, its alt text and its Move and Remove buttons. The
 * manager holds the list and every state; these report what the person did.
 */

const filesFrom = (list: FileList | null) => (list ? Array.from(list) : []);

/** The drop zone around the file picker, and the pictures' error under it. */
export function PictureDropZone({
  id,
  error,
  dropping,
  setDropping,
  onFiles,
}: {
  id: string;
  error?: string;
  dropping: boolean;
  setDropping: (dropping: boolean) => void;
  onFiles: (files: File[]) => void;
}) {
  return (
    <>
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
          onFiles(filesFrom(e.dataTransfer.files));
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
            onFiles(files);
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The picture itself, draggable, with its place ('Cover' or its number) and an upload's progress bar. */
function PictureFrame({
  item,
  index,
  setDragged,
}: {
  item: PictureItem;
  index: number;
  setDragged: (itemId: string | null) => void;
}) {
  const n = index + 1;
  const src = item.url ?? item.preview;
  return (
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
  );
}

/** One picture of the list: the picture, then its alt text (or why it failed) and its buttons. */
export function PictureCard({
  item,
  index,
  count,
  dragged,
  setDragged,
  onMove,
  onRemove,
  onAlt,
  buttonRef,
}: {
  item: PictureItem;
  index: number;
  count: number;
  dragged: string | null;
  setDragged: (itemId: string | null) => void;
  /** to another place; `direction` when a Move button did it (the focus follows the picture) */
  onMove: (itemId: string, to: number, direction?: "left" | "right") => void;
  onRemove: () => void;
  onAlt: (alt: string) => void;
  /** keeps the Move buttons, by `<item id>:left` and `<item id>:right` */
  buttonRef: (key: string, el: HTMLButtonElement | null) => void;
}) {
  const n = index + 1;
  return (
    <li
      data-testid="picture"
      onDragOver={(e) => {
        if (dragged && dragged !== item.id) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!dragged) return;
        e.preventDefault();
        onMove(dragged, index);
        setDragged(null);
      }}
      className={`flex flex-col border bg-white ${dragged === item.id ? "border-maroon opacity-60" : item.status === "failed" ? "border-sale/50" : "border-linen"}`}
    >
      <PictureFrame item={item} index={index} setDragged={setDragged} />
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
              onChange={(e) => onAlt(e.target.value)}
              className="mt-1 block w-full border border-linen bg-white px-2 py-1.5 text-xs text-ink focus:border-ink focus:outline-none"
            />
          </div>
        )}
        <div className="mt-auto flex items-center justify-between gap-1">
          <div className="flex gap-1">
            <button
              type="button"
              ref={(el) => {
                buttonRef(`${item.id}:left`, el);
              }}
              disabled={index === 0 || item.status === "failed"}
              onClick={() => onMove(item.id, index - 1, "left")}
              aria-label={`Move picture ${n} left`}
              className="flex h-8 w-8 items-center justify-center border border-linen text-ink hover:border-ink disabled:opacity-30"
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              ref={(el) => {
                buttonRef(`${item.id}:right`, el);
              }}
              disabled={index === count - 1 || item.status === "failed"}
              onClick={() => onMove(item.id, index + 1, "right")}
              aria-label={`Move picture ${n} right`}
              className="flex h-8 w-8 items-center justify-center border border-linen text-ink hover:border-ink disabled:opacity-30"
            >
              <span aria-hidden="true">→</span>
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
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
}
