import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "../../app/db/client.server";
import { user } from "../../app/modules/accounts/auth-schema.server";
import { consoleSmsProvider, readOutbox, type SmsProvider } from "../../app/modules/accounts/sms.server";
import {
  askBackInStock,
  expireBackInStockRequests,
  openRequestCount,
  requestBackInStock,
} from "../../app/modules/catalog/back-in-stock.server";
import { MAX_OPEN_REQUESTS_PER_PHONE } from "../../app/modules/catalog/back-in-stock";
import { backInStockRequests, products } from "../../app/modules/catalog/schema.server";
import { inTransaction } from "../../app/db/transaction.server";
import { releaseStock, reserveStock, setVariantStock } from "../../app/modules/catalog/stock.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { deliverDueMessages, startOutboxWorker, stopOutboxWorker } from "../../app/modules/messages/outbox.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * 'Notify me when it is back' (decision 015): one open request per phone and variant, at most 20
 * per phone, one text per request when the variant comes back from 0 (never two, even restocked
 * twice; none when the restock rolls back), expiry after 90 days, and the outbox that sends them.
 */

const t = setupTestDatabase();
const DAY = 86_400_000;
const BASE = "http://localhost:3000"; // BASE_URL of the integration tests (vitest.config.ts)
const others: Database[] = [];
afterAll(async () => {
  for (const db of others) await db.close();
});

let phoneSeq = 0;
/** A fresh valid +91 number per call. */
const phone = () => `+9198${String(70_000_000 + ++phoneSeq).padStart(8, "0")}`;

function recorder(failTimes = 0): SmsProvider & { sent: Array<{ to: string; body: string }> } {
  const sent: Array<{ to: string; body: string }> = [];
  let failures = failTimes;
  return {
    name: "recorder",
    sent,
    async send(to, body) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("gateway down");
      }
      sent.push({ to, body });
    },
  };
}

/** A product sold out in M (Rust), with 4 left in L. */
async function kurtaSoldOutInM(name = "Rust Mul Kurta") {
  const id = await createTestProduct(t.db, {
    name,
    sizes: ["M", "L"],
    colors: [{ name: "Rust", hex: "#B4532A" }],
    variantStock: [{ size: "L", colour: "Rust", stock: 4 }],
  });
  const m = (await findVariant(t.db, id, "M", "Rust"))!.id;
  const l = (await findVariant(t.db, id, "L", "Rust"))!.id;
  return { id, m, l };
}

async function outboxFor(recipient: string) {
  return t.db
    .select({ body: outboxMessages.body, sentAt: outboxMessages.sentAt })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
}

async function restock(variantId: string, stock: number, db: Db = t.db) {
  return inTransaction(db, (tx) => setVariantStock(tx, variantId, stock));
}

describe("requests", () => {
  it("are taken only for a sold-out variant of an active product, once per phone", async () => {
    const { id, m, l } = await kurtaSoldOutInM();
    const p = phone();
    expect(await requestBackInStock(t.db, { variantId: m, phone: p })).toBe("created");
    expect(await requestBackInStock(t.db, { variantId: m, phone: p })).toBe("already");
    expect(await requestBackInStock(t.db, { variantId: m, phone: phone() })).toBe("created");
    expect(await requestBackInStock(t.db, { variantId: l, phone: p })).toBe("in-stock");
    expect(await requestBackInStock(t.db, { variantId: "00000000-0000-4000-8000-000000000000", phone: p })).toBe(
      "unknown",
    );
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, id));
    expect(await requestBackInStock(t.db, { variantId: m, phone: phone() })).toBe("unknown");
    expect(await openRequestCount(t.db, p)).toBe(1);
  });

  it("stop at 20 open per phone; the 21st is refused, other phones are not affected, two at once cannot both be the 20th", async () => {
    const p = phone();
    const variants: string[] = [];
    for (let i = 0; i < MAX_OPEN_REQUESTS_PER_PHONE + 2; i++)
      variants.push((await kurtaSoldOutInM(`Limit Kurta ${i}`)).m);
    for (const v of variants.slice(0, 19))
      expect(await requestBackInStock(t.db, { variantId: v, phone: p })).toBe("created");
    let db = t.db;
    if (t.url) {
      const pool = await openDatabase({ kind: "postgres", url: t.url, poolSize: 4 });
      others.push(pool);
      db = pool.db;
    }
    const race = await Promise.all([
      requestBackInStock(db, { variantId: variants[19]!, phone: p }),
      requestBackInStock(db, { variantId: variants[20]!, phone: p }),
    ]);
    expect(race.sort()).toEqual(["created", "limit"]);
    expect(await openRequestCount(t.db, p)).toBe(20);
    expect(await requestBackInStock(t.db, { variantId: variants[21]!, phone: p })).toBe("limit");
    expect(await requestBackInStock(t.db, { variantId: variants[21]!, phone: phone() })).toBe("created");
  });

  it("older than 90 days neither count nor block a new request, and are swept as expired", async () => {
    const p = phone();
    const { m } = await kurtaSoldOutInM();
    const long = new Date(Date.now() - 91 * DAY);
    expect(await requestBackInStock(t.db, { variantId: m, phone: p }, long)).toBe("created");
    expect(await openRequestCount(t.db, p)).toBe(0);
    expect(await requestBackInStock(t.db, { variantId: m, phone: p })).toBe("created");
    const rows = await t.db
      .select({ status: backInStockRequests.status })
      .from(backInStockRequests)
      .where(eq(backInStockRequests.phone, p));
    expect(rows.map((r) => r.status).sort()).toEqual(["expired", "open"]);

    const other = phone();
    await requestBackInStock(t.db, { variantId: m, phone: other }, new Date(Date.now() - 89 * DAY));
    expect(await expireBackInStockRequests(t.db, new Date(Date.now() + 2 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await openRequestCount(t.db, other)).toBe(0);
  });
});

describe("a restock", () => {
  it("queues one text per open request in its own transaction, and the outbox sends each exactly once", async () => {
    const { id, m } = await kurtaSoldOutInM("Neel Dabu Kurta");
    const [a, b] = [phone(), phone()];
    await requestBackInStock(t.db, { variantId: m, phone: a });
    await requestBackInStock(t.db, { variantId: m, phone: b });

    await restock(m, 3);
    const expected = `Neel Dabu Kurta in M is back at Saanjh: ${BASE}/product/${id}?size=M&colour=Rust`;
    expect((await outboxFor(a)).map((r) => r.body)).toEqual([expected]);
    expect(await openRequestCount(t.db, a)).toBe(0);

    // restocked again, and sold out and restocked: nobody is texted twice
    await restock(m, 5);
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: m, quantity: 5 }]));
    await inTransaction(t.db, (tx) => releaseStock(tx, [{ variantId: m, quantity: 2 }]));

    const sms = recorder();
    await deliverDueMessages(t.db, sms);
    await deliverDueMessages(t.db, sms);
    expect(sms.sent.filter((s) => s.to === a || s.to === b)).toEqual([
      { to: a, body: expected },
      { to: b, body: expected },
    ]);
    expect((await outboxFor(a)).every((r) => r.sentAt !== null)).toBe(true);
  });

  it("sends nothing when its transaction rolls back, and the requests stay open", async () => {
    const { m } = await kurtaSoldOutInM();
    const p = phone();
    await requestBackInStock(t.db, { variantId: m, phone: p });
    await expect(
      inTransaction(t.db, async (tx) => {
        await setVariantStock(tx, m, 4);
        throw new Error("the admin's save failed after the stock change");
      }),
    ).rejects.toThrow(/save failed/);
    expect(await outboxFor(p)).toEqual([]);
    expect(await openRequestCount(t.db, p)).toBe(1);
  });

  it("answers only requests younger than 90 days and a variant that really came back from 0", async () => {
    const { m, l } = await kurtaSoldOutInM();
    const [stale, fresh, onL] = [phone(), phone(), phone()];
    await requestBackInStock(t.db, { variantId: m, phone: stale }, new Date(Date.now() - 90 * DAY - 60_000));
    await requestBackInStock(t.db, { variantId: m, phone: fresh }, new Date(Date.now() - 89 * DAY));
    // L never reached 0: a rise from 4 to 6 is not a restock
    await t.db.insert(backInStockRequests).values({ variantId: l, phone: onL });
    await restock(l, 6);
    await restock(m, 1);
    expect(await outboxFor(stale)).toEqual([]);
    expect(await outboxFor(fresh)).toHaveLength(1);
    expect(await outboxFor(onL)).toEqual([]);
    const [row] = await t.db
      .select({ status: backInStockRequests.status })
      .from(backInStockRequests)
      .where(eq(backInStockRequests.phone, stale));
    expect(row?.status).toBe("expired");
  });
});

describe("the outbox", () => {
  beforeAll(async () => {
    // start from an empty outbox so counts below are this block's own
    await deliverDueMessages(t.db, recorder());
  });

  it("retries a failed send later, with the message kept, and gives up after its attempts", async () => {
    const { m } = await kurtaSoldOutInM();
    const p = phone();
    await requestBackInStock(t.db, { variantId: m, phone: p });
    await restock(m, 2);
    const flaky = recorder(1);
    const now = new Date();
    expect(await deliverDueMessages(t.db, flaky, { now: () => now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    // not due again yet
    expect(await deliverDueMessages(t.db, flaky, { now: () => now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await deliverDueMessages(t.db, flaky, { now: () => later })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(flaky.sent.map((s) => s.to)).toEqual([p]);

    const { m: m2 } = await kurtaSoldOutInM();
    const q = phone();
    await requestBackInStock(t.db, { variantId: m2, phone: q });
    await restock(m2, 1);
    const down = recorder(100);
    let at = Date.now();
    const totals = { sent: 0, retrying: 0, failed: 0 };
    for (let i = 0; i < 10; i++) {
      const r = await deliverDueMessages(t.db, down, { now: () => new Date(at) });
      totals.sent += r.sent;
      totals.retrying += r.retrying;
      totals.failed += r.failed;
      at += 7 * 3600_000;
    }
    expect(totals).toEqual({ sent: 0, retrying: 7, failed: 1 });
    const [row] = await t.db
      .select({ failedAt: outboxMessages.failedAt, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, q));
    expect(row).toMatchObject({ failedAt: expect.any(Date), lastError: "gateway down" });
  });

  it("is never sent twice by two workers at once", async () => {
    const { m } = await kurtaSoldOutInM();
    const phones = Array.from({ length: 12 }, phone);
    for (const p of phones) await requestBackInStock(t.db, { variantId: m, phone: p });
    await restock(m, 1);
    let db = t.db;
    if (t.url) {
      const pool = await openDatabase({ kind: "postgres", url: t.url, poolSize: 4 });
      others.push(pool);
      db = pool.db;
    }
    const sms = recorder();
    await Promise.all([deliverDueMessages(t.db, sms), deliverDueMessages(db, sms), deliverDueMessages(db, sms)]);
    expect(sms.sent.map((s) => s.to).sort()).toEqual([...phones].sort());
  });

  it("is sent by the server's worker right after the restock commits, not before", async () => {
    const { m } = await kurtaSoldOutInM();
    const p = phone();
    await requestBackInStock(t.db, { variantId: m, phone: p });
    const sms = recorder();
    // a long interval: only the kick after the commit can send it within this test
    startOutboxWorker(t.db, sms, { intervalMs: 3600_000 });
    try {
      await expect.poll(() => sms.sent.length).toBe(0);
      let sentBeforeCommit = -1;
      await inTransaction(t.db, async (tx) => {
        await setVariantStock(tx, m, 2);
        await new Promise((r) => setTimeout(r, 100));
        sentBeforeCommit = sms.sent.length;
      });
      expect(sentBeforeCommit).toBe(0);
      await expect.poll(() => sms.sent.map((s) => s.to)).toEqual([p]);
    } finally {
      await stopOutboxWorker();
    }
  });

  it("goes through the console provider into the demo outbox that /dev/outbox shows", async () => {
    const { m } = await kurtaSoldOutInM("Phool Patti Kurta");
    const p = phone();
    await requestBackInStock(t.db, { variantId: m, phone: p });
    await restock(m, 2);
    await deliverDueMessages(t.db, consoleSmsProvider(t.db));
    expect((await readOutbox(t.db, p)).map((r) => r.body)).toEqual([
      expect.stringMatching(/^Phool Patti Kurta in M is back at Saanjh: http:\/\/localhost:3000\/product\//),
    ]);
  });
});

describe("the product page's form", () => {
  beforeAll(async () => {
    await t.db
      .insert(user)
      .values({ id: "bis-shopper", name: "Asha", email: "asha.bis@example.test", phoneNumber: "+919812300001" });
  });

  it("tells a typed number the same thing whether it is new, already waiting or at its limit", async () => {
    const { id, m } = await kurtaSoldOutInM();
    const typed = "98123 00002";
    const first = await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: typed, user: null });
    const again = await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: typed, user: null });
    expect(first).toEqual({
      status: 200,
      ok: true,
      text: "Thank you: we'll text +91 98123 00002 once when M is back. (One number can wait for up to 20 pieces at a time.)",
    });
    expect(again).toEqual(first);
    for (let i = 0; i < MAX_OPEN_REQUESTS_PER_PHONE; i++) {
      const other = await kurtaSoldOutInM(`Full Kurta ${i}`);
      await requestBackInStock(t.db, { variantId: other.m, phone: "+919812300002" });
    }
    const { id: id2, m: m2 } = await kurtaSoldOutInM();
    const atLimit = await askBackInStock(t.db, { productId: id2, variantId: m2, typedPhone: typed, user: null });
    expect(atLimit).toEqual({ ...first });
    expect(await openRequestCount(t.db, "+919812300002")).toBe(MAX_OPEN_REQUESTS_PER_PHONE);
  });

  it("tells a signed-in shopper exactly what happened for their own number, with one press", async () => {
    const { id, m, l } = await kurtaSoldOutInM();
    const shopper = { id: "bis-shopper", phoneNumber: "+919812300001" };
    expect(await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: undefined, user: shopper })).toEqual({
      status: 200,
      ok: true,
      text: "Done: we'll text +91 98123 00001 once when M is back.",
    });
    expect(await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: "", user: shopper })).toEqual({
      status: 200,
      ok: true,
      text: "You're already on the list for M: we'll text you once when it is back.",
    });
    const [row] = await t.db
      .select({ userId: backInStockRequests.userId })
      .from(backInStockRequests)
      .where(eq(backInStockRequests.phone, "+919812300001"));
    expect(row?.userId).toBe("bis-shopper");
    expect(
      await askBackInStock(t.db, { productId: id, variantId: l, typedPhone: undefined, user: shopper }),
    ).toMatchObject({
      status: 409,
      ok: false,
      text: "Good news: L is in stock. Choose it above to add it to your bag.",
    });
  });

  it("checks the number with the sign-in rule, keeps what was typed, and refuses a variant of another product", async () => {
    const { id, m } = await kurtaSoldOutInM();
    expect(await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: "12345", user: null })).toEqual({
      status: 400,
      ok: false,
      text: "Please enter a valid 10-digit phone number",
      phone: "12345",
    });
    expect(await askBackInStock(t.db, { productId: id, variantId: m, typedPhone: "  ", user: null })).toMatchObject({
      status: 400,
      text: "Please enter your phone number",
    });
    const other = await kurtaSoldOutInM();
    expect(
      await askBackInStock(t.db, { productId: id, variantId: other.m, typedPhone: "9812300003", user: null }),
    ).toMatchObject({ status: 404, ok: false });
    expect(await openRequestCount(t.db, "+919812300003")).toBe(0);
  });
});
