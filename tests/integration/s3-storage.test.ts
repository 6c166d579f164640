import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaStorage, mediaImageOrigins } from "../../app/boot.server";
import { parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { sweepUnattachedUploads } from "../../app/modules/media/cleanup.server";
import { PRODUCT_IMAGE_WIDTHS, srcSet, thumbnailKey, variantKey } from "../../app/modules/media/images";
import { storeResponsivePicture } from "../../app/modules/media/process.server";
import { isS3Storage } from "../../app/modules/media/s3-storage.server";
import { pictureKeys, removeStoredPicture } from "../../app/modules/media/storage.server";
import { UPLOAD_MESSAGES, type UploadResult } from "../../app/modules/media/upload-rules";
import { sidewaysJpeg, SVG_WITH_SCRIPT, transparentPng } from "../factories/pictures";
import { setupTestDatabase } from "../setup/test-db";
import { multipart, post, staffSession, startUploadShop, useConfig, type UploadShop } from "./upload-shop";

/*
 * Pictures in S3-compatible storage: the same upload pipeline against a local fake S3 (s3rver, started
 * here on a free port of 127.0.0.1 with a bucket of its own). Objects get their content types and
 * cache header, are readable at the public address, and go away with every variant on removal.
 */

const t = setupTestDatabase();
const BUCKET = "shop-media";
let fakeS3: S3rver;
let endpoint = "";
let root = "";
let config: Config;
let savedConfig: Config | undefined;
let shop: UploadShop;
let staff: { cookie: string; userId: string };
let client: S3Client;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  root = mkdtempSync(path.join(tmpdir(), "shop-s3-"));
  fakeS3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(root, "s3"),
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await fakeS3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  config = parseConfig({
    ...process.env,
    DATA_DIR: path.join(root, "data"),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: `${endpoint}/${BUCKET}/`,
  });
  savedConfig = useConfig(config);
  shop = await startUploadShop(config);
  staff = await staffSession(t.db, "Meera Iyer", "meera.s3@example.com");
  client = new S3Client({
    region: "auto",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
});

afterAll(async () => {
  await shop?.close();
  client?.destroy();
  const storage = config ? getMediaStorage(config) : undefined;
  if (storage && isS3Storage(storage)) storage.close();
  await fakeS3?.close();
  useConfig(savedConfig);
  if (root) rmSync(root, { recursive: true, force: true });
});

async function upload(data: Buffer, filename: string, type: string) {
  const { body, contentType } = multipart([{ name: "file", filename, type, data }]);
  return post(shop, body, { cookie: staff.cookie, contentType });
}

async function head(key: string) {
  return client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    (h) => ({ found: true as const, type: h.ContentType, length: h.ContentLength, cache: h.CacheControl }),
    () => ({ found: false as const }),
  );
}

describe("S3 settings", () => {
  it("chooses S3 storage when S3_BUCKET is set, with the bucket's public address and its origin in the pages' image policy", () => {
    expect(config.media).toMatchObject({
      storage: "s3",
      bucket: BUCKET,
      endpoint,
      region: "auto",
      forcePathStyle: true,
      publicUrl: `${endpoint}/${BUCKET}`,
    });
    const storage = getMediaStorage(config);
    expect(isS3Storage(storage)).toBe(true);
    expect(getMediaStorage(config)).toBe(storage);
    expect(storage.publicUrl("products/uploads/a.jpg")).toBe(`${endpoint}/${BUCKET}/products/uploads/a.jpg`);
    expect(mediaImageOrigins(config)).toEqual([endpoint]);
    expect(mediaImageOrigins(parseConfig({ AUTH_SECRET: "x".repeat(40), DATA_DIR: path.join(root, "local") }))).toEqual(
      [],
    );
  });
});

describe("uploads to S3", () => {
  let result: UploadResult;

  it("stores the re-encoded original and every variant as objects with their content types", async () => {
    const answer = await upload(await sidewaysJpeg(), "../../x.jpg", "image/jpeg");
    expect(answer.status, answer.text).toBe(200);
    result = answer.json as unknown as UploadResult;
    expect(result).toMatchObject({ width: 200, height: 300, format: "jpeg" });
    expect(result.publicId).toMatch(/^products\/uploads\/[0-9a-f-]{36}\.jpg$/);
    expect(result.url).toBe(`${endpoint}/${BUCKET}/${variantKey(result.publicId, 800)}`);

    const original = await head(result.publicId);
    expect(original).toEqual({
      found: true,
      type: "image/jpeg",
      length: result.bytes,
      cache: "public, max-age=604800",
    });
    for (const key of [
      ...PRODUCT_IMAGE_WIDTHS.map((w) => variantKey(result.publicId, w)),
      thumbnailKey(result.publicId),
    ]) {
      expect(await head(key), key).toMatchObject({ found: true, type: "image/webp" });
    }
    // the bytes came back whole (no checksum framing inside the object) and without metadata
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: result.publicId }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.length).toBe(result.bytes);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();

    // nothing on local disk, and a row for the upload
    expect(await readdir(config.mediaDir).catch(() => [])).toEqual([]);
    const [row] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, result.publicId));
    expect(row).toMatchObject({ url: result.url, uploadedBy: staff.userId });
  });

  it("serves every srcset width at its public address", async () => {
    for (const candidate of srcSet(result.url).split(", ")) {
      const [url, width] = candidate.split(" ");
      const response = await fetch(url!);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.width).toBe(Math.min(Number.parseInt(width!, 10), 200));
    }
  });

  it("refuses what it refuses on disk, storing nothing", async () => {
    const answer = await upload(SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml");
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.invalidType });
  });

  it("removes the original and every variant; removing again is no error", async () => {
    const storage = getMediaStorage(config);
    await removeStoredPicture(storage, result.publicId);
    for (const key of pictureKeys(result.publicId)) expect(await head(key), key).toEqual({ found: false });
    expect((await fetch(result.url)).status).toBe(404);
    await removeStoredPicture(storage, result.publicId);
  });

  it("sweeps an unattached upload older than a day from the bucket", async () => {
    const answer = await upload(await transparentPng(40, 40), "old.png", "image/png");
    const old = answer.json as unknown as UploadResult;
    expect(await head(old.publicId)).toMatchObject({ found: true, type: "image/png" });
    await t.db
      .update(mediaUploads)
      .set({ createdAt: new Date(Date.now() - 30 * 3600_000) })
      .where(eq(mediaUploads.key, old.publicId));
    expect(await sweepUnattachedUploads(t.db, getMediaStorage(config))).toEqual({ removed: 1, failed: 0 });
    for (const key of pictureKeys(old.publicId)) expect(await head(key), key).toEqual({ found: false });
  });

  it("serves the seed's pipeline too: storeResponsivePicture writes the variants, exists() sees them", async () => {
    const storage = getMediaStorage(config);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#a33"/></svg>',
    );
    const stored = await storeResponsivePicture(storage, svg, "products/demo-kurta/1-front");
    expect(stored.url).toBe(`${endpoint}/${BUCKET}/products/demo-kurta/1-front-w800.webp`);
    expect(await storage.exists(variantKey("products/demo-kurta/1-front", 1200))).toBe(true);
    expect(await storage.exists("products/demo-kurta/1-front")).toBe(false);
  });
});
