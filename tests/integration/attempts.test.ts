import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "../../app/db/client.server";
import { checkAttempt, MAX_WINDOW_SECONDS, pruneAttempts, tryAgainIn } from "../../app/modules/limits/attempts.server";
import { attemptEvents } from "../../app/modules/limits/schema.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The database-backed attempt limiter (decision 019): N attempts per window for one scope and key,
 * exactly N of a simultaneous burst (also from two "app instances" on PostgreSQL), refused attempts
 * not recorded, the wait measured from the oldest counted attempt, other keys and scopes untouched.
 */

const t = setupTestDatabase();
const others: Database[] = [];
afterAll(async () => {
  for (const db of others) await db.close();
});

let keySeq = 0;
const freshKey = () => `203.0.113.${++keySeq}`;

async function rowsFor(scope: string, key: string) {
  return t.db
    .select({ createdAt: attemptEvents.createdAt })
    .from(attemptEvents)
    .where(and(eq(attemptEvents.scope, scope), eq(attemptEvents.key, key)));
}

/** Moves every recorded attempt of this key `seconds` into the past. */
async function age(scope: string, key: string, seconds: number) {
  await t.db
    .update(attemptEvents)
    .set({ createdAt: sql`${attemptEvents.createdAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(attemptEvents.scope, scope), eq(attemptEvents.key, key)));
}

/** On PostgreSQL, more connections (and a second pool, like a second app instance); PGlite has one connection. */
async function morePools(count: number): Promise<Db[]> {
  if (!t.url) return Array.from({ length: count }, () => t.db);
  const pools: Db[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ kind: "postgres", url: t.url, poolSize: 8 });
    others.push(database);
    pools.push(database.db);
  }
  return pools;
}

describe("checkAttempt", () => {
  it("allows `limit` attempts in the window, then refuses with the time until the oldest one leaves it", async () => {
    const rule = { scope: "test:basic", key: freshKey(), limit: 3, windowSeconds: 3600 };
    for (let i = 0; i < 3; i++) expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
    const refused = await checkAttempt(t.db, rule);
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(3590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
  });

  it("does not record refused attempts: hammering does not push the wait further out", async () => {
    const rule = { scope: "test:hammer", key: freshKey(), limit: 2, windowSeconds: 600 };
    await checkAttempt(t.db, rule);
    await checkAttempt(t.db, rule);
    await age(rule.scope, rule.key, 500);
    for (let i = 0; i < 5; i++) {
      const refused = await checkAttempt(t.db, rule);
      expect(refused).toMatchObject({ allowed: false });
      // the oldest counted attempt leaves the window in about 100 s, however often we knock
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(100);
    }
    expect(await rowsFor(rule.scope, rule.key)).toHaveLength(2);
    await age(rule.scope, rule.key, 101);
    expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
  });

  it("counts a sliding window: attempts older than the window no longer count", async () => {
    const rule = { scope: "test:sliding", key: freshKey(), limit: 2, windowSeconds: 60 };
    await checkAttempt(t.db, rule);
    await age(rule.scope, rule.key, 40);
    await checkAttempt(t.db, rule);
    // one 40 s old and one new: full
    expect(await checkAttempt(t.db, rule)).toMatchObject({ allowed: false });
    await age(rule.scope, rule.key, 21);
    // the first is now 61 s old and out of the window; the second (21 s) still counts
    expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
    const refused = await checkAttempt(t.db, rule);
    expect(refused).toMatchObject({ allowed: false });
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(38);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(40);
    }
  });

  it("keeps scopes and keys apart", async () => {
    const key = freshKey();
    const rule = { scope: "test:apart-a", key, limit: 1, windowSeconds: 3600 };
    expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
    expect(await checkAttempt(t.db, rule)).toMatchObject({ allowed: false });
    expect(await checkAttempt(t.db, { ...rule, scope: "test:apart-b" })).toEqual({ allowed: true });
    expect(await checkAttempt(t.db, { ...rule, key: freshKey() })).toEqual({ allowed: true });
  });

  it("a lower limit for the same key applies at once; a higher one gives room", async () => {
    const rule = { scope: "test:change", key: freshKey(), limit: 5, windowSeconds: 3600 };
    for (let i = 0; i < 3; i++) await checkAttempt(t.db, rule);
    expect(await checkAttempt(t.db, { ...rule, limit: 2 })).toMatchObject({ allowed: false });
    expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
  });

  it("of a burst of simultaneous attempts exactly `limit` pass, on several connections and two instances", async () => {
    const [a, b] = await morePools(2);
    const rule = { scope: "test:race", key: freshKey(), limit: 7, windowSeconds: 3600 };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => checkAttempt(i % 2 === 0 ? a! : b!, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => !r.allowed)).toHaveLength(33);
    expect(await rowsFor(rule.scope, rule.key)).toHaveLength(7);
    // and a burst on many keys at once does not block or mix them
    const keys = Array.from({ length: 6 }, freshKey);
    const spread = await Promise.all(
      keys.flatMap((key) =>
        Array.from({ length: 4 }, (_, i) => checkAttempt(i % 2 ? a! : b!, { ...rule, key, limit: 3 })),
      ),
    );
    for (const [i] of keys.entries()) expect(spread.slice(i * 4, i * 4 + 4).filter((r) => r.allowed)).toHaveLength(3);
  });

  it("stores a key typed by a visitor safely: NUL characters dropped, long keys cut", async () => {
    const rule = { scope: "test:odd-key", key: `ORD-\u0000${"9".repeat(500)}`, limit: 1, windowSeconds: 60 };
    expect(await checkAttempt(t.db, rule)).toEqual({ allowed: true });
    expect(await checkAttempt(t.db, rule)).toMatchObject({ allowed: false });
    const [row] = await t.db
      .select({ key: attemptEvents.key })
      .from(attemptEvents)
      .where(eq(attemptEvents.scope, rule.scope));
    expect(row?.key).toHaveLength(200);
    expect(row?.key.startsWith("ORD-9")).toBe(true);
  });

  it("refuses rules it cannot keep", async () => {
    await expect(checkAttempt(t.db, { scope: "test:bad", key: "k", limit: 0, windowSeconds: 60 })).rejects.toThrow(
      /limit/,
    );
    await expect(checkAttempt(t.db, { scope: "test:bad", key: "k", limit: 1.5, windowSeconds: 60 })).rejects.toThrow(
      /limit/,
    );
    await expect(
      checkAttempt(t.db, { scope: "test:bad", key: "k", limit: 1, windowSeconds: MAX_WINDOW_SECONDS + 1 }),
    ).rejects.toThrow(/windowSeconds/);
  });
});

describe("pruneAttempts", () => {
  it("deletes attempts older than a day and keeps the rest", async () => {
    const old = { scope: "test:prune", key: freshKey(), limit: 5, windowSeconds: 3600 };
    const recent = { ...old, key: freshKey() };
    await checkAttempt(t.db, old);
    await checkAttempt(t.db, old);
    await checkAttempt(t.db, recent);
    await age(old.scope, old.key, MAX_WINDOW_SECONDS + 60);
    expect(await pruneAttempts(t.db)).toBeGreaterThanOrEqual(2);
    expect(await rowsFor(old.scope, old.key)).toHaveLength(0);
    expect(await rowsFor(recent.scope, recent.key)).toHaveLength(1);
  });
});

describe("tryAgainIn", () => {
  it("speaks in whole minutes, at least one", () => {
    expect(tryAgainIn(1)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(60)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(61)).toBe("Please try again in 2 minutes.");
    expect(tryAgainIn(3600)).toBe("Please try again in 60 minutes.");
  });
});
