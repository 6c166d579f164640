/*
 * Work that takes turns: at most `limit` runs at once in a process, the others wait, first come first
 * served. For work that queues on shared resources anyway (the CPU, the database pool, a hot row's
 * lock), where running more at once finishes nothing sooner and makes everything else wait behind it:
 *
 * - the checkout's action (decision 053): a sale's hundreds of checkouts placed at one moment would
 *   otherwise fill the pool's queue, and every page render's queries would wait behind all of theirs;
 * - the render gate in front of page requests (server/render-gate.ts, decision 030), whose waiters may
 *   leave the queue (a visitor who goes away) and whose turns end with a response, not a promise.
 */

export interface Turns {
  /** Runs `work` when a turn is free; its turn is given back when it ends, however it ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `start` when a turn is free (at once, before answering, if one is), with the function that
   * gives the turn back (calling it again does nothing). Answers the function that leaves the queue: it
   * takes back a `start` that has not been called yet, and does nothing once it has.
   */
  whenFree(start: (giveBack: () => void) => void): () => void;
  /** runs now, and waiting (for tests and the log) */
  stats(): { running: number; waiting: number };
}

/** `limit`: a whole number from 1, or Infinity (no one ever waits; turns are still counted). */
export function takeTurns(limit: number): Turns {
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1)))
    throw new Error(`takeTurns: limit must be a whole number from 1, or Infinity`);
  let running = 0;
  // a Set keeps insertion order (first come, first served) and forgets a leaver in O(1)
  const waiting = new Set<() => void>();
  const startWaiting = () => {
    for (const next of waiting) {
      if (running >= limit) break;
      waiting.delete(next);
      next();
    }
  };
  const begin = (start: (giveBack: () => void) => void) => {
    running += 1;
    let given = false;
    start(() => {
      if (given) return;
      given = true;
      running -= 1;
      startWaiting();
    });
  };
  const whenFree = (start: (giveBack: () => void) => void) => {
    if (running < limit && waiting.size === 0) {
      begin(start);
      return () => {};
    }
    const entry = () => begin(start);
    waiting.add(entry);
    return () => {
      waiting.delete(entry);
    };
  };
  return {
    whenFree,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const giveBack = await new Promise<() => void>((resolve) => whenFree(resolve));
      try {
        return await work();
      } finally {
        giveBack();
      }
    },
    stats: () => ({ running, waiting: waiting.size }),
  };
}
