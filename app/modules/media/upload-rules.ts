/*
 * The admin's picture uploads as the browser and the server both see them (browser-safe: no server
 * imports). The server enforces every rule here (app/modules/media/upload.server.ts); the browser
 * helper (app/components/admin/upload-client.ts) checks the cheap ones before sending, so a person
 * hears about a 12 MB file at once instead of after uploading it.
 */

/** Where pictures are posted, one per request, as multipart/form-data. */
export const UPLOAD_PATH = "/admin/uploads";

/** The form field that carries the picture. */
export const UPLOAD_FIELD = "file";

/** 10 MB (10 × 1024 × 1024 bytes): the limit staff are told, enforced on the bytes that arrive. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Multipart framing and a stray small field on top of the file: an upload request may carry this much more. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** What one upload request may carry in all (the server counts the bytes as they arrive). */
export const UPLOAD_REQUEST_LIMIT = MAX_UPLOAD_BYTES + UPLOAD_OVERHEAD_BYTES;

/**
 * Pictures above 40 megapixels are refused before they are decoded: a small file can hold a huge
 * picture (a one-colour 20000 × 20000 PNG is 50 KB) whose pixels would take gigabytes of memory.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** What a picture's content may be (read from its bytes, never from its name or declared type). */
export const ACCEPTED_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

export const UPLOAD_MESSAGES = {
  noFile: "No file provided",
  tooLarge: "File size too large. Maximum size is 10MB.",
  invalidType: "Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.",
  tooManyPixels: "The picture is too large: at most 40 megapixels (for example 8000 × 5000) are allowed.",
  unreadable: "The picture could not be read. The file may be damaged; please try another one.",
  oneFile: "Upload one picture at a time.",
  malformed: "The upload could not be read. Please try again.",
  signIn: "Your session has ended. Please sign in again to upload pictures.",
  forbidden: "You do not have access to the back office.",
  storeFailed: "The picture could not be stored. Please try again.",
  /** the message when the server gives no reason (a network error, an unreadable answer) */
  failed: "Failed to upload image",
  cancelled: "Upload cancelled",
} as const;

/**
 * The answer to a successful upload. `publicId` is the storage key the
 * product keeps (product_images.key) and hands back when it saves; `url` is the picture's default
 * width (the storefront's product_images.url, whose srcset siblings are made from it by
 * `srcSet`/`variantUrl` in ./images). `width`, `height`, `format` ('jpeg', 'png' or 'webp') and
 * `bytes` describe the stored original, re-encoded without metadata and upright.
 */
export interface UploadResult {
  url: string;
  publicId: string;
  width: number;
  height: number;
  format: UploadFormat;
  bytes: number;
}

/** GIFs are stored as PNG (their first frame: the shop shows stills). */
export type UploadFormat = "jpeg" | "png" | "webp";

/** The body of every refusal. */
export interface UploadError {
  error: string;
}

export function isUploadResult(value: unknown): value is UploadResult {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.url === "string" &&
    typeof v.publicId === "string" &&
    typeof v.width === "number" &&
    typeof v.height === "number" &&
    typeof v.format === "string" &&
    typeof v.bytes === "number"
  );
}
