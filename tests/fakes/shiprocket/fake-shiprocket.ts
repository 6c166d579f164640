import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as api from "./api";
import * as documents from "./api-documents";
import { bookDirect, controlAnswer, type BookOptions } from "./control";
import {
  badRequest,
  DEFAULT_PICKUP_LOCATIONS,
  fakeToken,
  HttpError,
  invalid,
  type FakePickupLocation,
  type FakeShipment,
  type FakeState,
  type ServiceabilityRule,
  type WebhookDelivery,
} from "./model";
import {
  appendScan,
  postWebhook,
  shipmentByAwb,
  webhookBody,
  type AdvanceOptions,
  type SendWebhookOptions,
} from "./webhooks";

/*
 * A local fake of Shiprocket for tests (never shipped): the REST API under /v1/external that the shop's
 * client uses, with state, fault injection, documents (real PDFs under /_files) and tracking webhooks,
 * speaking Shiprocket's protocol on 127.0.0.1. See README.md beside this file.
 */

export type { FakeCourier, FakeOrder, FakeShipment, FakeState, RecordedRequest, WebhookDelivery } from "./model";
export { STANDARD_COURIERS } from "./model";
export type { AdvanceOptions, SendWebhookOptions } from "./webhooks";
export type { BookOptions } from "./control";

export interface FakeShiprocketOptions {
  /** the API user's e-mail and password the fake accepts */
  email?: string;
  password?: string;
  /** the x-api-key its webhooks carry */
  webhookToken?: string;
  /** when set, advance() posts each new scan here as a webhook */
  webhookUrl?: string;
  /** default 0 (any free port) */
  port?: number;
  /** the fake's clock (etd, pickup dates, scan times); default the real one */
  now?: () => Date;
  /** default: 'Jaipur Studio' (primary, 302001) and 'Mumbai Warehouse' (400069) */
  pickupLocations?: FakePickupLocation[];
}

interface Fault {
  kind: "fail" | "delay";
  left: number;
  path?: string;
  status?: number;
  body?: unknown;
  ms?: number;
}

export interface FakeShiprocket {
  /** http://127.0.0.1:PORT: SHIPROCKET_API_URL */
  readonly url: string;
  readonly email: string;
  readonly password: string;
  readonly webhookToken: string;
  readonly state: FakeState;
  /** the next `times` requests (whose path contains `path`) answer `status` with Shiprocket's body or `body` */
  failNext(status: number, options?: { times?: number; path?: string; body?: unknown }): void;
  /** the next `times` requests (whose path contains `path`) wait `ms` first; one the client gave up on changes nothing */
  delayNext(ms: number, options?: { times?: number; path?: string }): void;
  /** every token issued so far answers 401 until the next sign-in */
  expireTokens(): void;
  setServiceability(pincode: string, rule: ServiceabilityRule): void;
  /** books an order with an AWB directly (no HTTP): for tests that need shipments to exist */
  book(reference: string, options?: BookOptions): FakeShipment;
  /** a new scan on the shipment; with webhookUrl, posts the webhook and returns the shop's answer */
  advance(awb: string, code: number, options?: AdvanceOptions): Promise<WebhookDelivery | null>;
  sendWebhook(options: SendWebhookOptions): Promise<WebhookDelivery>;
  /** back to the start (tokens already issued stay valid) */
  reset(): void;
  close(): Promise<void>;
}

const API = "/v1/external";

function defaultBody(status: number): unknown {
  if (status === 401) return { message: "Unauthenticated.", status_code: 401 };
  if (status === 429) return { message: "Too Many Attempts.", status_code: 429 };
  if (status === 422) return { message: "Oops! Invalid Data.", errors: {}, status_code: 422 };
  if (status >= 500) return { message: "Server Error", status_code: status };
  return { message: "Bad Request", status_code: status };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(raw: string): Record<string, unknown> {
  if (raw === "") return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // below
  }
  throw badRequest("The request body is not valid JSON."); // fake wording
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body instanceof Uint8Array ? body : JSON.stringify(body));
}

export async function startFakeShiprocket(options: FakeShiprocketOptions = {}): Promise<FakeShiprocket> {
  const email = options.email ?? "api-user@saanjh.example";
  const password = options.password ?? "fake-shiprocket-password-0123";
  const webhookToken = options.webhookToken ?? "fake-shiprocket-webhook-token-0123";
  const now = options.now ?? (() => new Date());
  const initialLocations = options.pickupLocations ?? DEFAULT_PICKUP_LOCATIONS;
  const state: FakeState = {
    orders: new Map(),
    shipments: new Map(),
    tokens: new Map(),
    pickupLocations: structuredClone([...initialLocations]),
    pickups: [],
    requests: [],
    webhooks: [],
    files: new Map(),
    serviceability: new Map(),
  };
  const counters = { order: 418_000_000, shipment: 417_000_000, awb: 0, file: 0, pickup: 0 };
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let url = "";
  const ctx: api.ApiContext = { state, now, url: () => url, next: (c) => ++counters[c] };

  function takeFault(kind: Fault["kind"], path: string): Fault | null {
    const index = faults.findIndex((f) => f.kind === kind && (!f.path || path.includes(f.path)));
    if (index < 0) return null;
    const fault = faults[index]!;
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  function login(body: Record<string, unknown>) {
    const errors: Record<string, string[]> = {};
    if (!body.email) errors.email = ["The email field is required."];
    if (!body.password) errors.password = ["The password field is required."];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (body.email !== email || body.password !== password) throw badRequest("Invalid email and password combination");
    const token = fakeToken();
    state.tokens.set(token, { valid: true, issuedAt: now() });
    return {
      id: 2_100_001,
      first_name: "Saanjh",
      last_name: "API",
      email,
      company_id: 1_500_001,
      created_at: "2026-01-05 10:12:45",
      token,
    };
  }

  function checkToken(req: IncomingMessage): void {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    const token = match ? state.tokens.get(match[1]!) : undefined;
    if (!token) throw new HttpError(401, { message: "Unauthenticated.", status_code: 401 });
    if (!token.valid) throw new HttpError(401, { message: "Token has expired", status_code: 401 });
  }

  async function route(
    req: IncomingMessage,
    path: string,
    query: Record<string, string>,
    body: Record<string, unknown>,
  ) {
    const method = req.method;
    if (method === "POST" && path === "/auth/login") return login(body);
    checkToken(req);
    let m: RegExpMatchArray | null;
    if (method === "GET" && path === "/settings/company/pickup")
      return { data: { shipping_address: state.pickupLocations, allow_more: "1", company_name: "Saanjh" } };
    if (method === "GET" && /^\/courier\/serviceability\/?$/.test(path)) return api.serviceability(ctx, query);
    if (method === "POST" && path === "/orders/create/adhoc") return api.createAdhocOrder(ctx, body);
    if (method === "POST" && path === "/orders/create/return") return api.createReturnOrder(ctx, body);
    if (method === "GET" && path === "/orders") return api.searchOrders(ctx, query);
    if (method === "POST" && path === "/orders/cancel") return api.cancelOrders(ctx, body);
    if (method === "POST" && path === "/courier/assign/awb") return api.assignAwb(ctx, body);
    if (method === "POST" && path === "/courier/generate/pickup") return api.generatePickup(ctx, body);
    if (method === "POST" && path === "/courier/generate/label") return documents.generateLabel(ctx, body);
    if (method === "POST" && path === "/manifests/generate") return documents.generateManifest(ctx, body);
    if (method === "POST" && path === "/manifests/print") return documents.printManifest(ctx, body);
    if (method === "GET" && (m = path.match(/^\/shipments\/(\d+)$/))) return documents.getShipment(ctx, m[1]!);
    if (method === "GET" && (m = path.match(/^\/courier\/track\/awb\/([^/]+)$/)))
      return documents.track(ctx, decodeURIComponent(m[1]!));
    throw new HttpError(404, { message: "Not Found", status_code: 404 });
  }

  /** An API or document request: recorded, then faults, then answered. */
  async function served(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    raw: string,
    search: URLSearchParams,
  ) {
    const isApi = pathname.startsWith(`${API}/`);
    const path = isApi ? pathname.slice(API.length) : pathname;
    const query = Object.fromEntries(search);
    let body: Record<string, unknown> | string = raw;
    let badJson: HttpError | null = null;
    try {
      body = parseJson(raw);
    } catch (error) {
      badJson = error as HttpError;
    }
    state.requests.push({
      method: req.method ?? "",
      path,
      query,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: raw === "" ? undefined : body,
    });
    const delay = takeFault("delay", path);
    if (delay) {
      await wait(delay.ms ?? 0);
      if (res.destroyed || req.socket.destroyed) return; // the client gave up: nothing happens
    }
    const fail = takeFault("fail", path);
    if (fail) return send(res, fail.status!, fail.body ?? defaultBody(fail.status!));
    if (!isApi) {
      const file = state.files.get(path.replace(/^\/_files\//, ""));
      if (!file) return send(res, 404, "Not Found", "text/plain");
      return send(res, 200, file, "application/pdf");
    }
    if (badJson) throw badJson;
    send(res, 200, await route(req, path, query, body as Record<string, unknown>));
  }

  async function advance(awb: string, code: number, o: AdvanceOptions = {}): Promise<WebhookDelivery | null> {
    appendScan(shipmentByAwb(state, awb), code, o, now());
    if (!options.webhookUrl) return null;
    return sendWebhook({ awb });
  }

  async function sendWebhook(o: SendWebhookOptions): Promise<WebhookDelivery> {
    const target = o.url ?? options.webhookUrl;
    if (!target) throw new Error("fake Shiprocket: sendWebhook needs a url (or the fake's webhookUrl)");
    let rawBody = o.body;
    if (rawBody === undefined) {
      const shipment = shipmentByAwb(state, o.awb);
      const current =
        o.code !== undefined
          ? { code: o.code, at: o.at ?? now() }
          : shipment.statusCode !== null && shipment.statusAt
            ? { code: shipment.statusCode, at: shipment.statusAt }
            : null;
      if (!current) throw new Error(`fake Shiprocket: shipment ${o.awb} has no scans to report`);
      rawBody = JSON.stringify(webhookBody(shipment, current));
    }
    const delivery = await postWebhook(target, rawBody, o.token === undefined ? webhookToken : o.token);
    state.webhooks.push(delivery);
    return delivery;
  }

  function reset(): void {
    state.orders.clear();
    state.shipments.clear();
    state.pickupLocations = structuredClone([...initialLocations]);
    state.pickups.length = 0;
    state.requests.length = 0;
    state.webhooks.length = 0;
    state.files.clear();
    state.serviceability.clear();
    faults.length = 0;
  }

  function pushFault(kind: Fault["kind"], body: Record<string, unknown>): void {
    const times = Number(body.times ?? 1);
    const path = typeof body.path === "string" ? body.path : undefined;
    if (kind === "fail") faults.push({ kind, left: times, path, status: Number(body.status), body: body.body });
    else faults.push({ kind, left: times, path, ms: Number(body.ms) });
  }

  function expire(): void {
    for (const token of state.tokens.values()) token.valid = false;
  }

  const fake: FakeShiprocket = {
    get url() {
      return url;
    },
    email,
    password,
    webhookToken,
    state,
    failNext: (status, o = {}) => pushFault("fail", { status, ...o }),
    delayNext: (ms, o = {}) => pushFault("delay", { ms, ...o }),
    expireTokens: expire,
    setServiceability: (pincode, rule) => void state.serviceability.set(pincode, rule),
    book: (reference, o) => bookDirect(ctx, reference, o),
    advance,
    sendWebhook,
    reset,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer(async (req, res) => {
    const address = new URL(req.url ?? "/", "http://fake");
    try {
      const raw = await readBody(req);
      if (address.pathname.startsWith("/_fake/"))
        return send(res, 200, await controlAnswer(fake, req.method, address.pathname, parseJson(raw)));
      if (address.pathname.startsWith(`${API}/`) || address.pathname.startsWith("/_files/"))
        return await served(req, res, address.pathname, raw, address.searchParams);
      send(res, 404, { message: "Not Found", status_code: 404 });
    } catch (error) {
      if (error instanceof HttpError) return send(res, error.status, error.body);
      send(res, 500, { message: String(error), status_code: 500 });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return fake;
}
