import http from "node:http";
import type { AddressInfo } from "node:net";
import { deserialize, serialize } from "node:v8";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { received } from "./copy-sharing";
import { createPageCache, type SharedCopy } from "./page-cache";

/*
 * Two processes' page caches on one machine (decision 056), as two Express apps in this process: what
 * one renders goes to the other as the cluster's channel carries it (v8's serializer, the cluster's
 * "advanced" serialization), and the other answers it from that copy, unless a purge it saw since the
 * render began touches the page. Both are asked with one Host, as processes sharing a port are.
 */
const renders = new Map<string, number>();
let version = "v1";
let slowMs = 0;
const channel: SharedCopy[] = [];

function shop(name: string, cache: ReturnType<typeof createPageCache>) {
  const app = express();
  app.use(cache);
  app.get("/{*path}", async (req, res) => {
    const key = `${name} ${req.originalUrl}`;
    renders.set(key, (renders.get(key) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    const product = /^\/product\/(\w+)/.exec(req.path)?.[1] ?? "none";
    res
      .set("Cache-Control", "public, max-age=0, s-maxage=30")
      .set("Cache-Tag", `product:${product},list`)
      .type("html")
      .send(`<main>${req.originalUrl} ${version} by ${name}${"<i>kurta</i>".repeat(200)}</main>`);
  });
  return app;
}

// A hands its copies to the channel; B adopts what it is given
const a = createPageCache({ maxBytes: 1024 * 1024, purgeGraceMs: 0, share: (copy) => channel.push(copy) });
const b = createPageCache({ maxBytes: 1024 * 1024, purgeGraceMs: 0 });
const ports: Record<string, number> = {};
const closers: Array<() => void> = [];

beforeAll(async () => {
  for (const [name, cache] of [
    ["a", a],
    ["b", b],
  ] as const) {
    await new Promise<void>((resolve) => {
      const server = shop(name, cache).listen(0, "127.0.0.1", () => {
        ports[name] = (server.address() as AddressInfo).port;
        closers.push(() => server.close());
        resolve();
      });
    });
  }
});
afterAll(() => closers.forEach((close) => close()));

function get(name: "a" | "b", path: string): Promise<{ body: string; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port: ports[name], path, headers: { host: "shop.test", "accept-encoding": "identity" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ body, cache: response.headers["x-page-cache"] as string | undefined }));
      },
    );
    request.on("error", reject);
  });
}

/** What is on the channel, through v8's serializer, to B. */
const deliver = () => channel.splice(0).map((copy) => b.adopt(received(deserialize(serialize(copy)) as SharedCopy)));

describe("copies shared between processes", () => {
  it("answers a page another process rendered from its copy, without rendering it", async () => {
    const first = await get("a", "/product/p1");
    expect(first.cache).toBeUndefined();
    expect(deliver()).toEqual([true]);
    const second = await get("b", "/product/p1");
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(renders.get("b /product/p1")).toBeUndefined();
  });

  it("does not keep a copy whose render began before a purge this process saw of what it shows", async () => {
    slowMs = 80;
    const rendering = get("a", "/product/p2");
    await new Promise((resolve) => setTimeout(resolve, 20));
    version = "v2";
    b.purge({ tags: ["product:p2"] }); // B saw the change; A has not heard of it yet
    await rendering;
    slowMs = 0;
    expect(deliver()).toEqual([false]);
    const atB = await get("b", "/product/p2");
    expect(atB.cache).toBeUndefined();
    expect(atB.body).toContain("v2 by b");
  });

  it("keeps it when the purges it saw since touch other pages", async () => {
    slowMs = 80;
    const rendering = get("a", "/product/p3");
    await new Promise((resolve) => setTimeout(resolve, 20));
    b.purge({ tags: ["product:other"] });
    await rendering;
    slowMs = 0;
    expect(deliver()).toEqual([true]);
    expect((await get("b", "/product/p3")).cache).toBe("hit");
  });

  it("keeps its own copy when it is newer than the one it is given", async () => {
    await get("a", "/product/p4");
    const fromA = channel.splice(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const own = await get("b", "/product/p4");
    expect(own.body).toContain("by b");
    channel.push(...fromA);
    expect(deliver()).toEqual([false]);
    const again = await get("b", "/product/p4");
    expect(again.cache).toBe("hit");
    expect(again.body).toContain("by b");
  });
});
