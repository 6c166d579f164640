import { uploadPicture } from "~/components/admin/upload-client";
import type { PictureItem } from "./picture-manager";

/*
 * The picture manager's uploads: what the browser refuses before sending, a new item for each chosen
 * file, and the queue that sends them (a few at a time, one file per request to POST /admin/uploads).
 */

export const ACCEPT = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const MAX_BYTES = 10 * 1024 * 1024;
const AT_ONCE = 3;

let sequence = 0;
export const newId = () => `picture-${Date.now().toString(36)}-${++sequence}`;

/** Refused in the browser before any upload, in the server's own words; the server checks the content again. */
function refusal(file: File): string | null {
  if (file.size > MAX_BYTES) return "File size too large. Maximum size is 10MB.";
  if (!ACCEPT.includes(file.type)) return "Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.";
  return null;
}

/** A chosen file's place in the list while it uploads, shown with a local preview. */
export function uploadingItem(file: File): PictureItem {
  return {
    id: newId(),
    key: null,
    url: null,
    width: 0,
    height: 0,
    alt: "",
    status: "uploading",
    progress: 0,
    fileName: file.name,
    preview: URL.createObjectURL(file),
    error: null,
  };
}

/**
 * Uploads the batch, AT_ONCE files at a time, patching each item with its progress and its outcome;
 * an upload whose controller was aborted (the item was removed) is left alone. True when any failed.
 */
export async function uploadAll(
  batch: Array<{ file: File; item: PictureItem }>,
  patch: (itemId: string, change: Partial<PictureItem>) => void,
  controllers: Map<string, AbortController>,
): Promise<boolean> {
  let failed = false;
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
      controllers.set(item.id, controller);
      const result = await uploadPicture(file, (fraction) => patch(item.id, { progress: fraction }), controller.signal);
      controllers.delete(item.id);
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
  return failed;
}
