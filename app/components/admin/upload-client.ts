/*
 * Stand-in for the uploads branch (issue 12, 'Pictures'): the browser's side of POST /admin/uploads.
 * One picture per request, multipart field `file`; the answer is the spec's upload result or
 * `{ error }`. The uploads branch replaces this file with its own; only the signature is relied on.
 */

/** The spec's 'Image upload result'. `publicId` is the storage key (media_uploads.key). */
export interface UploadResult {
  url: string;
  publicId: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
}

const FAILED = "Error uploading images";

function isUploadResult(value: unknown): value is UploadResult {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.url === "string" && typeof v.publicId === "string" && typeof v.width === "number" && typeof v.height === "number";
}

/** Uploads one picture, reporting the share sent (0..1) as it goes. Never rejects: failures come back as `{ error }`. */
export function uploadPicture(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult | { error: string }> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ error: "Upload cancelled" });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status === 200 && isUploadResult(body)) {
        onProgress(1);
        resolve(body);
        return;
      }
      const message = body && typeof body === "object" && typeof (body as { error?: unknown }).error === "string" ? (body as { error: string }).error : FAILED;
      resolve({ error: message });
    };
    xhr.onerror = () => resolve({ error: FAILED });
    xhr.onabort = () => resolve({ error: "Upload cancelled" });
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
