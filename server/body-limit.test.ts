import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit, BODY_TOO_LARGE_MESSAGE, DEFAULT_BODY_LIMIT } from "./body-limit";
import { toFetchRequest } from "./request-handler";

/*
 * The body limit in front of a route that reads the body the way React Router routes do
 * (through the fetch Request made by server/request-handler.ts).
 */

let server: http.Server;
let port = 0;
let routeCalls = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit({ limitFor: (req) => (req.path === "/small" ? 10 : DEFAULT_BODY_LIMIT) }));
  app.use(async (req, res) => {
    routeCalls += 1;
    const request = toFetchRequest(req, res);
    const text = await request.text();
    res.json({ method: request.method, length: Buffer.byteLength(text), text: text.slice(0, 40) });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** Sends `bytes` bytes in 64 KB chunks, with or without a Content-Length. */
function send(path: string, bytes: number, { chunked = false, method = "POST" } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (!chunked) headers["content-length"] = String(bytes);
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("request body limit", () => {
  it("hands a body within the limit to the route intact", async () => {
    const answer = await send("/cart", 5_000);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: "POST", length: 5_000 });
  });

  it("keeps multibyte text whole", async () => {
    const body = "name=₹ साड़ी";
    const answer = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/x", method: "POST" }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end(body);
    });
    expect(JSON.parse(answer)).toMatchObject({ text: body, length: Buffer.byteLength(body) });
  });

  it("refuses a declared 1 MB and 30 MB body with 413 and a message, without calling the route", async () => {
    const before = routeCalls;
    for (const bytes of [1024 * 1024, 30 * 1024 * 1024]) {
      const answer = await send("/api/cart/quote", bytes);
      expect(answer.status, `${bytes} bytes`).toBe(413);
      expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
      expect(answer.ms).toBeLessThan(5_000);
    }
    expect(routeCalls).toBe(before);
  });

  it("counts the bytes that arrive, not the Content-Length: a chunked 1 MB and 30 MB body is refused too", async () => {
    const before = routeCalls;
    for (const bytes of [1024 * 1024, 30 * 1024 * 1024]) {
      const answer = await send("/api/cart/quote", bytes, { chunked: true });
      expect(answer.status, `${bytes} bytes`).toBe(413);
      expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
    }
    expect(routeCalls).toBe(before);
  });

  it("allows exactly the limit and refuses one byte more", async () => {
    expect((await send("/x", DEFAULT_BODY_LIMIT, { chunked: true })).status).toBe(200);
    expect((await send("/x", DEFAULT_BODY_LIMIT + 1, { chunked: true })).status).toBe(413);
  });

  it("lets a path have its own limit", async () => {
    expect((await send("/small", 10)).status).toBe(200);
    expect((await send("/small", 11)).status).toBe(413);
  });

  it("keeps the connection usable for the next request after a refusal", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const once = (bytes: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: "/x", method: "POST", agent, headers: { "content-length": String(bytes) } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(Buffer.alloc(bytes, "b"));
      });
    expect(await once(200 * 1024)).toBe(413);
    expect(await once(100)).toBe(200);
    agent.destroy();
  });
});
