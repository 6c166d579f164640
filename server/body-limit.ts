import type { NextFunction, Request, Response } from "express";
import { IMPORT_MAX_BYTES, IMPORT_PATH, IMPORT_REQUEST_OVERHEAD } from "../app/modules/catalog/product-csv";
import { routedPath } from "./security";

/*
 * Request bodies are read here, in full and within a byte limit, before React Router sees them
 * (issue 15: one anonymous 30 MB POST used to exhaust the process's memory). The count is of the
 * bytes that actually arrive, so a chunked body or a false Content-Length cannot get past it.
 * Route code then reads the buffered body as usual through `request.formData()` or `.json()`.
 */

/** Ordinary forms and JSON: a 100-line guest cart with a 200-product wishlist is about 25 KB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

const BODY = Symbol.for("shop.requestBody");

type WithBody = Request & { [BODY]?: Buffer };

/** The body read by `bodyLimit`, or undefined for requests that carry none. */
export function bufferedBody(req: Request): Buffer | undefined {
  return (req as WithBody)[BODY];
}

export interface BodyLimitOptions {
  /** bytes allowed for a request; a path may be given its own (the admin's picture uploads will) */
  limitFor?: (req: Request) => number;
}

/**
 * Past the limit, the rest of a body is read and thrown away (no memory kept), so that a client
 * still sending receives the 413 instead of a broken connection; beyond this much more, the
 * connection is cut.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

function refuse(req: Request, res: Response, status: 413 | 400, message: string) {
  if (!res.headersSent) {
    res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > DRAIN_LIMIT) {
    res.once("finish", () => req.destroy());
    return;
  }
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

export function bodyLimit({ limitFor = () => DEFAULT_BODY_LIMIT }: BodyLimitOptions = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req);
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
      (req as WithBody)[BODY] = Buffer.concat(chunks, received);
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

/* ---------- the products CSV import (issue 12; decision 023) ---------- */

/** What an import upload may carry: a 5 MB file and the multipart framing around it. */
export const PRODUCT_IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES + IMPORT_REQUEST_OVERHEAD;

/** A post to the import screen: the page's own address, or React Router's `.data` request for it. */
export function isProductImportRequest(req: Request): boolean {
  const path = routedPath(req.originalUrl ?? req.url);
  return path === IMPORT_PATH || path === `${IMPORT_PATH}.data`;
}

/** `limitFor` with the import's own limit on top of another (by default 64 KB everywhere). */
export function withProductImportLimit(limitFor: (req: Request) => number = () => DEFAULT_BODY_LIMIT): (req: Request) => number {
  return (req) => (isProductImportRequest(req) ? PRODUCT_IMPORT_BODY_LIMIT : limitFor(req));
}
