import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaderPairs, securityHeaders } from "./security";
import { createStaticFiles, type StaticFiles } from "./static-files";
import { listenForTest, type TestServer } from "./test-server";

/*
 * The static files in their place, as server/index.ts mounts them: the in-memory handler first, then
 * the security headers, compression and express.static for what it does not hold, and the plain 404.
 * Requests go out on Node's own client, which sends a path as written (`..` included).
 */

const root = mkdtempSync(path.join(tmpdir(), "static-files-"));
const buildDir = path.join(root, "build", "client");
const mediaDir = path.join(root, "media");
const SCRIPT = Buffer.from(
  `export const sizes = [${Array.from({ length: 400 }, (_, i) => `"size-${i}"`).join(",")}];\n`,
);
const FAVICON = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle r="9"/></svg>');
const FONT = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
const LARGE = Buffer.alloc(300 * 1024, "a");
const PICTURE = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));
const UPLOAD = "products/uploads/0f8fad5b-d9cb-469f-a165-70867728950e.jpg-w800.webp";
const SEEDED = "products/kurta/1-front-w400.webp";
const SECRET = "server build, never served";

let now = 1_000_000;
let files: StaticFiles;
let server: TestServer;

function write(file: string, body: Buffer | string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
}

beforeAll(async () => {
  write(path.join(buildDir, "assets", "entry-Ab12Cd.js"), SCRIPT);
  write(path.join(buildDir, "assets", "jost-Xy34.woff2"), FONT);
  write(path.join(buildDir, "assets", "big-Zz99.js"), LARGE);
  write(path.join(buildDir, "favicon.svg"), FAVICON);
  write(path.join(buildDir, ".env"), SECRET);
  write(path.join(root, "build", "server", "index.js"), SECRET);
  write(path.join(mediaDir, UPLOAD), PICTURE);
  write(path.join(mediaDir, SEEDED), PICTURE);
  const config = { baseUrl: "https://shop.example" };
  files = createStaticFiles({
    buildDir,
    mediaDir,
    headers: securityHeaderPairs(config),
    maxFileBytes: 256 * 1024,
    now: () => now,
  });
  await files.ready;
  const app = express();
  app.use(files);
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(buildDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  app.use(express.static(buildDir, { maxAge: "1h", index: false }));
  app.use("/media", express.static(mediaDir, { maxAge: "7d", index: false, fallthrough: false }));
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (error.status === 404) res.status(404).type("text/plain").send("Not found");
    else next(error);
  });
  app.use((_req, res) => res.status(404).type("text/plain").send("No page here"));
  server = await listenForTest(app);
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: Answer): Buffer {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(answer.body);
  if (coding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

const SECURITY = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
};

describe("the client build from memory", () => {
  it("answers a script in the encoding the request accepts, with the file's bytes", async () => {
    const br = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await request("/assets/entry-Ab12Cd.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const refused = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const any = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "*" });
    expect(any.headers["content-encoding"]).toBe("br");
    for (const answer of [br, gzip, plain, refused, any]) {
      expect(answer.status).toBe(200);
      expect(decoded(answer).equals(SCRIPT)).toBe(true);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      // a strong ETag of its own per encoding (express.static's are weak): answered from memory
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(new Set([br, gzip, plain].map((a) => a.headers.etag)).size).toBe(3);
  });

  it("caches hashed assets for a year, immutable, and the favicon for an hour", async () => {
    const script = await request("/assets/entry-Ab12Cd.js?v=2");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const font = await request("/assets/jost-Xy34.woff2", { "accept-encoding": "br, gzip" });
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.body.equals(FONT)).toBe(true);
    const favicon = await request("/favicon.svg", { "accept-encoding": "br, gzip" });
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(favicon.headers["cache-control"]).not.toContain("immutable");
    expect(favicon.headers["content-type"]).toBe("image/svg+xml");
    expect(favicon.body.equals(FAVICON)).toBe(true);
  });

  it("answers 304 to If-None-Match with the ETag it sent, and 200 to another", async () => {
    const first = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "br" });
    const again = await request("/assets/entry-Ab12Cd.js", {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const other = await request("/assets/entry-Ab12Cd.js", { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
    const later = new Date(Date.now() + 86_400_000).toUTCString();
    expect((await request("/favicon.svg", { "if-modified-since": later })).status).toBe(304);
    const earlier = new Date(Date.now() - 86_400_000).toUTCString();
    expect((await request("/favicon.svg", { "if-modified-since": earlier })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const get = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "gzip" });
    const head = await request("/assets/entry-Ab12Cd.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("carries every security header, on 200 and 304 answers, files and pictures", async () => {
    const script = await request("/assets/entry-Ab12Cd.js");
    const notModified = await request("/assets/entry-Ab12Cd.js", { "if-none-match": String(script.headers.etag) });
    const favicon = await request("/favicon.svg");
    const picture = await request(`/media/${SEEDED}`);
    for (const answer of [script, notModified, favicon, picture]) expect(answer.headers).toMatchObject(SECURITY);
  });

  it("refuses paths that leave the folder, written plainly or percent-encoded", async () => {
    for (const urlPath of [
      "/assets/../server/index.js",
      "/assets/%2e%2e/%2e%2e/server/index.js",
      "/assets/..%2f..%2fserver/index.js",
      "/assets/%2E%2E/%2E%2E/server/index.js",
      "/media/../build/server/index.js",
      "/media/%2e%2e/build/server/index.js",
      "/../server/index.js",
    ]) {
      const answer = await request(urlPath);
      expect([403, 404], urlPath).toContain(answer.status);
      expect(answer.body.toString(), urlPath).not.toContain(SECRET);
    }
    const dotfile = await request("/.env");
    expect(dotfile.body.toString()).not.toContain(SECRET);
  });

  it("answers a missing asset with a plain 404, and leaves what it does not hold to express.static", async () => {
    const missing = await request("/assets/gone-123.js");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe("Not found");
    // over maxFileBytes: from disk, as before
    const large = await request("/assets/big-Zz99.js");
    expect(large.status).toBe(200);
    expect(decoded(large).equals(LARGE)).toBe(true);
    expect(large.headers.etag).toMatch(/^W\//);
    const range = await request("/assets/jost-Xy34.woff2", { range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.body.equals(FONT.subarray(0, 10))).toBe(true);
    const posted = await request("/assets/entry-Ab12Cd.js", {}, "POST");
    expect(posted.status).toBe(405);
    expect(files.stats.buildFiles).toBe(3);
  });
});

describe("pictures under /media", () => {
  it("serves a picture with its bytes; immutable only when its name is a stored UUID", async () => {
    const upload = await request(`/media/${UPLOAD}`, { "accept-encoding": "br, gzip" });
    expect(upload.status).toBe(200);
    expect(upload.headers["content-type"]).toBe("image/webp");
    expect(upload.headers["content-encoding"]).toBeUndefined();
    expect(upload.body.equals(PICTURE)).toBe(true);
    expect(upload.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const seeded = await request(`/media/${SEEDED}`);
    expect(seeded.body.equals(PICTURE)).toBe(true);
    expect(seeded.headers["cache-control"]).toBe("public, max-age=604800");
    const again = await request(`/media/${SEEDED}`, { "if-none-match": String(seeded.headers.etag) });
    expect(again.status).toBe(304);
    expect((await request("/media/products/none-w400.webp")).status).toBe(404);
    expect(files.stats.mediaFiles).toBe(2);
  });

  it("stops serving a deleted picture, and serves a rewritten one's new bytes, within a second", async () => {
    const key = "products/dupatta/1-front-w400.webp";
    write(path.join(mediaDir, key), PICTURE);
    expect((await request(`/media/${key}`)).body.equals(PICTURE)).toBe(true);
    rmSync(path.join(mediaDir, key));
    now += 1000;
    const answers: number[] = [];
    for (let i = 0; i < 20 && answers.at(-1) !== 404; i++) {
      answers.push((await request(`/media/${key}`)).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answers.at(-1)).toBe(404);

    const redrawn = Buffer.concat([PICTURE, Buffer.from("more")]);
    write(path.join(mediaDir, SEEDED), redrawn);
    now += 1000;
    let body: Buffer = PICTURE;
    for (let i = 0; i < 20 && !body.equals(redrawn); i++) {
      body = (await request(`/media/${SEEDED}`)).body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(body.equals(redrawn)).toBe(true);
  });
});
