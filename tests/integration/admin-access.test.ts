import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { session } from "../../app/modules/accounts/auth-schema.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { requireStaff, STAFF_CHECK_REUSE_MS } from "../../app/modules/admin/access.server";
import { recentActivity, recordAudit } from "../../app/modules/audit/index.server";
import { listAdminCustomers } from "../../app/modules/reports/lists.server";
import { searchPattern } from "../../app/lib/search-pattern";
import { staffActivity } from "../../app/modules/admin/schema.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { action as layoutAction, loader as layoutLoader } from "../../app/routes/admin";
import { loader as customersLoader } from "../../app/routes/admin.customers";
import { loader as ordersLoader } from "../../app/routes/admin.orders";
import { createTestOrder, createTestShopper } from "../factories/orders";
import { TEST_BASE as BASE, signedInShopper, signedInStaff } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The back office's door (decision 021): every admin loader answers a visitor with the sign-in form
 * (401, no data) and a shopper with 403; staff sessions end after the store setting's hours without
 * a request; the order and customer lists come from SQL; the audit log reads newest first.
 */

const t = setupTestDatabase();
const HOUR = 3_600_000;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
});

async function staffCookie(email = "meera@example.com"): Promise<string> {
  return (await signedInStaff(t.db, { name: "Meera Staff", email, password: "saffron-tea-77" }, "203.0.113.40")).cookie;
}

async function shopperCookie(phone: string): Promise<string> {
  return (await signedInShopper(t.db, phone, "203.0.113.41")).cookie;
}

const get = (path: string, cookie?: string) => new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { init?: { status?: number; headers?: Record<string, string> }; data?: unknown },
  );

describe("who may open the back office", () => {
  const loaders = {
    "/admin": layoutLoader,
    "/admin/orders": ordersLoader,
    "/admin/customers": customersLoader,
  } as const;

  it("answers a visitor with the sign-in form (401) from every loader, never data, never stored", async () => {
    for (const [path, loader] of Object.entries(loaders)) {
      const refused = await failure(loader(args(get(path))));
      expect(refused, path).toMatchObject({ init: { status: 401 }, data: { signIn: true, reason: "signed-out" } });
      expect(refused?.init?.headers).toMatchObject({ "Cache-Control": "no-store" });
    }
  });

  it("refuses a signed-in shopper with 403", async () => {
    const cookie = await shopperCookie("+919812300011");
    for (const [path, loader] of Object.entries(loaders)) {
      expect(await failure(loader(args(get(path, cookie)))), path).toMatchObject({ init: { status: 403 } });
    }
  });

  it("gives staff their screens", async () => {
    const cookie = await staffCookie("asha@example.com");
    const layout = (await layoutLoader(args(get("/admin", cookie)))) as unknown as {
      data: { staff: { name: string; email: string } };
    };
    expect(layout.data.staff).toEqual({ name: "Meera Staff", email: "asha@example.com" });
  });
});

describe("a staff member's check is reused for a moment, never past a sign-out", () => {
  it("refuses the session at once after signing out from the back office", async () => {
    const cookie = await staffCookie("leaving@example.com");
    await expect(requireStaff(get("/admin", cookie))).resolves.toMatchObject({ email: "leaving@example.com" });
    const form = new URLSearchParams({ intent: "sign-out" });
    const post = new Request(`${BASE}/admin`, {
      method: "POST",
      headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const answer = (await layoutAction(args(post))) as Response;
    expect(answer.status).toBe(302);
    expect(await failure(requireStaff(get("/admin", cookie)))).toMatchObject({
      init: { status: 401 },
      data: { reason: "signed-out" },
    });
  });

  it("notices a session ended elsewhere (another process, the database) within STAFF_CHECK_REUSE_MS", async () => {
    const cookie = await staffCookie("elsewhere@example.com");
    const checked = Date.now();
    const staff = await requireStaff(get("/admin", cookie), new Date(checked));
    await t.db.delete(session).where(eq(session.id, staff.sessionId));
    expect(await failure(requireStaff(get("/admin", cookie), new Date(checked + STAFF_CHECK_REUSE_MS)))).toMatchObject({
      init: { status: 401 },
    });
  });
});

describe("staff sessions end after the store setting's hours without a request", () => {
  it("keeps a session in use alive and ends one left idle (default 12 hours)", async () => {
    const cookie = await staffCookie("idle@example.com");
    const request = get("/admin", cookie);
    const start = Date.now();
    // in use every 11 hours: still signed in after 22 hours
    await expect(requireStaff(request, new Date(start + 11 * HOUR))).resolves.toMatchObject({
      email: "idle@example.com",
    });
    await expect(requireStaff(request, new Date(start + 22 * HOUR))).resolves.toMatchObject({
      email: "idle@example.com",
    });
    // then 12 hours and a minute without a request: signed out, and the session is gone for good
    const ended = await failure(requireStaff(request, new Date(start + 34 * HOUR + 60_000)));
    expect(ended).toMatchObject({ init: { status: 401 }, data: { signIn: true, reason: "expired" } });
    expect(await failure(requireStaff(request))).toMatchObject({
      init: { status: 401 },
      data: { reason: "signed-out" },
    });
  });

  it("follows the setting", async () => {
    const cookie = await staffCookie("short@example.com");
    await t.db.update(storeSettings).set({ staffSessionHours: 1 });
    try {
      const request = get("/admin", cookie);
      const staff = await requireStaff(request);
      const [mark] = await t.db.select().from(staffActivity).where(eq(staffActivity.sessionId, staff.sessionId));
      expect(mark).toBeDefined();
      expect(await failure(requireStaff(request, new Date(Date.now() + HOUR + 60_000)))).toMatchObject({
        data: { reason: "expired" },
      });
      expect(await t.db.select().from(session).where(eq(session.id, staff.sessionId))).toEqual([]);
    } finally {
      await t.db.update(storeSettings).set({ staffSessionHours: 12 });
    }
  });
});

describe("customer lists", () => {
  it("takes LIKE's wildcards in a search literally", () => {
    expect(searchPattern("  50%_off\\ ")).toBe("%50\\%\\_off\\\\%");
  });

  it("counts each customer's orders and what they spent, leaving out cancelled and unpaid orders", async () => {
    const shopper = await createTestShopper(t.db, { phone: "+919811100033", firstName: "Zoya" });
    const paid = await createTestOrder(t.db, shopper.id, { status: "delivered" });
    await createTestOrder(t.db, shopper.id, { status: "cancelled" });
    await createTestOrder(t.db, shopper.id, { status: "pending_payment" });
    const confirmed = await createTestOrder(t.db, shopper.id, { status: "confirmed" });
    const [row] = (await listAdminCustomers(t.db, { search: "9811100033" })).rows;
    expect(row).toMatchObject({
      id: shopper.id,
      orderCount: 4,
      spentPaise: paid.totalPaise + confirmed.totalPaise,
      active: true,
    });
    // staff are not customers
    await createStaffAccount(t.db, getAuth(), {
      name: "Zoya Staff",
      email: "zoya.staff@example.com",
      password: "saffron-tea-77",
    });
    expect((await listAdminCustomers(t.db, { search: "Zoya" })).rows.map((r) => r.id)).toEqual([shopper.id]);
  });
});

describe("audit log", () => {
  it("reads newest first, for the whole shop or one entity", async () => {
    const actor = { id: (await createTestShopper(t.db)).id, name: "Asha" };
    await recordAudit(t.db, actor, {
      entity: "product",
      entityId: "p-1",
      action: "update",
      summary: "Price ₹1,299 → ₹1,199",
      changes: { price: { before: 129_900, after: 119_900 } },
    });
    await recordAudit(t.db, actor, {
      entity: "product",
      entityId: "p-2",
      action: "create",
      summary: "Added Neel kurta",
    });
    const all = await recentActivity(t.db, { limit: 2 });
    expect(all.map((a) => a.summary)).toEqual(["Added Neel kurta", "Price ₹1,299 → ₹1,199"]);
    const one = await recentActivity(t.db, { entity: "product", entityId: "p-1" });
    expect(one).toEqual([expect.objectContaining({ actorName: "Asha", action: "update", entityId: "p-1" })]);
  });
});
