import type { NextFunction, Request, Response } from "express";
import {
  SHOPPER_UPLOAD_PATH,
  SHOPPER_UPLOAD_REQUEST_LIMIT,
  UPLOAD_PATH,
  UPLOAD_REQUEST_LIMIT,
} from "../app/modules/media";
import { IMPORT_MAX_BYTES, IMPORT_PATH, IMPORT_REQUEST_OVERHEAD } from "../app/modules/catalog";
import { NO_STORE } from "../app/lib/cache-control";
import { processSingleton } from "../app/lib/process-singleton";
import { routedPath } from "./security";

/*
 * Request bodies are read here, in full and within a byte limit, before React Router sees them
 * (decision 014: one anonymous 30 MB POST used to exhaust the process's memory). The count is of the
 * bytes that actually arrive, so a chunked body or a false Content-Length cannot get past it.
 * Route code then reads the buffered body as usual through `request.formData()` or `.json()`.
 *
 * A few paths (the admin's picture uploads) get their body as a stream instead: the route decides
 * who may send before a byte is read (staff only), its parser holds only what it must, and the bytes
 * are still counted here as they flow, the stream failing once they pass the path's limit. Whatever
 * the route leaves unread is drained after its answer, as for a refusal.
 *
 * Draining is what lets a client that writes its whole body before it reads (many HTTP libraries,
 * simple scripts) see the answer: a connection closed with bytes of the body unread makes the kernel
 * send a reset, and the client loses the answer it had not read yet. Node closes the connection
 * right after the answer when it is the last one on it (the client sent `Connection: close` or
 * spoke HTTP/1.0, or the server is stopping), so for a body that may still be arriving the answer
 * keeps the connection open and it is closed here once the body has been read to its end.
 */

/** Ordinary forms and JSON: a 100-line guest cart with a 200-product wishlist is about 25 KB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

/** Each request's body as read here, for the route handler; the same map for every copy of this file. */
const bodies = (): WeakMap<Request, Buffer> => processSingleton("requestBodies", () => new WeakMap());

/** The body read by `bodyLimit`, or undefined for requests that carry none. */
export function bufferedBody(req: Request): Buffer | undefined {
  return bodies().get(req);
}

export interface BodyLimitOptions {
  /** bytes allowed for a request; a path may be given its own (the admin's picture uploads) */
  limitFor?: (req: Request) => number;
  /** requests whose body reaches the route as a stream, counted against `limitFor` while it flows */
  streamFor?: (req: Request) => boolean;
}

/** The stream that a counted body fails with once it passes its limit. */
export class RequestBodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = "RequestBodyTooLargeError";
  }
}

/** The stream of a body that ended before it was whole: the client went away, or its connection failed. */
export class RequestBodyIncompleteError extends Error {
  constructor(cause?: Error) {
    super("The client closed the connection before the end of the body.", { cause });
    this.name = "RequestBodyIncompleteError";
  }
}

/** The counted body streams of streamed paths, for the route handler. */
const streams = (): WeakMap<Request, ReadableStream<Uint8Array>> =>
  processSingleton("requestBodyStreams", () => new WeakMap());

/** The counted body stream set up by `bodyLimit` for a streamed path, or undefined. */
export function streamedBody(req: Request): ReadableStream<Uint8Array> | undefined {
  return streams().get(req);
}

function isUploadRequest(req: Request): boolean {
  return routedPath(req.originalUrl ?? req.url) === UPLOAD_PATH;
}

/** A signed-in shopper's photo for a return request (one 8 MB photo plus the framing). */
function isShopperUploadRequest(req: Request): boolean {
  return routedPath(req.originalUrl ?? req.url) === SHOPPER_UPLOAD_PATH;
}

/**
 * The shop's limits: 64 KB for every body, except the admin's picture uploads (one 10 MB picture
 * plus the multipart framing), shoppers' photos (one 8 MB photo) and products CSV imports (a 5 MB
 * file plus the framing), which are streamed to their routes and counted on the way: no body is held
 * whole in memory.
 */
export const SHOP_BODY_LIMITS: Required<BodyLimitOptions> = {
  limitFor: (req) =>
    isUploadRequest(req)
      ? UPLOAD_REQUEST_LIMIT
      : isShopperUploadRequest(req)
        ? SHOPPER_UPLOAD_REQUEST_LIMIT
        : isProductImportRequest(req)
          ? PRODUCT_IMPORT_BODY_LIMIT
          : DEFAULT_BODY_LIMIT,
  streamFor: (req) => isUploadRequest(req) || isShopperUploadRequest(req) || isProductImportRequest(req),
};

/**
 * Past the limit, the rest of a body is read and thrown away (no memory kept), so that a client
 * still sending receives the 413 instead of a broken connection; a body declared larger than this,
 * or one that goes on past this much after the answer, has its connection cut.
 */
export const DRAIN_LIMIT = 16 * 1024 * 1024;

const declaredLength = (req: Request) => Number(req.headers["content-length"] ?? 0);

/**
 * Called before the answer is written to a request whose body may still be arriving: if Node would
 * end the connection right after that answer (see the top of this file), the answer keeps it open
 * instead, and the connection is ended here once the rest of the body has arrived and been dropped.
 */
function closeOnlyAfterBody(req: Request, res: Response) {
  const closing = !res.shouldKeepAlive || /\bclose\b/i.test(String(res.getHeader("connection") ?? ""));
  if (!closing || res.headersSent) return;
  res.removeHeader("Connection");
  res.shouldKeepAlive = true;
  res.once("finish", () => {
    const close = () => req.socket.end();
    if (req.complete) close();
    else req.once("end", close);
  });
}

/** Reads and drops what is left of the body, cutting the connection past DRAIN_LIMIT. */
function drain(req: Request) {
  if (req.readableEnded || req.destroyed) return;
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

function refuse(req: Request, res: Response, status: 413 | 400, message: string) {
  refuseUnread(req, res, () => res.status(status).set("Cache-Control", NO_STORE).type("text/plain").send(message));
}

/**
 * Answers a request whose body has not been read (a refusal before the body limit, such as the
 * same-origin guard's) so that the client still reads the answer: the rest of the body is read and
 * dropped up to DRAIN_LIMIT, and the connection cut beyond it.
 */
export function refuseUnread(req: Request, res: Response, answer: () => void) {
  if (declaredLength(req) > DRAIN_LIMIT) {
    res.once("finish", () => req.destroy());
  } else {
    closeOnlyAfterBody(req, res);
    drain(req);
  }
  if (!res.headersSent) answer();
}

/** Past the route's answer, the rest of a body is read and dropped (cut off beyond DRAIN_LIMIT). */
function drainAfterAnswer(req: Request, res: Response, detach: () => void) {
  const cut = declaredLength(req) > DRAIN_LIMIT;
  if (!cut) closeOnlyAfterBody(req, res);
  res.once("finish", () => {
    detach();
    if (req.readableEnded || req.destroyed) return;
    if (cut) req.destroy();
    else drain(req);
  });
  // The answer was cut short (the client went away): nothing more to read.
  res.once("close", () => {
    if (!res.writableFinished && !req.destroyed) req.destroy();
  });
}

/**
 * The body as a web stream that pulls from the socket only as fast as the route reads (so an unread
 * body stays in the kernel's buffers, not in memory) and fails with RequestBodyTooLargeError once
 * more than `limit` bytes have arrived.
 */
function countedStream(req: Request, limit: number): { stream: ReadableStream<Uint8Array>; detach: () => void } {
  let received = 0;
  let open = true;
  const stop = () => {
    open = false;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
    req.pause();
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (!open) return;
    received += chunk.length;
    if (received > limit) {
      stop();
      controller.error(new RequestBodyTooLargeError(limit));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    if (!open) return;
    stop();
    controller.close();
  };
  const onError = (error: Error) => {
    if (!open) return;
    stop();
    controller.error(new RequestBodyIncompleteError(error));
  };
  const onClose = () => {
    if (!open || req.readableEnded) return;
    stop();
    controller.error(new RequestBodyIncompleteError());
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.pause();
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        req.on("close", onClose);
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        if (open) stop();
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  );
  // After the answer: whatever the route did not read is no longer its to read.
  const detach = () => {
    if (!open) return;
    stop();
    try {
      controller.error(new Error("The request was answered before its body was read."));
    } catch {
      // already closed
    }
  };
  return { stream, detach };
}

export function bodyLimit({ limitFor = () => DEFAULT_BODY_LIMIT, streamFor = () => false }: BodyLimitOptions = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req);
    if (streamFor(req)) {
      // Declared sizes are the route's to refuse, after it knows who is sending (staff only).
      const { stream, detach } = countedStream(req, limit);
      streams().set(req, stream);
      drainAfterAnswer(req, res, detach);
      return next();
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(req, res, 413, BODY_TOO_LARGE_MESSAGE);

    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = (error?: { status: 400 | 413; message: string }) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      if (error) return refuse(req, res, error.status, error.message);
      bodies().set(req, Buffer.concat(chunks, received));
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        chunks.length = 0;
        return finish({ status: 413, message: BODY_TOO_LARGE_MESSAGE });
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish({ status: 400, message: "The request could not be read." });
    // The client went away before the end: nothing to answer.
    const onClose = () => {
      if (done) return;
      done = true;
      chunks.length = 0;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  };
}

/* ---------- the products CSV import (decision 023) ---------- */

/** What an import upload may carry: a 5 MB file and the multipart framing around it. */
export const PRODUCT_IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES + IMPORT_REQUEST_OVERHEAD;

/** A post to the import screen: the page's own address, or React Router's `.data` request for it. */
export function isProductImportRequest(req: Request): boolean {
  const path = routedPath(req.originalUrl ?? req.url);
  return path === IMPORT_PATH || path === `${IMPORT_PATH}.data`;
}
