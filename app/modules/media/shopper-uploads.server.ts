import { randomUUID } from "node:crypto";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { and, eq, inArray, isNull, like } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata } from "sharp";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { PRODUCT_IMAGE_DEFAULT_WIDTH, thumbnailKey, variantKey } from "./images";
import { storeResponsivePicture } from "./process.server";
import { loadSharp } from "./sharp.server";
import { mediaUploads } from "./schema.server";
import {
  MAX_SHOPPER_PHOTO_BYTES,
  SHOPPER_PHOTO_MESSAGES,
  SHOPPER_UPLOAD_REQUEST_LIMIT,
  type ShopperPhoto,
} from "./shopper-upload-rules";
import { removeStoredPicture, type MediaStorage } from "./storage.server";
import { MAX_UPLOAD_PIXELS } from "./upload-rules";
import { isTooLarge } from "./upload.server";

/*
 * A signed-in shopper's photo (for a return request or a review): one per request, read while streaming with an
 * 8 MB limit, recognised from its bytes (JPEG, PNG or WebP; HEIC, which this build of sharp cannot
 * decode, is refused with a message saying what to do), its size in pixels checked before decoding,
 * then re-encoded as a JPEG of at most 2400 px a side, upright and without any metadata (a phone
 * photo's EXIF carries where it was taken), and stored with WebP variants and a square thumbnail.
 * Each upload is a media_uploads row owned by the shopper: a request or review may attach only her own
 * unattached photos, and those never attached are swept after a day like the staff's uploads.
 */

/** Shoppers' photos live apart from product pictures, under keys the server makes. */
const KEY_PREFIX = "returns/photos/";
const LONGEST_SIDE = 2400;

export type ShopperPhotoAnswer =
  { status: 200; body: ShopperPhoto } | { status: 400 | 413 | 415 | 500; body: { error: string } };

const refuse = (status: 400 | 413 | 415 | 500, error: string): ShopperPhotoAnswer => ({ status, body: { error } });

async function readPhoto(request: Request): Promise<Buffer | ShopperPhotoAnswer> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > SHOPPER_UPLOAD_REQUEST_LIMIT)
    return refuse(413, SHOPPER_PHOTO_MESSAGES.tooLarge);
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? ""))
    return refuse(400, SHOPPER_PHOTO_MESSAGES.noFile);
  let file: FileUpload | undefined;
  try {
    await parseFormData(
      request,
      {
        maxFiles: 1,
        maxFileSize: MAX_SHOPPER_PHOTO_BYTES,
        maxTotalSize: MAX_SHOPPER_PHOTO_BYTES + 16 * 1024,
        maxParts: 4,
        maxHeaderSize: 8 * 1024,
      },
      (upload) => {
        if (upload.fieldName === "file") file = upload;
        return null;
      },
    );
  } catch (error) {
    if (isTooLarge(error)) return refuse(413, SHOPPER_PHOTO_MESSAGES.tooLarge);
    if (
      error instanceof MaxFilesExceededError ||
      error instanceof FormDataParseError ||
      error instanceof MultipartParseError ||
      request.signal.aborted
    )
      return refuse(400, SHOPPER_PHOTO_MESSAGES.malformed);
    throw error;
  }
  if (!file || file.size === 0) return refuse(400, SHOPPER_PHOTO_MESSAGES.noFile);
  return Buffer.from(await file.arrayBuffer());
}

const ACCEPTED: Record<string, "jpeg" | "png" | "webp"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/apng": "png",
  "image/webp": "webp",
};

/** The photo as stored: a JPEG, upright, no larger than it needs to be, with no metadata. */
async function preparePhoto(file: Buffer): Promise<Buffer | ShopperPhotoAnswer> {
  const sniffed = await fileTypeFromBuffer(file);
  if (sniffed && /^image\/hei[cf]/.test(sniffed.mime)) return refuse(415, SHOPPER_PHOTO_MESSAGES.heic);
  const kind = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (!kind) return refuse(415, SHOPPER_PHOTO_MESSAGES.invalidType);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(400, SHOPPER_PHOTO_MESSAGES.unreadable);
  }
  if (meta.format !== kind || !meta.width || !meta.height) return refuse(400, SHOPPER_PHOTO_MESSAGES.unreadable);
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_UPLOAD_PIXELS)
    return refuse(400, SHOPPER_PHOTO_MESSAGES.tooManyPixels);
  try {
    return await sharp(file, { limitInputPixels: MAX_UPLOAD_PIXELS, pages: 1 })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    return refuse(400, SHOPPER_PHOTO_MESSAGES.unreadable);
  }
}

/*
 * One shopper's photo is decoded at a time in this process (a 40-megapixel photo takes about 160 MB
 * as pixels): shoppers are many, and the staff's uploads keep their own two slots.
 */
let busy = false;
const queue: Array<() => void> = [];

async function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  if (busy) await new Promise<void>((resolve) => queue.push(resolve));
  else busy = true;
  try {
    return await job();
  } finally {
    const next = queue.shift();
    if (next) next();
    else busy = false;
  }
}

/**
 * The whole upload for a signed-in shopper (the caller has checked who she is and her daily limit).
 * Never throws for anything the client sent: every refusal is an answer with its message.
 */
export async function receiveShopperPhoto(
  request: Request,
  userId: string,
  storage: MediaStorage,
  db: Db,
): Promise<ShopperPhotoAnswer> {
  const file = await readPhoto(request);
  if (!Buffer.isBuffer(file)) return file;
  return oneAtATime(async () => {
    const body = await preparePhoto(file);
    if (!Buffer.isBuffer(body)) return body;
    const key = `${KEY_PREFIX}${randomUUID()}.jpg`;
    const info = await (await loadSharp())(body).metadata();
    const photo: ShopperPhoto = {
      url: storage.publicUrl(variantKey(key, PRODUCT_IMAGE_DEFAULT_WIDTH)),
      thumbnailUrl: storage.publicUrl(thumbnailKey(key)),
      width: info.width ?? 1,
      height: info.height ?? 1,
    };
    try {
      // The row first: if the process dies while the files are written, the sweep still finds them.
      await db.insert(mediaUploads).values({
        key,
        url: photo.url,
        width: photo.width,
        height: photo.height,
        format: "jpeg",
        bytes: body.length,
        uploadedBy: userId,
      });
      await storage.put(key, body, "image/jpeg");
      await storeResponsivePicture(storage, body, key);
    } catch (error) {
      getLogger().error({ err: error, key }, "shopper photo: could not be stored");
      await Promise.allSettled([
        removeStoredPicture(storage, key),
        db.delete(mediaUploads).where(eq(mediaUploads.key, key)),
      ]);
      return refuse(500, SHOPPER_PHOTO_MESSAGES.storeFailed);
    }
    return { status: 200, body: photo };
  });
}

const ownUnattached = (userId: string, urls: string[]) =>
  and(
    inArray(mediaUploads.url, urls),
    eq(mediaUploads.uploadedBy, userId),
    isNull(mediaUploads.attachedAt),
    like(mediaUploads.key, `${KEY_PREFIX}%`),
  );

/**
 * Marks the shopper's photos as attached (the sweep keeps them) when every one of `urls` is a photo
 * she uploaded and no request has taken yet; otherwise marks none and answers false. Two requests
 * sent at once with the same photo: one takes it.
 */
export async function claimShopperPhotos(
  db: Db | Tx,
  userId: string,
  urls: readonly string[],
  now: Date = new Date(),
): Promise<boolean> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return true;
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(mediaUploads)
      .set({ attachedAt: now })
      .where(ownUnattached(userId, wanted))
      .returning({ url: mediaUploads.url });
    if (taken.length === wanted.length) return true;
    if (taken.length > 0)
      await tx
        .update(mediaUploads)
        .set({ attachedAt: null })
        .where(
          inArray(
            mediaUploads.url,
            taken.map((t) => t.url),
          ),
        );
    return false;
  });
}

/** Gives claimed photos back (the request they were for was refused), so she can send them again. */
export async function releaseShopperPhotos(db: Db | Tx, userId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .update(mediaUploads)
    .set({ attachedAt: null })
    .where(
      and(
        inArray(mediaUploads.url, [...urls]),
        eq(mediaUploads.uploadedBy, userId),
        like(mediaUploads.key, `${KEY_PREFIX}%`),
      ),
    );
}
