import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { mediaImageOrigins } from "./boot.server";
import { getDatabase } from "./db/client.server";
import { contentSecurityPolicy, NONCE_PLACEHOLDER } from "./lib/csp";
import { catalogueAddresses } from "~/modules/catalog/index.server";

// The Node server reaches start-up and shutdown through the server build (see server/index.ts).
export { boot, shutdown } from "./boot.server";
export { databaseStatus } from "./db/client.server";

/** The addresses the page cache makes before anyone asks for them (server/warm-up.ts, decision 057), home first. */
export async function warmAddresses(): Promise<string[]> {
  return ["/", ...(await catalogueAddresses(getDatabase().db))];
}

export const streamTimeout = 10_000;

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/**
 * The head with its module preloads asked for at low priority (decision 031): the browser then fetches
 * the stylesheet, the fonts and the first picture ahead of the JavaScript, so a phone on a slow
 * link paints the page before the scripts that make it interactive have arrived.
 */
export function lowPriorityModulePreloads(head: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = head.indexOf(MODULE_PRELOAD); at !== -1; at = head.indexOf(MODULE_PRELOAD, from)) {
    parts.push(head.subarray(from, at), LOW_MODULE_PRELOAD);
    from = at + MODULE_PRELOAD.length;
  }
  if (from === 0) return head;
  parts.push(head.subarray(from));
  return Buffer.concat(parts);
}

/** A whole document with its head rewritten (lowPriorityModulePreloads). */
function rewriteHead(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = html.indexOf(HEAD_END);
  if (end === -1) return html;
  return Buffer.concat([lowPriorityModulePreloads(html.subarray(0, end)), html.subarray(end)]);
}

/** Rewrites the document's head (rewriteHead) as React's output passes; the body passes untouched. */
export function headRewriter(): Transform {
  // what has come of the head so far; null once it has been passed on
  let head: Buffer<ArrayBuffer> | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      const joined = Buffer.concat([head, chunk]);
      if (joined.indexOf(HEAD_END) === -1) {
        head = joined;
        return done();
      }
      head = null;
      done(null, rewriteHead(joined));
    },
    flush(done) {
      done(null, head !== null && head.length > 0 ? head : undefined);
    },
  });
}

/** React's output gathered into one buffer. */
function collect(pipe: (destination: NodeJS.WritableStream) => NodeJS.WritableStream): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    sink.on("error", reject);
    pipe(sink);
  });
}

/** Whether any loader returned a promise for the page to stream in later (React Router's Await). */
function hasDeferredData(context: EntryContext): boolean {
  const loaderData = context.staticHandlerContext.loaderData ?? {};
  return Object.values(loaderData).some(
    (data) =>
      data !== null &&
      typeof data === "object" &&
      Object.values(data as object).some((value) => value instanceof Promise),
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render that is still waiting after streamTimeout. Cleared as soon as everything is
    // rendered: a pending timer keeps the whole render (React's request, the router context with its
    // loader data, the page's chunks) reachable for 11 s after the answer has gone, which under load
    // is hundreds of renders in the old generation (decision 030, docs/performance.md "Memory").
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link-preview bots get the complete document; browsers get the shell as soon as it is
    // ready and deferred parts as they resolve (the home page's New Arrivals).
    const waitForAll = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode);
    // A route may widen the policy (the payment page allows the gateway's script); the server swaps
    // the placeholder for a fresh nonce in this header and in the page (server/nonce.ts). The
    // development server's hot reload injects scripts of its own, so only production builds send it.
    if (!responseHeaders.has("Content-Security-Policy") && process.env.NODE_ENV !== "development") {
      // Pictures may live in object storage on another origin (S3_PUBLIC_URL).
      responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ img: mediaImageOrigins() }));
    }
    const answerWhole = () => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      collect(pipe).then(
        (html) => resolve(new Response(rewriteHead(html), { headers: responseHeaders, status: responseStatusCode })),
        reject,
      );
    };

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={NONCE_PLACEHOLDER} />,
      {
        nonce: NONCE_PLACEHOLDER,
        onShellReady() {
          shellRendered = true;
          if (waitForAll) return;
          // Nothing will arrive later: collect the document and answer it in one piece, which costs
          // far less than streaming it through Node and web streams in hundreds of small writes.
          if (!hasDeferredData(routerContext)) return answerWhole();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const body = headRewriter();
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onAllReady() {
          clearTimeout(timeout);
          if (waitForAll) answerWhole();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // a visitor who left mid-stream (the page's connection closed) is not an error of ours
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
