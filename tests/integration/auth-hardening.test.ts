import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { AUTH_HTTP_ENDPOINTS } from "../../app/modules/accounts/auth.server";
import { account, session, user, verification } from "../../app/modules/accounts/auth-schema.server";
import { PASSWORD_LIMITS } from "../../app/modules/accounts/password-limits.server";
import { passwordSignInFailures, smsOutbox } from "../../app/modules/accounts/schema.server";
import { getAuth, getSessionUser, handleAuthRequest } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The auth library's endpoints as an attacker sees them from outside (decision 014).
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

let ipCounter = 0;
/** A fresh client address per request: the library's own per-address limit must not be what answers. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function request(
  path: string,
  body: unknown,
  { method = "POST", ip = nextIp() }: { method?: string; ip?: string } = {},
) {
  return new Request(`${BASE}/api/auth${path}`, {
    method,
    headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
    ...(method === "GET" || method === "HEAD" ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(email: string, password: string, ip = nextIp()) {
  const response = await handleAuthRequest(request("/sign-in/email", { email, password }, { ip }));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cookies: response.headers.getSetCookie(),
  };
}

/** A shopper as phone sign-in makes one: signed up by verifying a code. */
async function shopper(phone: string): Promise<{ id: string; email: string }> {
  const client = new Headers({ origin: BASE, "x-forwarded-for": nextIp() });
  await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: client });
  const [message] = await t.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(sql`${smsOutbox.createdAt} desc`)
    .limit(1);
  const code = message!.body.slice(0, 6);
  const verified = await getAuth().api.verifyPhoneNumber({ body: { phoneNumber: phone, code }, headers: client });
  return { id: verified.user.id, email: verified.user.email };
}

/** What the reset attack left behind: a password on a shopper's account. */
async function givePassword(userId: string, password: string) {
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: await ctx.password.hash(password),
  });
}

describe("auth endpoints the shop does not use", () => {
  const endpointPaths = () =>
    [
      ...new Set(
        (Object.values(getAuth().api) as Array<{ path?: unknown }>).flatMap((e) =>
          typeof e.path === "string" ? [e.path] : [],
        ),
      ),
    ].sort();

  it("answer 404 to every method, through the shop's route and in the library itself", async () => {
    const paths = endpointPaths();
    expect(paths).toContain("/phone-number/request-password-reset");
    expect(paths.length).toBeGreaterThan(20);
    const allowed = Object.keys(AUTH_HTTP_ENDPOINTS);
    for (const path of paths.filter((p) => !allowed.includes(p))) {
      for (const method of ["GET", "POST"]) {
        expect(
          (await handleAuthRequest(request(path, { phoneNumber: "+919800000001" }, { method }))).status,
          `${method} ${path}`,
        ).toBe(404);
        expect(
          (await getAuth().handler(request(path, { phoneNumber: "+919800000001" }, { method }))).status,
          `library: ${method} ${path}`,
        ).toBe(404);
      }
    }
  });

  it("include the three that let a stranger set a shopper's password, and update-user", async () => {
    const phone = "+919800000002";
    await shopper(phone);
    for (const [path, body] of [
      ["/phone-number/request-password-reset", { phoneNumber: phone }],
      ["/phone-number/reset-password", { phoneNumber: phone, otp: "123456", newPassword: "attacker-pass-1" }],
      ["/sign-in/phone-number", { phoneNumber: phone, password: "attacker-pass-1" }],
      ["/update-user", { name: "x".repeat(5000), image: "javascript:alert(1)" }],
    ] as const) {
      expect((await handleAuthRequest(request(path, body))).status, path).toBe(404);
    }
    // no reset code was stored for the number
    const codes = await t.db
      .select()
      .from(verification)
      .where(sql`${verification.identifier} like ${`%${phone}%`} and ${verification.identifier} like '%reset%'`);
    expect(codes).toEqual([]);
  });

  it("answer 404 for look-alike paths of the allowed one", async () => {
    for (const path of ["/sign-in/email/", "/sign-in//email", "/Sign-in/email", "/sign-in%2Femail"]) {
      expect((await handleAuthRequest(request(path, { email: "a@b.example", password: "x" }))).status, path).toBe(404);
    }
    expect((await handleAuthRequest(request("/sign-in/email", {}, { method: "GET" }))).status).toBe(404);
  });
});

describe("password sign-in", () => {
  it("refuses a shopper's account exactly as it refuses a wrong password, even with the right password", async () => {
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff One",
      email: "staff-one@example.com",
      password: "saffron-rain-81",
    });
    const wrongForStaff = await signIn("staff-one@example.com", "not-the-password-1");

    const victim = await shopper("+919800000003");
    await givePassword(victim.id, "attacker-pass-1");
    const withRightPassword = await signIn(victim.email, "attacker-pass-1");
    expect(withRightPassword.status).toBe(401);
    expect(withRightPassword.body).toEqual(wrongForStaff.body);
    expect(withRightPassword.cookies).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, victim.id))).toHaveLength(1); // only the phone sign-in's
  });

  it("still signs staff in", async () => {
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff Two",
      email: "staff-two@example.com",
      password: "monsoon-tea-72",
    });
    const signedIn = await signIn("Staff-Two@Example.com", "monsoon-tea-72");
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.cookies.map((c) => c.split(";")[0]).join("; ");
    expect(await getSessionUser(new Request(`${BASE}/`, { headers: { cookie } }))).toMatchObject({
      email: "staff-two@example.com",
      role: "admin",
    });
  });

  it(`makes an account wait after ${PASSWORD_LIMITS.attempts} failures in ${PASSWORD_LIMITS.windowMinutes} minutes, however many addresses they come from`, async () => {
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff Three",
      email: "staff-three@example.com",
      password: "jasmine-kite-63",
    });
    for (let i = 0; i < PASSWORD_LIMITS.attempts; i++) {
      expect((await signIn("staff-three@example.com", `guess-number-${i}`)).status, `guess ${i + 1}`).toBe(401);
    }
    // every guess came from its own address, yet the account now waits, even for the right password
    const locked = await signIn("staff-three@example.com", "jasmine-kite-63");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /^Too many sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
    );
    expect(locked.cookies).toEqual([]);

    // once the window has passed, the right password works and the count starts again
    await t.db
      .update(passwordSignInFailures)
      .set({ createdAt: sql`now() - make_interval(mins => ${PASSWORD_LIMITS.windowMinutes + 1})` })
      .where(eq(passwordSignInFailures.email, "staff-three@example.com"));
    expect((await signIn("staff-three@example.com", "jasmine-kite-63")).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(passwordSignInFailures)
        .where(eq(passwordSignInFailures.email, "staff-three@example.com")),
    ).toEqual([]);
  });

  it("answers an e-mail that has no account exactly like one that has, so the limit tells nothing", async () => {
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff Four",
      email: "staff-four@example.com",
      password: "lotus-drum-54",
    });
    const answers = { real: [] as unknown[], none: [] as unknown[] };
    for (let i = 0; i <= PASSWORD_LIMITS.attempts; i++) {
      const real = await signIn("staff-four@example.com", `guess-${i}-x`);
      const none = await signIn("nobody-here@example.com", `guess-${i}-x`);
      answers.real.push([real.status, real.body]);
      answers.none.push([none.status, none.body]);
    }
    expect(answers.none).toEqual(answers.real);
    expect(answers.real.at(-1)).toEqual([429, expect.objectContaining({ code: "PASSWORD_LIMIT" })]);
  });

  it("counts simultaneous guesses too", async () => {
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff Five",
      email: "staff-five@example.com",
      password: "cardamom-sky-45",
    });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn("staff-five@example.com", `parallel-${i}-x`)),
    );
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(PASSWORD_LIMITS.attempts);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(16 - PASSWORD_LIMITS.attempts);
  });
});

describe("migration 0003", () => {
  it("removes passwords from shoppers' accounts and ends their sessions, and leaves staff alone", async () => {
    const victim = await shopper("+919800000009");
    await givePassword(victim.id, "attacker-pass-2");
    await createStaffAccount(t.db, getAuth(), {
      name: "Staff Six",
      email: "staff-six@example.com",
      password: "tamarind-bay-36",
    });
    const statements = readFileSync("drizzle/0003_password_sign_in_failures.sql", "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*DELETE/.test(statement));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    expect(
      await t.db
        .select()
        .from(account)
        .where(and(eq(account.userId, victim.id), eq(account.providerId, "credential"))),
    ).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, victim.id))).toEqual([]);
    const [staff] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "staff-six@example.com"));
    expect(await t.db.select().from(account).where(eq(account.userId, staff!.id))).toHaveLength(1);
    expect((await signIn("staff-six@example.com", "tamarind-bay-36")).status).toBe(200);
  });
});
