/** Names and sizes of the home page's generated banners and collection tiles (shared by the seed and the pages). */
import { variantKey } from "../media";
import { BANNERS } from "./banners";

export const BANNER_COUNT = BANNERS.length;
export const BANNER_WIDTHS = { desktop: [960, 1440, 1920], mobile: [480, 800] } as const;
export const BANNER_SIZE = { desktop: { width: 1920, height: 800 }, mobile: { width: 800, height: 1000 } } as const;
export const TILE_WIDTHS = [450, 900] as const;
export const TILE_SIZE = { width: 900, height: 1200 } as const;

export function bannerKey(index: number, size: "desktop" | "mobile"): string {
  return `site/banner-${index + 1}-${size}`;
}

export function tileKey(category: string, view: "front" | "back"): string {
  return `site/collection-${category}-${view}`;
}

export interface ResponsiveSource {
  src: string;
  srcSet: string;
}

/** src (largest) and srcSet for a stored picture, given the storage's public URL function. */
export function responsiveSource(
  publicUrl: (key: string) => string,
  baseKey: string,
  widths: readonly number[],
): ResponsiveSource {
  return {
    src: publicUrl(variantKey(baseKey, widths[widths.length - 1]!)),
    srcSet: widths.map((w) => `${publicUrl(variantKey(baseKey, w))} ${w}w`).join(", "),
  };
}
