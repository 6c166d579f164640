import { afterAll, beforeAll } from "vitest";
import { pageCacheHandOff } from "../../app/lib/page-cache.server";

/**
 * Stands in for the server's shared page cache while a test file runs, counting the purges the code
 * under test asks for (a write that changes what signed-out visitors see must ask for one). Call it
 * at the top level of the file; read `count` in the tests.
 */
export function countPageCachePurges(): { readonly count: number } {
  const purges = { count: 0 };
  beforeAll(() => {
    pageCacheHandOff.set({ purge: () => (purges.count += 1) });
  });
  afterAll(() => {
    pageCacheHandOff.clear();
  });
  return purges;
}
