import type sharpModule from "sharp";

/*
 * sharp (libvips), loaded when a picture is first drawn rather than when the server starts, and set
 * up once (decision 048). Most processes never draw one: pictures are drawn when staff or a shopper
 * upload one and by the first run's seed. Loaded at start, libvips held about 13 MB in every server
 * process for nothing. libvips also keeps the results of recent operations for reuse (up to 50 MB by
 * default); every picture here is new, so that cache would only hold memory: it is off.
 */

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | null = null;

/** sharp, set up for this shop; the first call loads it (about a tenth of a second). */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
