import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import net from "node:net";
import { CSV_MESSAGES } from "../../app/modules/catalog/product-csv";
import { ADMIN_SIZES } from "../../app/modules/catalog/product-form";
import { UPLOAD_MESSAGES, UPLOAD_REQUEST_LIMIT } from "../../app/modules/media/upload-rules";
import { BODY_TOO_LARGE_MESSAGE, DEFAULT_BODY_LIMIT, PRODUCT_IMPORT_BODY_LIMIT } from "../../server/body-limit";
import { rawRequest, type RawAnswer } from "../../server/test-raw-client";
import { BODIES_SHOP_PRODUCTS, BODIES_SHOP_STAFF } from "./support/bodies-shop";
import { builtManifest, routeAddress } from "./support/build-manifest";
import { expect, test } from "./support/test";

/*
 * Request bodies that are too large, cut short or dropped, sent to every route that reads a body as
 * a stream (picture uploads, the products CSV import and its .data request) or that a payment
 * gateway posts to, and a download left half way, against the production server in a process of its
 * own: a stream's error that nobody handles ends the process, so each request is followed by a
 * check that the same process still answers. Also: clients that write a whole oversized body before
 * reading get the 413 and its message, and routes that only take POSTs answer GET and HEAD with 405.
 *
 * The shop runs in live mode on a fresh embedded database seeded by support/seed-bodies-shop.ts (a
 * staff owner, and products whose export is about 5 MB): the demo mode's first start draws the
 * catalogue's pictures and takes far longer.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASE_URL = "https://shop.example.test";
const DATA_DIR = "tmp/e2e-bodies-data";

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR,
  SHOP_MODE: "live",
  BASE_URL,
  AUTH_SECRET: "e2e-bodies-secret-0123456789abcdefghij",
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "e2e-bodies-token-0123456789",
  TWILIO_FROM: "+15005550006",
  TWILIO_API_URL: "http://127.0.0.1:9",
  SMTP_URL: "smtp://127.0.0.1:9",
  MAIL_FROM: "Saanjh <orders@shop.example.test>",
  // the webhook and callback routes do their real work (nothing here reaches Razorpay)
  RAZORPAY_KEY_ID: "rzp_test_bodies0000",
  RAZORPAY_KEY_SECRET: "e2e-bodies-key-secret-0123",
  RAZORPAY_WEBHOOK_SECRET: "e2e-bodies-webhook-secret",
  PAGE_CACHE_MB: "0",
  LOG_LEVEL: "warn",
};

/**
 * What the shop's TLS proxy adds in live mode: the address the visitor used. The pages' own check
 * of a form's origin (React Router's) compares the Origin header with that address.
 */
const PROXIED = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": new URL(BASE_URL).host };

const MB = 1024 * 1024;
const BOUNDARY = "----e2e-request-bodies";

/** A multipart body of one file part, `bytes` long in all. */
function multipartFile(bytes: number, fileName: string): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), "a")]);
}

interface StreamingRoute {
  path: string;
  staff: boolean;
  contentType: string;
  /** the most the route takes */
  limit: number;
  body(bytes: number): Buffer;
  /** the refusal of an oversized body, in the words its screen or caller shows */
  message: string;
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const ROUTES: StreamingRoute[] = [
  {
    path: "/admin/uploads",
    staff: true,
    contentType: multipart,
    limit: UPLOAD_REQUEST_LIMIT,
    body: (n) => multipartFile(n, "kurta.jpg"),
    message: UPLOAD_MESSAGES.tooLarge,
  },
  {
    path: "/admin/products/import",
    staff: true,
    contentType: multipart,
    limit: PRODUCT_IMPORT_BODY_LIMIT,
    body: (n) => multipartFile(n, "products.csv"),
    message: CSV_MESSAGES.tooLarge,
  },
  {
    path: "/admin/products/import.data",
    staff: true,
    contentType: multipart,
    limit: PRODUCT_IMPORT_BODY_LIMIT,
    body: (n) => multipartFile(n, "products.csv"),
    message: CSV_MESSAGES.tooLarge,
  },
  {
    path: "/api/payments/razorpay/webhook",
    staff: false,
    contentType: "application/json",
    limit: DEFAULT_BODY_LIMIT,
    body: (n) => Buffer.alloc(n, " "),
    message: BODY_TOO_LARGE_MESSAGE,
  },
  {
    path: "/api/payments/razorpay/callback",
    staff: false,
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_BODY_LIMIT,
    body: (n) => Buffer.alloc(n, "a"),
    message: BODY_TOO_LARGE_MESSAGE,
  },
];

test.describe("request bodies against a server process of its own", () => {
  test.setTimeout(120_000);

  let server: ChildProcess;
  let output = "";
  let staffCookie = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    const seeded = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "tests/e2e/support/seed-bodies-shop.ts"],
      { env, encoding: "utf8" },
    );
    expect(seeded.status, seeded.stderr).toBe(0);
    server = spawn(process.execPath, ["build/server/main.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(async () => (await fetch(`${ORIGIN}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
    // and it is this process that answers, not one left over on the port
    await expectSameProcessAnswers("start-up");

    const signIn = await fetch(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { ...PROXIED, origin: BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ email: BODIES_SHOP_STAFF.email, password: BODIES_SHOP_STAFF.password }),
    });
    expect(signIn.status).toBe(200);
    staffCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  /** The process started above is still running and answers /healthz. */
  async function expectSameProcessAnswers(after: string) {
    const health = await fetch(`${ORIGIN}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(
      (error: Error) => error,
    );
    // a process that is going down may not have gone yet: a moment for it to end and say why
    if (!(health instanceof Response)) await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(
      { exitCode: server.exitCode, signal: server.signalCode },
      `the server process ended after ${after}:\n${output}`,
    ).toEqual({ exitCode: null, signal: null });
    expect(() => process.kill(server.pid!, 0), after).not.toThrow();
    expect(health instanceof Response ? health.status : String(health), after).toBe(200);
  }

  const headersFor = (route: StreamingRoute, extra: Record<string, string> = {}): Record<string, string> => ({
    ...PROXIED,
    Origin: BASE_URL,
    "Content-Type": route.contentType,
    ...(route.staff ? { Cookie: staffCookie } : {}),
    ...extra,
  });

  /** What the server logged (at warn or above) while `run` ran. */
  async function loggedDuring(run: () => Promise<void>): Promise<string> {
    const from = output.length;
    await run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return output.slice(from);
  }

  /** An oversized, a truncated and a dropped body to each route, checking the process after each. */
  async function sendEachBadBody() {
    for (const route of ROUTES) {
      // the whole oversized body written before a byte of the answer is read, on a connection the
      // client asks to close: the answer must still arrive
      const over = route.body(route.limit + MB);
      const refused = await rawRequest({
        port: PORT,
        path: route.path,
        headers: headersFor(route, { Connection: "close" }),
        body: over,
      });
      await expectSameProcessAnswers(`an oversized body to ${route.path}`);
      expect({ status: refused.status, error: refused.error, sent: refused.sent }, `${route.path}: oversized`).toEqual({
        status: 413,
        error: null,
        sent: over.length,
      });
      expect(refused.body, `${route.path}: oversized`).toContain(route.message);

      // Content-Length says more than is sent; then the client ends its side of the connection
      const declared = route.body(Math.min(route.limit, 2 * MB));
      const truncated = await rawRequest({
        port: PORT,
        path: route.path,
        headers: headersFor(route),
        body: declared,
        mode: "truncated",
        stopAfter: declared.length / 2,
      });
      await expectSameProcessAnswers(`a truncated body to ${route.path}`);
      expect(truncated.status, `${route.path}: truncated`).not.toBe(200);

      // the connection dropped in the middle of the body
      await rawRequest({
        port: PORT,
        path: route.path,
        headers: headersFor(route),
        body: declared,
        mode: "aborted",
        stopAfter: declared.length / 2,
      });
      await expectSameProcessAnswers(`a body dropped half way to ${route.path}`);
    }
  }

  test("each streaming route refuses an oversized, a truncated and a dropped body, the same process answers after each, and nothing is logged", async () => {
    // a client that sends too much or goes away is no fault of the shop's: nothing to log either
    expect(await loggedDuring(() => sendEachBadBody())).toBe("");
  });

  test("a products export left half way, plain or compressed, leaves the process answering", async () => {
    // every one of the seeded variants is a row carrying the product's long details
    const exportBytes =
      BODIES_SHOP_PRODUCTS.count *
      ADMIN_SIZES.length *
      BODIES_SHOP_PRODUCTS.colours *
      BODIES_SHOP_PRODUCTS.detailsLength;
    const logged = await loggedDuring(async () => {
      for (const encoding of ["identity", "gzip"]) {
        const left = await leaveDownload("/admin/products/export", {
          ...PROXIED,
          Cookie: staffCookie,
          "Accept-Encoding": encoding,
        });
        expect(left.head, encoding).toMatch(/^HTTP\/1\.1 200 /);
        expect(left.head, encoding).toMatch(/content-type: text\/csv/i);
        expect(left.received, encoding).toBeLessThan(exportBytes);
        await expectSameProcessAnswers(`a ${encoding} export left half way`);
      }
    });
    expect(logged).toBe("");
  });

  test("a client that writes a whole 10 MB form before reading gets the 413 and its message", async () => {
    for (const connection of ["keep-alive", "close"]) {
      const answer: RawAnswer = await rawRequest({
        port: PORT,
        path: "/cart",
        headers: {
          ...PROXIED,
          Origin: BASE_URL,
          "Content-Type": "application/x-www-form-urlencoded",
          Connection: connection,
        },
        body: 10 * MB,
      });
      expect({ status: answer.status, body: answer.body, error: answer.error, sent: answer.sent }, connection).toEqual({
        status: 413,
        body: BODY_TOO_LARGE_MESSAGE,
        error: null,
        sent: 10 * MB,
      });
    }
    await expectSameProcessAnswers("10 MB forms");
  });

  test("routes that only take POSTs answer GET and HEAD with 405 and the method to use, and log nothing", async () => {
    const { routes } = builtManifest();
    // Resource routes with an action whose GET means something else: the auth library's allow-list
    // answers GETs itself (404 to all it does not expose), and a GET of the newsletter address is an
    // unknown page that goes to the products (unknown paths show the whole collection too).
    const ownGet = new Set(["routes/api.auth", "routes/newsletter"]);
    const postOnly = Object.values(routes)
      .filter((r) => r.hasAction && !r.hasDefaultExport && !ownGet.has(r.id))
      .map((r) => routeAddress(routes, r.id));
    expect(postOnly).toEqual(
      expect.arrayContaining([
        "/api/cart",
        "/api/cart/quote",
        "/api/wishlist/products",
        "/api/payments/razorpay/webhook",
        "/admin/uploads",
      ]),
    );

    const logged = await loggedDuring(async () => {
      for (const path of postOnly) {
        for (const method of ["GET", "HEAD"]) {
          const response = await fetch(`${ORIGIN}${path}`, { method, redirect: "manual", headers: PROXIED });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get("allow"), `${method} ${path}`).toBe("POST");
        }
      }
    });
    expect(logged, "the server's log (warn and above)").toBe("");
  });
});

/**
 * Starts a download on a bare connection, reads until its head has come (with the first of the
 * body), stops reading for a moment (the server goes on until the connection's buffers are full),
 * then drops the connection.
 */
async function leaveDownload(
  path: string,
  headers: Record<string, string>,
): Promise<{ head: string; received: number }> {
  const socket = net.connect(PORT, "127.0.0.1");
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const lines = Object.entries({ Host: `127.0.0.1:${PORT}`, ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.write(`GET ${path} HTTP/1.1\r\n${lines.join("")}\r\n`);
  const chunks: Buffer[] = [];
  let received = 0;
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (Buffer.concat(chunks).includes("\r\n\r\n")) {
        socket.off("data", onData);
        socket.pause();
        resolve();
      }
    };
    socket.on("data", onData);
    socket.once("end", () => resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
  const text = Buffer.concat(chunks).toString("latin1");
  return { head: text.slice(0, text.indexOf("\r\n\r\n")), received };
}
