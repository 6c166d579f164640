import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata } from "sharp";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { mediaUploads } from "./schema.server";
import { PRODUCT_IMAGE_DEFAULT_WIDTH, variantKey } from "./images";
import { storeResponsivePicture } from "./process.server";
import { loadSharp } from "./sharp.server";
import { removeStoredPicture, type MediaStorage } from "./storage.server";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  UPLOAD_REQUEST_LIMIT,
  type UploadError,
  type UploadFormat,
  type UploadResult,
} from "./upload-rules";

export { removeStoredPicture, removeStoredPictures } from "./storage.server";

/*
 * POST /admin/uploads, one picture per request (decision 022):
 *   staff only -> the multipart body streamed through a parser with limits (never whole in memory:
 *   the file part itself, at most 10 MB, is the only thing held) -> the content sniffed from its bytes
 *   (JPEG, PNG, GIF or WebP, whatever the name or declared type says) -> the size in pixels checked
 *   from the header before any decoding -> re-encoded by sharp (upright, no metadata) -> stored with
 *   the storefront's variants under a key the server makes -> a media_uploads row and an audit row.
 */

/** Where uploaded pictures are stored; the rest of the key is a random UUID and the format's extension. */
const UPLOAD_KEY_PREFIX = "products/uploads/";

export type UploadAnswer =
  { status: 200; body: UploadResult } | { status: 400 | 401 | 403 | 413 | 415 | 500; body: UploadError };

const refuse = (status: 400 | 413 | 415 | 500, error: string): UploadAnswer => ({ status, body: { error } });

/** The body's Content-Length when it is declared and over the limit (checked before reading anything). */
function declaredTooLarge(request: Request): boolean {
  const declared = request.headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared) && Number(declared) > UPLOAD_REQUEST_LIMIT;
}

/** Whether a failed read was a body or file over its limit (the parser's errors, or the server's counted stream). */
export function isTooLarge(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (
      e instanceof MaxFileSizeExceededError ||
      e instanceof MaxTotalSizeExceededError ||
      e.name === "RequestBodyTooLargeError"
    )
      return true;
  }
  return false;
}

/** Reads the one file of the request, refusing while streaming as soon as a limit is crossed. */
async function readUploadedFile(request: Request): Promise<{ file: Buffer; name: string } | UploadAnswer> {
  const type = request.headers.get("content-type") ?? "";
  // Anything else carries no file (and a urlencoded body would be gathered whole by the parser).
  if (!/^multipart\/form-data\s*;/i.test(type)) return refuse(400, UPLOAD_MESSAGES.noFile);
  let file: FileUpload | undefined;
  try {
    await parseFormData(
      request,
      {
        maxFiles: 1,
        maxFileSize: MAX_UPLOAD_BYTES,
        maxTotalSize: MAX_UPLOAD_BYTES + 16 * 1024,
        maxParts: 8,
        maxHeaderSize: 8 * 1024,
      },
      (upload) => {
        if (upload.fieldName === UPLOAD_FIELD) file = upload;
        // nothing is kept in the form data: the file is read below, other fields are ignored
        return null;
      },
    );
  } catch (error) {
    if (isTooLarge(error)) return refuse(413, UPLOAD_MESSAGES.tooLarge);
    if (error instanceof MaxFilesExceededError) return refuse(400, UPLOAD_MESSAGES.oneFile);
    // A broken body, too many parts or headers, or a client that went away mid-body.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || request.signal.aborted) {
      return refuse(400, UPLOAD_MESSAGES.malformed);
    }
    throw error;
  }
  if (!file || file.size === 0) return refuse(400, UPLOAD_MESSAGES.noFile);
  return { file: Buffer.from(await file.arrayBuffer()), name: file.name };
}

/** A picture ready to store: re-encoded, upright, without metadata. */
export interface PreparedPicture {
  body: Buffer;
  format: UploadFormat;
  width: number;
  height: number;
}

const SNIFFED: Record<string, "jpeg" | "png" | "gif" | "webp"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  // an animated PNG is a PNG whose first frame every reader shows
  "image/apng": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

const CONTENT_TYPES: Record<UploadFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
const EXTENSIONS: Record<UploadFormat, string> = { jpeg: "jpg", png: "png", webp: "webp" };

/**
 * Checks a file's content and re-encodes it: JPEG stays JPEG, PNG stays PNG, WebP stays WebP, and a
 * GIF becomes a PNG of its first frame (the shop shows stills). EXIF orientation is applied, then
 * every piece of metadata (EXIF with its GPS position, XMP, comments) is left out of the output.
 */
async function preparePicture(file: Buffer): Promise<PreparedPicture | UploadAnswer> {
  const sniffed = await fileTypeFromBuffer(file);
  const kind = sniffed ? SNIFFED[sniffed.mime] : undefined;
  if (!kind) return refuse(415, UPLOAD_MESSAGES.invalidType);
  const sharp = await loadSharp();

  // The header alone: how many pixels decoding would produce. No limit here so the answer can say
  // why; every decoding below has the limit.
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(400, UPLOAD_MESSAGES.unreadable);
  }
  if (meta.format !== kind) return refuse(415, UPLOAD_MESSAGES.invalidType);
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) return refuse(400, UPLOAD_MESSAGES.unreadable);
  if (meta.width * frameHeight > MAX_UPLOAD_PIXELS) return refuse(400, UPLOAD_MESSAGES.tooManyPixels);

  const format: UploadFormat = kind === "gif" ? "png" : kind;
  try {
    const pipeline = sharp(file, { limitInputPixels: MAX_UPLOAD_PIXELS, pages: 1 }).rotate();
    const encoded =
      format === "jpeg"
        ? pipeline.jpeg({ quality: 90 })
        : format === "webp"
          ? pipeline.webp({ quality: 90, effort: 4 })
          : pipeline.png({ compressionLevel: 9, effort: 5 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { body: data, format, width: info.width, height: info.height };
  } catch {
    return refuse(400, UPLOAD_MESSAGES.unreadable);
  }
}

/**
 * At most this many pictures are decoded and encoded at once in this process: a 40-megapixel picture
 * takes about 160 MB as pixels, and the editor sends several files together. Others wait their turn.
 */
const PROCESSING_SLOTS = Math.max(1, Math.min(2, availableParallelism()));
let busySlots = 0;
const waiting: Array<() => void> = [];

async function inProcessingSlot<T>(job: () => Promise<T>): Promise<T> {
  if (busySlots < PROCESSING_SLOTS) busySlots += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busySlots -= 1;
  }
}

/** A client's file name for the audit line only: printable, short. It never reaches a storage key. */
function shownName(name: string): string {
  const printable = [...name].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join("");
  return printable.length > 80 ? `${printable.slice(0, 77)}...` : printable;
}

/**
 * The whole upload: reads the request's one file, checks and re-encodes it, stores the original and
 * the storefront's variants, and records it. Never throws for anything the client sent: every
 * refusal is an answer with its message for staff (UPLOAD_MESSAGES).
 */
export async function receivePictureUpload(
  request: Request,
  staff: Actor,
  storage: MediaStorage,
  db: Db = getDb(),
): Promise<UploadAnswer> {
  if (declaredTooLarge(request)) return refuse(413, UPLOAD_MESSAGES.tooLarge);
  const read = await readUploadedFile(request);
  if ("status" in read) return read;

  return inProcessingSlot(async () => {
    const prepared = await preparePicture(read.file);
    if ("status" in prepared) return prepared;
    const key = `${UPLOAD_KEY_PREFIX}${randomUUID()}.${EXTENSIONS[prepared.format]}`;
    const result: UploadResult = {
      url: storage.publicUrl(variantKey(key, PRODUCT_IMAGE_DEFAULT_WIDTH)),
      publicId: key,
      width: prepared.width,
      height: prepared.height,
      format: prepared.format,
      bytes: prepared.body.length,
    };
    try {
      // The row comes first: if the process dies while the files are written, the sweep of
      // unattached uploads still finds them a day later.
      await db.insert(mediaUploads).values({
        key,
        url: result.url,
        width: result.width,
        height: result.height,
        format: result.format,
        bytes: result.bytes,
        uploadedBy: staff.id,
      });
    } catch (error) {
      getLogger().error({ err: error }, "upload: the picture could not be recorded");
      return refuse(500, UPLOAD_MESSAGES.storeFailed);
    }
    try {
      await storage.put(key, prepared.body, CONTENT_TYPES[prepared.format]);
      await storeResponsivePicture(storage, prepared.body, key);
      await recordAudit(db, staff, {
        entity: "picture",
        entityId: key,
        action: "upload",
        summary: `Uploaded a picture, ${result.width} × ${result.height} ${result.format.toUpperCase()}, ${Math.max(1, Math.round(result.bytes / 1024))} KB${read.name ? ` ("${shownName(read.name)}")` : ""}`,
      });
    } catch (error) {
      getLogger().error({ err: error, key }, "upload: the picture could not be stored");
      await Promise.allSettled([
        removeStoredPicture(storage, key),
        db.delete(mediaUploads).where(eq(mediaUploads.key, key)),
      ]);
      return refuse(500, UPLOAD_MESSAGES.storeFailed);
    }
    return { status: 200, body: result };
  });
}

/** An upload as a product takes it (from the server's own record, not from what the browser says). */
export interface ClaimedUpload {
  key: string;
  /** the default-width variant: product_images.url */
  url: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
}

export class UploadClaimError extends Error {
  constructor(public readonly keys: string[]) {
    super(`Not an upload that can be attached: ${keys.join(", ")}`);
    this.name = "UploadClaimError";
  }
}

/**
 * For the product save, inside its transaction: marks uploads as attached to a product (so the
 * sweep keeps them) and returns their stored details in the order of `keys`. Throws
 * `UploadClaimError` naming every key that is not in media_uploads (never uploaded, swept after a
 * day, a made-up or seeded key) or that is still unattached but was uploaded by another staff
 * member; nothing is marked then. A key claimed before stays claimed (saving twice is harmless).
 * Pass only the keys new to the product: its existing pictures (the demo ones included) need no
 * claim.
 */
export async function claimUploads(
  tx: Tx | Db,
  keys: readonly string[],
  staffId: string,
  now: Date = new Date(),
): Promise<ClaimedUpload[]> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return [];
  const claimable = and(
    inArray(mediaUploads.key, wanted),
    or(isNotNull(mediaUploads.attachedAt), eq(mediaUploads.uploadedBy, staffId)),
  );
  const rows = await tx
    .select({
      key: mediaUploads.key,
      url: mediaUploads.url,
      width: mediaUploads.width,
      height: mediaUploads.height,
      format: mediaUploads.format,
      bytes: mediaUploads.bytes,
      attachedAt: mediaUploads.attachedAt,
    })
    .from(mediaUploads)
    .where(claimable)
    .for("update");
  const found = new Map(rows.map((row) => [row.key, row]));
  const refused = wanted.filter((key) => !found.has(key));
  if (refused.length > 0) throw new UploadClaimError(refused);
  const fresh = rows.filter((row) => row.attachedAt === null).map((row) => row.key);
  if (fresh.length > 0) await tx.update(mediaUploads).set({ attachedAt: now }).where(inArray(mediaUploads.key, fresh));
  return keys.map((key) => {
    const { attachedAt: _attached, ...row } = found.get(key)!;
    return row;
  });
}

/** An upload a product has not taken yet, as the product editor and the CSV import look it up. */
export interface UnattachedUpload {
  key: string;
  url: string;
  width: number;
  height: number;
  uploadedBy: string | null;
}

/** Uploads by staff (not the demo's pictures) of these keys that no product has taken yet. */
export async function unattachedStaffUploadsByKey(tx: Tx | Db, keys: readonly string[]): Promise<UnattachedUpload[]> {
  if (keys.length === 0) return [];
  return tx
    .select({
      key: mediaUploads.key,
      url: mediaUploads.url,
      width: mediaUploads.width,
      height: mediaUploads.height,
      uploadedBy: mediaUploads.uploadedBy,
    })
    .from(mediaUploads)
    .where(
      and(inArray(mediaUploads.key, [...keys]), isNull(mediaUploads.attachedAt), isNotNull(mediaUploads.uploadedBy)),
    );
}

/** Uploads at these addresses that no product has taken yet. */
export async function unattachedUploadsByUrl(tx: Tx | Db, urls: readonly string[]): Promise<UnattachedUpload[]> {
  if (urls.length === 0) return [];
  return tx
    .select({
      key: mediaUploads.key,
      url: mediaUploads.url,
      width: mediaUploads.width,
      height: mediaUploads.height,
      uploadedBy: mediaUploads.uploadedBy,
    })
    .from(mediaUploads)
    .where(and(inArray(mediaUploads.url, [...urls]), isNull(mediaUploads.attachedAt)));
}
