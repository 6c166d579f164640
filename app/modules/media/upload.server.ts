import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { mediaUploads } from "../admin/schema.server";
import { PRODUCT_IMAGE_WIDTHS, thumbnailKey, variantKey } from "./images";
import type { MediaStorage } from "./storage.server";

/*
 * Stand-in for the uploads branch (issue 12, 'Pictures'): the two functions the product editor needs
 * from the upload module. The uploads branch replaces this file with its own; only the signatures
 * are relied on.
 */

/** A key the product may not take: not uploaded by this staff member, or already taken by a product. */
export class UploadClaimError extends Error {
  constructor(readonly keys: string[]) {
    super(`uploads not available to attach: ${keys.join(", ")}`);
  }
}

/** Marks uploads as taken by a product (inside the caller's transaction); refuses keys this staff member did not upload or that are taken. */
export async function claimUploads(tx: Tx | Db, keys: string[], staffId: string): Promise<void> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return;
  const claimed = await tx
    .update(mediaUploads)
    .set({ attachedAt: new Date() })
    .where(and(inArray(mediaUploads.key, wanted), eq(mediaUploads.uploadedBy, staffId), isNull(mediaUploads.attachedAt)))
    .returning({ key: mediaUploads.key });
  const got = new Set(claimed.map((r) => r.key));
  const refused = wanted.filter((k) => !got.has(k));
  if (refused.length > 0) throw new UploadClaimError(refused);
}

/** Deletes a stored picture: the original and every variant the storefront uses. */
export async function removeStoredPicture(storage: MediaStorage, key: string): Promise<void> {
  await Promise.all([key, ...PRODUCT_IMAGE_WIDTHS.map((w) => variantKey(key, w)), thumbnailKey(key)].map((k) => storage.delete(k)));
}
