import { afterAll, beforeAll } from "vitest";
import { pageCacheHandOff, type PurgeScope } from "../../app/lib/page-cache.server";

/**
 * Stands in for the server's shared page cache while a test file runs, counting the purges the code
 * under test asks for (a write that changes what signed-out visitors see must ask for one) and keeping
 * their scopes, in order. Call it at the top level of the file; read `count` and `scopes` in the tests.
 */
export function countPageCachePurges(): { readonly count: number; readonly scopes: PurgeScope[] } {
  const scopes: PurgeScope[] = [];
  beforeAll(() => {
    pageCacheHandOff.set({ purge: (scope) => scopes.push(scope) });
  });
  afterAll(() => {
    pageCacheHandOff.clear();
  });
  return {
    get count() {
      return scopes.length;
    },
    scopes,
  };
}
