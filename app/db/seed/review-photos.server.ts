import { randomUUID } from "node:crypto";
import { PRODUCT_IMAGE_DEFAULT_WIDTH, variantKey } from "~/modules/media";
import { loadSharp, type MediaStorage, storeResponsivePicture } from "~/modules/media/index.server";
import { garmentArt, makeRng } from "./art/garment";
import type { SeedProduct } from "./types";

/*
 * The demo buyers' photos: the piece she bought, drawn by the catalogue's own artwork in her colour
 * but against a wall at home instead of the studio, then made to look taken on a phone (a little
 * tilted, warmer light, darker corners, soft). Stored the way a shopper's upload is stored: a JPEG
 * under the shoppers' photo keys with the same WebP widths and square thumbnail.
 */

/** Home walls and floors: sage, powder blue, dusty pink, cream; with a wooden floor. */
const HOME_WALLS: Array<[string, string, string]> = [
  ["#c9cfbd", "#b7bea7", "#8f7a62"],
  ["#d3dbe1", "#c1cbd3", "#9a846b"],
  ["#e4d0cb", "#d6bfb9", "#8a735e"],
  ["#eee4d2", "#dfd1ba", "#7a6450"],
];

/** Where a shopper's photos are kept (the shoppers' upload pipeline's keys). */
const PHOTO_PREFIX = "returns/photos/";
/**
 * The drawing's 1200 x 1600 drawn at 0.55 (placed, so its patterns stay quick to draw) and cropped
 * a little: a phone photo's proportions, small enough to draw and encode quickly at first start.
 */
const SCALE = 0.55;
const WIDTH = 630;
const HEIGHT = 840;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The piece in `colour` as a buyer photographed it at home; `shot` varies the wall, tilt and light. */
export async function drawBuyerPhoto(
  product: SeedProduct,
  colour: string,
  view: "front" | "detail",
  shot: number,
): Promise<Buffer> {
  const rng = makeRng(hash(`${product.slug}|${shot}`));
  const first = product.colours.find((c) => c.name === colour) ?? product.colours[0]!;
  const colours = [first, ...product.colours.filter((c) => c !== first)];
  const [wallTop, wallBottom, floor] = HOME_WALLS[Math.floor(rng() * HOME_WALLS.length)]!;
  const art = garmentArt(
    { category: product.category, print: product.print, colours, view, seed: hash(product.slug), piece: product.art },
    "b",
    {
      backdrop: { wallTop, wallBottom, floor, arch: null, lightX: 300 + rng() * 600 },
      place: { x: 0, y: 0, scale: SCALE },
    },
  );
  const [w, h] = [Math.round(1200 * SCALE), Math.round(1600 * SCALE)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${art.defs}</defs>${art.backdrop}${art.figure}</svg>`;
  const tilt = (rng() - 0.5) * (view === "detail" ? 14 : 6);
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .rotate(tilt, { background: wallTop })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((info.width - WIDTH) / 2 + (rng() - 0.5) * 30));
  const top = Math.max(0, Math.round((info.height - HEIGHT) / 2 + (rng() - 0.5) * 30));
  const vignette = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="v" cx="50%" cy="45%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#1a0f08" stop-opacity="0.38"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract({
      left: Math.min(left, info.width - WIDTH),
      top: Math.min(top, info.height - HEIGHT),
      width: WIDTH,
      height: HEIGHT,
    })
    .composite([{ input: vignette }])
    .modulate({ brightness: 0.94 + rng() * 0.1, saturation: 0.88 + rng() * 0.1 })
    .linear([1.04, 1, 0.9], [6, 2, -6])
    .blur(0.6)
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export interface StoredBuyerPhoto {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** Stores a buyer's photo as the shoppers' upload does: the JPEG, its WebP widths and thumbnail. */
export async function storeBuyerPhoto(storage: MediaStorage, body: Buffer): Promise<StoredBuyerPhoto> {
  const key = `${PHOTO_PREFIX}${randomUUID()}.jpg`;
  await storage.put(key, body, "image/jpeg");
  await storeResponsivePicture(storage, body, key);
  return {
    key,
    url: storage.publicUrl(variantKey(key, PRODUCT_IMAGE_DEFAULT_WIDTH)),
    width: WIDTH,
    height: HEIGHT,
    bytes: body.length,
  };
}
