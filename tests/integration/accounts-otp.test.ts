import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { session, user, verification } from "../../app/modules/accounts/auth-schema.server";
import { OTP_LIMITS } from "../../app/modules/accounts/otp-limits.server";
import { completeRegistration } from "../../app/modules/accounts/profile.server";
import { otpRequests, smsOutbox } from "../../app/modules/accounts/schema.server";
import { REGISTRATION_WINDOW_MS } from "../../app/modules/accounts/auth.server";
import { getAuth, getSessionUser } from "../../app/modules/accounts/session.server";
import { sendSignInCode, verifySignInCode } from "../../app/modules/accounts/sign-in.server";
import * as accountRoute from "../../app/routes/authentication";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

let ipCounter = 10;
/** A fresh client address per test, so the per-IP limits of one test do not touch another. */
function newClient() {
  ipCounter += 1;
  return new Headers({ origin: BASE, "x-forwarded-for": `198.51.100.${ipCounter}` });
}

async function latestCode(phone: string): Promise<string> {
  const [message] = await t.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(sql`${smsOutbox.createdAt} desc`)
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("sending a code", () => {
  it("texts a 6-digit code through the console provider and confirms with the spec's message", async () => {
    const phone = "+919811100001";
    const result = await sendSignInCode(getAuth(), phone, newClient());
    expect(result).toEqual({ ok: true, message: "OTP sent successfully! Check your phone for the SMS." });
    const [message] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(message?.provider).toBe("console");
    expect(message?.body).toMatch(/^\d{6} is your Saanjh sign-in code\. It expires in 5 minutes\./);
  });
});

describe("verifying a code", () => {
  it("refuses a wrong code, and after 3 wrong tries refuses even the right one", async () => {
    const phone = "+919811100002";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const code = await latestCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const result = await verifySignInCode(t.db, getAuth(), { phone, code: wrong, mode: "register", headers: client });
      expect(result).toEqual({ status: "failed", message: "Invalid OTP. Please try again.", httpStatus: 400 });
    }
    const killed = await verifySignInCode(t.db, getAuth(), { phone, code, mode: "register", headers: client });
    expect(killed.status).toBe("failed");
    expect(killed.message).toBe("Too many wrong attempts. Please request a new OTP.");
    const [created] = await t.db.select().from(user).where(eq(user.phoneNumber, phone));
    expect(created).toBeUndefined();
  });

  it("refuses an expired code", async () => {
    const phone = "+919811100003";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const code = await latestCode(phone);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `phone-number-otp-${phone}`));
    const result = await verifySignInCode(t.db, getAuth(), { phone, code, mode: "register", headers: client });
    expect(result).toMatchObject({ status: "failed", message: "This OTP has expired. Please request a new one." });
  });

  it("expires codes after 5 minutes", async () => {
    const phone = "+919811100004";
    const before = Date.now();
    await sendSignInCode(getAuth(), phone, newClient());
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `phone-number-otp-${phone}`));
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(295_000);
    expect(lifetime).toBeLessThanOrEqual(301_000);
  });

  it("accepts a code once: a second use is refused", async () => {
    const phone = "+919811100005";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const code = await latestCode(phone);
    const first = await verifySignInCode(t.db, getAuth(), { phone, code, mode: "register", headers: client });
    expect(first.status).toBe("needs-registration");
    const again = await verifySignInCode(t.db, getAuth(), { phone, code, mode: "register", headers: client });
    expect(again).toMatchObject({
      status: "failed",
      message: "This OTP is no longer valid. Please request a new one.",
    });
  });

  it("after a resend only the newest code works", async () => {
    const phone = "+919811100006";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const old = await latestCode(phone);
    await new Promise((r) => setTimeout(r, 5));
    await sendSignInCode(getAuth(), phone, client);
    const fresh = await latestCode(phone);
    if (old !== fresh) {
      const stale = await verifySignInCode(t.db, getAuth(), { phone, code: old, mode: "register", headers: client });
      expect(stale.status).toBe("failed");
    }
    const ok = await verifySignInCode(t.db, getAuth(), { phone, code: fresh, mode: "register", headers: client });
    expect(ok.status).toBe("needs-registration");
  });
});

describe("login and register modes", () => {
  it("login mode without a profile: the verified number goes on to the registration, with no second code", async () => {
    const phone = "+919811100007";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const result = await verifySignInCode(t.db, getAuth(), {
      phone,
      code: await latestCode(phone),
      mode: "login",
      headers: client,
    });
    expect(result).toMatchObject({
      status: "needs-registration",
      message: "Account not found for this number. It is verified: fill in your details to register.",
    });
    if (result.status !== "needs-registration") return;
    // signed in as this number's account, for the registration only
    const signedIn = await getSessionUser(
      new Request(`${BASE}/authentication`, { headers: { cookie: cookieOf(result.headers) } }),
    );
    expect(signedIn).toMatchObject({ phoneNumber: phone });
    // one code texted in all
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))).toHaveLength(1);
  });

  it("a number verified for a new account is signed in only for the registration window", async () => {
    const phone = "+919811100017";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const result = await verifySignInCode(t.db, getAuth(), {
      phone,
      code: await latestCode(phone),
      mode: "login",
      headers: client,
    });
    if (result.status !== "needs-registration") throw new Error(result.status);
    const request = () => new Request(`${BASE}/authentication`, { headers: { cookie: cookieOf(result.headers) } });
    const [row] = await t.db
      .select({ createdAt: session.createdAt })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.phoneNumber, phone));
    const start = row!.createdAt.getTime();
    expect(await getSessionUser(request(), start + REGISTRATION_WINDOW_MS - 1000)).toMatchObject({
      phoneNumber: phone,
    });
    expect(await getSessionUser(request(), start + REGISTRATION_WINDOW_MS + 1000)).toBeNull();
    // a registered shopper's session is not cut short
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone));
    await completeRegistration(t.db, account!.id, phone, {
      firstName: "Ira",
      lastName: "Sen",
      email: "ira@example.com",
    });
    expect(await getSessionUser(request(), start + REGISTRATION_WINDOW_MS + 1000)).toMatchObject({
      phoneNumber: phone,
      name: "Ira Sen",
    });
  });

  it("register mode: verified, registration completed, then login mode welcomes the shopper back", async () => {
    const phone = "+919811100008";
    const client = newClient();
    await sendSignInCode(getAuth(), phone, client);
    const registered = await verifySignInCode(t.db, getAuth(), {
      phone,
      code: await latestCode(phone),
      mode: "register",
      headers: client,
    });
    expect(registered.status).toBe("needs-registration");
    if (registered.status !== "needs-registration") return;
    expect(registered.message).toBe("Please complete your registration");
    const cookie = cookieOf(registered.headers);
    const signedIn = await getSessionUser(new Request(`${BASE}/authentication`, { headers: { cookie } }));
    expect(signedIn?.phoneNumber).toBe(phone);
    await completeRegistration(t.db, signedIn!.id, phone, {
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.com",
    });
    const [named] = await t.db.select().from(user).where(eq(user.id, signedIn!.id));
    expect(named?.name).toBe("Asha Verma");

    for (const mode of ["login", "register"] as const) {
      await sendSignInCode(getAuth(), phone, client);
      const again = await verifySignInCode(t.db, getAuth(), {
        phone,
        code: await latestCode(phone),
        mode,
        headers: client,
      });
      expect(again.status).toBe("signed-in");
      expect(again.message).toBe("Welcome back, Asha!");
      if (again.status === "signed-in") expect(cookieOf(again.headers)).toMatch(/shop\.session_token=/);
    }
  });
});

describe("abuse limits kept in the database", () => {
  it(`sends at most ${OTP_LIMITS.sendPerPhonePerHour} codes per phone per hour, from any address`, async () => {
    const phone = "+919811100009";
    for (let i = 0; i < OTP_LIMITS.sendPerPhonePerHour; i++) {
      expect((await sendSignInCode(getAuth(), phone, newClient())).ok).toBe(true);
    }
    const refused = await sendSignInCode(getAuth(), phone, newClient());
    expect(refused).toEqual({
      ok: false,
      status: 429,
      message: "Too many codes have been sent to this number. Please try again in 60 minutes.",
    });
    const sent = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(sent).toHaveLength(OTP_LIMITS.sendPerPhonePerHour);
    const counted = await t.db
      .select()
      .from(otpRequests)
      .where(and(eq(otpRequests.phone, phone), eq(otpRequests.allowed, true)));
    expect(counted).toHaveLength(OTP_LIMITS.sendPerPhonePerHour);

    // An hour later the number may receive codes again.
    await t.db
      .update(otpRequests)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(otpRequests.phone, phone));
    expect((await sendSignInCode(getAuth(), phone, newClient())).ok).toBe(true);
  });

  it("answers the account screen's form with 429 and the same message", async () => {
    const phone = "+919811100010";
    for (let i = 0; i < OTP_LIMITS.sendPerPhonePerHour; i++) await sendSignInCode(getAuth(), phone, newClient());
    const request = new Request(`${BASE}/authentication`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-forwarded-for": "203.0.113.99" },
      body: new URLSearchParams({ intent: "send-code", mode: "login", phone: "9811100010" }),
    });
    const result = (await accountRoute.action({ request, params: {}, context: {} } as unknown as Parameters<
      typeof accountRoute.action
    >[0])) as unknown as {
      data: { error?: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(429);
    expect(result.data.error).toMatch(/^Too many codes have been sent to this number/);
  });

  it(`limits code requests per IP address to ${OTP_LIMITS.sendPerIpPerHour} an hour`, async () => {
    const client = newClient();
    for (let i = 0; i < OTP_LIMITS.sendPerIpPerHour; i++) {
      const phone = `+91982220${String(i).padStart(4, "0")}`;
      expect((await sendSignInCode(getAuth(), phone, client)).ok, `request ${i + 1}`).toBe(true);
    }
    const refused = await sendSignInCode(getAuth(), "+919822209999", client);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.message).toMatch(/^Too many code requests from your network\. Please try again in \d+ minutes?\.$/);
    expect((await sendSignInCode(getAuth(), "+919822209999", newClient())).ok).toBe(true);
  });

  it(`limits code checks per IP address to ${OTP_LIMITS.verifyPerIpPerHour} an hour`, async () => {
    const client = newClient();
    for (let i = 0; i < OTP_LIMITS.verifyPerIpPerHour; i++) {
      const result = await verifySignInCode(t.db, getAuth(), {
        phone: `+91983330${String(i).padStart(4, "0")}`,
        code: "123456",
        mode: "login",
        headers: client,
      });
      expect(result.message).not.toMatch(/Too many/);
    }
    const refused = await verifySignInCode(t.db, getAuth(), {
      phone: "+919833309999",
      code: "123456",
      mode: "login",
      headers: client,
    });
    expect(refused).toMatchObject({
      status: "failed",
      httpStatus: 429,
      message: expect.stringMatching(/^Too many attempts from your network/),
    });
  });

  it("lets exactly the allowed number through when requests race", async () => {
    const phone = "+919811100011";
    const results = await Promise.all(Array.from({ length: 8 }, () => sendSignInCode(getAuth(), phone, newClient())));
    expect(results.filter((r) => r.ok)).toHaveLength(OTP_LIMITS.sendPerPhonePerHour);
  });
});
