import { randomBytes } from "node:crypto";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, type RefreshSource } from "./page-cache";
import { listenForTest, type TestServer } from "./test-server";
import { pageWarmUp, warmOrder, type WarmUp } from "./warm-up";

/*
 * Pages made before anyone asks for them (decision 057), in a real Express app on 127.0.0.1: the page
 * cache in front of a route that renders an address and counts its renders; the cache's background
 * render (its `refresh`) is the same function, as React Router is in the shop.
 */
const CACHE_CONTROL = "public, max-age=0, s-maxage=30";

function shop(options: { maxBytes?: number; addresses: string[]; origin?: (port: number) => string }) {
  const renders = new Map<string, number>();
  const seen: RefreshSource[] = [];
  let version = "v1";
  const render = (path: string) => {
    renders.set(path, (renders.get(path) ?? 0) + 1);
    const product = /^\/product\/(\w+)/.exec(path)?.[1];
    // a product page of 2 KB that does not compress, so a small budget fills after a few of them
    return {
      body: `<p>${path} ${version}</p>${randomBytes(1000).toString("hex")}`,
      tag: product ? `product:${product}` : "",
    };
  };
  const cache = createPageCache({
    maxBytes: options.maxBytes ?? 1024 * 1024,
    keepSeconds: 300,
    staleSeconds: 300,
    // the purged pages are made again by the warm-up alone here, not rendered ahead for recent visitors
    refreshAheadMs: 0,
    refresh: async (source) => {
      seen.push(source);
      const url = new URL(source.url);
      const { body, tag } = render(url.pathname + url.search);
      const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": CACHE_CONTROL });
      if (tag) headers.set("cache-tag", tag);
      return { status: 200, headers, body: Buffer.from(body) };
    },
  });
  const app = express();
  let warmUp: WarmUp | null = null;
  app.use((req, res, next) => warmUp!(req, res, next));
  app.use(cache);
  app.get("/{*path}", (req, res) => {
    const { body, tag } = render(req.originalUrl);
    res.set("Cache-Control", CACHE_CONTROL).type("html");
    if (tag) res.set("Cache-Tag", tag);
    res.send(body);
  });
  return {
    renders,
    seen,
    cache,
    setVersion: (v: string) => (version = v),
    async listen() {
      const server = await listenForTest(app);
      warmUp = pageWarmUp({
        cache,
        addresses: async () => options.addresses,
        origin: options.origin?.(server.port) ?? `http://127.0.0.1:${server.port}`,
        maxBytes: options.maxBytes ?? 1024 * 1024,
      });
      return { server, warmUp, base: `http://127.0.0.1:${server.port}` };
    },
  };
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function get(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity" } });
  return { state: response.headers.get("x-page-cache"), body: await response.text() };
}

describe("the page warm-up", () => {
  it("makes the catalogue's pages after the first visitor, so their own first visitors get a copy", async () => {
    const pieces = ["/product/a1", "/product/b2", "/product/c3", "/products?category=sarees"];
    const s = shop({ addresses: ["/", ...pieces] });
    const { server, warmUp, base } = await s.listen();
    servers.push(server);

    // nothing is made before anyone visits: the address form comes from a visitor's request
    expect(warmUp.progress.rounds).toBe(0);
    expect((await get(base, "/")).state).toBeNull();
    await warmUp.settled();
    expect(warmUp.progress).toMatchObject({ rounds: 1, made: 4, running: false });

    for (const path of pieces) {
      const answer = await get(base, path);
      expect(answer.state, path).toBe("hit");
      expect(answer.body, path).toContain(`<p>${path} v1</p>`);
      expect(s.renders.get(path), path).toBe(1);
    }
    // the home page the visitor waited for was not made twice
    expect(s.renders.get("/")).toBe(1);
    // made as the visitor's own address, without the visitor's cookies
    expect(s.seen.map((source) => source.url)).toEqual(pieces.map((path) => `${base}${path}`));
  });

  it("starts only for a visitor of the shop's own origin", async () => {
    const s = shop({ addresses: ["/product/a1"], origin: () => "https://shop.example.test" });
    const { server, warmUp, base } = await s.listen();
    servers.push(server);
    await get(base, "/");
    await warmUp.settled();
    expect(warmUp.progress.rounds).toBe(0);
    expect((await get(base, "/product/a1")).state).toBeNull();
  });

  it("stops when the copies fill most of the budget, the first addresses kept", async () => {
    const pieces = Array.from({ length: 40 }, (_, i) => `/product/p${i}`);
    const s = shop({ addresses: pieces, maxBytes: 16 * 1024 });
    const { server, warmUp, base } = await s.listen();
    servers.push(server);
    await get(base, "/");
    await warmUp.settled();
    const made = warmUp.progress.made;
    expect(made).toBeGreaterThan(2);
    expect(made).toBeLessThan(40);
    expect(s.cache.stats.bytes).toBeLessThanOrEqual(16 * 1024);
    expect((await get(base, pieces[0]!)).state).toBe("hit");
    expect((await get(base, pieces[39]!)).state).toBeNull();
  });

  it("makes the pages again after every copy was purged, and not those it still holds", async () => {
    const s = shop({ addresses: ["/product/a1", "/product/b2"] });
    const { server, warmUp, base } = await s.listen();
    servers.push(server);
    await get(base, "/");
    await warmUp.settled();

    // a second round with nothing purged makes nothing
    warmUp.again();
    await warmUp.settled();
    expect(warmUp.progress).toMatchObject({ rounds: 2, made: 2 });

    s.setVersion("v2");
    s.cache.purge(null);
    warmUp.again();
    await warmUp.settled();
    expect(warmUp.progress).toMatchObject({ rounds: 3, made: 4 });
    const answer = await get(base, "/product/b2");
    expect(answer.state).toBe("hit");
    expect(answer.body).toContain("/product/b2 v2");
  });
});

describe("the warm-up's order with several processes", () => {
  it("makes its own share first, then the rest", () => {
    const items = ["a", "b", "c", "d", "e"];
    expect(warmOrder(items, { index: 0, of: 1 })).toEqual(items);
    expect(warmOrder(items, { index: 0, of: 2 })).toEqual(["a", "c", "e", "b", "d"]);
    expect(warmOrder(items, { index: 1, of: 2 })).toEqual(["b", "d", "a", "c", "e"]);
    // a process started again after a crash (cluster ids go on counting) still has a share
    expect(warmOrder(items, { index: 3, of: 2 })).toEqual(["b", "d", "a", "c", "e"]);
  });
});
