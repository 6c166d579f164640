import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { getConfig, parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { smsOutbox } from "../../app/modules/accounts/schema.server";
import { getAuth, handleAuthRequest } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { getLogger } from "../../app/lib/logger.server";
import { action as accountAction } from "../../app/routes/authentication";
import { latestCode, settle } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Signing in at another address of the shop. In demo mode localhost, 127.0.0.1 and [::1] on the shop's
 * port are one shop for staff and shoppers alike; anywhere else (live mode's other names, a proxy's,
 * a machine on the network while BASE_URL says localhost) the sign-in is refused in words naming
 * BASE_URL, never as a wrong password, and the log names both addresses. Through the auth library's
 * real handler (the staff dialog's endpoint) and the account screen's action (phone codes).
 */

const t = setupTestDatabase();
const PORT = 3000;
const STAFF = { name: "Kavya Staff", email: "kavya@example.com", password: "cardamom-tea-42" };

const CONFIG_KEY = Symbol.for("shop.config");
const AUTH_KEY = Symbol.for("shop.auth");
const g = globalThis as unknown as Record<symbol, unknown>;
let demoConfig: Config;

const LIVE_ENV = {
  SHOP_MODE: "live",
  BASE_URL: "https://shop.example.com",
  AUTH_SECRET: "s".repeat(40),
  PAYMENTS: "cod-only",
  SMTP_URL: "smtps://u:p@smtp.example.com",
  MAIL_FROM: "orders@shop.example.com",
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "t".repeat(32),
  TWILIO_FROM: "+15005550006",
  // nothing may be sent: a refused sign-in never reaches the gateway
  TWILIO_API_URL: "http://127.0.0.1:9",
};

/** Runs the shop with this configuration, and an auth instance made from it, until the test ends. */
function runWith(config: Config) {
  g[CONFIG_KEY] = config;
  delete g[AUTH_KEY];
}

beforeAll(async () => {
  demoConfig = getConfig();
  setDatabase(t.database);
  await createStaffAccount(t.db, getAuth(), STAFF);
});

let spied: MockInstance | undefined;
afterEach(() => {
  runWith(demoConfig);
  spied?.mockRestore();
  spied = undefined;
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

/** The staff dialog's request as a browser sends it from a page at `origin`. */
async function staffSignIn(origin: string) {
  const response = await handleAuthRequest(
    new Request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        referer: `${origin}/`,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": nextIp(),
      },
      body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cookies: response.headers.getSetCookie(),
  };
}

/** The account screen's form post from a page at `origin`. */
function accountPost(origin: string, fields: Record<string, string>) {
  const request = new Request(`${origin}/authentication`, {
    method: "POST",
    headers: { origin, "x-forwarded-for": nextIp(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return settle<Record<string, unknown>>(() => accountAction({ request, params: {}, context: {} } as never));
}

/** The log's warnings from now until the test ends. */
function warnings() {
  spied = vi.spyOn(getLogger(), "warn");
  return spied;
}

describe("demo mode: the shop's other local names are the same shop", () => {
  it("signs staff in from a page at 127.0.0.1 or [::1] while BASE_URL is localhost", async () => {
    expect(demoConfig.baseUrl).toBe(`http://localhost:${PORT}`);
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`, `http://localhost:${PORT}`]) {
      const signIn = await staffSignIn(origin);
      expect(signIn.status, origin).toBe(200);
      expect(signIn.body, origin).toMatchObject({ user: { email: STAFF.email } });
      expect(
        signIn.cookies.some((c) => c.startsWith("shop.session_token=")),
        origin,
      ).toBe(true);
    }
  });

  it("sends a shopper's code from a page at 127.0.0.1", async () => {
    const answer = await accountPost(`http://127.0.0.1:${PORT}`, {
      intent: "send-code",
      phone: "98111 00001",
      mode: "login",
    });
    expect(answer).toMatchObject({ status: 200, body: { kind: "sign-in", step: "code" } });
  });

  it("refuses a machine on the network, in words naming BASE_URL, when BASE_URL says localhost", async () => {
    const warn = warnings();
    const origin = `http://192.168.1.20:${PORT}`;
    const signIn = await staffSignIn(origin);
    expect(signIn).toMatchObject({
      status: 403,
      body: { code: "SIGN_IN_AT_BASE_URL", message: `Open the shop at http://localhost:${PORT} to sign in.` },
    });
    expect(signIn.cookies).toEqual([]);
    const shopper = await accountPost(origin, { intent: "send-code", phone: "98111 00002", mode: "login" });
    expect(shopper).toMatchObject({
      status: 403,
      body: { kind: "sign-in", error: `Open the shop at http://localhost:${PORT} to sign in.` },
    });
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, "+919811100002"))).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]).toEqual([
      { origin, baseUrl: `http://localhost:${PORT}` },
      expect.stringContaining(origin),
    ]);
    expect(String(warn.mock.calls[0]?.[1])).toContain(`http://localhost:${PORT}`);
  });
});

describe("live mode: sign-in only at BASE_URL", () => {
  const live = () => runWith(parseConfig(LIVE_ENV));
  const words = "Open the shop at https://shop.example.com to sign in.";

  it("refuses staff at 127.0.0.1, [::1] and a proxy's other name in words, never as a wrong password, and logs one line each", async () => {
    live();
    const warn = warnings();
    const origins = [`http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`, "https://www.shop.example.com"];
    for (const origin of origins) {
      const signIn = await staffSignIn(origin);
      expect(signIn, origin).toMatchObject({ status: 403, body: { code: "SIGN_IN_AT_BASE_URL", message: words } });
      expect(signIn.cookies, origin).toEqual([]);
    }
    expect(warn.mock.calls.map(([fields]) => fields)).toEqual(
      origins.map((origin) => ({ origin, baseUrl: "https://shop.example.com" })),
    );
  });

  it("still signs staff in at BASE_URL", async () => {
    live();
    const signIn = await staffSignIn("https://shop.example.com");
    expect(signIn.status).toBe(200);
    expect(signIn.cookies.some((c) => c.startsWith("__Secure-shop.session_token="))).toBe(true);
  });

  it("refuses a shopper's code request and code at another address in the same words, before any text is sent", async () => {
    live();
    const origin = `http://127.0.0.1:${PORT}`;
    const send = await accountPost(origin, { intent: "send-code", phone: "98111 00003", mode: "login" });
    expect(send).toMatchObject({ status: 403, body: { kind: "sign-in", step: "phone", error: words } });
    const verify = await accountPost("https://www.shop.example.com", {
      intent: "verify",
      phone: "98111 00003",
      code: "123456",
      mode: "login",
    });
    expect(verify).toMatchObject({ status: 403, body: { kind: "sign-in", error: words } });
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, "+919811100003"))).toEqual([]);
  });
});

describe("a shopper's code still works at BASE_URL in demo mode", () => {
  it("sends and verifies from a page at [::1]", async () => {
    const origin = `http://[::1]:${PORT}`;
    await accountPost(origin, { intent: "send-code", phone: "98111 00004", mode: "register" });
    const verify = await accountPost(origin, {
      intent: "verify",
      phone: "98111 00004",
      code: await latestCode(t.db, "+919811100004"),
      mode: "register",
    });
    expect(verify).toMatchObject({ status: 200, body: { kind: "register" } });
  });
});
