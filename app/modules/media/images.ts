/** Picture variants shared by the server (which writes them) and the browser (srcset). */

/** 3:4 portrait product pictures are stored at these widths; the `url` column points at 800. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1200] as const;
export const PRODUCT_IMAGE_DEFAULT_WIDTH = 800;
export const THUMBNAIL_SIZE = 300;

export function variantKey(baseKey: string, width: number): string {
  return `${baseKey}-w${width}.webp`;
}

export function thumbnailKey(baseKey: string): string {
  return `${baseKey}-thumb.webp`;
}

/** Swap the width of a variant URL: '/media/p/x-w800.webp' -> '/media/p/x-w400.webp'. */
export function variantUrl(url: string, width: number): string {
  return url.replace(/-w\d+\.webp$/, `-w${width}.webp`);
}

/**
 * A stored photo's square thumbnail, from its default-width address ('…-w800.webp' → '…-thumb.webp').
 * Here with the other picture addresses, so a page showing thumbnails loads none of the upload rules.
 */
export function photoThumbnailUrl(url: string): string {
  return url.replace(/-w\d+\.webp$/, "-thumb.webp");
}

export function srcSet(url: string, widths: readonly number[] = PRODUCT_IMAGE_WIDTHS): string {
  return widths.map((w) => `${variantUrl(url, w)} ${w}w`).join(", ");
}
