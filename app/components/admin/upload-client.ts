import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  UPLOAD_PATH,
  isUploadResult,
  type UploadResult,
} from "~/modules/media";

export type { UploadResult } from "~/modules/media";

/*
 * The browser's side of POST /admin/uploads, for the product editor: one file per call (call it for
 * each file; the calls may run side by side). XMLHttpRequest rather than fetch because only it
 * reports upload progress.
 */

/**
 * Uploads one picture. `onProgress` gets the fraction sent (0 to 1; 1 once the server has answered).
 * Resolves with the server's upload result, or with `{ error }` holding a message to show as it is:
 * the UPLOAD_MESSAGES wording for a refused file (checked here first for size, emptiness and a declared
 * non-picture type, so nothing is sent in vain), the server's reason, 'Failed to upload image' when
 * the network or the server gives none, and 'Upload cancelled' after `signal` aborts. Never rejects.
 */
export function uploadPicture(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult | { error: string }> {
  const early = checkBeforeSending(file);
  if (early) return Promise.resolve({ error: early });
  if (signal?.aborted) return Promise.resolve({ error: UPLOAD_MESSAGES.cancelled });

  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (value: UploadResult | { error: string }) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onAbort = () => {
      xhr.abort();
      settle({ error: UPLOAD_MESSAGES.cancelled });
    };

    xhr.open("POST", UPLOAD_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status === 200 && isUploadResult(answer)) {
        onProgress(1);
        settle(answer);
        return;
      }
      settle({ error: errorMessage(xhr.status, answer) });
    };
    xhr.onerror = () => settle({ error: UPLOAD_MESSAGES.failed });
    xhr.ontimeout = () => settle({ error: UPLOAD_MESSAGES.failed });
    xhr.onabort = () => settle({ error: UPLOAD_MESSAGES.cancelled });
    signal?.addEventListener("abort", onAbort);

    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

/** What can be told without the server: an empty file, one over 10 MB, a declared type that is no picture. */
export function checkBeforeSending(file: File): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.noFile;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  // An empty type (some systems know no type for a name) is the server's to judge by content.
  if (file.type !== "" && !(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return UPLOAD_MESSAGES.invalidType;
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The server's own message; for answers from before the route (plain text) UPLOAD_MESSAGES by status. */
function errorMessage(status: number, answer: unknown): string {
  const error = answer !== null && typeof answer === "object" ? (answer as { error?: unknown }).error : undefined;
  if (typeof error === "string" && error.trim() !== "") return error;
  if (status === 413) return UPLOAD_MESSAGES.tooLarge;
  if (status === 415) return UPLOAD_MESSAGES.invalidType;
  if (status === 401) return UPLOAD_MESSAGES.signIn;
  if (status === 403) return UPLOAD_MESSAGES.forbidden;
  return UPLOAD_MESSAGES.failed;
}
