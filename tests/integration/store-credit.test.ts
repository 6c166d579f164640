import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../app/db/transaction.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import {
  adjustStoreCredit,
  expireStoreCredit,
  issueStoreCredit,
  restoreStoreCredit,
  spendStoreCredit,
  storeCreditBalance,
  storeCreditEntries,
} from "../../app/modules/credit/index.server";
import { STORE_CREDIT_MESSAGES } from "../../app/modules/credit/index";
import { createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The store-credit ledger (decision 042) on both databases: what each change does to the balance and
 * the entries a shopper reads, the refusals, first-in-first-out expiry, and under random sequences
 * with many checkouts spending at once, that the balance never goes below zero and always agrees
 * with the entries.
 */

const t = setupTestDatabase();
const DAY = 86_400_000;

beforeAll(async () => {
  await ensureStoreSettings(t.db);
});

async function shopper(): Promise<string> {
  return (await createTestShopper(t.db)).id;
}

const issue = (userId: string, amountPaise: number, now?: Date, reason = "Return ORD-1-R1") =>
  inTransaction(t.db, (tx) => issueStoreCredit(tx, { userId, amountPaise, reason, now }));
const spend = (userId: string, amountPaise: number, now?: Date, orderId = randomUUID()) =>
  inTransaction(t.db, (tx) => spendStoreCredit(tx, { userId, amountPaise, orderId, reason: "Order ORD-2", now }));
const adjust = (userId: string, amountPaise: number, reason = "Goodwill for a late parcel", now?: Date) =>
  inTransaction(t.db, (tx) => adjustStoreCredit(tx, { userId, amountPaise, reason, staffId: "staff-1", now }));

async function setValidity(days: number | null): Promise<void> {
  await t.db.update(storeSettings).set({ storeCreditValidityDays: days }).where(eq(storeSettings.id, 1));
}

describe("the ledger", () => {
  it("issues credit valid for the store's validity period and shows it in the balance and entries", async () => {
    const userId = await shopper();
    const now = new Date("2026-12-01T10:00:00Z");
    const entry = await issue(userId, 125_000, now);
    expect(entry).toMatchObject({ kind: "issued", amountPaise: 125_000, balanceAfterPaise: 125_000 });
    expect(entry.expiresAt?.toISOString()).toBe(new Date(now.getTime() + 365 * DAY).toISOString());
    expect(await storeCreditBalance(t.db, userId, { now })).toBe(125_000);
    expect((await storeCreditEntries(t.db, userId)).map((e) => [e.kind, e.reason])).toEqual([
      ["issued", "Return ORD-1-R1"],
    ]);
  });

  it("issues credit that never expires when the store sets no validity", async () => {
    await setValidity(null);
    try {
      const userId = await shopper();
      expect((await issue(userId, 10_000)).expiresAt).toBeNull();
    } finally {
      await setValidity(365);
    }
  });

  it("spends up to the balance and refuses more, saying what is left and writing nothing", async () => {
    const userId = await shopper();
    await issue(userId, 50_000);
    const first = await spend(userId, 30_000);
    expect(first).toMatchObject({
      ok: true,
      entry: { kind: "spent", amountPaise: -30_000, balanceAfterPaise: 20_000 },
    });
    expect(await spend(userId, 20_001)).toEqual({ ok: false, balancePaise: 20_000 });
    expect(await storeCreditBalance(t.db, userId)).toBe(20_000);
    expect(await storeCreditEntries(t.db, userId)).toHaveLength(2);
    // a customer who never had credit is refused with a zero balance
    expect(await spend(await shopper(), 100)).toEqual({ ok: false, balancePaise: 0 });
  });

  it("restores what an order spent once, however often it is asked", async () => {
    const userId = await shopper();
    const orderId = randomUUID();
    await issue(userId, 40_000);
    await spend(userId, 25_000, undefined, orderId);
    const restore = () =>
      inTransaction(t.db, (tx) => restoreStoreCredit(tx, { orderId, reason: "Order ORD-3 cancelled" }));
    expect(await Promise.all([restore(), restore()]).then((r) => r.sort())).toEqual([0, 25_000]);
    expect(await restore()).toBe(0);
    expect(await storeCreditBalance(t.db, userId)).toBe(40_000);
    const [newest] = await storeCreditEntries(t.db, userId);
    expect(newest).toMatchObject({ kind: "restored", amountPaise: 25_000, balanceAfterPaise: 40_000, orderId });
    // an order that spent nothing has nothing to restore
    expect(await inTransaction(t.db, (tx) => restoreStoreCredit(tx, { orderId: randomUUID(), reason: "x" }))).toBe(0);
  });

  it("lets staff add and take credit with a reason, never below zero", async () => {
    const userId = await shopper();
    const added = await adjust(userId, 30_000);
    expect(added).toMatchObject({ ok: true, entry: { kind: "adjusted", amountPaise: 30_000, createdBy: "staff-1" } });
    if (added.ok) expect(added.entry.expiresAt).not.toBeNull();
    expect(await adjust(userId, -10_000, "Duplicate credit")).toMatchObject({
      ok: true,
      entry: { amountPaise: -10_000, balanceAfterPaise: 20_000, expiresAt: null },
    });
    expect(await adjust(userId, -20_001, "Too much")).toEqual({
      ok: false,
      field: "amount",
      message: "That would take the balance below zero: the shopper has ₹200.00 of store credit.",
      balancePaise: 20_000,
    });
    expect(await adjust(userId, 5_000, "   ")).toMatchObject({
      ok: false,
      field: "reason",
      message: STORE_CREDIT_MESSAGES.reasonRequired,
    });
    expect(await adjust(userId, 0, "Nothing")).toMatchObject({ ok: false, field: "amount" });
    expect(await storeCreditBalance(t.db, userId)).toBe(20_000);
    expect(await storeCreditEntries(t.db, userId)).toHaveLength(2);
  });

  it("lists the entries newest first, as many as asked", async () => {
    const userId = await shopper();
    const now = new Date();
    await issue(userId, 10_000, now, "first");
    await issue(userId, 20_000, now, "second");
    await spend(userId, 5_000, now);
    const listed = await storeCreditEntries(t.db, userId, { limit: 2 });
    expect(listed.map((e) => [e.kind, e.balanceAfterPaise])).toEqual([
      ["spent", 25_000],
      ["issued", 30_000],
    ]);
  });
});

describe("expiry", () => {
  it("writes off first in, first out: what is left beyond the credit still valid", async () => {
    const userId = await shopper();
    const t0 = new Date("2025-01-01T00:00:00Z");
    const at = (days: number) => new Date(t0.getTime() + days * DAY);
    await issue(userId, 100_000, at(0));
    await spend(userId, 30_000, at(10));
    await issue(userId, 50_000, at(200));
    // before the first credit's year is up nothing expires
    expect(await expireStoreCredit(t.db, at(364))).toBe(0);
    // the first ₹1,000 less the ₹300 spent from it expires; the newer ₹500 stays
    expect(await storeCreditBalance(t.db, userId, { now: at(366) })).toBe(50_000);
    expect(await expireStoreCredit(t.db, at(366))).toBeGreaterThanOrEqual(1);
    expect(await storeCreditBalance(t.db, userId, { now: at(366) })).toBe(50_000);
    const [expired] = await storeCreditEntries(t.db, userId);
    expect(expired).toMatchObject({ kind: "expired", amountPaise: -70_000, balanceAfterPaise: 50_000 });
    // a second round finds nothing more
    await expireStoreCredit(t.db, at(367));
    expect((await storeCreditEntries(t.db, userId)).filter((e) => e.kind === "expired")).toHaveLength(1);
    // then the second credit's year ends
    await expireStoreCredit(t.db, at(566));
    expect(await storeCreditBalance(t.db, userId, { now: at(566) })).toBe(0);
  });

  it("never lets credit past its validity be spent, even before the sweep has run", async () => {
    const userId = await shopper();
    const t0 = new Date("2025-03-01T00:00:00Z");
    await issue(userId, 20_000, t0);
    const later = new Date(t0.getTime() + 400 * DAY);
    expect(await spend(userId, 10_000, later)).toEqual({ ok: false, balancePaise: 0 });
    const [newest] = await storeCreditEntries(t.db, userId);
    expect(newest).toMatchObject({ kind: "expired", amountPaise: -20_000 });
  });

  it("keeps credit given back by a cancelled order as long as the credit it came from", async () => {
    const userId = await shopper();
    const orderId = randomUUID();
    const t0 = new Date("2025-06-01T00:00:00Z");
    await issue(userId, 30_000, t0);
    await spend(userId, 30_000, new Date(t0.getTime() + DAY), orderId);
    await inTransaction(t.db, (tx) =>
      restoreStoreCredit(tx, { orderId, reason: "cancelled", now: new Date(t0.getTime() + 2 * DAY) }),
    );
    await expireStoreCredit(t.db, new Date(t0.getTime() + 300 * DAY));
    expect(await storeCreditBalance(t.db, userId, { now: new Date(t0.getTime() + 300 * DAY) })).toBe(30_000);
    await expireStoreCredit(t.db, new Date(t0.getTime() + 366 * DAY));
    expect(await storeCreditBalance(t.db, userId, { now: new Date(t0.getTime() + 366 * DAY) })).toBe(0);
  });
});

describe("under random sequences with checkouts spending at once", () => {
  type Step =
    { kind: "issue"; paise: number } | { kind: "adjust"; paise: number } | { kind: "spend"; amounts: number[] };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("issue" as const), paise: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({ kind: fc.constant("adjust" as const), paise: fc.integer({ min: -40_000, max: 40_000 }) }),
    fc.record({
      kind: fc.constant("spend" as const),
      amounts: fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 2, maxLength: 6 }),
    }),
  );

  it("never goes below zero, agrees with its entries, and never spends more than was added", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const userId = await shopper();
        let added = 0;
        let spent = 0;
        let taken = 0;
        for (const s of steps) {
          if (s.kind === "issue") {
            await issue(userId, s.paise);
            added += s.paise;
          } else if (s.kind === "adjust") {
            const result = await adjust(userId, s.paise);
            if (result.ok) {
              if (s.paise > 0) added += s.paise;
              else taken -= s.paise;
            }
          } else {
            // all at once, each in a transaction of its own, as concurrent checkouts would
            const results = await Promise.all(s.amounts.map((paise) => spend(userId, paise)));
            results.forEach((r, i) => {
              if (r.ok) spent += s.amounts[i]!;
              else expect(r.balancePaise).toBeGreaterThanOrEqual(0);
            });
          }
          const balance = await storeCreditBalance(t.db, userId);
          const entries = await storeCreditEntries(t.db, userId, { limit: 1000 });
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(entries.reduce((sum, e) => sum + e.amountPaise, 0));
          expect(balance).toBe(entries[0]?.balanceAfterPaise ?? 0);
          expect(balance).toBe(added - spent - taken);
          expect(spent).toBeLessThanOrEqual(added);
          expect(entries.every((e) => e.balanceAfterPaise >= 0)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });
});
