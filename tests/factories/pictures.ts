import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/*
 * Pictures for upload tests, made on the fly (no binary files in the repository).
 */

/**
 * A 300 × 200 JPEG whose left half is red and right half blue, stored sideways: EXIF orientation 6
 * ('rotate 90° clockwise to show'), with a camera make and a comment in its metadata. Shown upright it
 * is 200 × 300 with red on top.
 */
export async function sidewaysJpeg(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 150, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: "#000" } })
    .composite([
      { input: await half("#ff0000"), left: 0, top: 0 },
      { input: await half("#0000ff"), left: 150, top: 0 },
    ])
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "TestCam", Model: "Secret Model 9", ImageDescription: "GPS 12.97N 77.59E" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A half-transparent PNG. */
export function transparentPng(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A GIF of two frames (green, then magenta), 120 × 90. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame("#00ff00"), await frame("#ff00ff")], { join: { animated: true } })
    .gif({ delay: [200, 200], loop: 0 })
    .toBuffer();
}

export function webp(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * A one-colour greyscale PNG of any size, written by hand (1 bit per pixel, deflated): 20000 × 20000
 * is about 50 KB on disk and 0.1 s to make, where encoding it with sharp takes half a minute and 2 GB.
 */
export function hugeBlankPng(width: number, height: number): Buffer {
  const row = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

/** The average colour of a region of a picture, as [r, g, b]. */
export async function averageColour(
  picture: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  // stats() reads the input, not the pipeline's result: cut the region out first
  const cut = await sharp(picture).extract(region).png().toBuffer();
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
