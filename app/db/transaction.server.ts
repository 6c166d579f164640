import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { getLogger } from "../lib/logger.server";
import type { Db, Tx } from "./client.server";

/*
 * Transactions with two extras every writer of the shop needs (docs/decisions/040):
 *
 * - "Roll back with this answer": the work may decide, halfway, that nothing it did should stay and
 *   that the caller should get a particular answer (a refusal, a 409). `rollBack(answer)` undoes
 *   everything and `inTransaction` returns that answer. Any other error rolls back and propagates.
 *
 * - "Work after the commit": what only makes sense once the change is visible to others (empty the
 *   page cache, wake the outbox) is registered with `afterCommit(tx, work)` wherever the change is
 *   made, and runs once the whole transaction has committed; never when it rolls back.
 *
 * Savepoints (`tx.transaction(sp => ...)`, or `inTransaction(tx, ...)` with a transaction of ours)
 * are followed too: work registered on a savepoint is kept if the savepoint is released and
 * dropped if it is rolled back, and runs after the outermost transaction commits.
 */

/** Work to do once a transaction has committed. Registering the same function twice runs it once. */
export type AfterCommitWork = () => void | Promise<void>;

/** Throws to roll the transaction back; `inTransaction` then returns `answer`. Write `return rollBack(x)`. */
export type RollBack<T> = (answer: T) => never;

/** The after-commit work of each open transaction or savepoint opened through inTransaction. */
const pending = new WeakMap<Tx, Set<AfterCommitWork>>();

/** What `rollBack` throws: carries the answer to the inTransaction call that handed it out. */
class RolledBack extends Error {
  constructor(
    readonly owner: object,
    readonly answer: unknown,
  ) {
    super("the transaction was rolled back on purpose (rollBack called outside its inTransaction?)");
  }
}

/**
 * Starts following `tx`: afterCommit accepts it, and its savepoints are followed in turn (their work
 * joins `tx`'s when they are released). `tx.transaction` is replaced on this one object only.
 */
function follow(tx: Tx, work: Set<AfterCommitWork>): Tx {
  pending.set(tx, work);
  const openSavepoint = tx.transaction.bind(tx);
  const savepoint = async <T>(fn: (sp: Tx) => Promise<T>) => {
    const inner = new Set<AfterCommitWork>();
    let opened: Tx | undefined;
    try {
      const result = await openSavepoint((sp) => {
        opened = sp;
        return fn(follow(sp, inner));
      });
      for (const w of inner) work.add(w);
      return result;
    } finally {
      if (opened) pending.delete(opened);
    }
  };
  tx.transaction = savepoint as Tx["transaction"];
  return tx;
}

async function runAfterCommit(work: Set<AfterCommitWork>): Promise<void> {
  for (const w of work) {
    try {
      await w();
    } catch (error) {
      // The change is committed; a failed follow-up must not turn the caller's success into an error.
      getLogger().error({ err: error }, "work after a commit failed (the change itself is committed)");
    }
  }
}

/**
 * Runs `work` in a transaction and returns its result. Inside, `rollBack(answer)` undoes everything
 * and makes this return `answer`; any other error rolls back and is thrown on. The work registered
 * with `afterCommit` runs after the commit, in the order it was first registered.
 *
 * Given a transaction opened by inTransaction instead of a database, the work runs in a savepoint
 * of it: `rollBack` then undoes only the savepoint, and after-commit work waits for the outer commit.
 */
export async function inTransaction<T>(db: Db | Tx, work: (tx: Tx, rollBack: RollBack<T>) => Promise<T>): Promise<T> {
  const nested = is(db, PgTransaction);
  if (nested && !pending.has(db as Tx)) {
    throw new Error("inTransaction was given a transaction it did not open: pass the database, or a tx of ours");
  }
  const owner = {};
  const rollBack: RollBack<T> = (answer) => {
    throw new RolledBack(owner, answer);
  };
  const after = new Set<AfterCommitWork>();
  let opened: Tx | undefined;
  let result: T;
  try {
    result = await db.transaction((tx) => {
      if (nested) return work(tx, rollBack); // db's own savepoint wrapper follows tx
      opened = tx;
      return work(follow(tx, after), rollBack);
    });
  } catch (error) {
    if (error instanceof RolledBack && error.owner === owner) return error.answer as T;
    throw error;
  } finally {
    if (opened) pending.delete(opened);
  }
  if (!nested) await runAfterCommit(after);
  return result;
}

/**
 * Registers `work` to run once the transaction `tx` belongs to has committed (never if it rolls
 * back). `tx` must come from inTransaction (or be a savepoint inside one): anything else is a
 * programming error and throws, since the work would otherwise silently never run.
 */
export function afterCommit(tx: Tx, work: AfterCommitWork): void {
  const registered = pending.get(tx);
  if (!registered) {
    throw new Error(
      "afterCommit needs a transaction opened by inTransaction (this one is not, or has already finished)",
    );
  }
  registered.add(work);
}
