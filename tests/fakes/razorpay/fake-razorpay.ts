import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CHECKOUT_UI_HTML, checkoutScript } from "./browser";

/*
 * A local fake of Razorpay for tests (never shipped): the REST API the shop's client uses, Checkout's
 * script and form, and webhooks, all speaking Razorpay's protocol (entities, error bodies, Basic auth,
 * signatures) on 127.0.0.1. It signs exactly as Razorpay does, with its own code (not the shop's), so a
 * test proves the shop verifies what Razorpay would send. See README.md beside this file.
 */

export type Notes = Record<string, string> | [];

export interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  base_amount: number;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  amount_refunded: number;
  amount_transferred: 0;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: string | null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal";
  speed_requested: "normal";
}

/** Checkout's failure object (handler's `payment.failed` response.error, redirect mode's error[...]). */
export interface CheckoutError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: { payment_id: string; order_id: string };
}

export interface SuccessFields {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export type WebhookEventName = "payment.captured" | "payment.failed" | "order.paid" | "refund.processed";

export interface SendWebhookOptions {
  /** the shop's webhook route */
  url: string;
  /** the webhook secret; default the one given to startFakeRazorpay */
  secret?: string;
  /** `x-razorpay-event-id`; default a fresh one. Repeat it to test redelivery. */
  eventId?: string;
  /** the payment to report; default the order's latest payment of the fitting status */
  paymentId?: string;
  orderId?: string;
  /** refund.processed: the refund; default the latest refund */
  refundId?: string;
  /** change the body after signing (a tampered delivery) */
  tamper?: (rawBody: string) => string;
  /** send this signature instead of the right one; null sends none */
  signature?: string | null;
}

export interface WebhookDelivery {
  event: WebhookEventName;
  eventId: string;
  rawBody: string;
  signature: string | null;
  status: number;
  responseBody: string;
}

export interface FakeRazorpayOptions {
  keyId?: string;
  keySecret?: string;
  /** the secret sendWebhook signs with by default */
  webhookSecret?: string;
  /**
   * When set, a payment made through Checkout or the control API sends its webhooks here, as
   * Razorpay would: payment.captured then order.paid, or payment.failed. Await `settled()` in tests.
   */
  webhookUrl?: string;
  /** default 0 (any free port); end-to-end runs that start the shop first give a fixed one (3500-3599) */
  port?: number;
}

export interface FakeFailure {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID = /^[a-z]+_[A-Za-z0-9]+$/;
const IDEMPOTENCY_KEY_CHARS = /^[A-Za-z0-9_-]+$/;

export function fakeId(prefix: string): string {
  let id = "";
  for (const byte of randomBytes(14)) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

/** Razorpay's payment signature: hex HMAC-SHA256(order_id|payment_id, key secret). */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac("sha256", keySecret).update(`${orderId}|${paymentId}`).digest("hex");
}

/** Razorpay's webhook signature: hex HMAC-SHA256(raw body, webhook secret). */
export function razorpayWebhookSignature(rawBody: string, webhookSecret: string): string {
  return createHmac("sha256", webhookSecret).update(rawBody).digest("hex");
}

const now = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body. */
function errorBody(
  description: string,
  extra: { code?: string; field?: string | null; source?: string; step?: string; reason?: string } = {},
) {
  return {
    error: {
      code: extra.code ?? "BAD_REQUEST_ERROR",
      description,
      source: extra.source ?? "NA",
      step: extra.step ?? "NA",
      reason: extra.reason ?? "NA",
      metadata: {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const badRequest = (description: string, field?: string) =>
  new HttpError(
    400,
    errorBody(description, {
      field,
      source: field ? "business" : "NA",
      step: field ? "payment_initiation" : "NA",
      reason: field ? "input_validation_failed" : "NA",
    }),
  );

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Stable JSON (sorted keys) for comparing idempotent requests. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function readNotes(value: unknown, field = "notes"): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) && value.length === 0) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest("The notes field must be an object.", field);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw badRequest("The notes may not have more than 15 items.", field);
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    const s = String(v ?? "");
    if (s.length > 256) throw badRequest(`The notes.${key} may not be greater than 256 characters.`, field);
    out[key] = s;
  }
  return out;
}

const notesOut = (notes: Record<string, string>): Notes => (Object.keys(notes).length === 0 ? [] : notes);

export interface FakeRazorpay {
  /** http://127.0.0.1:PORT: RAZORPAY_API_URL */
  readonly url: string;
  /** RAZORPAY_CHECKOUT_URL */
  readonly checkoutUrl: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  readonly orders: Map<string, FakeOrder>;
  readonly payments: Map<string, FakePayment>;
  readonly refunds: Map<string, FakeRefund>;
  /** every /v1 API request, in order */
  readonly requests: RecordedRequest[];
  /** every webhook sent (sendWebhook and automatic ones) */
  readonly webhooks: WebhookDelivery[];
  /** creates an order directly, as if through the API */
  createOrder(input: {
    amount: number;
    currency?: string;
    receipt?: string;
    notes?: Record<string, string>;
  }): FakeOrder;
  /**
   * a captured payment on the order, and the fields Checkout would hand the shop; `amount` and
   * `currency` make the gateway report a payment that is not the order's (a partial payment, or a
   * gateway that misreports), for the shop's settlement rule to refuse
   */
  pay(
    orderId: string,
    details?: {
      method?: string;
      email?: string;
      contact?: string;
      notes?: Record<string, string>;
      amount?: number;
      currency?: string;
    },
  ): { payment: FakePayment; response: SuccessFields };
  /** a failed payment attempt on the order, and Checkout's error object */
  fail(orderId: string, failure?: FakeFailure): { payment: FakePayment; error: CheckoutError };
  sign(orderId: string, paymentId: string): string;
  /** the next `times` API requests answer `status` with Razorpay's error body */
  failNext(status: number, options?: { times?: number; description?: string }): void;
  /** the next `times` API requests wait `ms` before they are handled */
  delayNext(ms: number, options?: { times?: number }): void;
  sendWebhook(event: WebhookEventName, options: SendWebhookOptions): Promise<WebhookDelivery>;
  /** waits for automatic webhooks still in flight */
  settled(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeRazorpay(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? "rzp_test_FakeRazorpay001";
  const keySecret = options.keySecret ?? "fake-razorpay-key-secret-0123456789";
  const webhookSecret = options.webhookSecret ?? "fake-razorpay-webhook-secret-0123";
  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`);

  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RecordedRequest[] = [];
  const webhooks: WebhookDelivery[] = [];
  const idempotency = new Map<string, { request: string; refundId: string }>();
  const faults: Array<{ kind: "fail"; status: number; description?: string } | { kind: "delay"; ms: number }> = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  let url = "";

  // ---- state changes shared by the API, Checkout and the control API

  function createOrder(input: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown }): FakeOrder {
    if (input.amount === undefined || input.amount === null || input.amount === "")
      throw badRequest("The amount field is required.", "amount");
    const amount = Number(input.amount);
    if (!Number.isInteger(amount)) throw badRequest("The amount must be an integer.", "amount");
    if (amount < 100) throw badRequest("The amount must be at least INR 1.00", "amount");
    if (!input.currency) throw badRequest("The currency field is required.", "currency");
    if (input.currency !== "INR") throw badRequest("Currency is not supported", "currency");
    const receipt = input.receipt === undefined || input.receipt === null ? null : String(input.receipt);
    if (receipt !== null && receipt.length > 40)
      throw badRequest("The receipt may not be greater than 40 characters.", "receipt");
    const order: FakeOrder = {
      id: fakeId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: notesOut(readNotes(input.notes)),
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  function orderFor(orderId: unknown): FakeOrder {
    const order = typeof orderId === "string" ? orders.get(orderId) : undefined;
    if (!order) throw badRequest("The id provided does not exist");
    return order;
  }

  function newPayment(
    order: FakeOrder,
    details: { method?: string; email?: string | null; contact?: string | null; notes?: Record<string, string> },
  ): FakePayment {
    const method = details.method ?? "upi";
    order.attempts += 1;
    return {
      id: fakeId("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      base_amount: order.amount,
      status: "created",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      amount_transferred: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: null,
      bank: method === "netbanking" ? "HDFC" : null,
      wallet: null,
      vpa: method === "upi" ? "success@razorpay" : null,
      email: details.email || "void@razorpay.com",
      contact: details.contact || "+919999999999",
      notes: notesOut(details.notes ?? {}),
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data:
        method === "upi"
          ? { rrn: String(100000000000 + Math.floor(Math.random() * 899999999999)) }
          : { bank_transaction_id: null },
      created_at: now(),
    };
  }

  function pay(
    orderId: string,
    details: {
      method?: string;
      email?: string | null;
      contact?: string | null;
      notes?: Record<string, string>;
      amount?: number;
      currency?: string;
    } = {},
  ) {
    const order = orderFor(orderId);
    if (order.status === "paid") throw badRequest("Order has already been paid.");
    const payment = newPayment(order, details);
    if (details.amount !== undefined) payment.amount = payment.base_amount = details.amount;
    if (details.currency !== undefined) payment.currency = details.currency;
    payment.status = "captured";
    payment.captured = true;
    payment.fee = Math.round(order.amount * 0.02);
    payment.tax = Math.round(payment.fee * 0.18);
    payments.set(payment.id, payment);
    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
    const response: SuccessFields = {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayPaymentSignature(order.id, payment.id, keySecret),
    };
    automaticWebhooks(["payment.captured", "order.paid"], payment.id);
    return { payment, response };
  }

  function fail(
    orderId: string,
    failure: FakeFailure = {},
    details: { method?: string; email?: string | null; contact?: string | null; notes?: Record<string, string> } = {},
  ) {
    const order = orderFor(orderId);
    if (order.status === "paid") throw badRequest("Order has already been paid.");
    const payment = newPayment(order, details);
    const error = {
      code: failure.code ?? "BAD_REQUEST_ERROR",
      description: failure.description ?? "Payment failed",
      source: failure.source ?? "bank",
      step: failure.step ?? "payment_authorization",
      reason: failure.reason ?? "payment_failed",
    };
    Object.assign(payment, {
      status: "failed",
      error_code: error.code,
      error_description: error.description,
      error_source: error.source,
      error_step: error.step,
      error_reason: error.reason,
    });
    payments.set(payment.id, payment);
    if (order.status === "created") order.status = "attempted";
    automaticWebhooks(["payment.failed"], payment.id);
    return { payment, error: { ...error, metadata: { payment_id: payment.id, order_id: order.id } } };
  }

  function refund(
    paymentId: string,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    path: string,
  ): FakeRefund {
    if (idempotencyKey !== undefined) {
      if (idempotencyKey.length < 10) throw badRequest("The idempotency key must be at least 10 characters long.");
      if (!IDEMPOTENCY_KEY_CHARS.test(idempotencyKey))
        throw badRequest("The idempotency key must only contain alphanumeric characters, underscores, and hyphens");
      const seen = idempotency.get(idempotencyKey);
      const request = `${path} ${canonical(body)}`;
      if (seen) {
        if (seen.request !== request)
          throw new HttpError(
            409,
            errorBody("Different request with the same idempotency key has already been processed."),
          );
        return refunds.get(seen.refundId)!;
      }
    }
    if (!ID.test(paymentId)) throw badRequest(`${paymentId} is not a valid id`);
    const payment = payments.get(paymentId);
    if (!payment) throw badRequest("The id provided does not exist");
    // (fake wording: Razorpay refunds captured payments only)
    if (!payment.captured) throw badRequest("Only captured payments can be refunded");
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) throw badRequest("The payment has been fully refunded already.");
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount)) throw badRequest("The amount must be an integer.", "amount");
    if (amount < 100) throw badRequest("The amount must be at least INR 1.00.", "amount");
    if (amount > left) throw badRequest("The refund amount provided is greater than amount captured.", "amount");
    const created: FakeRefund = {
      id: fakeId("rfnd"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: readNotes(body.notes),
      receipt: typeof body.receipt === "string" ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: "processed",
      speed_processed: "normal",
      speed_requested: "normal",
    };
    refunds.set(created.id, created);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
    if (payment.refund_status === "full") payment.status = "refunded";
    if (idempotencyKey !== undefined)
      idempotency.set(idempotencyKey, { request: `${path} ${canonical(body)}`, refundId: created.id });
    return created;
  }

  // ---- webhooks

  function latest<T extends { created_at: number }>(items: Iterable<T>, pick: (item: T) => boolean): T | undefined {
    let found: T | undefined;
    for (const item of items) if (pick(item) && (!found || item.created_at >= found.created_at)) found = item;
    return found;
  }

  function webhookPayload(event: WebhookEventName, o: SendWebhookOptions): Record<string, unknown> {
    const wanted = event === "payment.failed" ? "failed" : null;
    const payment =
      (o.paymentId ? payments.get(o.paymentId) : undefined) ??
      (o.orderId
        ? latest(payments.values(), (p) => p.order_id === o.orderId && (wanted ? p.status === wanted : p.captured))
        : undefined);
    const envelope = (contains: string[], payload: Record<string, unknown>) => ({
      entity: "event",
      account_id: "acc_FakeRazorpay01",
      event,
      contains,
      payload,
      created_at: now(),
    });
    if (event === "refund.processed") {
      const refund =
        (o.refundId ? refunds.get(o.refundId) : undefined) ??
        latest(refunds.values(), (r) => !payment || r.payment_id === payment.id);
      if (!refund) throw new Error("sendWebhook(refund.processed): no such refund");
      const refunded = payments.get(refund.payment_id)!;
      return envelope(["refund", "payment"], { refund: { entity: refund }, payment: { entity: refunded } });
    }
    if (!payment) throw new Error(`sendWebhook(${event}): no fitting payment (give paymentId or orderId)`);
    if (event === "order.paid") {
      return envelope(["payment", "order"], {
        payment: { entity: payment },
        order: { entity: orders.get(payment.order_id)! },
      });
    }
    return envelope(["payment"], { payment: { entity: payment } });
  }

  async function sendWebhook(event: WebhookEventName, o: SendWebhookOptions): Promise<WebhookDelivery> {
    const signedBody = JSON.stringify(webhookPayload(event, o));
    const rawBody = o.tamper ? o.tamper(signedBody) : signedBody;
    const signature =
      o.signature === undefined ? razorpayWebhookSignature(signedBody, o.secret ?? webhookSecret) : o.signature;
    const eventId = o.eventId ?? fakeId("evt").slice(4);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "Razorpay-Webhook/v1",
      "x-razorpay-event-id": eventId,
    };
    if (signature !== null) headers["x-razorpay-signature"] = signature;
    const response = await fetch(o.url, {
      method: "POST",
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    const delivery: WebhookDelivery = {
      event,
      eventId,
      rawBody,
      signature,
      status: response.status,
      responseBody: await response.text(),
    };
    webhooks.push(delivery);
    return delivery;
  }

  function automaticWebhooks(events: WebhookEventName[], paymentId: string): void {
    if (!options.webhookUrl) return;
    const target = options.webhookUrl;
    const run = (async () => {
      for (const event of events) await sendWebhook(event, { url: target, paymentId });
    })().catch((error: unknown) => {
      webhooks.push({
        event: events[0]!,
        eventId: "",
        rawBody: "",
        signature: null,
        status: 0,
        responseBody: String(error),
      });
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  // ---- HTTP

  function send(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
    res.end(text);
  }

  function checkAuth(req: IncomingMessage): void {
    const given = Buffer.from(req.headers.authorization ?? "");
    if (given.length !== expectedAuth.length || !timingSafeEqual(given, expectedAuth)) {
      throw new HttpError(401, errorBody("Authentication failed"));
    }
  }

  function parseJson(raw: string): Record<string, unknown> {
    if (raw === "") return {};
    try {
      const value = JSON.parse(raw) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw badRequest("The request body is not valid JSON.");
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, raw: string): Promise<void> {
    const body = parseJson(raw);
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers["x-refund-idempotency"] as string | undefined,
      contentType: req.headers["content-type"],
      body: raw === "" ? undefined : body,
    });
    const fault = faults.shift();
    if (fault?.kind === "delay") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.ms);
        timers.add(timer);
      });
      if (res.destroyed) return;
    }
    if (fault?.kind === "fail") {
      const code = fault.status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR";
      throw new HttpError(
        fault.status,
        errorBody(
          fault.description ??
            (fault.status >= 500
              ? "The server encountered an error. The incident has been reported to admins."
              : "Bad request"),
          { code },
        ),
      );
    }
    checkAuth(req);
    const method = req.method;
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/orders") return send(res, 200, createOrder(body));
    if (method === "GET" && (m = path.match(/^\/v1\/orders\/([^/]+)$/)))
      return send(res, 200, orderFor(decodeURIComponent(m[1]!)));
    if (method === "GET" && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const order = orderFor(decodeURIComponent(m[1]!));
      const items = [...payments.values()]
        .filter((p) => p.order_id === order.id)
        .sort((a, b) => b.created_at - a.created_at);
      return send(res, 200, { entity: "collection", count: items.length, items });
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payments\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      if (!ID.test(id)) throw badRequest(`${id} is not a valid id`);
      const payment = payments.get(id);
      if (!payment) throw badRequest("The id provided does not exist");
      return send(res, 200, payment);
    }
    if (method === "POST" && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const key = req.headers["x-refund-idempotency"];
      return send(res, 200, refund(decodeURIComponent(m[1]!), body, typeof key === "string" ? key : undefined, path));
    }
    if (method === "GET" && (m = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refundFound = refunds.get(decodeURIComponent(m[1]!));
      if (!refundFound) throw badRequest("The id provided does not exist");
      return send(res, 200, refundFound);
    }
    throw badRequest("The requested URL was not found on the server.");
  }

  /** Checkout's form and the test control API: no Basic auth, the key id names the merchant. */
  async function fakeRoutes(req: IncomingMessage, res: ServerResponse, path: string, raw: string): Promise<void> {
    const method = req.method;
    if (method === "GET" && path === "/_fake/checkout/ui")
      return send(res, 200, CHECKOUT_UI_HTML, "text/html; charset=utf-8");
    if (method === "GET" && path === "/_fake/health") return send(res, 200, { ok: true });
    if (method === "POST" && path === "/_fake/reset") {
      resetState();
      return send(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/webhooks") {
      const body = parseJson(raw) as Partial<SendWebhookOptions> & { event?: WebhookEventName };
      const target = body.url ?? options.webhookUrl;
      if (!body.event || !target) throw badRequest("event and url (or the fake's webhookUrl) are required");
      const { event, ...rest } = body;
      return send(res, 200, await sendWebhook(event, { ...rest, url: target }));
    }
    if (method === "GET" && path === "/_fake/state") {
      return send(res, 200, {
        orders: [...orders.values()],
        payments: [...payments.values()],
        refunds: [...refunds.values()],
        webhooks,
      });
    }
    let m: RegExpMatchArray | null;
    if (method === "POST" && (path === "/_fake/checkout/pay" || path === "/_fake/checkout/fail")) {
      const body = parseJson(raw);
      if (body.key !== keyId) throw badRequest("The api key provided is invalid");
      const order = orderFor(body.order_id);
      if (body.amount !== undefined && Number(body.amount) !== order.amount) {
        // Stricter than Razorpay may be: the shop must pass the order's own amount.
        throw badRequest(`The amount ${String(body.amount)} does not match the order's ${order.amount}`, "amount");
      }
      const details = {
        method: typeof body.method === "string" ? body.method : undefined,
        email: typeof body.email === "string" ? body.email : null,
        contact: typeof body.contact === "string" ? body.contact : null,
        notes: readNotes(body.notes),
      };
      if (path === "/_fake/checkout/pay") return send(res, 200, pay(order.id, details).response);
      return send(res, 200, { error: fail(order.id, {}, details).error });
    }
    if (method === "POST" && (m = path.match(/^\/_fake\/orders\/([^/]+)\/(pay|fail)$/))) {
      const body = parseJson(raw);
      const orderId = decodeURIComponent(m[1]!);
      if (m[2] === "pay")
        return send(res, 200, pay(orderId, { method: typeof body.method === "string" ? body.method : undefined }));
      return send(res, 200, fail(orderId, body as FakeFailure));
    }
    throw new HttpError(404, errorBody("No such fake route"));
  }

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    try {
      const raw = await readBody(req);
      if (req.method === "GET" && path === "/favicon.ico") return void res.writeHead(204).end();
      if (req.method === "GET" && path === "/v1/checkout.js") {
        return send(res, 200, checkoutScript(url), "application/javascript; charset=utf-8");
      }
      if (path.startsWith("/_fake/")) return await fakeRoutes(req, res, path, raw);
      return await api(req, res, path, raw);
    } catch (error) {
      if (error instanceof HttpError) return send(res, error.status, error.body);
      send(res, 500, errorBody(String(error), { code: "SERVER_ERROR" }));
    }
  });

  function resetState(): void {
    orders.clear();
    payments.clear();
    refunds.clear();
    requests.length = 0;
    webhooks.length = 0;
    idempotency.clear();
    faults.length = 0;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    checkoutUrl: `${url}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    requests,
    webhooks,
    createOrder: (input) => createOrder({ currency: "INR", ...input }),
    pay: (orderId, details) => pay(orderId, details),
    fail: (orderId, failure) => fail(orderId, failure),
    sign: (orderId, paymentId) => razorpayPaymentSignature(orderId, paymentId, keySecret),
    failNext(status, o = {}) {
      for (let i = 0; i < (o.times ?? 1); i++) faults.push({ kind: "fail", status, description: o.description });
    },
    delayNext(ms, o = {}) {
      for (let i = 0; i < (o.times ?? 1); i++) faults.push({ kind: "delay", ms });
    },
    sendWebhook,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    reset: resetState,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
