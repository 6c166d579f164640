import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type Config } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { session, user } from "../../app/modules/accounts/auth-schema.server";
import { REGISTRATION_WINDOW_MS } from "../../app/modules/accounts/auth.server";
import { customerProfiles, addresses as addressTable, smsOutbox } from "../../app/modules/accounts/schema.server";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setPrimaryAddress,
  updateAddress,
} from "../../app/modules/accounts/profile.server";
import { getOrderForUser, listOrdersForUser } from "../../app/modules/checkout/shopper-orders.server";
import * as addressesRoute from "../../app/routes/account.addresses";
import * as orderRoute from "../../app/routes/account.order";
import * as accountRoute from "../../app/routes/authentication";
import * as outboxRoute from "../../app/routes/dev.outbox";
import { createTestOrder } from "../factories/orders";
import { cookieOf } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The account pages through their route modules (loader/action), as the browser reaches them:
 * the phone sign-in with a code read from the outbox, registration, profile, address book,
 * orders, and the ownership rules (a shopper reads and changes only their own data).
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

let ipCounter = 0;
function headers(cookie?: string) {
  ipCounter += 1;
  return { origin: BASE, "x-forwarded-for": `192.0.2.${ipCounter}`, ...(cookie ? { cookie } : {}) };
}

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** What a loader or action answers a request, a thrown Response included. */
async function answerOf<F extends (args: never) => unknown>(fn: F, request: Request, params: Record<string, string>) {
  try {
    return await fn({ request, params, context: {} } as unknown as Args<F>);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function post<F extends (args: never) => unknown>(
  fn: F,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  params: Record<string, string> = {},
) {
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    headers: headers(cookie),
    body: new URLSearchParams(fields),
  });
  return answerOf(fn, request, params);
}

async function get<F extends (args: never) => unknown>(
  fn: F,
  path: string,
  cookie?: string,
  params: Record<string, string> = {},
) {
  const request = new Request(`${BASE}${path}`, { headers: headers(cookie) });
  return answerOf(fn, request, params);
}

/** data() results from actions: { data, init } */
function payload(result: unknown): { data: Record<string, unknown>; status: number; headers: Headers } {
  const r = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  return { data: r.data, status: r.init?.status ?? 200, headers: new Headers(r.init?.headers ?? {}) };
}

/** The demo outbox, read as a developer on the shop's own machine does (it answers loopback clients only). */
async function readOutbox(phone: string, clientAddress = "127.0.0.1"): Promise<Response> {
  const request = new Request(`${BASE}/dev/outbox?phone=${encodeURIComponent(phone)}`, {
    headers: { "x-forwarded-for": clientAddress },
  });
  return (await answerOf(outboxRoute.loader, request, {})) as Response;
}

async function outboxCode(phone: string): Promise<string> {
  const response = await readOutbox(phone);
  const body = (await response.json()) as { messages: Array<{ body: string }> };
  const code = body.messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no code");
  return code;
}

/** The account screen's action, as its forms post to it. */
function accountAction(fields: Record<string, string>, cookie?: string) {
  return post(accountRoute.action, "/authentication", fields, cookie);
}

/** Types the code the outbox holds for `phone` into the account screen. */
async function verifyCode(mode: "login" | "register", phone: string, fields: Record<string, string> = {}) {
  const code = await outboxCode(phone);
  return accountAction({ intent: "verify", mode, phone, code, ...fields });
}

/** Registers a shopper through the account screen's actions; returns their session cookie. */
async function register(phone10: string, firstName: string, lastName: string, email: string): Promise<string> {
  const sent = payload(await accountAction({ intent: "send-code", mode: "register", phone: phone10 }));
  expect(sent.data).toMatchObject({
    kind: "sign-in",
    step: "code",
    phone: `+91${phone10}`,
    message: "OTP sent successfully! Check your phone for the SMS.",
  });
  const code = await outboxCode(`+91${phone10}`);
  const verified = payload(
    await accountAction({
      intent: "verify",
      mode: "register",
      phone: `+91${phone10}`,
      code,
    }),
  );
  expect(verified.data).toEqual({ kind: "register", message: "Please complete your registration" });
  const cookie = cookieOf(verified.headers);
  expect(cookie).toMatch(/session_token/);
  const done = payload(await accountAction({ intent: "register", firstName, lastName, email }, cookie));
  expect(done.data).toMatchObject({ kind: "account", welcome: `Welcome to Saanjh, ${firstName}!` });
  return cookie;
}

describe("the account screen", () => {
  it("answers with no-store", () => {
    for (const route of [accountRoute, addressesRoute, orderRoute]) {
      expect(new Headers(route.headers({} as never)).get("Cache-Control")).toBe("no-store");
    }
  });

  it("shows the sign-in screen to visitors, in the mode asked for", async () => {
    expect(await get(accountRoute.loader, "/authentication")).toEqual({
      view: "sign-in",
      mode: "login",
      redirectTo: null,
    });
    expect(await get(accountRoute.loader, "/login?mode=register&redirectTo=cart")).toEqual({
      view: "sign-in",
      mode: "register",
      redirectTo: "/checkout",
    });
    expect(await get(accountRoute.loader, "/authentication?redirectTo=https://evil.example")).toMatchObject({
      redirectTo: null,
    });
  });

  it("validates the phone and the code with the spec's messages, keeping what was typed", async () => {
    const empty = payload(await accountAction({ intent: "send-code", mode: "login", phone: " " }));
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ step: "phone", fieldErrors: { phone: "Please enter your phone number" } });
    const bad = payload(await accountAction({ intent: "send-code", mode: "login", phone: "12345" }));
    expect(bad.data).toMatchObject({
      phone: "12345",
      fieldErrors: { phone: "Please enter a valid 10-digit phone number" },
    });
    const noCode = payload(
      await accountAction({
        intent: "verify",
        mode: "login",
        phone: "+919876500000",
        code: "",
      }),
    );
    expect(noCode.data).toMatchObject({ step: "code", fieldErrors: { code: "Please enter the OTP" } });
  });

  it("registration needs first name, last name and e-mail, and stores the last name as the last name", async () => {
    const phone10 = "9876500001";
    await accountAction({ intent: "send-code", mode: "register", phone: phone10 });
    const verified = payload(await verifyCode("register", `+91${phone10}`));
    const cookie = cookieOf(verified.headers);
    expect(await get(accountRoute.loader, "/authentication", cookie)).toEqual({
      view: "register",
      phone: `+91${phone10}`,
      redirectTo: null,
    });
    const missing = payload(
      await accountAction({ intent: "register", firstName: "Meera", lastName: "", email: "meera@example.com" }, cookie),
    );
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      error: "Please fill in all required fields",
      values: { firstName: "Meera", email: "meera@example.com" },
    });
    // the summary is said once, above; each empty field says what it needs
    expect(missing.data.fieldErrors).toEqual({ lastName: "Please enter your last name" });
    const empty = payload(await accountAction({ intent: "register", firstName: "", lastName: " ", email: "" }, cookie));
    expect(empty.data).toMatchObject({
      error: "Please fill in all required fields",
      fieldErrors: {
        firstName: "Please enter your first name",
        lastName: "Please enter your last name",
        email: "Please enter your e-mail address",
      },
    });
    const done = await accountAction(
      { intent: "register", firstName: "Meera", lastName: "Iyer", email: "Meera@Example.com", redirectTo: "cart" },
      cookie,
    );
    expect((done as Response).status).toBe(302);
    expect((done as Response).headers.get("location")).toBe("/checkout");
    const [profile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.phone, `+91${phone10}`));
    expect(profile).toMatchObject({ firstName: "Meera", lastName: "Iyer", email: "meera@example.com" });
  });

  it("signs a registered shopper in with 'Welcome back', honouring a stored redirect", async () => {
    await register("9876500002", "Asha", "Verma", "asha@example.com");
    const phone = "+919876500002";
    await accountAction({ intent: "send-code", mode: "login", phone: "98765-00002" });
    const signedIn = payload(await verifyCode("login", phone));
    expect(signedIn.data).toMatchObject({ kind: "account", welcome: "Welcome back, Asha!" });

    await accountAction({ intent: "send-code", mode: "login", phone });
    const redirected = (await verifyCode("login", phone, { redirectTo: "/product/abc?size=M" })) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/product/abc?size=M");
    expect(redirected.headers.getSetCookie().join()).toMatch(/session_token/);

    await accountAction({ intent: "send-code", mode: "login", phone });
    const offsite = (await verifyCode("login", phone, { redirectTo: "//evil.example" })) as unknown;
    expect(payload(offsite).data).toMatchObject({ kind: "account", welcome: "Welcome back, Asha!" });
  });

  it("after a real sign-in, lands only on a path of this shop, whatever the redirect was made to look like", async () => {
    await register("9876500012", "Ira", "Sen", "ira@example.com");
    const phone = "+919876500012";
    for (const sneaky of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
      await accountAction({ intent: "send-code", mode: "login", phone });
      const result = (await verifyCode("login", phone, { redirectTo: sneaky })) as unknown;
      if (result instanceof Response) {
        // A redirect, if any, must stay on this site: a path with one leading slash.
        const location = result.headers.get("location") ?? "";
        expect(location, sneaky).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, BASE).origin, sneaky).toBe(BASE);
      } else {
        expect(payload(result).data, sneaky).toMatchObject({ kind: "account", welcome: "Welcome back, Ira!" });
      }
    }
  });

  it("serves the demo outbox only to the shop's own machine", async () => {
    await accountAction({ intent: "send-code", mode: "register", phone: "9876500013" });
    expect((await readOutbox("+919876500013", "127.0.0.1")).status).toBe(200);
    expect((await readOutbox("+919876500013", "::1")).status).toBe(200);
    const remote = await readOutbox("+919876500013", "203.0.113.50");
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toMatch(/\d{6}/);
  });

  it("login mode with an unknown number: the code verified, registration is offered at once, for that number only", async () => {
    const phone = "+919876500003";
    await accountAction({ intent: "send-code", mode: "login", phone });
    const result = payload(await verifyCode("login", phone));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      kind: "register",
      message: "Account not found for this number. It is verified: fill in your details to register.",
    });
    const cookie = cookieOf(result.headers);
    expect(await get(accountRoute.loader, "/authentication", cookie)).toEqual({
      view: "register",
      phone,
      redirectTo: null,
    });
    // no second code: the registration goes through on the session of the verified number
    const texts = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(texts).toHaveLength(1);
    // a number sent with the form is not the one registered: the session's is
    const done = payload(
      await accountAction(
        {
          intent: "register",
          firstName: "Ira",
          lastName: "Sen",
          email: "ira.sen@example.com",
          phone: "+919876599999",
          phoneNumber: "+919876599999",
        },
        cookie,
      ),
    );
    expect(done.data).toMatchObject({ kind: "account", welcome: "Welcome to Saanjh, Ira!" });
    const [profile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.email, "ira.sen@example.com"));
    expect(profile?.phone).toBe(phone);
    expect(await t.db.select().from(customerProfiles).where(eq(customerProfiles.phone, "+919876599999"))).toEqual([]);
  });

  it("a verified number that waits past the registration window is asked to sign in again, and cannot register", async () => {
    const phone = "+919876500023";
    await accountAction({ intent: "send-code", mode: "register", phone });
    const verified = payload(await verifyCode("register", phone));
    const cookie = cookieOf(verified.headers);
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone));
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - REGISTRATION_WINDOW_MS - 60_000) })
      .where(eq(session.userId, account!.id));
    expect(await get(accountRoute.loader, "/authentication", cookie)).toEqual({
      view: "sign-in",
      mode: "login",
      redirectTo: null,
    });
    const late = (await accountAction(
      { intent: "register", firstName: "Late", lastName: "Comer", email: "late@example.com" },
      cookie,
    )) as Response;
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toMatch(/^\/authentication/);
    expect(await t.db.select().from(customerProfiles).where(eq(customerProfiles.phone, phone))).toEqual([]);
  });

  it("updates the profile and logs out to /", async () => {
    const cookie = await register("9876500004", "Kavya", "Rao", "kavya@example.com");
    const bad = payload(
      await accountAction({ intent: "update-profile", firstName: "Kavya", lastName: "Rao", email: "nope" }, cookie),
    );
    expect(bad.data).toMatchObject({
      profileError: "Please correct the highlighted fields",
      fieldErrors: { email: "Please enter a valid e-mail address" },
      values: { email: "nope" },
    });
    const ok = payload(
      await accountAction(
        { intent: "update-profile", firstName: "Kavya", lastName: "Raman", email: "kavya@example.in" },
        cookie,
      ),
    );
    expect(ok.data).toMatchObject({ profileMessage: "Profile updated successfully!" });
    expect(await get(accountRoute.loader, "/authentication", cookie)).toMatchObject({
      view: "account",
      profile: { firstName: "Kavya", lastName: "Raman", email: "kavya@example.in", phone: "+919876500004" },
    });
    const out = (await accountAction({ intent: "logout" }, cookie)) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(await get(accountRoute.loader, "/authentication", cookie)).toMatchObject({ view: "sign-in" });
  });
});

describe("orders on the account page", () => {
  it("lists the shopper's orders newest first with items and totals, and opens one with lines and history", async () => {
    const cookie = await register("9876500005", "Nisha", "Kapoor", "nisha@example.com");
    const me = (await get(accountRoute.loader, "/authentication", cookie)) as { view: string };
    expect(me.view).toBe("account");
    const [profile] = await t.db.select().from(customerProfiles).where(eq(customerProfiles.phone, "+919876500005"));
    const older = await createTestOrder(t.db, profile!.userId, {
      status: "delivered",
      createdAt: new Date("2026-10-01T10:00:00Z"),
    });
    const newer = await createTestOrder(t.db, profile!.userId, {
      status: "shipped",
      createdAt: new Date("2026-11-01T10:00:00Z"),
      lines: [
        { name: "Rust Silk Saree", unitPricePaise: 459_900, quantity: 1 },
        { name: "Jhumka Earrings", unitPricePaise: 89_900, quantity: 2 },
      ],
      history: [
        { from: null, to: "pending_payment" },
        { from: "pending_payment", to: "confirmed", reason: "Payment received" },
        { from: "confirmed", to: "shipped" },
      ],
    });
    const view = (await get(accountRoute.loader, "/authentication", cookie)) as {
      orders: Array<{ orderNumber: string; itemCount: number; totalPaise: number; status: string }>;
    };
    expect(view.orders.map((o) => [o.orderNumber, o.status, o.itemCount, o.totalPaise])).toEqual([
      [newer.orderNumber, "shipped", 3, 459_900 + 2 * 89_900],
      [older.orderNumber, "delivered", 1, older.totalPaise],
    ]);
    const detail = (await get(orderRoute.loader, `/account/orders/${newer.orderNumber}`, cookie, {
      orderNumber: newer.orderNumber,
    })) as {
      order: {
        lines: Array<{ name: string; quantity: number }>;
        history: Array<{ toStatus: string; reason: string | null }>;
        billing: { city: string };
        paymentMethod: string;
      };
    };
    expect(detail.order.lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Jhumka Earrings", 2],
      ["Rust Silk Saree", 1],
    ]);
    expect(detail.order.history.map((h) => h.toStatus)).toEqual(["pending_payment", "confirmed", "shipped"]);
    expect(detail.order.history[1]?.reason).toBe("Payment received");
    expect(detail.order.billing.city).toBe("Pune");
  });

  it("never shows another shopper's order", async () => {
    const owner = await register("9876500006", "Ira", "Sen", "ira@example.com");
    const other = await register("9876500007", "Tara", "Das", "tara@example.com");
    const [ownerProfile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.phone, "+919876500006"));
    const [otherProfile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.phone, "+919876500007"));
    const order = await createTestOrder(t.db, ownerProfile!.userId);

    expect(await listOrdersForUser(t.db, otherProfile!.userId)).toEqual([]);
    expect(await getOrderForUser(t.db, otherProfile!.userId, order.orderNumber)).toBeNull();
    const refused = (await get(orderRoute.loader, `/account/orders/${order.orderNumber}`, other, {
      orderNumber: order.orderNumber,
    })) as Response;
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Order not found");
    const mine = await get(orderRoute.loader, `/account/orders/${order.orderNumber}`, owner, {
      orderNumber: order.orderNumber,
    });
    expect(mine).toMatchObject({ order: { orderNumber: order.orderNumber } });

    const anonymous = (await get(orderRoute.loader, `/account/orders/${order.orderNumber}`, undefined, {
      orderNumber: order.orderNumber,
    })) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(
      `/authentication?redirectTo=${encodeURIComponent(`/account/orders/${order.orderNumber}`)}`,
    );
  });
});

describe("address book", () => {
  const address = {
    fullName: "Asha Verma",
    phone: "98123 45678",
    line1: "12 MG Road",
    line2: "",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };

  it("adds, edits, makes primary and deletes through the page's actions", async () => {
    const cookie = await register("9876500008", "Asha", "Verma", "asha8@example.com");
    const invalid = payload(
      await post(addressesRoute.action, "/account/addresses", { intent: "save", ...address, pincode: "4110" }, cookie),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      fieldErrors: { pincode: "Please enter a valid 6-digit pincode" },
      values: { city: "Pune" },
    });

    const added = (await post(
      addressesRoute.action,
      "/account/addresses",
      { intent: "save", ...address },
      cookie,
    )) as Response;
    expect(added.headers.get("location")).toBe("/account/addresses?done=added");
    await post(
      addressesRoute.action,
      "/account/addresses",
      { intent: "save", ...address, line1: "4 Park Street", city: "Kolkata", state: "West Bengal", pincode: "700016" },
      cookie,
    );
    let page = (await get(addressesRoute.loader, "/account/addresses?done=added", cookie)) as {
      addresses: Array<{ id: string; line1: string; isPrimary: boolean; phone: string }>;
      done: string;
    };
    expect(page.done).toBe("Address added.");
    expect(page.addresses.map((a) => [a.line1, a.isPrimary])).toEqual([
      ["12 MG Road", true],
      ["4 Park Street", false],
    ]);
    expect(page.addresses[0]?.phone).toBe("+919812345678");

    const park = page.addresses[1]!.id;
    await post(addressesRoute.action, "/account/addresses", { intent: "make-primary", id: park }, cookie);
    await post(
      addressesRoute.action,
      "/account/addresses",
      {
        intent: "save",
        id: park,
        ...address,
        line1: "4 Park Street, Flat 2",
        city: "Kolkata",
        state: "West Bengal",
        pincode: "700016",
      },
      cookie,
    );
    page = (await get(addressesRoute.loader, `/account/addresses?edit=${park}`, cookie)) as typeof page & {
      editing: { id: string };
    };
    expect(page.addresses.map((a) => [a.line1, a.isPrimary])).toEqual([
      ["4 Park Street, Flat 2", true],
      ["12 MG Road", false],
    ]);
    expect((page as unknown as { editing: { id: string } }).editing.id).toBe(park);

    await post(addressesRoute.action, "/account/addresses", { intent: "delete", id: park }, cookie);
    page = (await get(addressesRoute.loader, "/account/addresses", cookie)) as typeof page;
    expect(page.addresses.map((a) => [a.line1, a.isPrimary])).toEqual([["12 MG Road", true]]);
    const account = (await get(accountRoute.loader, "/authentication", cookie)) as {
      primaryAddress: { line1: string };
      addressCount: number;
    };
    expect(account.primaryAddress.line1).toBe("12 MG Road");
    expect(account.addressCount).toBe(1);
  });

  it("refuses a state that is not the pincode's (either state of a pincode in two is taken)", async () => {
    const cookie = await register("9876500018", "Asha", "Verma", "asha18@example.com");
    const wrong = payload(
      await post(
        addressesRoute.action,
        "/account/addresses",
        { intent: "save", ...address, city: "Bengaluru", state: "Maharashtra", pincode: "560001" },
        cookie,
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      error: "Please correct the highlighted fields",
      fieldErrors: { state: "Pincode 560001 is in Karnataka, not Maharashtra. Please check the state or the pincode." },
      values: { state: "Maharashtra", city: "Bengaluru" },
    });
    const two = (await post(
      addressesRoute.action,
      "/account/addresses",
      { intent: "save", ...address, city: "Puducherry", state: "Puducherry", pincode: "605007" },
      cookie,
    )) as Response;
    expect(two.headers.get("location")).toBe("/account/addresses?done=added");
  });

  it("a shopper cannot read, change, make primary or delete another shopper's address", async () => {
    await register("9876500009", "Owner", "One", "owner@example.com");
    const intruder = await register("9876500010", "Intruder", "Two", "intruder@example.com");
    const [ownerProfile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.phone, "+919876500009"));
    const [intruderProfile] = await t.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.phone, "+919876500010"));
    const ownerId = ownerProfile!.userId;
    const intruderId = intruderProfile!.userId;
    const input = { ...address, phone: "+919812345678", line2: null, makePrimary: false };
    const home = await addAddress(t.db, ownerId, input);
    const office = await addAddress(t.db, ownerId, { ...input, line1: "Office" });

    expect(await listAddresses(t.db, intruderId)).toEqual([]);
    expect(await updateAddress(t.db, intruderId, office.id, { ...input, line1: "Hijacked" })).toBeNull();
    expect(await setPrimaryAddress(t.db, intruderId, office.id)).toBeNull();
    expect(await deleteAddress(t.db, intruderId, home.id)).toBe(false);

    for (const fields of [
      { intent: "save", id: office.id, ...address, line1: "Hijacked" },
      { intent: "make-primary", id: office.id },
      { intent: "delete", id: home.id },
    ]) {
      const refused = payload(await post(addressesRoute.action, "/account/addresses", fields, intruder));
      expect(refused.status, fields.intent).toBe(404);
    }
    const edit = (await get(addressesRoute.loader, `/account/addresses?edit=${home.id}`, intruder)) as {
      editing: unknown;
      addresses: unknown[];
    };
    expect(edit).toMatchObject({ editing: null, addresses: [] });

    const rows = await t.db.select().from(addressTable).where(eq(addressTable.userId, ownerId));
    expect(rows.map((r) => [r.line1, r.isPrimary]).sort()).toEqual([
      ["12 MG Road", true],
      ["Office", false],
    ]);
  });

  it("sends visitors to sign in, coming back afterwards", async () => {
    const response = (await get(addressesRoute.loader, "/account/addresses")) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/authentication?redirectTo=${encodeURIComponent("/account/addresses")}`,
    );
  });
});

describe("demo outbox page", () => {
  it("shows the console provider's messages for one phone", async () => {
    await t.db
      .insert(smsOutbox)
      .values({ toPhone: "+919876500011", body: "654321 is your Saanjh sign-in code.", provider: "console" });
    const response = await readOutbox("98765 00011");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      phone: "+919876500011",
      messages: [{ body: "654321 is your Saanjh sign-in code." }],
    });
  });

  it("does not exist in live mode or with a real SMS gateway (404)", async () => {
    const key = Symbol.for("shop.config");
    const g = globalThis as unknown as Record<symbol, Config | undefined>;
    const saved = g[key];
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      TWILIO_FROM: "+15005550006",
    };
    try {
      for (const env of [
        {
          SHOP_MODE: "live",
          BASE_URL: "https://shop.example.com",
          AUTH_SECRET: "s".repeat(40),
          PAYMENTS: "cod-only",
          SMTP_URL: "smtps://u:p@smtp.example.com",
          MAIL_FROM: "orders@shop.example.com",
          ...twilio,
        },
        { SHOP_MODE: "demo", AUTH_SECRET: "s".repeat(40), ...twilio },
      ]) {
        g[key] = parseConfig(env);
        const response = (await readOutbox("=9876500011")) as Response;
        expect(response.status, env.SHOP_MODE).toBe(404);
      }
    } finally {
      g[key] = saved;
    }
  });
});
