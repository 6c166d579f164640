import { PRODUCT_IMAGE_DEFAULT_WIDTH, PRODUCT_IMAGE_WIDTHS, THUMBNAIL_SIZE, thumbnailKey, variantKey } from "./images";
import { loadSharp } from "./sharp.server";
import type { MediaStorage } from "./storage.server";

export interface StoredPicture {
  key: string;
  /** URL of the default variant */
  url: string;
  width: number;
  height: number;
}

const WEBP = { quality: 80, effort: 3 } as const;

/**
 * Re-encodes a picture (any format sharp reads, including SVG) into WebP variants at `widths`
 * plus a square thumbnail, and stores them. The source is decoded once.
 */
export async function storeResponsivePicture(
  storage: MediaStorage,
  source: Buffer,
  baseKey: string,
  options: { widths?: readonly number[]; defaultWidth?: number; thumbnail?: boolean } = {},
): Promise<StoredPicture> {
  const sharp = await loadSharp();
  const widths = options.widths ?? PRODUCT_IMAGE_WIDTHS;
  const defaultWidth = options.defaultWidth ?? PRODUCT_IMAGE_DEFAULT_WIDTH;
  const { data, info } = await sharp(source).rotate().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  await Promise.all([
    ...widths.map(async (w) => {
      const body = await sharp(data, raw)
        .resize({ width: Math.min(w, info.width) })
        .webp(WEBP)
        .toBuffer();
      await storage.put(variantKey(baseKey, w), body, "image/webp");
    }),
    ...(options.thumbnail === false
      ? []
      : [
          (async () => {
            const body = await sharp(data, raw)
              .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "cover", position: "attention" })
              .webp(WEBP)
              .toBuffer();
            await storage.put(thumbnailKey(baseKey), body, "image/webp");
          })(),
        ]),
  ]);

  const shownWidth = Math.min(defaultWidth, info.width);
  return {
    key: baseKey,
    url: storage.publicUrl(variantKey(baseKey, defaultWidth)),
    width: shownWidth,
    height: Math.round((info.height * shownWidth) / info.width),
  };
}
