import type { ZodType } from "zod";
import { ShippingProviderError } from "../provider-contract.server";
import { errorBody, loginAnswer } from "./answers.server";

/*
 * How the Shiprocket client talks (decision 041): JSON under `${apiUrl}/v1/external`, a timeout per
 * request, every answer checked against its schema, and the token. It signs in with the API user's
 * e-mail and password and keeps the token in memory: Shiprocket's tokens last 240 hours, so it signs in
 * again after 9 days, and once more when a call answers 401 (then repeats that call once). Calls made
 * together share one sign-in. It logs nothing (the provider does) and never puts the password or the
 * token in an error.
 *
 * Every failure is a ShiprocketError, which is a ShippingProviderError:
 * - `unavailable`: no answer, a timeout, 5xx, 429, or a 2xx answer that is not what Shiprocket sends;
 * - `unauthorized`: the sign-in was refused (400/401/403 at login), or a call still answered 401 with a
 *   fresh token;
 * - `rejected`: any other 4xx, with Shiprocket's `message` (for 422 the first field error, as
 *   'billing_phone: The billing phone must be 10 digits').
 */

export class ShiprocketError extends ShippingProviderError {
  constructor(
    kind: ShippingProviderError["kind"],
    detail: string,
    providerMessage: string | null,
    /** HTTP status; null when no answer came */
    readonly status: number | null,
    /** 'POST /courier/assign/awb' */
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(kind, `Shiprocket ${request}: ${status ?? "no answer"} ${detail}`, providerMessage, options);
    this.name = "ShiprocketError";
  }
}

export interface ConnectionOptions {
  email: string;
  password: string;
  /** https://apiv2.shiprocket.in, or the local fake in tests */
  apiUrl: string;
  /** per request; default 8000 ms */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface Connection {
  get<T>(path: string, schema: ZodType<T>): Promise<T>;
  post<T>(path: string, schema: ZodType<T>, body: unknown): Promise<T>;
  /** a plain GET of a document Shiprocket made (a label, a manifest), without the token */
  download(url: string): Promise<Uint8Array>;
}

/** A new sign-in after this long, a day before Shiprocket's 240 hours run out. */
export const TOKEN_RENEWAL_MS = 9 * 24 * 60 * 60 * 1000;

interface Answer {
  status: number;
  ok: boolean;
  json: unknown;
}

/** Shiprocket's words as a reason: trimmed, without the closing full stop (the shop's message adds one). */
export const reasonText = (text: string): string => text.trim().replace(/\.+$/, "");

/** Shiprocket's reason from an error body: its `message`, or for 422 the first field's first error. */
function reasonOf(status: number, json: unknown): string | null {
  const parsed = errorBody.safeParse(json);
  if (!parsed.success) return null;
  if (status === 422 && parsed.data.errors) {
    for (const [field, messages] of Object.entries(parsed.data.errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === "string" && first.trim()) return `${field}: ${reasonText(first)}`;
    }
  }
  return reasonText(parsed.data.message ?? "") || null;
}

function kindOf(status: number): ShippingProviderError["kind"] {
  if (status >= 500 || status === 429) return "unavailable";
  if (status === 401) return "unauthorized";
  return "rejected";
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** One exchange under the timeout (the body is read under it too: a stalled answer is no answer). */
async function exchange(
  doFetch: typeof fetch,
  timeoutMs: number,
  request: string,
  url: string,
  init: RequestInit,
): Promise<Answer> {
  try {
    const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      // not JSON (a proxy's error page, say): judged by its status alone
    }
    return { status: response.status, ok: response.ok, json };
  } catch (error) {
    const detail = isTimeout(error) ? `no answer within ${timeoutMs} ms` : "could not be reached";
    throw new ShiprocketError("unavailable", detail, null, null, request, { cause: error });
  }
}

/** The answer read with `schema`, or the error its status means. */
function checked<T>(request: string, answer: Answer, schema: ZodType<T>): T {
  if (!answer.ok) {
    const reason = reasonOf(answer.status, answer.json);
    throw new ShiprocketError(kindOf(answer.status), reason ?? `HTTP ${answer.status}`, reason, answer.status, request);
  }
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    const detail = "answered with a body that is not what Shiprocket sends";
    throw new ShiprocketError("unavailable", detail, null, answer.status, request, { cause: parsed.error });
  }
  return parsed.data;
}

export function createConnection(options: ConnectionOptions): Connection {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.apiUrl.replace(/\/+$/, "")}/v1/external`;
  const timeoutMs = options.timeoutMs ?? 8000;
  const now = () => (options.now?.() ?? new Date()).getTime();
  const headers = { "content-type": "application/json", accept: "application/json" };

  let token: { value: string; at: number } | null = null;
  let signingIn: Promise<string> | null = null;

  async function signIn(): Promise<string> {
    const request = "POST /auth/login";
    const answer = await exchange(doFetch, timeoutMs, request, `${base}/auth/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: options.email, password: options.password }),
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      const reason = reasonOf(answer.status, answer.json);
      throw new ShiprocketError("unauthorized", reason ?? `HTTP ${answer.status}`, reason, answer.status, request);
    }
    const { token: value } = checked(request, answer, loginAnswer);
    token = { value, at: now() };
    return value;
  }

  /** The token to call with: the one held while it is younger than 9 days, else a (shared) new sign-in. */
  function currentToken(): Promise<string> {
    if (token && now() - token.at < TOKEN_RENEWAL_MS) return Promise.resolve(token.value);
    signingIn ??= signIn().finally(() => {
      signingIn = null;
    });
    return signingIn;
  }

  async function authorized<T>(method: "GET" | "POST", path: string, schema: ZodType<T>, body?: unknown) {
    const request = `${method} ${path.replace(/\?.*$/, "")}`;
    const init = { method, body: body === undefined ? undefined : JSON.stringify(body) };
    const once = async (value: string) =>
      checked(
        request,
        await exchange(doFetch, timeoutMs, request, `${base}${path}`, {
          ...init,
          headers: { ...headers, authorization: `Bearer ${value}` },
        }),
        schema,
      );
    const used = await currentToken();
    try {
      return await once(used);
    } catch (error) {
      if (!(error instanceof ShiprocketError) || error.status !== 401) throw error;
      // The token was refused (expired early, or revoked): sign in again, once, and repeat the call once.
      if (token?.value === used) token = null;
      return once(await currentToken());
    }
  }

  return {
    get: (path, schema) => authorized("GET", path, schema),
    post: (path, schema, body) => authorized("POST", path, schema, body),
    async download(url) {
      const request = `GET ${url.replace(/[?#].*$/, "")}`;
      let response: Response;
      let bytes: Uint8Array;
      try {
        response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        const detail = isTimeout(error) ? `no answer within ${timeoutMs} ms` : "could not be reached";
        throw new ShiprocketError("unavailable", detail, null, null, request, { cause: error });
      }
      if (!response.ok) {
        const detail = "the document could not be fetched";
        throw new ShiprocketError("unavailable", detail, null, response.status, request);
      }
      return bytes;
    },
  };
}
