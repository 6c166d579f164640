import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { session, user } from "../../app/modules/accounts/auth-schema.server";
import { addAddress, completeRegistration } from "../../app/modules/accounts/profile.server";
import { staffMembers } from "../../app/modules/accounts/schema.server";
import { REGISTRATION_WINDOW_MS } from "../../app/modules/accounts/auth.server";
import { getAuth, getSessionUser } from "../../app/modules/accounts/session.server";
import { removeUnfinishedSignUps } from "../../app/modules/accounts/sign-ups.server";
import { hasOrders } from "../../app/modules/orders/orders.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { requireStaff } from "../../app/modules/admin/access.server";
import { computeFigures } from "../../app/modules/reports/dashboard-figures.server";
import { listAdminCustomers } from "../../app/modules/reports/lists.server";
import { removeStaff } from "../../app/modules/admin/staff.server";
import { auditLog } from "../../app/modules/audit/schema.server";
import { orders } from "../../app/modules/orders/schema.server";
import * as accountRoute from "../../app/routes/authentication";
import * as detailRoute from "../../app/routes/admin.customers.$id";
import * as listRoute from "../../app/routes/admin.customers";
import * as staffRoute from "../../app/routes/admin.customers.staff";
import { createTestOrder, createTestShopper } from "../factories/orders";
import {
  TEST_BASE as BASE,
  cookieOf,
  latestCode as newestCode,
  passwordSignIn as signInWithPassword,
  routeRequest,
  settle,
  type Answer,
  type RouteArgs as Args,
} from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The admin's Customers tab (decision 026): the shoppers' list (search, SQL totals, paging), a
 * customer's page, deactivating (the live session ends, sign-in by code is refused with the
 * disabled-account message, the orders stay) and reactivating, and the staff accounts (owners add
 * and remove; never the last owner).
 * Every loader and action as a visitor (401), a shopper (403), staff and, where it matters, staff who
 * are not owners.
 */

const t = setupTestDatabase();
const DISABLED = "This account is disabled. Please contact support.";

let ownerCookie = "";
let ownerId = "";
let clerkCookie = "";
let clerkId = "";
let shopperCookie = "";

let ipCounter = 20;
function client(): Headers {
  ipCounter += 1;
  return new Headers({ origin: BASE, "x-forwarded-for": `203.0.113.${ipCounter}` });
}

const passwordSignIn = (email: string, password: string) =>
  signInWithPassword(email, password, client().get("x-forwarded-for")!);

const latestCode = (phone: string) => newestCode(t.db, phone);

/** A shopper who registered by phone code: their id and a live session cookie. */
async function registeredShopper(
  phone: string,
  firstName: string,
  email: string,
): Promise<{ id: string; cookie: string }> {
  const headers = client();
  await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers });
  const verified = await getAuth().api.verifyPhoneNumber({
    body: { phoneNumber: phone, code: await latestCode(phone) },
    headers,
    returnHeaders: true,
  });
  const id = verified.response.user.id;
  await completeRegistration(t.db, id, phone, { firstName, lastName: "Kapoor", email });
  return { id, cookie: cookieOf(verified.headers) };
}

beforeAll(async () => {
  setDatabase(t.database);
  ownerId = (
    await createStaffAccount(t.db, getAuth(), {
      name: "Priya Owner",
      email: "priya@example.com",
      password: "kesar-mango-42",
    })
  ).userId;
  ownerCookie = (await passwordSignIn("priya@example.com", "kesar-mango-42")).cookie;
  clerkId = (
    await createStaffAccount(
      t.db,
      getAuth(),
      { name: "Ravi Clerk", email: "ravi@example.com", password: "masala-chai-58" },
      { isOwner: false, addedBy: ownerId },
    )
  ).userId;
  clerkCookie = (await passwordSignIn("ravi@example.com", "masala-chai-58")).cookie;
  shopperCookie = (await registeredShopper("+919812300001", "Meera", "meera@example.com")).cookie;
});

/* ---------- calling the routes ---------- */

/** Every call from an address of its own (the sign-in limits count per address). */
const request = (pathname: string, cookie: string | null, form?: Record<string, string>) =>
  routeRequest(pathname, cookie, form, { "x-forwarded-for": client().get("x-forwarded-for")! });

const listLoader = (query: string, cookie: string | null) =>
  settle(() =>
    listRoute.loader({
      request: request(`/admin/customers${query}`, cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof listRoute.loader>),
  );
const detailLoader = (id: string, cookie: string | null) =>
  settle(() =>
    detailRoute.loader({
      request: request(`/admin/customers/${id}`, cookie),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.loader>),
  );
const detailAction = (id: string, form: Record<string, string>, cookie: string | null) =>
  settle(() =>
    detailRoute.action({
      request: request(`/admin/customers/${id}`, cookie, form),
      params: { id },
      context: {},
    } as unknown as Args<typeof detailRoute.action>),
  );
const staffLoader = (cookie: string | null) =>
  settle(() =>
    staffRoute.loader({
      request: request("/admin/customers/staff", cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof staffRoute.loader>),
  );
const staffAction = (form: Record<string, string>, cookie: string | null) =>
  settle(() =>
    staffRoute.action({
      request: request("/admin/customers/staff", cookie, form),
      params: {},
      context: {},
    } as unknown as Args<typeof staffRoute.action>),
  );
const accountAction = (form: Record<string, string>, headers: Headers) =>
  settle(() =>
    accountRoute.action({
      request: new Request(`${BASE}/authentication`, { method: "POST", headers, body: new URLSearchParams(form) }),
      params: {},
      context: {},
    } as unknown as Args<typeof accountRoute.action>),
  );

const auditRows = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

/* ---------- access ---------- */

describe("access", () => {
  it("answers visitors 401 and shoppers 403 on every loader and action, without changing anything", async () => {
    const target = await createTestShopper(t.db, { firstName: "Access" });
    const calls: Array<(cookie: string | null) => Promise<Answer>> = [
      (c) => listLoader("", c),
      (c) => detailLoader(target.id, c),
      (c) => detailAction(target.id, { intent: "deactivate" }, c),
      (c) => staffLoader(c),
      (c) =>
        staffAction({ intent: "add", name: "Intruder", email: "intruder@example.com", password: "saffron-tea-77" }, c),
      (c) => staffAction({ intent: "remove", userId: clerkId }, c),
    ];
    for (const call of calls) {
      expect((await call(null)).status).toBe(401);
      expect((await call(shopperCookie)).status).toBe(403);
    }
    const [still] = await t.db.select({ banned: user.banned }).from(user).where(eq(user.id, target.id));
    expect(still?.banned).toBe(false);
    expect(await t.db.select().from(user).where(eq(user.email, "intruder@example.com"))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.id, clerkId))).toHaveLength(1);
  });

  it("lets staff who are not owners read every page and change customers, not staff", async () => {
    expect((await listLoader("", clerkCookie)).status).toBe(200);
    const staff = await staffLoader(clerkCookie);
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ viewerIsOwner: false });
    const added = await staffAction(
      { intent: "add", name: "Sneaky", email: "sneaky@example.com", password: "saffron-tea-77" },
      clerkCookie,
    );
    // refused before the form is read (requireOwner), as the settings and GST rates are
    expect(added).toMatchObject({
      status: 403,
      body: { ownersOnly: true, message: "Only an owner can add or remove staff." },
    });
    expect(await t.db.select().from(user).where(eq(user.email, "sneaky@example.com"))).toEqual([]);
    const removed = await staffAction({ intent: "remove", userId: ownerId }, clerkCookie);
    expect(removed).toMatchObject({
      status: 403,
      body: { ownersOnly: true, message: "Only an owner can add or remove staff." },
    });

    const target = await createTestShopper(t.db, { firstName: "Clerkable" });
    expect((await detailAction(target.id, { intent: "deactivate" }, clerkCookie)).status).toBe(200);
    expect((await detailAction(target.id, { intent: "reactivate" }, clerkCookie)).status).toBe(200);
  });
});

/* ---------- the list ---------- */

describe("the customers list", () => {
  it("searches name, the e-mail given at registration and the phone typed any way; staff are not listed", async () => {
    const asha = await createTestShopper(t.db, {
      phone: "+919822200011",
      firstName: "Ashwini",
      lastName: "Rao",
      email: "ashwini.rao@example.com",
    });
    await createTestShopper(t.db, { phone: "+919822200012", firstName: "Bhavna", email: "bhavna@example.com" });
    const ids = async (search: string) =>
      (
        (await listLoader(`?search=${encodeURIComponent(search)}`, ownerCookie)).body as { rows: Array<{ id: string }> }
      ).rows.map((r) => r.id);
    expect(await ids("ashwini")).toEqual([asha.id]);
    expect(await ids("ASHWINI.RAO@EXAMPLE")).toEqual([asha.id]);
    expect(await ids("98222 00011")).toEqual([asha.id]);
    expect(await ids("+91 98222-00011")).toEqual([asha.id]);
    expect(await ids("Rao")).toContain(asha.id);
    expect(await ids("%")).toEqual([]);
    expect(await ids("Priya")).toEqual([]); // the owner is staff
    const page = await listLoader("?search=ashwini", ownerCookie);
    expect(page.body).toMatchObject({
      total: 1,
      page: 1,
      pages: 1,
      search: "ashwini",
      rows: [{ name: "Ashwini Rao", email: "ashwini.rao@example.com", phone: "+919822200011", active: true }],
    });
  });

  it("counts orders and sums what was spent in SQL, leaving out cancelled and unpaid orders", async () => {
    const zoya = await createTestShopper(t.db, { phone: "+919833300021", firstName: "Zoya" });
    const delivered = await createTestOrder(t.db, zoya.id, { status: "delivered" });
    await createTestOrder(t.db, zoya.id, { status: "cancelled" });
    await createTestOrder(t.db, zoya.id, { status: "pending_payment" });
    const confirmed = await createTestOrder(t.db, zoya.id, {
      status: "confirmed",
      lines: [{ name: "Silk Saree", unitPricePaise: 459_900, quantity: 2 }],
    });
    const { body } = await listLoader("?search=9833300021", ownerCookie);
    expect((body as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({ id: zoya.id, orderCount: 4, spentPaise: delivered.totalPaise + confirmed.totalPaise }),
    ]);
  });

  it("pages 25 at a time, newest first", async () => {
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 27; i++) {
      const { id } = await createTestShopper(t.db, {
        firstName: "Pager",
        lastName: `Person ${String(i).padStart(2, "0")}`,
      });
      // one second apart: rows made in the same instant would tie on created_at
      await t.db
        .update(user)
        .set({ createdAt: new Date(start + i * 1000) })
        .where(eq(user.id, id));
    }
    const first = await listLoader("?search=pager", ownerCookie);
    const second = await listLoader("?search=pager&page=2", ownerCookie);
    expect(first.body).toMatchObject({ total: 27, pages: 2, page: 1 });
    expect((first.body as { rows: unknown[] }).rows).toHaveLength(25);
    expect((second.body as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual([
      "Pager Person 01",
      "Pager Person 00",
    ]);
  });
});

/* ---------- a customer's page ---------- */

describe("a customer's page", () => {
  it("shows the profile, addresses and orders (newest first, with their ids for the order page)", async () => {
    const shopper = await createTestShopper(t.db, {
      phone: "+919844400031",
      firstName: "Kavya",
      lastName: "Iyer",
      email: "kavya@example.com",
    });
    await addAddress(t.db, shopper.id, {
      fullName: "Kavya Iyer",
      phone: "+919844400031",
      line1: "4 Lake View",
      line2: "",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600001",
      makePrimary: true,
    });
    const older = await createTestOrder(t.db, shopper.id, {
      status: "delivered",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const newer = await createTestOrder(t.db, shopper.id, { status: "shipped" });
    const { status, body } = await detailLoader(shopper.id, clerkCookie);
    expect(status).toBe(200);
    const { customer } = body as {
      customer: Record<string, unknown> & { orders: Array<{ id: string; orderNumber: string; status: string }> };
    };
    expect(customer).toMatchObject({
      name: "Kavya Iyer",
      email: "kavya@example.com",
      phone: "+919844400031",
      active: true,
      orderCount: 2,
      spentPaise: older.totalPaise + newer.totalPaise,
      addresses: [
        expect.objectContaining({ fullName: "Kavya Iyer", city: "Chennai", pincode: "600001", isPrimary: true }),
      ],
    });
    expect(customer.orders.map((o) => [o.id, o.orderNumber, o.status])).toEqual([
      [newer.id, newer.orderNumber, "shipped"],
      [older.id, older.orderNumber, "delivered"],
    ]);
  });

  it("answers 404 for an unknown id and for a staff account", async () => {
    expect((await detailLoader("no-such-user", ownerCookie)).status).toBe(404);
    expect((await detailLoader(clerkId, ownerCookie)).status).toBe(404);
    expect((await detailAction(clerkId, { intent: "deactivate" }, ownerCookie)).status).toBe(404);
    expect((await detailAction("no-such-user", { intent: "reactivate" }, ownerCookie)).status).toBe(404);
  });
});

/* ---------- deactivation ---------- */

describe("deactivating a shopper", () => {
  it("ends their live session at once, refuses sign-in by code with the message, keeps their orders; reactivation lets them in", async () => {
    const phone = "+919855500041";
    const shopper = await registeredShopper(phone, "Nisha", "nisha@example.com");
    const order = await createTestOrder(t.db, shopper.id, { status: "confirmed" });
    const asShopper = () => getSessionUser(new Request(`${BASE}/account`, { headers: { cookie: shopper.cookie } }));
    expect((await asShopper())?.id).toBe(shopper.id);

    // a code asked for before the deactivation cannot be used after it
    const early = client();
    expect((await accountAction({ intent: "send-code", phone: "98555 00041", mode: "login" }, early)).status).toBe(200);
    const earlyCode = await latestCode(phone);

    const deactivated = await detailAction(
      shopper.id,
      { intent: "deactivate", reason: "Chargeback abuse" },
      ownerCookie,
    );
    expect(deactivated).toEqual({
      status: 200,
      body: { ok: true, active: false, message: "Customer deactivated. They were signed out." },
    });
    // the same cookie is signed out on the next request
    expect(await asShopper()).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, shopper.id))).toEqual([]);
    const [account] = await t.db
      .select({ banned: user.banned, banReason: user.banReason })
      .from(user)
      .where(eq(user.id, shopper.id));
    expect(account).toEqual({ banned: true, banReason: "Chargeback abuse" });
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id))).toEqual([
      { id: order.id },
    ]);
    const detail = await detailLoader(shopper.id, ownerCookie);
    expect(detail.body).toMatchObject({ customer: { active: false, banReason: "Chargeback abuse", orderCount: 1 } });
    expect((await listLoader("?search=nisha", ownerCookie)).body).toMatchObject({
      rows: [{ id: shopper.id, active: false }],
    });

    // signing in again: refused at the code request and at the verification, with the disabled-account
    // message
    const codeRequest = await accountAction({ intent: "send-code", phone: "98555 00041", mode: "login" }, client());
    expect(codeRequest).toMatchObject({
      status: 403,
      body: { kind: "sign-in", step: "phone", error: DISABLED, phone: "98555 00041" },
    });
    const verify = await accountAction({ intent: "verify", phone, code: earlyCode, mode: "login" }, early);
    expect(verify).toMatchObject({ status: 403, body: { kind: "sign-in", error: DISABLED } });
    expect(await t.db.select().from(session).where(eq(session.userId, shopper.id))).toEqual([]);

    // deactivating twice is refused, not recorded twice
    expect((await detailAction(shopper.id, { intent: "deactivate" }, ownerCookie)).status).toBe(409);

    const reactivated = await detailAction(shopper.id, { intent: "reactivate" }, clerkCookie);
    expect(reactivated).toEqual({
      status: 200,
      body: { ok: true, active: true, message: "Customer reactivated. They can sign in again." },
    });
    const again = client();
    expect((await accountAction({ intent: "send-code", phone: "98555 00041", mode: "login" }, again)).status).toBe(200);
    const signedIn = await settle(() =>
      accountRoute.action({
        request: new Request(`${BASE}/authentication`, {
          method: "POST",
          headers: again,
          body: new URLSearchParams({ intent: "verify", phone, code: "000000", mode: "login" }),
        }),
        params: {},
        context: {},
      } as unknown as Args<typeof accountRoute.action>),
    );
    expect(signedIn.status).toBe(400); // a wrong code is still just a wrong code
    const verified = await accountAction(
      { intent: "verify", phone, code: await latestCode(phone), mode: "login" },
      again,
    );
    expect(verified).toMatchObject({ status: 200, body: { kind: "account", welcome: "Welcome back, Nisha!" } });

    const rows = await auditRows("customer", shopper.id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["deactivate", "Priya Owner"],
      ["reactivate", "Ravi Clerk"],
    ]);
    expect(rows[0]?.changes).toMatchObject({ active: { before: true, after: false } });
  });
});

/* ---------- staff accounts ---------- */

describe("staff accounts", () => {
  it("lists staff apart, with owner or not and who added them", async () => {
    const { body } = await staffLoader(ownerCookie);
    const { members, viewerIsOwner } = body as {
      members: Array<{ id: string; name: string; isOwner: boolean; addedByName: string | null }>;
      viewerIsOwner: boolean;
    };
    expect(viewerIsOwner).toBe(true);
    expect(members.find((m) => m.id === ownerId)).toMatchObject({
      name: "Priya Owner",
      isOwner: true,
      addedByName: null,
    });
    expect(members.find((m) => m.id === clerkId)).toMatchObject({
      name: "Ravi Clerk",
      isOwner: false,
      addedByName: "Priya Owner",
    });
    expect(members.some((m) => m.name.startsWith("Meera"))).toBe(false);
  });

  it("refuses bad input with a message per field, keeping what was typed (never the password)", async () => {
    const bad = await staffAction(
      { intent: "add", name: "A", email: "not-an-email", password: "short", isOwner: "on" },
      ownerCookie,
    );
    expect(bad).toEqual({
      status: 400,
      body: {
        intent: "add",
        ok: false,
        status: 400,
        fieldErrors: {
          name: "Name must be at least 2 characters",
          email: "Enter a valid e-mail address",
          password: "Password must be at least 10 characters",
        },
        values: { name: "A", email: "not-an-email", isOwner: true },
      },
    });
    const weak = await staffAction(
      { intent: "add", name: "Anita", email: "anita@example.com", password: "password123" },
      ownerCookie,
    );
    expect(weak.body).toMatchObject({ fieldErrors: { password: "Password is too easy to guess" } });
    const letters = await staffAction(
      { intent: "add", name: "Anita", email: "anita@example.com", password: "onlyletterspass" },
      ownerCookie,
    );
    expect(letters.body).toMatchObject({ fieldErrors: { password: "Password must mix letters and digits" } });
    const taken = await staffAction(
      { intent: "add", name: "Ravi Again", email: "RAVI@example.com", password: "saffron-tea-77" },
      ownerCookie,
    );
    expect(taken).toMatchObject({
      status: 409,
      body: {
        fieldErrors: { email: "An account with this e-mail already exists." },
        values: { name: "Ravi Again", email: "ravi@example.com" },
      },
    });
    expect(await t.db.select().from(user).where(eq(user.email, "anita@example.com"))).toEqual([]);
  });

  it("adds a staff member who can sign in, then removes them: their session ends at once", async () => {
    const added = await staffAction(
      { intent: "add", name: "Farah Khan", email: "Farah@Example.com", password: "jasmine-rice-91" },
      ownerCookie,
    );
    expect(added).toEqual({
      status: 200,
      body: { intent: "add", ok: true, message: "Farah Khan was added to the staff." },
    });
    const [farah] = await t.db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, "farah@example.com"));
    expect(farah?.role).toBe("admin");
    const [member] = await t.db.select().from(staffMembers).where(eq(staffMembers.userId, farah!.id));
    expect(member).toMatchObject({ isOwner: false, addedBy: ownerId });

    const signIn = await passwordSignIn("farah@example.com", "jasmine-rice-91");
    expect(signIn.status).toBe(200);
    expect((await requireStaff(request("/admin", signIn.cookie))).id).toBe(farah!.id);
    expect((await staffLoader(signIn.cookie)).body).toMatchObject({ viewerIsOwner: false });

    const removed = await staffAction({ intent: "remove", userId: farah!.id }, ownerCookie);
    expect(removed).toEqual({
      status: 200,
      body: { intent: "remove", ok: true, message: "Farah Khan was removed from the staff.", self: false },
    });
    expect((await staffLoader(signIn.cookie)).status).toBe(401);
    expect((await passwordSignIn("farah@example.com", "jasmine-rice-91")).status).toBe(401);
    expect((await staffAction({ intent: "remove", userId: farah!.id }, ownerCookie)).status).toBe(404);

    const rows = await auditRows("staff", farah!.id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["create", "Priya Owner"],
      ["delete", "Priya Owner"],
    ]);
  });

  it("never removes the last owner; with a second owner, an owner may leave", async () => {
    const alone = await staffAction({ intent: "remove", userId: ownerId }, ownerCookie);
    expect(alone).toMatchObject({
      status: 409,
      body: { ok: false, message: "The shop must keep at least one owner: add another owner first." },
    });
    expect(await t.db.select().from(user).where(eq(user.id, ownerId))).toHaveLength(1);

    const added = await staffAction(
      { intent: "add", name: "Second Owner", email: "second@example.com", password: "cardamom-77-bun", isOwner: "on" },
      ownerCookie,
    );
    expect(added.status).toBe(200);
    const second = await passwordSignIn("second@example.com", "cardamom-77-bun");
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "second@example.com"));
    // the second owner leaves on their own: allowed (Priya stays), and their session ends
    const left = await staffAction({ intent: "remove", userId: row!.id }, second.cookie);
    expect(left).toMatchObject({ status: 200, body: { ok: true, self: true } });
    expect((await staffLoader(second.cookie)).status).toBe(401);
    // Priya is the last owner again
    expect((await staffAction({ intent: "remove", userId: ownerId }, ownerCookie)).status).toBe(409);
  });
});

describe("two owners removing each other at the same time", () => {
  it("leaves exactly one of them: the shop always keeps an owner", async () => {
    const ids: string[] = [];
    for (const [name, email] of [
      ["Owner One", "one@example.com"],
      ["Owner Two", "two@example.com"],
    ] as const) {
      ids.push(
        (await createStaffAccount(t.db, getAuth(), { name, email, password: "tamarind-88-rain" }, { isOwner: true }))
          .userId,
      );
    }
    // Priya steps down to plain staff for this test, so the two are the only owners
    await t.db.update(staffMembers).set({ isOwner: false }).where(eq(staffMembers.userId, ownerId));
    try {
      const [a, b] = await Promise.all([
        removeStaff(t.db, { id: ids[0]!, name: "Owner One" }, ids[1]!),
        removeStaff(t.db, { id: ids[1]!, name: "Owner Two" }, ids[0]!),
      ]);
      expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
      const owners = await t.db.select().from(staffMembers).where(eq(staffMembers.isOwner, true));
      expect(owners).toHaveLength(1);
      expect([a, b]).toContainEqual({ ok: false, status: expect.any(Number), message: expect.any(String) });
    } finally {
      await t.db.update(staffMembers).set({ isOwner: true }).where(eq(staffMembers.userId, ownerId));
    }
  });
});

/* ---------- the list's function, directly ---------- */

describe("listAdminCustomers", () => {
  /** A number verified for a new account whose shopper never filled in the registration. */
  async function verifiedOnly(phone: string): Promise<string> {
    const headers = client();
    await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers });
    const verified = await getAuth().api.verifyPhoneNumber({
      body: { phoneNumber: phone, code: await latestCode(phone) },
      headers,
    });
    return verified.user.id;
  }

  it("neither lists nor counts a number that never completed registration, and removes its account after the window", async () => {
    const before = (await computeFigures(t.db)).activeShoppers;
    const unfinished = await verifiedOnly("+919866600051");
    expect((await listAdminCustomers(t.db, { search: "98666 00051" })).rows).toEqual([]);
    expect((await listAdminCustomers(t.db, {})).rows.map((r) => r.id)).not.toContain(unfinished);
    expect((await computeFigures(t.db)).activeShoppers).toBe(before);

    // one that placed an order is a customer, registered or not, and stays
    const buyer = await verifiedOnly("+919866600052");
    await createTestOrder(t.db, buyer, { status: "confirmed" });
    expect((await listAdminCustomers(t.db, { search: "98666 00052" })).rows).toEqual([
      expect.objectContaining({ id: buyer, phone: "+919866600052", email: null, orderCount: 1 }),
    ]);
    expect((await computeFigures(t.db)).activeShoppers).toBe(before + 1);

    // within the registration window nothing is removed; after it, the unfinished account is
    expect(await removeUnfinishedSignUps(t.db, hasOrders)).toBe(0);
    const later = new Date(Date.now() + REGISTRATION_WINDOW_MS + 60_000);
    const [created] = await t.db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, unfinished));
    expect(await removeUnfinishedSignUps(t.db, hasOrders, new Date(created!.createdAt.getTime() - 1))).toBe(0);
    expect(await removeUnfinishedSignUps(t.db, hasOrders, later)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(user).where(eq(user.id, unfinished))).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, unfinished))).toEqual([]);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, buyer))).toHaveLength(1);
    // registered shoppers and staff are never touched
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, ownerId))).toHaveLength(1);
    expect((await listAdminCustomers(t.db, { search: "meera@example.com" })).rows).toHaveLength(1);
  });
});
