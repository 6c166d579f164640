import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaStorage } from "../../app/boot.server";
import { parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { sweepUnattachedUploads } from "../../app/modules/media/cleanup.server";
import { PRODUCT_IMAGE_WIDTHS, srcSet, thumbnailKey, variantKey } from "../../app/modules/media/images";
import { pictureKeys } from "../../app/modules/media/storage.server";
import { claimUploads, removeStoredPicture, UploadClaimError } from "../../app/modules/media/upload.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadResult } from "../../app/modules/media/upload-rules";
import {
  animatedGif,
  averageColour,
  hugeBlankPng,
  sidewaysJpeg,
  SVG_WITH_SCRIPT,
  transparentPng,
  webp,
} from "../factories/pictures";
import { setupTestDatabase } from "../setup/test-db";
import {
  multipart,
  post,
  shopperSession,
  staffSession,
  startUploadShop,
  streamedFile,
  useConfig,
  type Answer,
  type UploadShop,
} from "./upload-shop";

/*
 * POST /admin/uploads (decision 022): who may upload, what is refused and how early, what is
 * stored and recorded. The route runs behind the server's own middleware (origin guard, body limits
 * with the upload path streamed) on a port of its own; pictures go to a temporary DATA_DIR.
 */

const t = setupTestDatabase();
let shop: UploadShop;
let config: Config;
let savedConfig: Config | undefined;
let root = "";
let mediaDir = "";
let staff: { cookie: string; userId: string };
let otherStaff: { cookie: string; userId: string };
let shopperCookie = "";

/** How many unattached uploads there are. */
async function countUnattachedUploads(db: typeof t.db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaUploads)
    .where(isNull(mediaUploads.attachedAt));
  return row?.n ?? 0;
}

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  // DATA_DIR/media inside a folder of its own, so a file written beside it would show
  root = mkdtempSync(path.join(tmpdir(), "shop-uploads-"));
  config = parseConfig({ ...process.env, DATA_DIR: path.join(root, "data") });
  mediaDir = config.mediaDir;
  savedConfig = useConfig(config);
  shop = await startUploadShop(config);
  staff = await staffSession(t.db, "Priya Shah", "priya.uploads@example.com");
  otherStaff = await staffSession(t.db, "Arjun Rao", "arjun.uploads@example.com");
  shopperCookie = await shopperSession(t.db, "+919812300077");
});

afterAll(async () => {
  await shop?.close();
  useConfig(savedConfig);
  if (root) rmSync(root, { recursive: true, force: true });
});

function upload(data: Buffer, filename = "picture.jpg", type = "image/jpeg", cookie = staff.cookie): Promise<Answer> {
  const { body, contentType } = multipart([{ name: "file", filename, type, data }]);
  return post(shop, body, { cookie, contentType });
}

function fileOf(key: string): string {
  return path.join(mediaDir, key);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

function expectResult(answer: Answer): UploadResult {
  expect(answer.status, answer.text).toBe(200);
  const result = answer.json as unknown as UploadResult;
  expect(Object.keys(result).sort()).toEqual(["bytes", "format", "height", "publicId", "url", "width"]);
  expect(result.publicId).toMatch(/^products\/uploads\/[0-9a-f-]{36}\.(jpg|png|webp)$/);
  expect(result.url).toBe(`/media/${variantKey(result.publicId, 800)}`);
  return result;
}

describe("who may upload", () => {
  it("answers a visitor 401 and a shopper 403 before reading the body", async () => {
    const payload = await sidewaysJpeg();
    // a declared 10 MB body of which the server must read next to nothing
    const { contentType, body } = streamedFile(MAX_UPLOAD_BYTES - 1024);
    const visitor = await post(shop, body, { contentType, testId: "visitor" });
    expect(visitor.status).toBe(401);
    expect(visitor.json).toEqual({ error: UPLOAD_MESSAGES.signIn });
    expect(visitor.headers["cache-control"]).toBe("no-store");

    const shopper = await post(shop, body, { contentType, cookie: shopperCookie, testId: "shopper" });
    expect(shopper.status).toBe(403);
    expect(shopper.json).toEqual({ error: UPLOAD_MESSAGES.forbidden });

    for (const id of ["visitor", "shopper"]) {
      expect(shop.readAtAnswer.get(id), id).toBeLessThan(1024 * 1024);
    }
    // and a real picture from a shopper stores nothing
    expect((await upload(payload, "x.jpg", "image/jpeg", shopperCookie)).status).toBe(403);
    expect(await filesUnder(mediaDir)).toEqual([]);
    expect(await t.db.select().from(mediaUploads)).toEqual([]);
  });

  it("refuses a cross-site post, even from staff, before reading the body", async () => {
    const { contentType, body } = streamedFile(5 * 1024 * 1024);
    const answer = await post(shop, body, {
      contentType,
      cookie: staff.cookie,
      origin: "https://evil.example",
      testId: "cross-site",
    });
    expect(answer.status).toBe(403);
    expect(answer.text).toBe("Cross-site request refused.");
    expect(shop.readAtAnswer.get("cross-site")).toBeLessThan(1024 * 1024);
    expect(await filesUnder(mediaDir)).toEqual([]);
  });

  it("answers GET with 405", async () => {
    const response = await fetch(`${shop.origin}/admin/uploads`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("pictures that are stored", () => {
  it("turns a sideways JPEG upright, drops its metadata, and stores the original and every variant", async () => {
    const source = await sidewaysJpeg();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const answer = await upload(source, "kurta-front.JPG");
    const result = expectResult(answer);
    expect(result).toMatchObject({ width: 200, height: 300, format: "jpeg" });
    expect(result.publicId).toMatch(/\.jpg$/);

    const original = readFileSync(fileOf(result.publicId));
    expect(original.length).toBe(result.bytes);
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.includes(Buffer.from("Secret Model 9"))).toBe(false);
    // red on top, blue below: the picture was turned, not just relabelled
    const [top, bottom] = [
      await averageColour(original, { left: 50, top: 20, width: 100, height: 100 }),
      await averageColour(original, { left: 50, top: 180, width: 100, height: 100 }),
    ];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);

    // the storefront's names: each width of the srcset and the thumbnail, all WebP without metadata
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      const variant = readFileSync(fileOf(variantKey(result.publicId, width)));
      const m = await sharp(variant).metadata();
      expect(m.format).toBe("webp");
      expect(m.width).toBe(Math.min(width, 200));
      expect(m.exif).toBeUndefined();
    }
    expect((await sharp(readFileSync(fileOf(thumbnailKey(result.publicId)))).metadata()).width).toBe(300);
    for (const candidate of srcSet(result.url).split(", ")) {
      const url = candidate.split(" ")[0]!;
      expect((await stat(path.join(mediaDir, url.replace(/^\/media\//, "")))).isFile(), url).toBe(true);
    }

    // recorded: the upload (by whom, unattached) and one audit line
    const [row] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, result.publicId));
    expect(row).toMatchObject({
      url: result.url,
      width: 200,
      height: 300,
      format: "jpeg",
      bytes: result.bytes,
      uploadedBy: staff.userId,
      attachedAt: null,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, result.publicId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.userId,
      actorName: "Priya Shah",
      entity: "picture",
      action: "upload",
    });
    expect(audit[0]!.summary).toContain("kurta-front.JPG");
  });

  it("keeps a PNG a PNG (with its transparency), a WebP a WebP, and stores a GIF's first frame as a PNG", async () => {
    const png = expectResult(await upload(await transparentPng(), "dupatta.png", "image/png"));
    expect(png).toMatchObject({ format: "png", width: 640, height: 480 });
    expect((await sharp(readFileSync(fileOf(png.publicId))).metadata()).hasAlpha).toBe(true);

    const w = expectResult(await upload(await webp(1600, 1200), "saree.webp", "image/webp"));
    expect(w).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect((await sharp(readFileSync(fileOf(variantKey(w.publicId, 800)))).metadata()).width).toBe(800);

    const gif = expectResult(await upload(await animatedGif(), "sparkle.gif", "image/gif"));
    expect(gif).toMatchObject({ format: "png", width: 120, height: 90 });
    const still = readFileSync(fileOf(gif.publicId));
    expect((await sharp(still).metadata()).pages ?? 1).toBe(1);
    const [r, g, b] = await averageColour(still, { left: 10, top: 10, width: 50, height: 50 });
    expect(g).toBeGreaterThan(200); // the first frame, green
    expect(r).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it("judges by content, not by name or declared type: a PNG named .jpg with no type is stored as a PNG", async () => {
    const result = expectResult(await upload(await transparentPng(100, 100), "photo.jpg", "application/octet-stream"));
    expect(result.format).toBe("png");
  });

  it("makes the key itself: '../../x.jpg' writes nothing outside the media folder", async () => {
    const before = readdirSync(root).sort();
    const result = expectResult(await upload(await sidewaysJpeg(), "../../x.jpg"));
    expect(result.publicId).not.toContain("x.jpg");
    expect(result.publicId.startsWith("products/uploads/")).toBe(true);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(readdirSync(path.dirname(root)).filter((name) => name === "x.jpg")).toEqual([]);
    const files = await filesUnder(mediaDir);
    expect(files.every((f) => f.startsWith(`products${path.sep}uploads${path.sep}`))).toBe(true);
    expect(files.some((f) => f.includes("x.jpg"))).toBe(false);
  });

  it("takes two uploads at the same time", async () => {
    const [a, b] = await Promise.all([
      upload(await webp(900, 1200), "a.webp", "image/webp"),
      upload(await sidewaysJpeg(), "b.jpg"),
    ]);
    const [ra, rb] = [expectResult(a), expectResult(b)];
    expect(ra.publicId).not.toBe(rb.publicId);
    for (const key of [...pictureKeys(ra.publicId), ...pictureKeys(rb.publicId)])
      expect((await stat(fileOf(key))).isFile()).toBe(true);
  });
});

describe("refusals", () => {
  it("refuses a 12 MB file with 413 and the spec's message, before reading it when its size is declared", async () => {
    const { contentType, body } = streamedFile(12 * 1024 * 1024);
    const answer = await post(shop, body, { contentType, cookie: staff.cookie, testId: "declared-12mb" });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    expect(shop.readAtAnswer.get("declared-12mb")).toBeLessThan(1024 * 1024);
  });

  it("refuses a 12 MB file sent without a declared size once 10 MB have arrived", async () => {
    const { contentType, body } = streamedFile(12 * 1024 * 1024);
    const answer = await post(shop, body, { contentType, cookie: staff.cookie, chunked: true, testId: "chunked-12mb" });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    const read = shop.readAtAnswer.get("chunked-12mb")!;
    expect(read).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(read).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
  });

  it("stops a 30 MB stream early: answered long before the end, with bounded memory and time", async () => {
    const { contentType, body } = streamedFile(30 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const answer = await post(shop, body, { contentType, cookie: staff.cookie, chunked: true, testId: "chunked-30mb" });
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    // the answer came while the client still had most of the body to send
    expect(answer.sentWhenAnswered).toBeLessThan(20 * 1024 * 1024);
    expect(shop.readAtAnswer.get("chunked-30mb")).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
    expect(answer.ms).toBeLessThan(15_000);
    expect(rssGrowth).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses a text file named .jpg and declared image/jpeg with 415", async () => {
    const answer = await upload(
      Buffer.from("Hello, this is not a picture at all.\n".repeat(50)),
      "photo.jpg",
      "image/jpeg",
    );
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.invalidType });
  });

  it("refuses an SVG with a script, whatever it is called or declared as", async () => {
    for (const [name, type] of [
      ["logo.svg", "image/svg+xml"],
      ["logo.png", "image/png"],
    ] as const) {
      const answer = await upload(SVG_WITH_SCRIPT, name, type);
      expect(answer.status, name).toBe(415);
      expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.invalidType });
    }
  });

  it("refuses other real pictures that are not JPEG, PNG, GIF or WebP (TIFF)", async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } })
      .tiff()
      .toBuffer();
    expect((await upload(tiff, "scan.jpg", "image/jpeg")).status).toBe(415);
  });

  it("refuses a 20000 × 20000 PNG (400 megapixels in 50 KB) without decoding it", async () => {
    const bomb = hugeBlankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const answer = await upload(bomb, "bomb.png", "image/png");
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.tooManyPixels });
    expect(answer.ms).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    // 40 megapixels exactly is still allowed through the check (8000 × 5000)
    const edge = hugeBlankPng(8000, 5000);
    expect((await upload(edge, "edge.png", "image/png")).status).toBe(200);
  }, 60_000);

  it("refuses a damaged picture with a clear message", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#abc" } })
      .jpeg()
      .toBuffer();
    const answer = await upload(jpeg.subarray(0, 300), "cut.jpg");
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.unreadable });
  });

  it("answers 'No file provided' for an empty file, a missing field and a body that is not multipart", async () => {
    const empty = await upload(Buffer.alloc(0), "empty.jpg");
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ error: UPLOAD_MESSAGES.noFile });

    const other = multipart([
      { name: "picture", filename: "a.png", type: "image/png", data: await transparentPng(10, 10) },
    ]);
    const missing = await post(shop, other.body, { cookie: staff.cookie, contentType: other.contentType });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: UPLOAD_MESSAGES.noFile });

    const textField = multipart([{ name: "file", data: "just text" }]);
    expect(
      (await post(shop, textField.body, { cookie: staff.cookie, contentType: textField.contentType })).json,
    ).toEqual({ error: UPLOAD_MESSAGES.noFile });

    const json = await post(shop, Buffer.from(JSON.stringify({ file: "x" })), {
      cookie: staff.cookie,
      contentType: "application/json",
    });
    expect(json.status).toBe(400);
    expect(json.json).toEqual({ error: UPLOAD_MESSAGES.noFile });
  });

  it("answers 400 for a malformed multipart body and for two files in one request", async () => {
    const broken = await post(
      shop,
      Buffer.from('--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nunterminated'),
      {
        cookie: staff.cookie,
        contentType: "multipart/form-data; boundary=abc",
      },
    );
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ error: UPLOAD_MESSAGES.malformed });

    const noBoundary = await post(shop, Buffer.from("whatever"), {
      cookie: staff.cookie,
      contentType: "multipart/form-data; charset=utf-8",
    });
    expect(noBoundary.status).toBe(400);

    const png = await transparentPng(10, 10);
    const two = multipart([
      { name: "file", filename: "a.png", type: "image/png", data: png },
      { name: "file", filename: "b.png", type: "image/png", data: png },
    ]);
    const answer = await post(shop, two.body, { cookie: staff.cookie, contentType: two.contentType });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: UPLOAD_MESSAGES.oneFile });
  });

  it("leaves nothing behind for a refused upload", async () => {
    const before = (await t.db.select().from(mediaUploads)).length;
    const files = (await filesUnder(mediaDir)).length;
    await upload(SVG_WITH_SCRIPT, "x.svg", "image/svg+xml");
    await upload(hugeBlankPng(20_000, 20_000), "bomb.png", "image/png");
    expect((await t.db.select().from(mediaUploads)).length).toBe(before);
    expect((await filesUnder(mediaDir)).length).toBe(files);
  });

  it("still takes uploads after refusing one it did not read", async () => {
    const { contentType, body } = streamedFile(3 * 1024 * 1024);
    expect((await post(shop, body, { contentType })).status).toBe(401);
    expectResult(await upload(await transparentPng(50, 50), "ok.png", "image/png"));
  });
});

describe("pictures taken by a product, removed, and swept", () => {
  it("claims uploads for a product save, refusing keys that are not uploads or are another's pending ones", async () => {
    const mine = expectResult(await upload(await transparentPng(30, 40), "mine.png", "image/png"));
    const theirs = expectResult(
      await upload(await transparentPng(30, 40), "theirs.png", "image/png", otherStaff.cookie),
    );

    const refused = await t.db
      .transaction((tx) => claimUploads(tx, [mine.publicId, "products/kurta/1-front", theirs.publicId], staff.userId))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadClaimError);
    expect((refused as UploadClaimError).keys).toEqual(["products/kurta/1-front", theirs.publicId]);
    // nothing was marked
    const [still] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, mine.publicId));
    expect(still!.attachedAt).toBeNull();

    const claimed = await t.db.transaction((tx) => claimUploads(tx, [mine.publicId], staff.userId));
    expect(claimed).toEqual([
      { key: mine.publicId, url: mine.url, width: 30, height: 40, format: "png", bytes: mine.bytes },
    ]);
    const [row] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, mine.publicId));
    expect(row!.attachedAt).toBeInstanceOf(Date);
    // once attached, saving again (by anyone) is fine and changes nothing
    expect(await claimUploads(t.db, [mine.publicId], otherStaff.userId)).toHaveLength(1);
    expect(await claimUploads(t.db, [], staff.userId)).toEqual([]);
  });

  it("removes a picture's original and every variant, and a second removal is no error", async () => {
    const result = expectResult(await upload(await webp(500, 600), "gone.webp", "image/webp"));
    const keys = pictureKeys(result.publicId);
    expect(keys).toHaveLength(PRODUCT_IMAGE_WIDTHS.length + 2);
    await removeStoredPicture(getMediaStorage(config), result.publicId);
    for (const key of keys) await expect(stat(fileOf(key)), key).rejects.toThrow();
    await removeStoredPicture(getMediaStorage(config), result.publicId);
    await expect(removeStoredPicture(getMediaStorage(config), "../outside")).rejects.toThrow(/unsafe media key/);
  });

  it("sweeps unattached uploads older than a day with their files, and keeps attached and recent ones", async () => {
    const old = expectResult(await upload(await transparentPng(20, 20), "old.png", "image/png"));
    const attached = expectResult(await upload(await transparentPng(20, 20), "kept.png", "image/png"));
    const recent = expectResult(await upload(await transparentPng(20, 20), "new.png", "image/png"));
    await claimUploads(t.db, [attached.publicId], staff.userId);
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    for (const key of [old.publicId, attached.publicId])
      await t.db.update(mediaUploads).set({ createdAt: twoDaysAgo }).where(eq(mediaUploads.key, key));

    const unattachedBefore = await countUnattachedUploads(t.db);
    const report = await sweepUnattachedUploads(t.db, getMediaStorage(config));
    expect(report).toEqual({ removed: 1, failed: 0 });
    expect(await countUnattachedUploads(t.db)).toBe(unattachedBefore - 1);
    expect(await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, old.publicId))).toEqual([]);
    for (const key of pictureKeys(old.publicId)) await expect(stat(fileOf(key))).rejects.toThrow();
    for (const kept of [attached, recent]) {
      expect(await t.db.select().from(mediaUploads).where(eq(mediaUploads.key, kept.publicId))).toHaveLength(1);
      expect((await stat(fileOf(kept.publicId))).isFile()).toBe(true);
    }
    // a claim after the sweep is refused: the product must upload again
    await expect(claimUploads(t.db, [old.publicId], staff.userId)).rejects.toBeInstanceOf(UploadClaimError);
  });
});
