/*
 * Work that takes turns: at most `limit` runs at once in a process, the others wait, first come first
 * served. For work that queues on shared resources anyway (the database pool, a hot row's lock), where
 * running more at once finishes nothing sooner and makes everything else wait behind it: a sale's
 * hundreds of checkouts placed at one moment would otherwise fill the pool's queue, and every page
 * render's queries would wait behind all of theirs (decision 053).
 */

export interface Turns {
  /** Runs `work` when a turn is free; its turn is given back when it ends, however it ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** runs now, and waiting (for tests) */
  stats(): { running: number; waiting: number };
}

export function takeTurns(limit: number): Turns {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new Error(`takeTurns: limit must be a whole number from 1`);
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
