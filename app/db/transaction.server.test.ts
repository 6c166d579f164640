import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getLogger } from "../lib/logger.server";
import { openDatabase, queryRows, type Database, type Db } from "./client.server";
import { afterCommit, inTransaction } from "./transaction.server";

// A real embedded database with one scratch table: the helper is about what PostgreSQL keeps.
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite-memory" });
  db = database.db;
  await db.execute(sql`create table notes (body text not null)`);
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await db.execute(sql`delete from notes`);
});

const bodies = async () =>
  (await queryRows<{ body: string }>(db, sql`select body from notes order by body`)).map((r) => r.body);
const write = (tx: Db, body: string) => tx.execute(sql`insert into notes (body) values (${body})`);

describe("inTransaction", () => {
  it("commits, returns the work's result and then runs the after-commit work once", async () => {
    const purge = vi.fn();
    const kick = vi.fn();
    const result = await inTransaction(db, async (tx) => {
      await write(tx, "a");
      afterCommit(tx, purge);
      afterCommit(tx, kick);
      afterCommit(tx, purge); // the same function again: still once
      expect(purge).not.toHaveBeenCalled();
      return 7;
    });
    expect(result).toBe(7);
    expect(await bodies()).toEqual(["a"]);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(kick).toHaveBeenCalledTimes(1);
    expect(purge.mock.invocationCallOrder[0]).toBeLessThan(kick.mock.invocationCallOrder[0]!);
  });

  it("rollBack(answer) undoes every write, returns the answer and runs no after-commit work", async () => {
    const purge = vi.fn();
    const result = await inTransaction<{ ok: true } | { ok: false; why: string }>(db, async (tx, rollBack) => {
      await write(tx, "a");
      afterCommit(tx, purge);
      await write(tx, "b");
      return rollBack({ ok: false, why: "refused" });
    });
    expect(result).toEqual({ ok: false, why: "refused" });
    expect(await bodies()).toEqual([]);
    expect(purge).not.toHaveBeenCalled();
  });

  it("rolls back on any other error and throws it on, running no after-commit work", async () => {
    const purge = vi.fn();
    const failure = new Error("the work failed");
    await expect(
      inTransaction(db, async (tx) => {
        await write(tx, "a");
        afterCommit(tx, purge);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await bodies()).toEqual([]);
    expect(purge).not.toHaveBeenCalled();
  });

  it("logs a failing after-commit work instead of throwing, and still runs the rest", async () => {
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => undefined);
    const kick = vi.fn();
    try {
      const result = await inTransaction(db, async (tx) => {
        await write(tx, "a");
        afterCommit(tx, () => {
          throw new Error("the cache is gone");
        });
        afterCommit(tx, async () => {
          await Promise.reject(new Error("so is the outbox"));
        });
        afterCommit(tx, kick);
        return "done";
      });
      expect(result).toBe("done");
      expect(await bodies()).toEqual(["a"]);
      expect(kick).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("afterCommit", () => {
  it("refuses a transaction inTransaction did not open, or one that has finished", async () => {
    await expect(db.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(/opened by inTransaction/);
    let finished: Parameters<typeof afterCommit>[0] | undefined;
    await inTransaction(db, async (tx) => {
      finished = tx;
    });
    expect(() => afterCommit(finished!, () => {})).toThrow(/already finished/);
  });

  it("inTransaction refuses a transaction it did not open", async () => {
    await expect(db.transaction((tx) => inTransaction(tx, async () => 1))).rejects.toThrow(/did not open/);
  });
});

describe("savepoints", () => {
  it("keep the work of a released savepoint and drop that of a rolled-back one; it all waits for the outer commit", async () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    await inTransaction(db, async (tx) => {
      await tx.transaction(async (sp) => {
        await write(sp, "kept");
        afterCommit(sp, kept);
        await sp.transaction(async (deeper) => afterCommit(deeper, kept));
      });
      await tx
        .transaction(async (sp) => {
          await write(sp, "dropped");
          afterCommit(sp, dropped);
          throw new Error("this part fails");
        })
        .catch(() => {});
      expect(kept).not.toHaveBeenCalled();
    });
    expect(await bodies()).toEqual(["kept"]);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it("inTransaction(tx) runs in a savepoint: its rollBack undoes only that part", async () => {
    const inner = vi.fn();
    const outcome = await inTransaction(db, async (tx) => {
      await write(tx, "outer");
      const answer = await inTransaction<string>(tx, async (sp, rollBack) => {
        await write(sp, "inner");
        afterCommit(sp, inner);
        return rollBack("inner refused");
      });
      const kept = await inTransaction(tx, async (sp) => {
        await write(sp, "second");
        afterCommit(sp, inner);
        return "second kept";
      });
      expect(inner).not.toHaveBeenCalled();
      return [answer, kept];
    });
    expect(outcome).toEqual(["inner refused", "second kept"]);
    expect(await bodies()).toEqual(["outer", "second"]);
    expect(inner).toHaveBeenCalledTimes(1);
  });

  it("a rollBack of the outer call thrown from inside a nested one rolls back everything", async () => {
    const result = await inTransaction<string>(db, async (tx, rollBack) => {
      await write(tx, "outer");
      await inTransaction(tx, async (sp) => {
        await write(sp, "inner");
        return rollBack("all of it");
      });
      return "not reached";
    });
    expect(result).toBe("all of it");
    expect(await bodies()).toEqual([]);
  });
});
