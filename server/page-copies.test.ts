import { describe, expect, it } from "vitest";
import { copyStore, type Entry } from "./page-copies";

/* The copies' store alone: purges by tag, most recently used first, and what leaves with a copy. */
let clock = 1_000;
const copy = (tags: string[], size = 100): Entry => ({
  status: 200,
  headers: [],
  body: null,
  encoded: { br: Buffer.alloc(size) },
  storedAt: clock,
  freshUntil: clock + 60_000,
  staleUntil: clock + 120_000,
  tags,
  purgedUntil: null,
  usedAt: clock,
  source: null,
});

describe("copy store", () => {
  it("purges exactly the copies that show a tag, also after a copy was replaced or evicted", () => {
    const store = copyStore({ maxBytes: 1_000, now: () => clock, purgeGraceMs: 0 });
    store.store("/product/a", copy(["product:a", "card:b"]));
    store.store("/product/b", copy(["product:b"]));
    store.store("/list", copy(["list", "card:a", "card:b"]));
    // the same address rendered again no longer shows card:b
    store.store("/product/a", copy(["product:a"]));
    expect(store.purge({ tags: ["card:b"] })).toBe(1);
    expect(store.lookup("/list")).toBeNull();
    expect(store.lookup("/product/a")?.state).toBe("fresh");
    // a budget of 1,000 bytes: the least recently used leave, and their tags with them
    for (let i = 0; i < 10; i++) store.store(`/other/${i}`, copy([`product:o${i}`]));
    expect(store.stats.entries).toBe(10);
    expect(store.purge({ tags: ["product:a", "product:b"] })).toBe(0);
    expect(store.purge({ tags: ["product:o9"] })).toBe(1);
    expect(store.purge(null)).toBe(9);
  });

  it("names the touched copies used since a moment, the most recently used first, up to a limit", () => {
    const store = copyStore({ maxBytes: 100_000, now: () => clock, purgeGraceMs: 0 });
    for (const name of ["a", "b", "c", "d"]) store.store(`/p/${name}`, copy(["list", `product:${name}`]));
    store.store("/about", copy([]));
    clock += 1_000;
    // asked for in this order, all in the same millisecond
    for (const name of ["c", "a", "d"]) store.lookup(`/p/${name}`);
    const keys = (found: Array<[string, Entry]>) => found.map(([key]) => key);
    expect(keys(store.usedSince({ tags: ["list"] }, clock, 2))).toEqual(["/p/d", "/p/a"]);
    expect(keys(store.usedSince({ tags: ["list"] }, clock, 10))).toEqual(["/p/d", "/p/a", "/p/c"]);
    expect(keys(store.usedSince({ tags: ["list"] }, 0, 10))).toEqual(["/p/d", "/p/a", "/p/c", "/p/b"]);
    expect(keys(store.usedSince({ tags: ["product:b", "product:d"] }, 0, 10))).toEqual(["/p/d", "/p/b"]);
    expect(keys(store.usedSince({ tags: ["nothing"] }, 0, 10))).toEqual([]);
  });
});
