import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { sweepUnattachedUploads } from "../../app/modules/media/cleanup.server";
import { mediaUploads } from "../../app/modules/media/schema.server";
import { SHOPPER_PHOTO_MESSAGES, type ShopperPhoto } from "../../app/modules/media/shopper-upload-rules";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { returnRequests } from "../../app/modules/returns/schema.server";
import * as uploadsRoute from "../../app/routes/account.uploads";
import { createTestProduct } from "../factories/catalog";
import { sidewaysJpeg, transparentPng } from "../factories/pictures";
import { deliveredOrder, orderPage, requestPage, sendRequest, type OfferPage } from "../factories/returns";
import { settle, signedInShopper, TEST_BASE } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";
import { multipart, useConfig } from "./upload-shop";

/*
 * A shopper's photos for a return request: POST /account/uploads takes one photo from a signed-in
 * shopper (JPEG, PNG or WebP up to 8 MB; HEIC refused with what to do), re-encodes it without its
 * metadata, and at most 20 a day; a request may attach only her own photos not attached before, and a
 * refused request gives them back. Photos never attached are swept a day later like staff uploads.
 */

const t = setupTestDatabase();
let root = "";
let config: Config;
let saved: Config | undefined;
let asha: { id: string; cookie: string };
let bina: { id: string; cookie: string };
let kurta: string;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  root = mkdtempSync(path.join(tmpdir(), "shop-return-photos-"));
  config = parseConfig({ ...process.env, DATA_DIR: path.join(root, "data") });
  saved = useConfig(config);
  kurta = await createTestProduct(t.db, { name: "Block Print Kurta", sizes: ["M", "L"], colors: [], stock: 200 });
  asha = await signedInShopper(t.db, "+919812300501", "198.51.100.51");
  bina = await signedInShopper(t.db, "+919812300502", "198.51.100.52");
});

afterAll(() => {
  useConfig(saved);
  rmSync(root, { recursive: true, force: true });
});

/** One photo posted to /account/uploads as the request page posts it. */
function upload(cookie: string | null, file: Buffer, name = "photo.jpg", type = "image/jpeg") {
  const { body, contentType } = multipart([{ name: "file", filename: name, type, data: file }]);
  const headers: Record<string, string> = { origin: TEST_BASE, "content-type": contentType };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${TEST_BASE}/account/uploads`, { method: "POST", headers, body: new Uint8Array(body) });
  return settle(async () => {
    const response = await uploadsRoute.action({ request, params: {}, context: {} } as never);
    return new Response(response.body, response);
  }).then((a) => ({ ...a, json: JSON.parse(a.body as string) as ShopperPhoto & { error?: string } }));
}

const fileOf = (url: string) => path.join(config.mediaDir, url.replace(/^\/media\//, ""));

async function returnableLine(cookie: string, userId: string) {
  const order = await deliveredOrder(t.db, userId, [{ productId: kurta, size: "M", colour: "Default", quantity: 1 }]);
  const page = (await requestPage(cookie, order.orderNumber)).body as OfferPage;
  return { order, lineId: page.lines[0]!.orderLineId };
}

describe("POST /account/uploads", () => {
  it("stores a shopper's photo upright, as a JPEG without its metadata", async () => {
    const answer = await upload(asha.cookie, await sidewaysJpeg());
    expect(answer.status).toBe(200);
    expect(answer.json.url).toMatch(/^\/media\/returns\/photos\/[0-9a-f-]{36}\.jpg-w800\.webp$/);
    expect(answer.json.thumbnailUrl).toBe(answer.json.url.replace("-w800.webp", "-thumb.webp"));
    expect(answer.json).toMatchObject({ width: 200, height: 300 });
    const original = readFileSync(fileOf(answer.json.url).replace(/-w800\.webp$/, ""));
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(existsSync(fileOf(answer.json.thumbnailUrl))).toBe(true);
  });

  it("turns away visitors, HEIC photos, other files and photos over 8 MB, each with a message", async () => {
    const visitor = await upload(null, await sidewaysJpeg());
    expect(visitor).toMatchObject({ status: 401, json: { error: SHOPPER_PHOTO_MESSAGES.signIn } });
    // the start of an iPhone photo: an ISO box of the 'heic' brand
    const heic = Buffer.concat([
      Buffer.from("000000186674797068656963000000006d69663168656963", "hex"),
      Buffer.alloc(64),
    ]);
    expect(await upload(bina.cookie, heic, "IMG_0001.HEIC", "image/heic")).toMatchObject({
      status: 415,
      json: { error: SHOPPER_PHOTO_MESSAGES.heic },
    });
    expect(await upload(bina.cookie, Buffer.from("%PDF-1.7\n"), "receipt.pdf", "application/pdf")).toMatchObject({
      status: 415,
      json: { error: SHOPPER_PHOTO_MESSAGES.invalidType },
    });
    const big = Buffer.concat([await sidewaysJpeg(), Buffer.alloc(8 * 1024 * 1024)]);
    expect(await upload(bina.cookie, big)).toMatchObject({
      status: 413,
      json: { error: SHOPPER_PHOTO_MESSAGES.tooLarge },
    });
  });

  it("takes at most 20 photos a day from one shopper", async () => {
    const chitra = await signedInShopper(t.db, "+919812300503", "198.51.100.53");
    const small = await transparentPng(32, 32);
    for (let i = 0; i < 20; i += 1) expect((await upload(chitra.cookie, small, "p.png", "image/png")).status).toBe(200);
    const refused = await upload(chitra.cookie, small, "p.png", "image/png");
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/^You have added as many photos as we take in a day\./);
    expect(Number(refused.headers!.get("retry-after"))).toBeGreaterThan(0);
    // another shopper is not held back by her
    expect((await upload(bina.cookie, small, "p.png", "image/png")).status).toBe(200);
  });
});

describe("photos on a request", () => {
  it("attaches her own photos; another shopper's photo is refused", async () => {
    const mine = (await upload(asha.cookie, await sidewaysJpeg())).json.url;
    const hers = (await upload(bina.cookie, await transparentPng(64, 64), "p.png", "image/png")).json.url;
    const { order, lineId } = await returnableLine(asha.cookie, asha.id);
    const form = { [`qty:${lineId}`]: "1", reason: "damaged", resolution: "store_credit", details: "Torn hem" };

    const stolen = await sendRequest(asha.cookie, order.orderNumber, form, [mine, hers]);
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({
      fieldErrors: { photos: SHOPPER_PHOTO_MESSAGES.notYours },
      values: { fields: { details: "Torn hem" }, photos: [] },
    });

    const sent = await sendRequest(asha.cookie, order.orderNumber, form, [mine]);
    expect(sent.status).toBe(302);
    const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id));
    expect(row!.photos).toEqual([mine]);
    expect((await orderPage(asha.cookie, order.orderNumber)).body.returns[0]!.photos).toEqual([
      mine.replace("-w800.webp", "-thumb.webp"),
    ]);

    // a photo already on a request cannot be attached again
    const again = await returnableLine(asha.cookie, asha.id);
    const reused = await sendRequest(asha.cookie, again.order.orderNumber, { ...form, [`qty:${again.lineId}`]: "1" }, [
      mine,
    ]);
    expect(reused.status).toBe(422);
  });

  it("a refused request gives its photos back for the next try, and more than four are refused", async () => {
    const photos = await Promise.all(
      [1, 2, 3, 4, 5].map(
        async () => (await upload(bina.cookie, await transparentPng(40, 40), "p.png", "image/png")).json.url,
      ),
    );
    const { order, lineId } = await returnableLine(bina.cookie, bina.id);
    const tooMany = await sendRequest(
      bina.cookie,
      order.orderNumber,
      { [`qty:${lineId}`]: "1", reason: "damaged", resolution: "store_credit" },
      photos,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ fieldErrors: { photos: SHOPPER_PHOTO_MESSAGES.maxPhotos } });

    const four = photos.slice(0, 4);
    // 'too small' may not be refunded: refused after the photos were taken, so they come back
    const noRefund = await sendRequest(
      bina.cookie,
      order.orderNumber,
      { [`qty:${lineId}`]: "1", reason: "too_small", resolution: "refund", refundKind: "upi", upiId: "bina@okaxis" },
      four,
    );
    expect(noRefund.status).toBe(422);
    const sent = await sendRequest(
      bina.cookie,
      order.orderNumber,
      { [`qty:${lineId}`]: "1", reason: "too_small", resolution: "store_credit" },
      four,
    );
    expect(sent.status).toBe(302);
  });

  it("sweeps photos a day after upload when no request took them, and keeps attached ones", async () => {
    const loose = (await upload(asha.cookie, await transparentPng(24, 24), "p.png", "image/png")).json.url;
    const [attached] = await t.db.select().from(returnRequests).where(eq(returnRequests.userId, asha.id));
    const keptUrl = attached!.photos[0]!;
    const storage = localDiskStorage(config.mediaDir);
    await sweepUnattachedUploads(t.db, storage, { now: new Date(Date.now() + 25 * 3600_000) });
    const left = await t.db
      .select({ url: mediaUploads.url })
      .from(mediaUploads)
      .where(eq(mediaUploads.uploadedBy, asha.id));
    expect(left.map((r) => r.url)).toContain(keptUrl);
    expect(left.map((r) => r.url)).not.toContain(loose);
    expect(existsSync(fileOf(loose))).toBe(false);
    expect(existsSync(fileOf(keptUrl))).toBe(true);
  });
});
