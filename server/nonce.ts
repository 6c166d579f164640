import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { NONCE_PLACEHOLDER } from "../app/lib/csp";

/*
 * A fresh script nonce on every HTML response. Pages are rendered (and kept in the page cache) with
 * NONCE_PLACEHOLDER in their Content-Security-Policy header and script tags; this middleware, which
 * sits outside the page cache, puts a new random value in both places as the response goes out.
 * The nonce has the placeholder's length, so Content-Length stays true.
 */

const PLACEHOLDER = Buffer.from(NONCE_PLACEHOLDER);
const KEEP = PLACEHOLDER.length - 1;

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** `data` with every placeholder replaced by `nonce` (a copy when there is one; `data` itself when none). */
export function replaceAll(data: Buffer, nonce: Buffer): Buffer {
  let at = data.indexOf(PLACEHOLDER);
  if (at === -1) return data;
  const copy = Buffer.from(data);
  while (at !== -1) {
    nonce.copy(copy, at);
    at = copy.indexOf(PLACEHOLDER, at + PLACEHOLDER.length);
  }
  return copy;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string")
    return Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

export function scriptNonce() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    const nonceBytes = Buffer.from(nonce);
    let html: boolean | null = null;

    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const policy = res.getHeader("content-security-policy");
      if (typeof policy === "string")
        res.setHeader("Content-Security-Policy", policy.replaceAll(NONCE_PLACEHOLDER, nonce));
      return writeHead(...args);
    }) as Response["writeHead"];

    // A page cache's copy arrives compressed and with its own nonce: nothing to replace there.
    const isHtml = () =>
      (html ??= /^text\/html\b/i.test(String(res.getHeader("content-type") ?? "")) && !res.getHeader("x-page-cache"));
    // The placeholder may straddle two writes: hold back its length less one byte until the next.
    let held: Buffer = Buffer.alloc(0);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const bytes = isHtml() ? toBuffer(chunk, rest[0]) : null;
      if (!bytes) return write(chunk, ...rest);
      const callback = rest.find((r) => typeof r === "function");
      const joined = replaceAll(held.length > 0 ? Buffer.concat([held, bytes]) : bytes, nonceBytes);
      const cut = Math.max(0, joined.length - KEEP);
      held = joined.subarray(cut);
      return write(joined.subarray(0, cut), ...(callback ? [callback] : []));
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!isHtml()) return end(chunk, ...rest);
      const bytes = typeof chunk === "function" ? null : toBuffer(chunk, rest[0]);
      const callback = [chunk, ...rest].find((r) => typeof r === "function");
      const last = replaceAll(bytes ? Buffer.concat([held, bytes]) : held, nonceBytes);
      held = Buffer.alloc(0);
      return end(last, ...(callback ? [callback] : []));
    }) as Response["end"];
    next();
  };
}
