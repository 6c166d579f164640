import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { bufferedBody, streamedBody } from "./body-limit";
import type { RefreshSource } from "./page-copies";

/*
 * Express -> React Router. Like @react-router/express, except that the request body is the one
 * `bodyLimit` has already read within its limit, or for the few streamed paths (picture uploads) the
 * stream it counts, never the socket itself.
 */

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The address as the page sees it: protocol and host as Express resolves them under `trust proxy`. */
function urlOf(req: Request): string {
  const host = req.get("host") ?? "localhost";
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const chosen = (forwarded || host).replace(/[\\/?#@\s]/g, "") || "localhost";
  return new URL(`${req.protocol}://${chosen}${req.originalUrl}`).href;
}

/**
 * The signal of a request's fetch Request: it aborts when the visitor leaves (the connection closes
 * before the answer is complete), but only once `answered()` has been called. React Router stops
 * waiting for a route's loaders and actions when the signal aborts and answers at once, while they
 * run on unseen: shutting down would then close the database under them (an order being placed for
 * a visitor who left, or the shopper's reads of a page nobody waits for). Until React Router has
 * answered they run to their end, and the handler returns only then (trackInFlight counts it); after
 * that, leaving stops what is still streaming (a page's deferred parts).
 */
export function departureSignal(res: Response): { signal: AbortSignal; answered(): void } {
  const controller = new AbortController();
  let finished = false;
  let left = false;
  let armed = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (finished) return;
    left = true;
    if (armed) controller.abort();
  });
  return {
    signal: controller.signal,
    answered() {
      armed = true;
      if (left) controller.abort();
    },
  };
}

/** The fetch Request React Router's routes get; `signal` is the visitor's (departureSignal). */
export function toFetchRequest(req: Request, signal?: AbortSignal): globalThis.Request {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const stream = hasBody ? streamedBody(req) : undefined;
  if (stream) {
    // `duplex` is what a streamed request body needs (not yet in TypeScript's RequestInit).
    const init: RequestInit & { duplex: "half" } = {
      method: req.method,
      headers: headersOf(req),
      signal,
      body: stream,
      duplex: "half",
    };
    return new Request(urlOf(req), init);
  }
  const body = bufferedBody(req);
  return new Request(urlOf(req), {
    method: req.method,
    headers: headersOf(req),
    signal,
    ...(hasBody ? { body: body ? new Uint8Array(body) : new Uint8Array(0) } : {}),
  });
}

async function send(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(res, response.body);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * Writes a body as fast as the visitor takes it, flushing the compression after each piece (a
 * streamed page's parts arrive as they are rendered). One 'drain' listener serves the whole body:
 * the compression middleware hands 'drain' listeners on to its gzip stream and cannot take them off
 * again, so a listener per wait (as @react-router/node's writer adds) piled up there for every pause
 * of a large compressed download. A visitor who leaves stops the body's source at once.
 */
async function writeBody(res: Response, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const gone = new Promise<"gone">((resolve) =>
    res.destroyed ? resolve("gone") : res.once("close", () => resolve("gone")),
  );
  let wake: (() => void) | undefined;
  const drained = () => wake?.();
  res.on("drain", drained);
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), gone]);
      if (next === "gone") break;
      if (next.done) return void res.end();
      const flowing = res.write(next.value);
      (res as Response & { flush?: () => void }).flush?.();
      if (!flowing && (await Promise.race([new Promise<void>((resolve) => (wake = resolve)), gone])) === "gone") break;
    }
    await reader.cancel();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    // a body that failed half way must not look complete: the connection is cut, not ended
    res.destroy();
    throw error;
  } finally {
    wake = undefined;
    res.off("drain", drained);
  }
}

/**
 * `build` is the build itself in production: React Router then derives its route table once. Given a
 * function (the development server, whose build changes), it derives it again on every request,
 * which cost 4-7 % of a list page's CPU.
 */
export function createRequestHandler({
  build,
  mode,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
}) {
  const handle = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const departure = departureSignal(res);
      const response = await handle(toFetchRequest(req, departure.signal));
      departure.answered();
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** Headers a shared page's render never sees: it must be the same for everyone (decision 029). */
const PERSONAL_HEADERS = new Set(["cookie", "authorization"]);

/** What the page cache keeps of a visitor's request to render its address again: the URL as the page sees it, no cookies. */
export function refreshSource(req: Request): RefreshSource {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of headersOf(req)) if (!PERSONAL_HEADERS.has(name)) headers.push([name, value]);
  return { url: urlOf(req), headers };
}

/**
 * Renders an address again for the page cache, with no visitor waiting (stale-while-revalidate,
 * decision 044): the request's address and headers without its cookies, in the render gate's queue
 * like any page, read to its end. Null when it failed or took longer than `timeoutMs`.
 */
export function createPageRefresher({
  build,
  mode,
  acquire,
  timeoutMs = 30_000,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  acquire: () => Promise<() => void>;
  timeoutMs?: number;
}) {
  const handle = createReactRouterHandler(build, mode);
  return async (source: RefreshSource): Promise<{ status: number; headers: Headers; body: Buffer } | null> => {
    // the source's headers are already without the visitor's cookies and credentials (refreshSource)
    const headers = new Headers(source.headers);
    const signal = AbortSignal.timeout(timeoutMs);
    const request = new Request(source.url, { method: "GET", headers, signal });
    const release = await acquire();
    try {
      const response = await handle(request);
      return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    } catch {
      return null;
    } finally {
      release();
    }
  };
}
