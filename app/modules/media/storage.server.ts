import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { getLogger } from "../../lib/logger.server";
import { PRODUCT_IMAGE_WIDTHS, thumbnailKey, variantKey } from "./images";

/**
 * Where pictures live: local disk (default, served at /media) or S3-compatible object storage when
 * S3_BUCKET is set (./s3-storage.server.ts). Keys are made by the shop, never taken from a client.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Throws for a key that could leave the media folder or bucket prefix ('..', absolute, odd characters). */
export function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe media key: ${key}`);
}

/** Files under `root`, served by the HTTP server at /media. */
export function localDiskStorage(root: string, urlPrefix = "/media"): MediaStorage {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      checkKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}

/**
 * Every stored file of a product picture: the original at `key` (uploads have one; the demo pictures
 * drawn by the seed do not) and the variants the storefront uses (each width of
 * PRODUCT_IMAGE_WIDTHS and the square thumbnail), named by ./images from the key.
 */
export function pictureKeys(key: string): string[] {
  return [key, ...PRODUCT_IMAGE_WIDTHS.map((width) => variantKey(key, width)), thumbnailKey(key)];
}

/**
 * Deletes a product picture: its original and all its variants. Files that are already gone are no
 * error, so it can be called again after a partial failure. For the product delete and a picture
 * removed from a product; `key` is product_images.key (the upload result's publicId).
 */
export async function removeStoredPicture(storage: MediaStorage, key: string): Promise<void> {
  checkKey(key);
  const results = await Promise.allSettled(pictureKeys(key).map((k) => storage.delete(k)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** Removes several pictures, logging each one that could not be removed; false when any failed. */
export async function removeStoredPictures(storage: MediaStorage, keys: readonly string[]): Promise<boolean> {
  let ok = true;
  for (const key of keys) {
    try {
      await removeStoredPicture(storage, key);
    } catch (error) {
      ok = false;
      getLogger().error({ err: error, key }, "could not delete a product picture from storage");
    }
  }
  return ok;
}
