import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

/*
 * Stale-while-revalidate, purges by tag and single flight (decision 044), in a real Express app on
 * 127.0.0.1. One render function serves both the visitor's route and the cache's background refresh,
 * as React Router does in the shop; it counts renders per address and the most that ran at once.
 */
let clock = 5_000_000;
const RENDER_MS = 60;
const renders = new Map<string, number>();
const running = new Map<string, number>();
const mostAtOnce = new Map<string, number>();
let version = "v1";

async function render(path: string): Promise<{ body: string; tag: string }> {
  renders.set(path, (renders.get(path) ?? 0) + 1);
  running.set(path, (running.get(path) ?? 0) + 1);
  mostAtOnce.set(path, Math.max(mostAtOnce.get(path) ?? 0, running.get(path)!));
  await new Promise((resolve) => setTimeout(resolve, RENDER_MS));
  running.set(path, running.get(path)! - 1);
  const product = /^\/product\/(\w+)/.exec(path)?.[1];
  return { body: `<p>${path} ${version} #${renders.get(path)}</p>`, tag: product ? `product:${product}` : "" };
}

const CACHE_CONTROL = "public, max-age=0, s-maxage=30";
const cache = createPageCache({
  maxBytes: 1024 * 1024,
  now: () => clock,
  keepSeconds: 60,
  staleSeconds: 120,
  purgeGraceMs: 1000,
  refresh: async (req) => {
    const { body, tag } = await render(req.originalUrl);
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": CACHE_CONTROL });
    if (tag) headers.set("cache-tag", tag);
    return { status: 200, headers, body: Buffer.from(body) };
  },
});

const app = express();
app.use(cache);
app.get("/{*path}", async (req, res) => {
  const { body, tag } = await render(req.originalUrl);
  res.set("Cache-Control", CACHE_CONTROL).type("html");
  if (tag) res.set("Cache-Tag", tag);
  res.send(body);
});

let base = "";
let close: () => void = () => {};
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
beforeEach(() => {
  version = "v1";
});

async function get(path: string) {
  const response = await fetch(`${base}${path}`);
  return {
    body: await response.text(),
    cache: response.headers.get("x-page-cache"),
    tag: response.headers.get("cache-tag"),
  };
}

/** Every answer came from a copy: the old one while it was being rendered again, or the new one after. */
function expectFromCopies(answers: Array<{ cache: string | null; body: string }>, old: string, renewed: string) {
  expect(answers.filter((a) => a.cache === "stale" && a.body === old).length).toBeGreaterThan(0);
  for (const answer of answers) {
    if (answer.cache === "stale") expect(answer.body).toBe(old);
    else expect(answer).toEqual({ ...answer, cache: "hit", body: renewed });
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, RENDER_MS * 3));

describe("page cache: answering from a copy while it is rendered again", () => {
  it("answers an expired copy at once to everyone, while exactly one render replaces it", async () => {
    expect((await get("/products?a")).body).toBe("<p>/products?a v1 #1</p>");
    clock += 61_000; // past keepSeconds: stale
    version = "v2";
    const answers = await Promise.all(Array.from({ length: 40 }, () => get("/products?a")));
    // nobody waited for a render: the old copy, or (for those that came after it) the new one
    expectFromCopies(answers, "<p>/products?a v1 #1</p>", "<p>/products?a v2 #2</p>");
    await settle();
    expect(renders.get("/products?a")).toBe(2);
    expect(mostAtOnce.get("/products?a")).toBe(1);
    const next = await get("/products?a");
    expect(next).toMatchObject({ cache: "hit", body: "<p>/products?a v2 #2</p>" });
  });

  it("drops a copy past its stale time: the next visitor gets a fresh render", async () => {
    await get("/products?b");
    clock += (60 + 120 + 1) * 1000;
    expect((await get("/products?b")).cache).toBeNull();
    expect(renders.get("/products?b")).toBe(2);
  });

  it("renders a hot page once after a purge under load, and answers the old copy meanwhile", async () => {
    await get("/product/hot");
    version = "v2";
    expect(cache.purge({ tags: ["product:hot"] })).toBe(1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get("/product/hot")));
    expectFromCopies(answers, "<p>/product/hot v1 #1</p>", "<p>/product/hot v2 #2</p>");
    await settle();
    expect(renders.get("/product/hot")).toBe(2);
    expect(mostAtOnce.get("/product/hot")).toBe(1);
    expect(await get("/product/hot")).toMatchObject({ cache: "hit", body: "<p>/product/hot v2 #2</p>" });
  });

  it("never answers a purged copy more than the grace after the purge", async () => {
    await get("/product/cold");
    cache.purge({ tags: ["product:cold"] });
    clock += 1001; // nobody asked within the second: the old copy is gone
    const next = await get("/product/cold");
    expect(next.cache).toBeNull();
    expect(next.body).toBe("<p>/product/cold v1 #2</p>");
  });

  it("takes a purge's own grace: none renders for the next visitor, and the shorter of two wins", async () => {
    await get("/product/strict");
    cache.purge({ tags: ["product:strict"], graceMs: 0 });
    expect(await get("/product/strict")).toMatchObject({ cache: null, body: "<p>/product/strict v1 #2</p>" });

    await get("/product/order");
    cache.purge({ tags: ["product:order"], graceMs: 500 });
    clock += 400;
    expect((await get("/product/order")).cache).toBe("stale");
    await settle();
    cache.purge({ tags: ["product:order"], graceMs: 500 });
    cache.purge({ tags: ["product:order"], graceMs: 0 }); // a staff edit right after: no grace left
    expect((await get("/product/order")).cache).toBeNull();

    await get("/product/brief");
    cache.purge({ tags: ["product:brief"], graceMs: 500 });
    clock += 501;
    expect((await get("/product/brief")).cache).toBeNull();
  });

  it("purges only the copies that show a tag; a purge without tags reaches every copy", async () => {
    await get("/product/red");
    await get("/product/blue");
    await get("/products?c");
    cache.purge({ tags: ["product:red"] });
    expect((await get("/product/blue")).cache).toBe("hit");
    expect((await get("/products?c")).cache).toBe("hit");
    expect((await get("/product/red")).cache).toBe("stale");
    await settle();
    cache.purge();
    expect((await get("/product/blue")).cache).toBe("stale");
    expect((await get("/products?c")).cache).toBe("stale");
    await settle();
  });

  it("does not keep a render that was running when a purge of its tag came, but keeps others", async () => {
    const purged = get("/product/racing");
    const other = get("/product/calm");
    await new Promise((resolve) => setTimeout(resolve, RENDER_MS / 3));
    cache.purge({ tags: ["product:racing"] });
    await Promise.all([purged, other]);
    expect((await get("/product/racing")).cache).toBeNull();
    expect((await get("/product/calm")).cache).toBe("hit");
  });

  it("shares one render among simultaneous first visitors, and keeps its tag to itself", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("/product/new")));
    expect(renders.get("/product/new")).toBe(1);
    expect(answers.filter((a) => a.cache === "shared")).toHaveLength(29);
    expect(answers.every((a) => a.tag === null)).toBe(true);
    expect(cache.stats).toMatchObject({ shared: expect.any(Number), refreshed: expect.any(Number) });
  });
});
