/*
 * Values that there must be one of per process: the configuration, the database, the logger, the
 * background workers, the page cache's purge. A module-level `let` is not enough for them: the dev
 * server and Vite reload modules (each reload would make a second database or worker), and the
 * built Node server and the app bundle it loads are separate copies of the same module (the server
 * sets the page cache's purge, the app calls it). So each value lives on `globalThis` under a
 * registered symbol, `Symbol.for("shop.<name>")`, which every copy of every module resolves to the
 * same key.
 *
 * A value of null or undefined counts as none: `processSingleton` makes it again.
 */

const store = globalThis as unknown as Record<symbol, unknown>;

const keyOf = (name: string): symbol => Symbol.for(`shop.${name}`);

/** A named place for one value per process, set and cleared by its owner (the database, a worker). */
export interface ProcessSlot<T> {
  /** The value, or undefined when none is set. */
  get(): T | undefined;
  /** Puts `value` in the slot, replacing any other, and answers it. */
  set(value: T): T;
  /** Empties the slot. */
  clear(): void;
}

/** The slot called `name`: every module copy asking for the same name reaches the same value. */
export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = keyOf(name);
  return {
    get: () => (store[key] ?? undefined) as T | undefined,
    set: (value) => {
      store[key] = value;
      return value;
    },
    clear: () => {
      delete store[key];
    },
  };
}

/** The process's one value called `name`, made by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = keyOf(name);
  store[key] ??= create();
  return store[key] as T;
}
