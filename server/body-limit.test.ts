import http from "node:http";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_REQUEST_LIMIT } from "../app/modules/media/upload-rules";
import {
  bodyLimit,
  BODY_TOO_LARGE_MESSAGE,
  bufferedBody,
  DEFAULT_BODY_LIMIT,
  DRAIN_LIMIT,
  RequestBodyTooLargeError,
  SHOP_BODY_LIMITS,
} from "./body-limit";
import { toFetchRequest } from "./request-handler";
import { rawRequest } from "./test-raw-client";
import { listenForTest, type TestServer } from "./test-server";

/*
 * The body limit in front of a route that reads the body the way React Router routes do
 * (through the fetch Request made by server/request-handler.ts).
 */

let server: TestServer;
let port = 0;
let routeCalls = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit({ limitFor: (req) => (req.path === "/small" ? 10 : DEFAULT_BODY_LIMIT) }));
  app.use(async (req, res) => {
    routeCalls += 1;
    const request = toFetchRequest(req);
    const text = await request.text();
    res.json({ method: request.method, length: Buffer.byteLength(text), text: text.slice(0, 40) });
  });
  server = await listenForTest(app);
  port = server.port;
});

afterAll(() => server.close());

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
        const req = http.request(
          { host: "127.0.0.1", port, path: "/x", method: "POST", agent, headers: { "content-length": String(bytes) } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end(Buffer.alloc(bytes, "b"));
      });
    expect(await once(200 * 1024)).toBe(413);
    expect(await once(100)).toBe(200);
    agent.destroy();
  });

  // Such a client reads nothing until it has sent everything: the server must read the rest of the
  // body (and drop it) before the connection closes, or the kernel resets the connection and the
  // client loses the answer. Node closes a connection right after its last answer, which is when
  // the client asks it to (`Connection: close`, HTTP/1.0).
  it("answers a client that writes its whole 10 MB body before reading, also when it asks to close the connection", async () => {
    const bytes = 10 * 1024 * 1024;
    for (const [version, headers] of [
      ["1.1", {}],
      ["1.1", { Connection: "close" }],
      ["1.0", {}],
    ] as const) {
      const answer = await rawRequest({
        port,
        path: "/api/cart/quote",
        version,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: bytes,
      });
      const label = `HTTP/${version} ${JSON.stringify(headers)}`;
      expect(answer.error, label).toBeNull();
      expect(answer.sent, label).toBe(bytes);
      expect(answer.status, label).toBe(413);
      expect(answer.body, label).toBe(BODY_TOO_LARGE_MESSAGE);
    }
  });

  it("drains at most 16 MB: a body declared larger is answered and its connection cut", async () => {
    expect(DRAIN_LIMIT).toBe(16 * 1024 * 1024);
    const answer = await rawRequest({ port, path: "/x", body: 20 * 1024 * 1024 });
    expect(answer.sent).toBeLessThan(DRAIN_LIMIT);
    expect(answer.error).not.toBeNull();
  });
});

describe("the shop's limits: picture uploads streamed, everything else 64 KB", () => {
  let shop: TestServer;
  let shopPort = 0;
  /** what each streamed route saw: bytes the socket had read on arrival, bytes it read, how it ended */
  const seen: Array<{ readOnArrival: number; bytes: number; outcome: string }> = [];

  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit(SHOP_BODY_LIMITS));
    app.post("/admin/uploads", async (req, res) => {
      const readOnArrival = req.socket.bytesRead;
      const request = toFetchRequest(req);
      if (req.get("x-read") === "no") {
        seen.push({ readOnArrival, bytes: 0, outcome: "unread" });
        res.status(401).json({ error: "sign in" });
        return;
      }
      const reader = request.body!.getReader();
      let bytes = 0;
      let outcome = "complete";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.length;
        }
      } catch (error) {
        outcome = error instanceof RequestBodyTooLargeError ? "too large" : String(error);
      }
      seen.push({ readOnArrival, bytes, outcome });
      res.status(outcome === "complete" ? 200 : 413).json({ bytes, outcome });
    });
    app.post("/{*splat}", (req, res) => res.json({ length: bufferedBody(req)?.length ?? 0 }));
    shop = await listenForTest(app);
    shopPort = shop.port;
  });

  afterAll(() => shop.close());

  /** One request on a connection of its own (so the socket's byte count is this request's). */
  function sendTo(path: string, bytes: number, { chunked = false } = {}): Promise<Answer> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const all: Record<string, string> = { "content-type": "application/octet-stream" };
      if (!chunked) all["content-length"] = String(bytes);
      const req = http.request(
        { host: "127.0.0.1", port: shopPort, path, method: "POST", headers: all, agent },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => {
            agent.destroy();
            resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
          });
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, "u");
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

  it("hands /admin/uploads its whole 10 MB body as a stream, before the body has arrived", async () => {
    const bytes = UPLOAD_REQUEST_LIMIT;
    for (const chunked of [false, true]) {
      const answer = await sendTo("/admin/uploads", bytes, { chunked });
      expect(answer.status, `chunked: ${chunked}`).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes, outcome: "complete" });
      // the route ran while most of the body was still on its way: nothing buffered it first
      expect(seen.at(-1)!.readOnArrival).toBeLessThan(2 * 1024 * 1024);
    }
  });

  it("fails the upload stream once more than the upload limit has arrived, with or without a declared size", async () => {
    for (const chunked of [true, false]) {
      const answer = await sendTo("/admin/uploads", UPLOAD_REQUEST_LIMIT + 1, { chunked });
      expect(answer.status).toBe(413);
      const { bytes, outcome } = JSON.parse(answer.body) as { bytes: number; outcome: string };
      expect(outcome).toBe("too large");
      // what came before the chunk that crossed the limit
      expect(bytes).toBeLessThanOrEqual(UPLOAD_REQUEST_LIMIT);
      expect(bytes).toBeGreaterThan(UPLOAD_REQUEST_LIMIT - 256 * 1024);
    }
    // and a 30 MB body is cut at the limit, answered while it is still being sent
    const answer = await sendTo("/admin/uploads", 30 * 1024 * 1024, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(10_000);
  });

  it("still refuses more than 64 KB everywhere else, including look-alikes of the upload path", async () => {
    for (const path of [
      "/cart",
      "/admin/products",
      "/admin/uploads/",
      "/admin/uploads/x",
      "/admin/uploads/../cart",
      "/admin/upload",
    ]) {
      const answer = await sendTo(path, DEFAULT_BODY_LIMIT + 1);
      expect(answer.status, path).toBe(413);
      expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
    }
    expect((await sendTo("/admin/products", 1024 * 1024, { chunked: true })).status).toBe(413);
    expect(JSON.parse((await sendTo("/cart", DEFAULT_BODY_LIMIT)).body)).toEqual({ length: DEFAULT_BODY_LIMIT });
    // a query string does not change the path
    expect(JSON.parse((await sendTo("/admin/uploads?x=1", 2 * DEFAULT_BODY_LIMIT)).body)).toEqual({
      bytes: 2 * DEFAULT_BODY_LIMIT,
      outcome: "complete",
    });
  });

  it("answers a client that writes its whole oversized upload before reading, also when it asks to close the connection", async () => {
    const bytes = UPLOAD_REQUEST_LIMIT + 2 * 1024 * 1024;
    for (const headers of [{}, { Connection: "close" }] as Array<Record<string, string>>) {
      const answer = await rawRequest({ port: shopPort, path: "/admin/uploads", headers, body: bytes });
      expect(answer.error, JSON.stringify(headers)).toBeNull();
      expect(answer.sent).toBe(bytes);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ outcome: "too large" });
    }
    // and one the route refused before reading a byte of it
    const unread = await rawRequest({
      port: shopPort,
      path: "/admin/uploads",
      headers: { Connection: "close", "x-read": "no" },
      body: bytes,
    });
    expect(unread).toMatchObject({ error: null, sent: bytes, status: 401 });
  });

  it("drains an upload the route answered without reading, so the connection serves the next request", async () => {
    // A raw connection: Node's own client stops sending once it has a complete answer; a browser and
    // this socket go on, and the server must read past the rest of the body to the next request.
    const socket = net.connect(shopPort, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    const both = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no second answer; got: ${received.slice(0, 300)}`)), 15_000);
      socket.on("data", () => {
        if (received.includes('{"bytes":1000,"outcome":"complete"}')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve) => (socket.write(data) ? resolve() : socket.once("drain", () => resolve())));
    const bytes = 5 * 1024 * 1024;
    await write(`POST /admin/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${bytes}\r\nx-read: no\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "v");
    for (let sent = 0; sent < bytes; sent += chunk.length) await write(chunk);
    await write(`POST /admin/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n${"w".repeat(1000)}`);
    await both;
    socket.destroy();
    expect(received.startsWith("HTTP/1.1 401")).toBe(true);
    expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(1);
    const refused = seen.find((s) => s.outcome === "unread");
    expect(refused!.readOnArrival).toBeLessThan(2 * 1024 * 1024);
  });
});
