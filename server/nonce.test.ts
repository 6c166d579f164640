import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, NONCE_PLACEHOLDER } from "../app/lib/csp";
import { scriptNonce } from "./nonce";
import { createPageCache } from "./page-cache";
import { listenForTest, type TestServer } from "./test-server";

/*
 * The nonce middleware in its place: compression, then the nonce, then the page cache, then a route
 * that answers a page with the placeholder in its policy and scripts (as entry.server.tsx does),
 * streamed in pieces that cut the placeholder in two.
 */

let server: TestServer;
let port = 0;
let renders = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(scriptNonce());
  app.use(createPageCache({ maxBytes: 1024 * 1024 }));
  app.get("/page", (_req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=30");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy());
    const html = `<!doctype html><html><body><script nonce="${NONCE_PLACEHOLDER}">1</script><p>${"x".repeat(3000)}</p><script nonce="${NONCE_PLACEHOLDER}" type="module">2</script></body></html>`;
    // cut inside the first placeholder, then inside the second
    const first = html.indexOf(NONCE_PLACEHOLDER) + 5;
    const second = html.lastIndexOf(NONCE_PLACEHOLDER) + 11;
    res.write(html.slice(0, first));
    res.write(html.slice(first, second));
    res.end(html.slice(second));
  });
  app.get("/data.json", (_req, res) => {
    res.json({ placeholder: NONCE_PLACEHOLDER });
  });
  server = await listenForTest(app);
  port = server.port;
});

afterAll(() => server.close());

async function get(path: string, gzip = false) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: gzip ? {} : { "accept-encoding": "identity" },
  });
  return {
    status: response.status,
    policy: response.headers.get("content-security-policy"),
    cache: response.headers.get("x-page-cache"),
    body: await response.text(),
  };
}

function noncesOf(page: { policy: string | null; body: string }) {
  const inHeader = /'nonce-([^']+)'/.exec(page.policy ?? "")?.[1];
  const inBody = [...page.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  return { inHeader, inBody };
}

describe("script nonce", () => {
  it("puts one fresh nonce into the policy and every script, even when the placeholder is split across writes", async () => {
    const page = await get("/page");
    const { inHeader, inBody } = noncesOf(page);
    expect(inHeader).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(inBody).toEqual([inHeader, inHeader]);
    expect(page.body).not.toContain(NONCE_PLACEHOLDER);
    expect(page.body).toContain("x".repeat(3000));
  });

  it("gives every render its own nonce, and each cached copy one of its own, the same in its compressed forms", async () => {
    const rendersBefore = renders;
    const fresh = noncesOf(await get("/page?v=nonce"));
    expect(fresh.inBody).toEqual([fresh.inHeader, fresh.inHeader]);
    const copies = [];
    for (let i = 0; i < 4; i++) {
      const page = await get("/page?v=nonce", i % 2 === 1);
      expect(page.cache).toBe("hit");
      const { inHeader, inBody } = noncesOf(page);
      expect(inBody).toEqual([inHeader, inHeader]);
      copies.push(inHeader);
    }
    expect(renders - rendersBefore).toBe(1);
    // the copy's nonce: never the placeholder, not the first render's, one for the copy (identity and gzip alike)
    expect(copies[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(copies[0]).not.toBe(fresh.inHeader);
    expect(new Set(copies).size).toBe(1);
  });

  it("leaves other kinds of response alone", async () => {
    const json = await get("/data.json");
    expect(JSON.parse(json.body)).toEqual({ placeholder: NONCE_PLACEHOLDER });
  });
});
