import { EventEmitter } from "node:events";
import net from "node:net";
import compression from "compression";
import express, { type Response } from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackInFlight, type TrackedHandler } from "./in-flight";
import { createRequestHandler, departureSignal } from "./request-handler";
import { listenForTest, type TestServer } from "./test-server";

/*
 * A visitor who leaves while a route's loader or action is still running: React Router must not be
 * told before it has answered (it would answer at once and leave the loader running unseen), so the
 * handler returns only when the work is done, and shutting down waits for it (decision 034).
 */

const LOADER_MS = 300;
const seen: Array<{ finishedAt: number; abortedAtEnd: boolean }> = [];

/** The smallest build React Router serves: one resource route. */
function buildOf(route: {
  id: string;
  path: string;
  module: { loader(args: { request: Request }): Promise<globalThis.Response> };
}): ServerBuild {
  const root = { id: "root", path: "", module: { default: () => null } };
  return {
    entry: { module: { default: () => new Response("document") } },
    routes: { root, [route.id]: { ...route, parentId: "root" } },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** A build whose one route's loader takes LOADER_MS. */
function slowBuild(): ServerBuild {
  return buildOf({
    id: "routes/slow",
    path: "slow",
    module: {
      async loader({ request }: { request: Request }) {
        await new Promise((resolve) => setTimeout(resolve, LOADER_MS));
        seen.push({ finishedAt: Date.now(), abortedAtEnd: request.signal.aborted });
        return Response.json({ ok: true });
      },
    },
  });
}

let server: TestServer;
let port = 0;
let pages: TrackedHandler;

beforeAll(async () => {
  const app = express();
  pages = trackInFlight(createRequestHandler({ build: slowBuild(), mode: "production" }));
  app.use(pages);
  server = await listenForTest(app);
  port = server.port;
});

afterAll(() => server.close());

describe("a visitor who leaves before the answer", () => {
  it("lets the route's loader finish, unaborted, and the handler is counted until it has", async () => {
    seen.length = 0;
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages.running()).toBe(1);
    socket.destroy();
    // the shutdown's wait: it must not resolve before the loader is done
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pages.running()).toBe(1);
    await pages.settled();
    const settledAt = Date.now();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.finishedAt).toBeLessThanOrEqual(settledAt);
    expect(seen[0]!.abortedAtEnd).toBe(false);
  });

  it("still answers a visitor who stays", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/slow`, { headers: { accept: "application/json" } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
  });
});

describe("departureSignal", () => {
  const fakeResponse = () => new EventEmitter() as unknown as Response;

  it("aborts for a visitor who left only once the answer is ready, then at once", () => {
    const res = fakeResponse();
    const departure = departureSignal(res);
    res.emit("close");
    expect(departure.signal.aborted).toBe(false);
    departure.answered();
    expect(departure.signal.aborted).toBe(true);
  });

  it("aborts when the visitor leaves while the answer streams", () => {
    const res = fakeResponse();
    const departure = departureSignal(res);
    departure.answered();
    expect(departure.signal.aborted).toBe(false);
    res.emit("close");
    expect(departure.signal.aborted).toBe(true);
  });

  it("never aborts a request that was answered in full", () => {
    const res = fakeResponse();
    const departure = departureSignal(res);
    departure.answered();
    res.emit("finish");
    res.emit("close");
    expect(departure.signal.aborted).toBe(false);
  });
});

describe("a body written to the visitor", () => {
  const PIECES = 160;
  const source = { pulled: 0, cancelled: false };
  let shop: TestServer;

  /** A 10 MB download made 64 KB at a time, as the visitor takes it (like the CSV exports). */
  const download = buildOf({
    id: "routes/download",
    path: "download",
    module: {
      async loader() {
        source.pulled = 0;
        source.cancelled = false;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            source.pulled += 1;
            controller.enqueue(new TextEncoder().encode(`"row ${source.pulled}",${"x".repeat(64 * 1024)}\r\n`));
            if (source.pulled === PIECES) controller.close();
          },
          cancel() {
            source.cancelled = true;
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/csv; charset=utf-8" } });
      },
    },
  });

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(createRequestHandler({ build: download, mode: "production" }));
    shop = await listenForTest(app);
  });

  afterAll(() => shop.close());

  it("arrives whole, compressed, without a 'drain' listener left on the compression for every pause", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const answer = await fetch(`http://127.0.0.1:${shop.port}/download`, { headers: { "accept-encoding": "gzip" } });
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      const text = await answer.text();
      expect(text.split("\r\n")).toHaveLength(PIECES + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("stops the body's source when the visitor leaves half way", async () => {
    const socket = net.connect(shop.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /download HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`);
    await new Promise((resolve) => socket.once("data", resolve));
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect.poll(() => source.cancelled).toBe(true);
    expect(source.pulled).toBeLessThan(PIECES);
  });
});
