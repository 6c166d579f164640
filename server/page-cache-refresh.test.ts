import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageCache, type RefreshSource } from "./page-cache";

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
  // every page here names what it shows: an untagged answer keeps only its own lifetime (decision 059)
  return { body: `<p>${path} ${version} #${renders.get(path)}</p>`, tag: product ? `product:${product}` : "list" };
}

const CACHE_CONTROL = "public, max-age=0, s-maxage=30";
const options = {
  maxBytes: 1024 * 1024,
  now: () => clock,
  keepSeconds: 60,
  staleSeconds: 120,
  purgeGraceMs: 1000,
  refresh: async (source: RefreshSource) => {
    const url = new URL(source.url);
    const { body, tag } = await render(url.pathname + url.search);
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": CACHE_CONTROL });
    if (tag) headers.set("cache-tag", tag);
    return { status: 200, headers, body: Buffer.from(body) };
  },
};
// the first shop's cache waits for a visitor after a purge; the second renders what visitors use at once
const cache = createPageCache({ ...options, refreshAheadMs: 0 });
const ahead = createPageCache({ ...options, purgeGraceMs: 0, refreshAheadMs: 60_000, refreshAheadMax: 2 });

let spoiltRenders = 0;

function shop(pageCache: typeof cache) {
  const app = express();
  app.use(pageCache);
  let untagged = 0;
  app.get("/untagged", (_req, res) => {
    untagged += 1;
    res.set("Cache-Control", CACHE_CONTROL).type("html").send(`<p>untagged #${untagged}</p>`);
  });
  // a page whose streamed part fails after its headers, as the home page's New Arrivals may
  app.get("/spoilt", async (_req, res) => {
    spoiltRenders += 1;
    res.set("Cache-Control", CACHE_CONTROL).set("Cache-Tag", "home").type("html");
    res.write("<p>hero</p>");
    await new Promise((resolve) => setTimeout(resolve, 10));
    pageCache.spoil(["home"]);
    res.end(`<p>could not load #${spoiltRenders}</p>`);
  });
  app.get("/{*path}", async (req, res) => {
    const { body, tag } = await render(req.originalUrl);
    res.set("Cache-Control", CACHE_CONTROL).type("html");
    if (tag) res.set("Cache-Tag", tag);
    res.send(body);
  });
  return app;
}

const bases: string[] = [];
const closers: Array<() => void> = [];
beforeAll(async () => {
  for (const app of [shop(cache), shop(ahead)]) {
    await new Promise<void>((resolve) => {
      const server = app.listen(0, "127.0.0.1", () => {
        bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        closers.push(() => server.close());
        resolve();
      });
    });
  }
});
afterAll(() => closers.forEach((close) => close()));
beforeEach(() => {
  version = "v1";
});

async function get(path: string, base = bases[0]) {
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

  it("only makes a copy stale when a purge expires it: answered as before while rendered, until its own stale time", async () => {
    await get("/product/sorted");
    version = "v2";
    cache.purge({ tags: ["product:sorted"], expire: true });
    clock += 30_000; // far past any grace, within the copy's fresh and stale windows
    expect(await get("/product/sorted")).toMatchObject({ cache: "stale", body: "<p>/product/sorted v1 #1</p>" });
    await settle();
    expect(await get("/product/sorted")).toMatchObject({ cache: "hit", body: "<p>/product/sorted v2 #2</p>" });

    // a purge with no grace after it still wins: the next visitor waits for a render
    cache.purge({ tags: ["product:sorted"], expire: true });
    cache.purge({ tags: ["product:sorted"], graceMs: 0 });
    expect(await get("/product/sorted")).toMatchObject({ cache: null, body: "<p>/product/sorted v2 #3</p>" });

    // and an expired copy past its stale time is gone, as one whose time ran out
    cache.purge({ tags: ["product:sorted"], expire: true });
    clock += (60 + 120 + 1) * 1000;
    expect((await get("/product/sorted")).cache).toBeNull();
  });

  it("keeps an answer that names nothing only for its own lifetime: no purge reaches it", async () => {
    expect((await get("/untagged")).cache).toBeNull();
    clock += 29_000;
    expect(await get("/untagged")).toMatchObject({ cache: "hit", body: "<p>untagged #1</p>" });
    clock += 2_000; // past its s-maxage of 30 s, though the shop keeps tagged copies 60 s and more
    expect(await get("/untagged")).toMatchObject({ cache: null, body: "<p>untagged #2</p>" });
  });

  it("keeps no copy of a render spoilt by a part that failed after its headers: the next visitor gets a new one", async () => {
    expect(await get("/spoilt")).toMatchObject({ cache: null, body: "<p>hero</p><p>could not load #1</p>" });
    expect(await get("/spoilt")).toMatchObject({ cache: null, body: "<p>hero</p><p>could not load #2</p>" });
    // other pages' copies are kept as before
    await get("/product/kept");
    expect((await get("/product/kept")).cache).toBe("hit");
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

describe("page cache: a purged page that visitors use is rendered again before anyone asks", () => {
  const fromAhead = (path: string) => get(path, bases[1]);

  it("renders it once at the purge, with no visitor waiting, and the next visitors get the new copy", async () => {
    expect((await fromAhead("/product/busy")).body).toBe("<p>/product/busy v1 #1</p>");
    version = "v2";
    ahead.purge({ tags: ["product:busy"] });
    // the render started at the purge: whoever comes meanwhile waits for it, never renders again
    const meanwhile = await Promise.all(Array.from({ length: 20 }, () => fromAhead("/product/busy")));
    expect(meanwhile.every((a) => a.body === "<p>/product/busy v2 #2</p>")).toBe(true);
    expect(meanwhile.every((a) => a.cache === "shared" || a.cache === "hit")).toBe(true);
    await settle();
    expect(await fromAhead("/product/busy")).toMatchObject({ cache: "hit", body: "<p>/product/busy v2 #2</p>" });
    expect(renders.get("/product/busy")).toBe(2);
    expect(mostAtOnce.get("/product/busy")).toBe(1);
  });

  it("renders nothing ahead when a purge only expires: the next visitor gets the old copy and starts the render", async () => {
    await fromAhead("/product/sortedahead");
    version = "v2";
    ahead.purge({ tags: ["product:sortedahead"], expire: true });
    await settle();
    expect(renders.get("/product/sortedahead")).toBe(1);
    expect(await fromAhead("/product/sortedahead")).toMatchObject({
      cache: "stale",
      body: "<p>/product/sortedahead v1 #1</p>",
    });
    await settle();
    expect(await fromAhead("/product/sortedahead")).toMatchObject({
      cache: "hit",
      body: "<p>/product/sortedahead v2 #2</p>",
    });
  });

  it("renders nothing ahead for a copy nobody asked for lately", async () => {
    await fromAhead("/product/quiet");
    clock += 61_000;
    ahead.purge({ tags: ["product:quiet"] });
    await settle();
    expect(renders.get("/product/quiet")).toBe(1);
  });

  it("renders once more when another purge comes during that render, and keeps only the last", async () => {
    await fromAhead("/product/changing");
    version = "v2";
    ahead.purge({ tags: ["product:changing"] });
    await new Promise((resolve) => setTimeout(resolve, RENDER_MS / 3));
    version = "v3";
    ahead.purge({ tags: ["product:changing"] });
    await settle();
    expect(renders.get("/product/changing")).toBe(3);
    expect(mostAtOnce.get("/product/changing")).toBe(1);
    expect(await fromAhead("/product/changing")).toMatchObject({
      cache: "hit",
      body: "<p>/product/changing v3 #3</p>",
    });
  });

  it("renders at most its limit of pages after one purge, the most recently asked for", async () => {
    for (const path of ["/products?x", "/products?y", "/products?z"]) await fromAhead(path);
    await fromAhead("/products?x"); // asked for again: the most recent
    ahead.purge();
    await settle();
    expect([renders.get("/products?x"), renders.get("/products?y"), renders.get("/products?z")]).toEqual([2, 1, 2]);
    expect((await fromAhead("/products?x")).cache).toBe("hit");
    expect((await fromAhead("/products?y")).cache).toBeNull();
  });
});
