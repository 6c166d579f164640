/*
 * The upload route behind the server's own middleware (origin guard, client address, body limits with
 * the upload path streamed), as in production, for tests/integration/admin-uploads.test.ts and
 * s3-storage.test.ts. Also: staff and shopper sessions, a multipart writer and a client that can
 * stream a large body and tell how much of it had been sent when the answer came.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import type { Config } from "../../app/config.server";
import type { Db } from "../../app/db/client.server";
import { smsOutbox } from "../../app/modules/accounts/schema.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import * as uploadsRoute from "../../app/routes/admin.uploads";
import { bodyLimit, bufferedBody, SHOP_BODY_LIMITS } from "../../server/body-limit";
import { toFetchRequest } from "../../server/request-handler";
import { clientAddressHeader, sameOriginGuard } from "../../server/security";

const CONFIG_KEY = Symbol.for("shop.config");

/** Makes `config` the process's configuration (getConfig, getMediaStorage); returns the one it replaced. */
export function useConfig(config: Config | undefined): Config | undefined {
  const g = globalThis as unknown as Record<symbol, Config | undefined>;
  const saved = g[CONFIG_KEY];
  g[CONFIG_KEY] = config;
  return saved;
}

export interface UploadShop {
  port: number;
  origin: string;
  /** bytes the server had read from each connection when it answered, by the request's x-test-id */
  readAtAnswer: Map<string, number>;
  close(): Promise<void>;
}

async function send(res: express.Response, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startUploadShop(config: Config): Promise<UploadShop> {
  const readAtAnswer = new Map<string, number>();
  const app = express();
  app.use((req, res, next) => {
    const id = req.get("x-test-id");
    if (id) res.once("finish", () => readAtAnswer.set(id, req.socket.bytesRead));
    next();
  });
  app.use(sameOriginGuard(config));
  app.use(clientAddressHeader());
  app.use(bodyLimit(SHOP_BODY_LIMITS));
  app.post("/admin/uploads", async (req, res) => {
    const args = { request: toFetchRequest(req), params: {}, context: {} } as unknown as Parameters<
      typeof uploadsRoute.action
    >[0];
    let response: Response;
    try {
      response = await uploadsRoute.action(args);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    await send(res, response);
  });
  app.get("/admin/uploads", async (_req, res) => send(res, uploadsRoute.loader()));
  // any other form action: the 64 KB limit
  app.post("/{*splat}", (req, res) => {
    res.json({ length: bufferedBody(req)?.length ?? 0 });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    readAtAnswer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const AUTH_BASE = "http://localhost:3000";

/** A staff account and a signed-in session's cookie. */
export async function staffSession(db: Db, name: string, email: string): Promise<{ cookie: string; userId: string }> {
  const password = `kesar-mango-${randomBytes(3).toString("hex")}-42`;
  const created = await createStaffAccount(db, getAuth(), { name, email, password });
  const response = await getAuth().handler(
    new Request(`${AUTH_BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: AUTH_BASE,
        "x-forwarded-for": `198.51.100.${10 + (email.length % 200)}`,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (response.status !== 200) throw new Error(`staff sign-in failed: ${response.status}`);
  return {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
    userId: created.userId,
  };
}

/** A shopper signed in with a one-time code (read from the console SMS provider's outbox). */
export async function shopperSession(db: Db, phone: string): Promise<string> {
  const client = new Headers({ origin: AUTH_BASE, "x-forwarded-for": "203.0.113.77" });
  await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: client });
  const [message] = await db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no sign-in code in the outbox");
  const verified = await getAuth().api.verifyPhoneNumber({
    body: { phoneNumber: phone, code },
    headers: client,
    returnHeaders: true,
  });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----shopTestBoundary${randomBytes(8).toString("hex")}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    pieces.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Answer {
  status: number;
  text: string;
  json: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  ms: number;
  /** bytes of the body written by the client when the answer's headers arrived */
  sentWhenAnswered: number;
  /** bytes of the body the client wrote in all (all of it unless the server cut the connection) */
  sent: number;
}

export interface PostOptions {
  cookie?: string;
  origin?: string | null;
  contentType?: string;
  /** no Content-Length: the body goes chunked, so only the bytes that arrive can be counted */
  chunked?: boolean;
  /** Content-Length to declare instead of the body's real length */
  declaredLength?: number;
  /** a label for shop.readAtAnswer */
  testId?: string;
  path?: string;
}

/**
 * Posts `body` (a buffer, or a number of filler bytes generated as they are sent) on a connection of
 * its own, in 64 KB writes that wait for the socket, as a browser uploading a file would (keep-alive:
 * the server then reads and drops what it refused instead of closing the connection on the sender).
 */
export function post(
  shop: UploadShop,
  body: Buffer | { prefix: Buffer; filler: number; suffix: Buffer },
  options: PostOptions = {},
): Promise<Answer> {
  const total = Buffer.isBuffer(body) ? body.length : body.prefix.length + body.filler + body.suffix.length;
  const headers: Record<string, string> = {};
  if (options.contentType) headers["content-type"] = options.contentType;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? shop.origin;
  if (options.testId) headers["x-test-id"] = options.testId;
  if (!options.chunked) headers["content-length"] = String(options.declaredLength ?? total);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let sentWhenAnswered = -1;
    let finished = false;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request(
      { host: "127.0.0.1", port: shop.port, path: options.path ?? "/admin/uploads", method: "POST", headers, agent },
      (res) => {
        sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          finished = true;
          agent.destroy();
          const text = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // plain-text answers (the origin guard, the body limit)
          }
          resolve({
            status: res.statusCode ?? 0,
            text,
            json,
            headers: res.headers,
            ms: performance.now() - started,
            sentWhenAnswered,
            sent,
          });
        });
      },
    );
    req.on("error", (error) => {
      agent.destroy();
      if (!finished) reject(error);
    });
    const pieces: Array<() => Buffer | null> = [];
    if (Buffer.isBuffer(body)) {
      let offset = 0;
      pieces.push(() => {
        if (offset >= body.length) return null;
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        return piece;
      });
    } else {
      const filler = Buffer.alloc(64 * 1024, 0x61);
      let prefixSent = false;
      let fillerLeft = body.filler;
      let suffixSent = false;
      pieces.push(() => {
        if (!prefixSent) {
          prefixSent = true;
          return body.prefix;
        }
        if (fillerLeft > 0) {
          const piece = filler.subarray(0, Math.min(filler.length, fillerLeft));
          fillerLeft -= piece.length;
          return piece;
        }
        if (!suffixSent) {
          suffixSent = true;
          return body.suffix;
        }
        return null;
      });
    }
    const next = pieces[0]!;
    const write = () => {
      for (;;) {
        if (req.destroyed) return;
        const piece = next();
        if (!piece) {
          req.end();
          return;
        }
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", write);
          return;
        }
      }
    };
    write();
  });
}

/** A multipart body around `filler` bytes of file content that are generated while sending. */
export function streamedFile(fillerBytes: number, filename = "big.jpg", type = "image/jpeg") {
  const boundary = `----shopTestBoundary${randomBytes(8).toString("hex")}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: {
      prefix: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n\xff\xd8\xff\xe0`,
        "latin1",
      ),
      filler: fillerBytes,
      suffix: Buffer.from(`\r\n--${boundary}--\r\n`),
    },
  };
}
