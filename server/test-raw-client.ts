import net from "node:net";

/*
 * A client on a bare socket for the body-limit tests (server/body-limit.test.ts and the end-to-end
 * tests/e2e/request-bodies.spec.ts): it can do what browsers and HTTP libraries do and Node's own
 * client does not, such as write a whole body before reading a byte of the answer, stop sending
 * partway through a declared body, or drop the connection.
 */

export interface RawAnswer {
  /** the answer's status, or 0 when none arrived */
  status: number;
  /** the answer's headers, names lower-cased */
  headers: Record<string, string>;
  /** the answer's body, chunked framing removed */
  body: string;
  /** bytes of the request body written before the client stopped (or the server cut it off) */
  sent: number;
  /** how writing or reading failed (EPIPE, ECONNRESET), or null */
  error: string | null;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  /** request headers besides Host and Content-Length */
  headers?: Record<string, string>;
  /** the body, or its size (filled with a letter); its length is what Content-Length declares */
  body: Buffer | number;
  /**
   * `whole`: the whole body is written, then the answer read (the default). `truncated`: only
   * `stopAfter` bytes of it, then the client ends its side of the connection. `aborted`: only
   * `stopAfter` bytes, then the connection is dropped.
   */
  mode?: "whole" | "truncated" | "aborted";
  stopAfter?: number;
  /** the request line's version: "1.1" (the default) or "1.0" */
  version?: "1.0" | "1.1";
  /** how long to wait for the answer, in ms */
  timeout?: number;
}

/** Sends one request on a connection of its own and reads its answer (see RawRequest). */
export async function rawRequest(request: RawRequest): Promise<RawAnswer> {
  const { port, method = "POST", path, mode = "whole", version = "1.1", timeout = 10_000 } = request;
  const body = typeof request.body === "number" ? Buffer.alloc(request.body, "x") : request.body;
  const stopAt = mode === "whole" ? body.length : Math.min(request.stopAfter ?? 0, body.length);
  const socket = net.connect(port, "127.0.0.1");
  let error: string | null = null;
  const received: Buffer[] = [];
  socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });

  const write = (data: Buffer | string) =>
    Promise.race([
      new Promise<void>((resolve) => (socket.write(data) ? resolve() : socket.once("drain", () => resolve()))),
      closed,
    ]);
  const head = Object.entries({ Host: `127.0.0.1:${port}`, ...request.headers, "Content-Length": String(body.length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  await write(`${method} ${path} HTTP/${version}\r\n${head}\r\n`);
  let sent = 0;
  const piece = 64 * 1024;
  while (sent < stopAt && error === null && !socket.destroyed) {
    const end = Math.min(stopAt, sent + piece);
    await write(body.subarray(sent, end));
    sent = end;
  }
  if (mode === "aborted") {
    socket.destroy();
    return { status: 0, headers: {}, body: "", sent, error };
  }
  if (mode === "truncated") socket.end();

  // Only now is the answer read: until here it waited in the socket's buffers, unread.
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  const complete = new Promise<void>((resolve) => {
    socket.on("data", () => {
      if (parseAnswer(Buffer.concat(received)).complete) resolve();
    });
  });
  if (!socket.readableFlowing) socket.resume();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([complete, closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)))]);
  clearTimeout(timer);
  socket.destroy();
  const answer = parseAnswer(Buffer.concat(received));
  return { status: answer.status, headers: answer.headers, body: answer.body, sent, error };
}

/** The status, headers and body of an HTTP/1.1 answer, and whether all of its body is there. */
function parseAnswer(bytes: Buffer): {
  status: number;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
} {
  const text = bytes.toString("latin1");
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd === -1) return { status: 0, headers: {}, body: "", complete: false };
  const [statusLine = "", ...lines] = text.slice(0, headEnd).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1] ?? 0);
  const rest = bytes.subarray(headEnd + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", at);
      if (lineEnd === -1) break;
      const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (Number.isNaN(size)) break;
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString("utf8"), complete: true };
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    return { status, headers, body: Buffer.concat(parts).toString("utf8"), complete: false };
  }
  const length = Number(headers["content-length"] ?? NaN);
  if (!Number.isFinite(length)) return { status, headers, body: rest.toString("utf8"), complete: false };
  return { status, headers, body: rest.subarray(0, length).toString("utf8"), complete: rest.length >= length };
}
