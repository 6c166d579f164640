import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { customerProfiles, smsOutbox } from "../../app/modules/accounts/schema.server";
import { attemptEvents } from "../../app/modules/limits/schema.server";
import { ATTEMPT_RULES } from "../../app/modules/limits/rules";
import { orders } from "../../app/modules/orders/schema.server";
import { trackOrder } from "../../app/modules/orders/tracking.server";
import type { TrackOrderState } from "../../app/modules/orders/tracking";
import * as accountRoute from "../../app/routes/authentication";
import * as trackRoute from "../../app/routes/track-order";
import { createTestOrder, createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * /track-order (decision 019): trackOrder's matching rules (phone in any accepted format, e-mail in
 * any case, and the same null for everything else), and the route as the browser reaches it: the one
 * generic message, the limits per client address and per order number with Retry-After, no-store,
 * values handed back, and a signed-in shopper's own orders.
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

let addressSeq = 0;
/** A fresh client address, so one test's lookups do not count against another's. */
const newAddress = () => `198.18.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

async function lookUp(fields: Record<string, string>, address = newAddress(), cookie?: string) {
  const request = new Request(`${BASE}/track-order`, {
    method: "POST",
    headers: { origin: BASE, "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  const result = (await trackRoute.action({ request, params: {}, context: {} } as unknown as Args<
    typeof trackRoute.action
  >)) as unknown as {
    data: TrackOrderState;
    init: { status?: number; headers?: HeadersInit } | null;
  };
  const actionHeaders = new Headers(result.init?.headers ?? {});
  // what the server sends: the route's headers function over the action's headers
  const sent = new Headers(
    trackRoute.headers({
      actionHeaders,
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    } as never),
  );
  return { state: result.data, status: result.init?.status ?? 200, actionHeaders, sent };
}

/** An order with its own contact details, shipped with a courier. */
async function shippedOrder(
  contact: { phone: string; email: string },
  extra: Parameters<typeof createTestOrder>[2] = {},
) {
  const shopper = await createTestShopper(t.db);
  return createTestOrder(t.db, shopper.id, {
    status: "shipped",
    phone: contact.phone,
    email: contact.email,
    courier: "Blue Dart",
    trackingNumber: "BD-7788990011",
    lines: [
      {
        name: "Rust Mul Kurta",
        unitPricePaise: 189_900,
        quantity: 1,
        size: "L",
        colour: "Rust",
        imageUrl: "/media/products/rust-kurta-w800.webp",
      },
      { name: "Jhumka Earrings", unitPricePaise: 59_900, quantity: 2, size: "One Size", colour: "Gold" },
    ],
    history: [
      { from: null, to: "pending_payment" },
      { from: "pending_payment", to: "confirmed" },
      { from: "confirmed", to: "processing" },
      { from: "processing", to: "shipped" },
    ],
    ...extra,
  });
}

describe("trackOrder", () => {
  it("finds the order by its number and its phone, in every format the sign-in form accepts (and a few pasted ones)", async () => {
    const order = await shippedOrder({ phone: "+919811122233", email: "meera@example.com" });
    for (const phone of [
      "+919811122233",
      "9811122233",
      "98111 22233",
      "98111-22233",
      "+91 98111 22233",
      " 9811122233 ",
      "09811122233",
      "919811122233",
      "(98111) 22233",
    ]) {
      const found = await trackOrder(t.db, { orderNumber: order.orderNumber, contact: phone });
      expect(found?.orderNumber, phone).toBe(order.orderNumber);
    }
  });

  it("finds it by e-mail in any case, and by an order number typed in lower case or with spaces", async () => {
    const order = await shippedOrder({ phone: "+919811122234", email: "Meera.Rao@Example.com" });
    for (const email of ["meera.rao@example.com", "MEERA.RAO@EXAMPLE.COM", "  Meera.Rao@example.COM "]) {
      expect((await trackOrder(t.db, { orderNumber: order.orderNumber, contact: email }))?.orderNumber, email).toBe(
        order.orderNumber,
      );
    }
    const typed = ` ${order.orderNumber.toLowerCase().slice(0, 8)} ${order.orderNumber.slice(8)} `;
    expect((await trackOrder(t.db, { orderNumber: typed, contact: "9811122234" }))?.orderNumber).toBe(
      order.orderNumber,
    );
  });

  it("matches the billing form's phone and e-mail as well as the account's", async () => {
    const shopper = await createTestShopper(t.db);
    const order = await createTestOrder(t.db, shopper.id, {
      phone: "+919811122235",
      email: "acct@example.com",
      billing: { phone: "+917011122235", email: "gift@example.com" },
    });
    for (const contact of ["9811122235", "7011122235", "acct@example.com", "GIFT@example.com"]) {
      expect((await trackOrder(t.db, { orderNumber: order.orderNumber, contact }))?.orderNumber, contact).toBe(
        order.orderNumber,
      );
    }
  });

  it("tells the order's progress, lines and courier, and nothing of the address or contact details", async () => {
    const order = await shippedOrder({ phone: "+919811122236", email: "zoya@example.com" });
    const found = await trackOrder(t.db, { orderNumber: order.orderNumber, contact: "zoya@example.com" });
    expect(found).toMatchObject({
      orderNumber: order.orderNumber,
      status: "shipped",
      paymentMethod: "online",
      totalPaise: 189_900 + 2 * 59_900,
      itemCount: 3,
      courier: "Blue Dart",
      trackingNumber: "BD-7788990011",
    });
    expect(found?.placedAt).toBeInstanceOf(Date);
    expect(found?.lines).toEqual([
      { name: "Jhumka Earrings", size: "One Size", colour: "Gold", quantity: 2, imageUrl: null },
      {
        name: "Rust Mul Kurta",
        size: "L",
        colour: "Rust",
        quantity: 1,
        imageUrl: "/media/products/rust-kurta-w800.webp",
      },
    ]);
    expect(found?.timeline.steps.map((s) => [s.key, s.state])).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "done"],
      ["shipped", "current"],
      ["delivered", "upcoming"],
    ]);
    expect(found?.timeline.steps[3]).toMatchObject({ courier: "Blue Dart", trackingNumber: "BD-7788990011" });
    const text = JSON.stringify(found);
    for (const secret of ["zoya@", "98111", "MG Road", "Pune", "411001", "Asha", "Verma"])
      expect(text).not.toContain(secret);
  });

  it("answers the same null for a wrong phone, a wrong e-mail, another order's contact, an unknown number and malformed input", async () => {
    const order = await shippedOrder({ phone: "+919811122237", email: "kiran@example.com" });
    const other = await shippedOrder({ phone: "+919811122238", email: "other@example.com" });
    const misses: Array<[string, string]> = [
      [order.orderNumber, "9811122230"], // wrong phone
      [order.orderNumber, "kiran@example.org"], // wrong e-mail
      [order.orderNumber, "9811122238"], // the other order's phone
      [order.orderNumber, "other@example.com"], // the other order's e-mail
      [other.orderNumber, "kiran@example.com"],
      ["ORD-0000000000000", "9811122237"], // unknown number
      [order.orderNumber.replace("ORD-", "ORD-9"), "9811122237"],
      [order.orderNumber.replace("ORD-", ""), "9811122237"], // malformed numbers
      ["ORD-", "9811122237"],
      ["", "9811122237"],
      [`${order.orderNumber}'; drop table orders; --`, "9811122237"],
      [order.orderNumber, ""], // malformed contacts
      [order.orderNumber, "12345"],
      [order.orderNumber, "5811122237"],
      [order.orderNumber, "kiran"],
      [order.orderNumber, "kiran@"],
      [order.orderNumber, "98111222370"],
      [order.orderNumber, `${"a".repeat(250)}@example.com`],
    ];
    for (const [orderNumber, contact] of misses) {
      expect(await trackOrder(t.db, { orderNumber, contact }), `${orderNumber} / ${contact}`).toBeNull();
    }
    expect(
      await t.db.select({ n: orders.id }).from(orders).where(eq(orders.orderNumber, order.orderNumber)),
    ).toHaveLength(1);
  });

  it("shows a cancelled order's reason and an unpaid one as awaiting payment", async () => {
    const shopper = await createTestShopper(t.db);
    const cancelled = await createTestOrder(t.db, shopper.id, {
      status: "cancelled",
      phone: "+919811122239",
      cancellationReason: "Out of stock at the studio",
      cancelledAt: new Date(),
      history: [
        { from: null, to: "confirmed" },
        { from: "confirmed", to: "cancelled", reason: "Out of stock at the studio" },
      ],
      paymentMethod: "cod",
    });
    const found = await trackOrder(t.db, { orderNumber: cancelled.orderNumber, contact: "9811122239" });
    expect(found?.timeline.steps.map((s) => s.key)).toEqual(["placed", "confirmed", "cancelled"]);
    expect(found?.timeline.steps.at(-1)).toMatchObject({ state: "current", reason: "Out of stock at the studio" });
    const unpaid = await createTestOrder(t.db, shopper.id, { status: "pending_payment", phone: "+919811122239" });
    const waiting = await trackOrder(t.db, { orderNumber: unpaid.orderNumber, contact: "+91 98111 22239" });
    expect(waiting?.timeline.steps.find((s) => s.state === "current")?.label).toBe("Awaiting payment");
  });
});

describe("the /track-order action", () => {
  it("shows the order for the right pair, with no-store and the values as typed", async () => {
    const order = await shippedOrder({ phone: "+919822233344", email: "lata@example.com" });
    const { state, status, sent } = await lookUp({ orderNumber: order.orderNumber, contact: "98222 33344" });
    expect(status).toBe(200);
    expect(state).toMatchObject({
      kind: "found",
      values: { orderNumber: order.orderNumber, contact: "98222 33344" },
      order: { orderNumber: order.orderNumber, status: "shipped" },
    });
    expect(sent.get("Cache-Control")).toBe("no-store");
    expect(sent.get("Retry-After")).toBeNull();
  });

  it("answers exactly 'Order not found' (404) for a wrong pair, an unknown number and malformed input alike", async () => {
    const order = await shippedOrder({ phone: "+919822233345", email: "anu@example.com" });
    const answers: Array<{ status: number; kind: string; message: string | null; keys: string[] }> = [];
    for (const [orderNumber, contact] of [
      [order.orderNumber, "9822233340"],
      [order.orderNumber, "someone@example.com"],
      ["ORD-1234567890123", "9822233345"],
      ["not an order", "9822233345"],
      [order.orderNumber, "not a contact"],
    ] as const) {
      const { state, status, sent } = await lookUp({ orderNumber, contact });
      expect(sent.get("Cache-Control")).toBe("no-store");
      expect(state.values).toEqual({ orderNumber, contact });
      answers.push({
        status,
        kind: state.kind,
        message: "message" in state ? state.message : null,
        keys: Object.keys(state).sort(),
      });
    }
    expect(answers[0]).toEqual({
      status: 404,
      kind: "not-found",
      message: "Order not found",
      keys: ["kind", "message", "values"],
    });
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
  });

  it("asks for empty fields without counting a lookup, keeping what was typed", async () => {
    const address = newAddress();
    const { state, status, sent } = await lookUp({ orderNumber: "  ", contact: "9822233346" }, address);
    expect(status).toBe(400);
    expect(state).toEqual({
      kind: "invalid",
      values: { orderNumber: "  ", contact: "9822233346" },
      fieldErrors: { orderNumber: "Please enter your order number" },
    });
    expect(sent.get("Cache-Control")).toBe("no-store");
    const both = await lookUp({}, address);
    expect(both.state).toMatchObject({
      fieldErrors: {
        orderNumber: "Please enter your order number",
        contact: "Please enter the phone number or e-mail you ordered with",
      },
    });
    expect(await t.db.select().from(attemptEvents).where(eq(attemptEvents.key, address))).toHaveLength(0);
  });

  it(`limits one client address to ${ATTEMPT_RULES.trackOrderPerAddress.limit} lookups an hour, with Retry-After; other addresses go on`, async () => {
    const order = await shippedOrder({ phone: "+919822233347", email: "ritu@example.com" });
    const address = newAddress();
    for (let i = 0; i < ATTEMPT_RULES.trackOrderPerAddress.limit - 1; i++) {
      // different order numbers each time: the per-number limit is not what stops this
      expect((await lookUp({ orderNumber: `ORD-${1_000_000 + i}`, contact: "9822233347" }, address)).status).toBe(404);
    }
    expect((await lookUp({ orderNumber: order.orderNumber, contact: "9822233347" }, address)).state.kind).toBe("found");
    const refused = await lookUp({ orderNumber: order.orderNumber, contact: "9822233347" }, address);
    expect(refused.status).toBe(429);
    expect(refused.state).toMatchObject({
      kind: "limited",
      message: "Too many lookups from your network. Please try again in 60 minutes.",
      values: { orderNumber: order.orderNumber, contact: "9822233347" },
    });
    const retryAfter = Number(refused.sent.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.actionHeaders.get("Retry-After")).toBe(String(retryAfter));
    expect(refused.sent.get("Cache-Control")).toBe("no-store");
    // the refusal did not use up the order number's lookups
    const counted = await t.db
      .select()
      .from(attemptEvents)
      .where(and(eq(attemptEvents.scope, "track-order:order"), eq(attemptEvents.key, order.orderNumber)));
    expect(counted).toHaveLength(1);
    expect((await lookUp({ orderNumber: order.orderNumber, contact: "9822233347" })).state.kind).toBe("found");
  });

  it(`limits one order number to ${ATTEMPT_RULES.trackOrderPerOrderNumber.limit} lookups an hour from any addresses, even with the right contact`, async () => {
    const order = await shippedOrder({ phone: "+919822233348", email: "devi@example.com" });
    const other = await shippedOrder({ phone: "+919822233349", email: "devi2@example.com" });
    for (let i = 0; i < ATTEMPT_RULES.trackOrderPerOrderNumber.limit; i++) {
      const guess = await lookUp({
        orderNumber: i % 2 ? order.orderNumber : order.orderNumber.toLowerCase(),
        contact: `98222${String(10_000 + i)}`,
      });
      expect(guess.state.kind).toBe("not-found");
    }
    const refused = await lookUp({ orderNumber: order.orderNumber, contact: "9822233348" });
    expect(refused.status).toBe(429);
    expect(refused.state).toMatchObject({
      kind: "limited",
      message: "Too many lookups for this order number. Please try again in 60 minutes.",
    });
    expect(Number(refused.sent.get("Retry-After"))).toBeGreaterThan(3500);
    // another order is not affected
    expect((await lookUp({ orderNumber: other.orderNumber, contact: "9822233349" })).state.kind).toBe("found");
  });

  it("lets exactly the limit through when a burst of lookups for one number arrives at once", async () => {
    const order = await shippedOrder({ phone: "+919822233350", email: "burst@example.com" });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => lookUp({ orderNumber: order.orderNumber, contact: "9822233350" })),
    );
    expect(results.filter((r) => r.state.kind === "found")).toHaveLength(ATTEMPT_RULES.trackOrderPerOrderNumber.limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25 - ATTEMPT_RULES.trackOrderPerOrderNumber.limit);
  });
});

describe("the /track-order page", () => {
  it("is kept out of search engines and out of the sitemap", async () => {
    expect(trackRoute.meta()).toContainEqual({ name: "robots", content: "noindex" });
    const { STATIC_PAGES } = await import("../../app/modules/content/sitemap");
    expect(STATIC_PAGES as readonly string[]).not.toContain("/track-order");
  });

  it("lists nothing for a visitor, and a signed-in shopper's own orders (only theirs), with no-store", async () => {
    const visitor = await trackRoute.loader({
      request: new Request(`${BASE}/track-order`),
      params: {},
      context: {},
    } as unknown as Args<typeof trackRoute.loader>);
    expect((visitor as unknown as { data: { orders: unknown } }).data.orders).toBeNull();
    expect(
      new Headers((visitor as unknown as { init: { headers: HeadersInit } }).init.headers).get("Cache-Control"),
    ).toBe("no-store");

    const cookie = await register("9822200011");
    const [profile] = await t.db.select().from(customerProfiles).where(eq(customerProfiles.phone, "+919822200011"));
    const empty = await trackRoute.loader({
      request: new Request(`${BASE}/track-order`, { headers: { cookie } }),
      params: {},
      context: {},
    } as unknown as Args<typeof trackRoute.loader>);
    expect((empty as unknown as { data: { orders: unknown[] } }).data.orders).toEqual([]);

    const mine = await createTestOrder(t.db, profile!.userId, { status: "processing" });
    await shippedOrder({ phone: "+919822200012", email: "someone-else@example.com" });
    const listed = await trackRoute.loader({
      request: new Request(`${BASE}/track-order`, { headers: { cookie } }),
      params: {},
      context: {},
    } as unknown as Args<typeof trackRoute.loader>);
    expect(
      (listed as unknown as { data: { orders: Array<{ orderNumber: string; status: string }> } }).data.orders.map(
        (o) => [o.orderNumber, o.status],
      ),
    ).toEqual([[mine.orderNumber, "processing"]]);
  });
});

/** Registers a shopper through the account screen's actions (code read from the outbox table); returns the session cookie. */
async function register(phone10: string): Promise<string> {
  const post = async (fields: Record<string, string>, cookie?: string) => {
    const request = new Request(`${BASE}/authentication`, {
      method: "POST",
      headers: { origin: BASE, "x-forwarded-for": newAddress(), ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });
    return (await accountRoute.action({ request, params: {}, context: {} } as unknown as Args<
      typeof accountRoute.action
    >)) as unknown as {
      data: Record<string, unknown>;
      init: { headers?: HeadersInit } | null;
    };
  };
  await post({ intent: "send-code", mode: "register", phone: phone10 });
  const [message] = await t.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, `+91${phone10}`))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = message!.body.match(/\b(\d{6})\b/)![1]!;
  const verified = await post({ intent: "verify", mode: "register", phone: `+91${phone10}`, code });
  const cookie = new Headers(verified.init?.headers ?? {})
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await post({ intent: "register", firstName: "Lata", lastName: "Iyer", email: `lata.${phone10}@example.com` }, cookie);
  return cookie;
}
