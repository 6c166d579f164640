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

/*
 * At most two pictures are drawn at once in this process, whoever asks (decision 048: the first run's
 * seed drew eight or more at a time, each held whole as pixels while its widths were encoded); the
 * others wait their turn.
 */
const PICTURES_AT_ONCE = 2;
let drawing = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (drawing < PICTURES_AT_ONCE) drawing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    // the place passes straight to the next in line, or is freed
    const next = waiting.shift();
    if (next) next();
    else drawing -= 1;
  }
}

/**
 * Re-encodes a picture (any format sharp reads, including SVG) into WebP variants at `widths`
 * plus a square thumbnail, and stores them. The source is decoded once.
 */
export function storeResponsivePicture(
  storage: MediaStorage,
  source: Buffer,
  baseKey: string,
  options: { widths?: readonly number[]; defaultWidth?: number; thumbnail?: boolean } = {},
): Promise<StoredPicture> {
  return inTurn(() => drawAndStore(storage, source, baseKey, options));
}

async function drawAndStore(
  storage: MediaStorage,
  source: Buffer,
  baseKey: string,
  options: { widths?: readonly number[]; defaultWidth?: number; thumbnail?: boolean },
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
