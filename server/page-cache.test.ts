import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, pickEncoding, sharedMaxAge } from "./page-cache";

/*
 * The page cache in a real Express app on 127.0.0.1, behind the same compression middleware as the
 * shop's server. Each route counts how often it really ran.
 */
let clock = 1_000_000;
const cache = createPageCache({ maxBytes: 64 * 1024, now: () => clock });
const renders = new Map<string, number>();
let base = "";
let close: () => void = () => {};

function counted(path: string, handler: (req: express.Request, res: express.Response) => void) {
  app.get(path, (req, res) => {
    renders.set(req.originalUrl, (renders.get(req.originalUrl) ?? 0) + 1);
    handler(req, res);
  });
}

const app = express();
app.set("trust proxy", true);
app.use(compression());
app.use(cache);
counted("/shared", (req, res) => {
  res
    .set("Cache-Control", "public, max-age=0, s-maxage=30")
    .type("html")
    .send(`<p>shared ${req.query.v ?? ""} #${renders.get(req.originalUrl)}</p>`);
});
// a shared address of the shop (isSharedPath): the same for every visitor, signed in or not
counted("/products", (req, res) => {
  res
    .set("Cache-Control", "public, max-age=0, s-maxage=30")
    .type("html")
    .send(`<p>list ${req.query.v ?? ""} #${renders.get(req.originalUrl)}</p>`);
});
counted("/address", (req, res) => {
  res.set("Cache-Control", "public, s-maxage=30").send(`page of ${req.hostname}`);
});
counted("/private", (_req, res) => {
  res.set("Cache-Control", "private, no-cache").send("private");
});
counted("/no-store", (_req, res) => {
  res.set("Cache-Control", "no-store").send("no-store");
});
counted("/plain", (_req, res) => {
  res.send("no cache-control");
});
counted("/cookie", (_req, res) => {
  res.set("Cache-Control", "public, s-maxage=30").cookie("x", "1").send("sets a cookie");
});
counted("/missing", (_req, res) => {
  res.status(404).set("Cache-Control", "public, s-maxage=30").send("not found");
});
counted("/streamed", (_req, res) => {
  res.set("Cache-Control", "public, s-maxage=30").type("html");
  res.write("<p>first ");
  setTimeout(() => res.end("second</p>"), 20);
});
counted("/slow", (req, res) => {
  setTimeout(() => res.set("Cache-Control", "public, s-maxage=30").send(`slow #${renders.get(req.originalUrl)}`), 100);
});
// 16 KiB that compress to about 12: over an eighth of the budget even compressed
const incompressible = randomBytes(12 * 1024).toString("base64");
counted("/big", (_req, res) => {
  res.set("Cache-Control", "public, s-maxage=30").send(incompressible);
});
// 48 KiB that compress to a few hundred bytes, like a page of markup
const roomy = `<ul>${Array.from({ length: 3000 }, (_, i) => `<li>kurta ${i % 40}</li>`).join("")}</ul>`;
counted("/roomy", (req, res) => {
  res
    .set("Cache-Control", "public, s-maxage=30")
    .type("html")
    .send(`${roomy}<p>#${renders.get(req.originalUrl)}</p>`);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return {
    status: response.status,
    body: await response.text(),
    cache: response.headers.get("x-page-cache"),
    age: response.headers.get("age"),
    type: response.headers.get("content-type"),
  };
}

describe("shared page cache", () => {
  it("answers a page marked s-maxage from its copy, with its content type and age", async () => {
    const first = await get("/shared");
    expect(first).toMatchObject({ status: 200, body: "<p>shared  #1</p>", cache: null });
    clock += 5_000;
    const second = await get("/shared");
    expect(second).toMatchObject({ status: 200, body: "<p>shared  #1</p>", cache: "hit", age: "5" });
    expect(second.type).toContain("text/html");
    expect(renders.get("/shared")).toBe(1);
  });

  it("keys copies by the whole address, query included", async () => {
    expect((await get("/shared?v=a")).body).toBe("<p>shared a #1</p>");
    expect((await get("/shared?v=b")).body).toBe("<p>shared b #1</p>");
    expect((await get("/shared?v=a")).cache).toBe("hit");
  });

  it("keeps a forwarded host's page apart from everyone else's", async () => {
    expect((await get("/address", { "x-forwarded-host": "evil.example" })).body).toBe("page of evil.example");
    expect((await get("/address")).body).toBe("page of 127.0.0.1");
    expect(await get("/address")).toMatchObject({ body: "page of 127.0.0.1", cache: "hit" });
  });

  it("renders again once the copy is older than s-maxage", async () => {
    await get("/shared?v=old");
    clock += 30_000;
    const after = await get("/shared?v=old");
    expect(after).toMatchObject({ body: "<p>shared old #2</p>", cache: null });
  });

  it("never keeps private, no-store, unmarked, cookie-setting or failed responses", async () => {
    for (const path of ["/private", "/no-store", "/plain", "/cookie", "/missing"]) {
      await get(path);
      const again = await get(path);
      expect(again.cache, path).toBeNull();
      expect(renders.get(path), path).toBe(2);
    }
  });

  it("answers the shared addresses (home, lists, product pages) from one copy for signed-in shoppers and visitors alike", async () => {
    const signedIn = { cookie: "theme=x; shop.session_token=abc.def" };
    expect((await get("/products?v=all", signedIn)).body).toBe("<p>list all #1</p>");
    expect(await get("/products?v=all")).toMatchObject({ body: "<p>list all #1</p>", cache: "hit" });
    expect(await get("/products?v=all", { cookie: "__Secure-shop.session_token=abc" })).toMatchObject({
      body: "<p>list all #1</p>",
      cache: "hit",
    });
    expect(renders.get("/products?v=all")).toBe(1);
  });

  it("passes signed-in shoppers (the session cookie) straight through, both ways, on any other address", async () => {
    const signedIn = { cookie: "theme=x; shop.session_token=abc.def" };
    expect((await get("/shared?v=me", signedIn)).body).toBe("<p>shared me #1</p>");
    expect((await get("/shared?v=me", signedIn)).body).toBe("<p>shared me #2</p>");
    expect((await get("/shared?v=me", { cookie: "__Secure-shop.session_token=abc" })).cache).toBeNull();
    // a signed-out visitor's copy is made by a signed-out request only
    expect((await get("/shared?v=me")).body).toBe("<p>shared me #4</p>");
    expect((await get("/shared?v=me")).cache).toBe("hit");
  });

  it("keeps a streamed response whole", async () => {
    expect((await get("/streamed")).body).toBe("<p>first second</p>");
    expect(await get("/streamed")).toMatchObject({ body: "<p>first second</p>", cache: "hit" });
  });

  it("lets simultaneous misses for one address share one render", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/slow")));
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill("slow #1"));
    expect(renders.get("/slow")).toBe(1);
  });

  it("serves compressed copies to browsers that ask for them", async () => {
    const response = await fetch(`${base}/shared?v=gzip`, { headers: { "accept-encoding": "gzip" } });
    await response.text();
    const again = await fetch(`${base}/shared?v=gzip`, { headers: { "accept-encoding": "gzip" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe("<p>shared gzip #1</p>"); // fetch decodes the gzip body
  });

  it("answers a copy compressed once per encoding, as the request accepts it", async () => {
    const page = `<p>${"kurta ".repeat(400)}</p>`;
    app.get("/long", (_req, res) => {
      renders.set("/long", (renders.get("/long") ?? 0) + 1);
      res.set("Cache-Control", "public, s-maxage=30").type("html").send(page);
    });
    await get("/long");
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${base}/long`, { headers: { "accept-encoding": accept } });
      expect(response.headers.get("x-page-cache"), accept).toBe("hit");
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(response.headers.get("vary"), accept).toMatch(/accept-encoding/i);
      expect(await response.text(), accept).toBe(page);
    }
    expect(renders.get("/long")).toBe(1);
  });

  it("keeps copies compressed: a page larger than its budget's eighth fits, and every encoding gets it whole", async () => {
    cache.purge();
    await get("/roomy");
    const kept = cache.stats.bytes;
    expect(roomy.length).toBeGreaterThan(40 * 1024);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(roomy.length / 10);
    for (const accept of ["br", "gzip", "identity"]) {
      const response = await fetch(`${base}/roomy`, { headers: { "accept-encoding": accept } });
      expect(response.headers.get("x-page-cache"), accept).toBe("hit");
      expect(await response.text(), accept).toBe(`${roomy}<p>#1</p>`);
    }
    expect(renders.get("/roomy")).toBe(1);
    // the gzip made for the second request is kept too; the uncompressed answer is not
    expect(cache.stats.bytes).toBeGreaterThan(kept);
    expect(cache.stats.bytes).toBeLessThan(roomy.length / 5);
  });

  it("stays within its byte budget, and a purge renders the page again", async () => {
    await get("/big"); // 16 KiB of random text: above an eighth of the 64 KiB budget even compressed, never stored
    expect((await get("/big")).cache).toBeNull();
    await get("/shared?v=purge");
    expect((await get("/shared?v=purge")).cache).toBe("hit");
    expect(cache.purge()).toBeGreaterThan(0);
    // without a way to refresh in the background, a purged copy is never answered
    const after = await get("/shared?v=purge");
    expect(after.cache).toBeNull();
    expect(after.body).toBe("<p>shared purge #2</p>");
  });

  it("does not keep a page whose render began before a purge", async () => {
    const during = get("/slow?v=purged");
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.purge();
    expect((await during).body).toBe("slow #1");
    expect((await get("/slow?v=purged")).cache).toBeNull();
  });
});

describe("encoding choice", () => {
  it("prefers brotli, then gzip, honouring q=0 and the wildcard", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe("s-maxage parsing", () => {
  it("reads the shared lifetime and refuses private or no-store", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=30")).toBe(30);
    expect(sharedMaxAge("S-MAXAGE=5, public")).toBe(5);
    expect(sharedMaxAge("public, max-age=60")).toBe(0);
    expect(sharedMaxAge("private, s-maxage=30")).toBe(0);
    expect(sharedMaxAge("no-store, s-maxage=30")).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });
});
