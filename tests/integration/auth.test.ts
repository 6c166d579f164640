import { getAuthTables } from "better-auth/db";
import { admin, phoneNumber } from "better-auth/plugins";
import { eq, getTableColumns } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { authTables } from "../../app/modules/accounts/auth-schema.server";
import { smsOutbox } from "../../app/modules/accounts/schema.server";
import { getAuth, requireUser } from "../../app/modules/accounts/session.server";
import { requireStaff } from "../../app/modules/admin/access.server";
import { createStaffAccount, staffInputSchema } from "../../app/modules/accounts/staff.server";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

function post(path: string, body: unknown, ip = "203.0.113.7") {
  return getAuth().handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
}

async function signIn(email: string, password: string, ip?: string): Promise<{ status: number; cookie: string }> {
  const response = await post("/sign-in/email", { email, password }, ip);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, cookie };
}

describe("auth tables", () => {
  it("has a column for every field the auth library and its plugins use", () => {
    const expected = getAuthTables({
      rateLimit: { enabled: true, storage: "database" },
      plugins: [phoneNumber({ sendOTP: async () => {} }), admin()],
    });
    for (const [model, table] of Object.entries(expected)) {
      const ours = authTables[model as keyof typeof authTables];
      expect(ours, `table for ${model}`).toBeDefined();
      const columns = Object.keys(getTableColumns(ours));
      for (const field of Object.keys(table.fields)) expect(columns, `${model}.${field}`).toContain(field);
    }
  });
});

describe("staff accounts and guards", () => {
  it("refuses weak passwords with a clear reason", () => {
    const weak = staffInputSchema.safeParse({ name: "Priya", email: "priya@example.com", password: "password123" });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues[0]?.message).toBe("Password is too easy to guess");
    expect(
      staffInputSchema.safeParse({ name: "Priya", email: "priya@example.com", password: "short1" }).error?.issues[0]
        ?.message,
    ).toBe("Password must be at least 10 characters");
    expect(
      staffInputSchema.safeParse({ name: "Priya", email: "priya@example.com", password: "onlyletterslong" }).error
        ?.issues[0]?.message,
    ).toBe("Password must mix letters and digits");
  });

  it("creates an admin who can sign in and passes requireStaff; a second create changes nothing", async () => {
    const created = await createStaffAccount(t.db, getAuth(), {
      name: "Priya Shah",
      email: "Priya@Example.com",
      password: "kesar-mango-42",
    });
    expect(created.status).toBe("created");
    expect(
      (
        await createStaffAccount(t.db, getAuth(), {
          name: "Other",
          email: "priya@example.com",
          password: "another-pass-99",
        })
      ).status,
    ).toBe("exists");

    const { status, cookie } = await signIn("priya@example.com", "kesar-mango-42");
    expect(status).toBe(200);
    const request = new Request(`${BASE}/admin`, { headers: { cookie } });
    expect(await requireStaff(request)).toMatchObject({ email: "priya@example.com", name: "Priya Shah" });
    expect((await signIn("priya@example.com", "another-pass-99")).status).toBe(401);
  });

  it("shows anonymous visitors the sign-in form (401, no data) and refuses shoppers the back office", async () => {
    const anonymous = await requireStaff(new Request(`${BASE}/admin/orders?tab=1`)).catch((r: unknown) => r);
    expect(anonymous).toMatchObject({ init: { status: 401 }, data: { signIn: true, reason: "signed-out" } });

    // A shopper signs in with a one-time code sent to their phone (read from the console provider's outbox).
    const phone = "+919812345678";
    const client = new Headers({ origin: BASE, "x-forwarded-for": "203.0.113.8" });
    await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: client });
    const [message] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const verified = await getAuth().api.verifyPhoneNumber({
      body: { phoneNumber: phone, code: code! },
      headers: client,
      returnHeaders: true,
    });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const request = new Request(`${BASE}/admin`, { headers: { cookie } });
    expect(await requireUser(request)).toMatchObject({ phoneNumber: phone, role: "customer" });
    const refused = await requireStaff(request).catch((r: unknown) => r);
    expect(refused).toMatchObject({ init: { status: 403 } });
  });

  it("rate-limits password sign-in attempts, with the counters kept in the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signIn("nobody@example.com", "wrong-password-1", "198.51.100.23")).status);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const rows = await t.db.select().from(authTables.rateLimit);
    expect(rows.some((r) => r.key.includes("198.51.100.23"))).toBe(true);
  });
});
