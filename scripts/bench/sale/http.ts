/*
 * The sale model's HTTP client: node's own http module over a keep-alive agent with a bounded number
 * of sockets (a browser keeps its connection open between pages; thousands of shoppers do not each get
 * a connection of their own, and the generator cannot open more than the bound). Every request has a
 * time limit. Answers are read whole; their bodies are decompressed and decoded only when a step needs
 * what they say (a form's next step, a session cookie), so the generator spends little per request.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Request {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** the answer's body is read and dropped (a page nobody looks into): less work for the generator */
  dropBody?: boolean;
}

/** What browsers send; copies of shared pages are kept compressed, as they are served to browsers. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const IDLE_SOCKET_MS = 4000;

class StaleSocket extends Error {}

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly url: URL;
  private readonly timeoutMs: number;

  constructor(base: string, options: { maxSockets: number; timeoutMs: number }) {
    this.url = new URL(base);
    this.timeoutMs = options.timeoutMs;
    // an idle socket is closed by the agent before the server's keep-alive time (Node's default 5 s)
    // ends it, so a request is never sent on a socket the server is closing
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: options.maxSockets,
      maxFreeSockets: 256,
      timeout: IDLE_SOCKET_MS,
    });
  }

  get origin(): string {
    return this.url.origin;
  }

  /**
   * Sends one request and reads its answer; rejects when there is none within the time limit. A kept-alive
   * socket the server closed just as the request went out fails before any answer: that request is sent
   * again once on a new connection, as browsers do.
   */
  async send(request: Request): Promise<Answer> {
    try {
      return await this.sendOnce(request);
    } catch (error) {
      if (!(error instanceof StaleSocket)) throw error;
      return this.sendOnce(request);
    }
  }

  private sendOnce(request: Request): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING, ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      let answered = false;
      const req = http.request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          method: request.method,
          path: request.path,
          headers,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => {
            if (!request.dropBody) chunks.push(chunk);
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on("error", (error: NodeJS.ErrnoException) => {
        const stale =
          req.reusedSocket && !answered && (error.code === "ECONNRESET" || error.message === "socket hang up");
        reject(stale ? new StaleSocket(error.message) : error);
      });
      req.end(request.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The answer's body as text, decompressed as its Content-Encoding says. */
export function bodyText(answer: Answer): string {
  const encoding = answer.headers["content-encoding"];
  const raw =
    encoding === "gzip" ? gunzipSync(answer.body) : encoding === "br" ? brotliDecompressSync(answer.body) : answer.body;
  return raw.toString("utf8");
}

export function jsonOf<T>(answer: Answer): T | null {
  try {
    return JSON.parse(bodyText(answer)) as T;
  } catch {
    return null;
  }
}

/** A single-fetch answer (a `.data` address), decoded as the router in the browser decodes it; null when it cannot be read. */
export async function decodeData(answer: Answer): Promise<unknown> {
  const contentType = String(answer.headers["content-type"] ?? "");
  if (!contentType.startsWith("text/x-script")) return null;
  try {
    const text = bodyText(answer);
    const stream = new Response(text).body!;
    const { value, done } = await decodeTurboStream(stream, globalThis);
    await done;
    return value;
  } catch {
    return null;
  }
}

/** The cookies an answer sets, as a Cookie header ("" when none). */
export function cookiesOf(answer: Answer): string {
  const set = answer.headers["set-cookie"] ?? [];
  return set.map((c) => c.split(";")[0]).join("; ");
}

export function formBody(fields: Record<string, string>): { body: string; contentType: string } {
  return { body: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
}

/** A multipart form as a browser sends one (the product editor posts its JSON this way). */
export function multipartBody(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----sale-bench-${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`, "utf8"),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
