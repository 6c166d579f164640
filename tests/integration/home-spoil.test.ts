import { afterEach, describe, expect, it } from "vitest";
import { setDatabase, type Database } from "../../app/db/client.server";
import { pageCacheHandOff } from "../../app/lib/page-cache.server";
import * as homeRoute from "../../app/routes/home";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The home page streams its New Arrivals after its headers. When they fail, the page as rendered says
 * so; the page cache must keep no copy of that render (decision 059), or every visitor would get the
 * failure until the copy expired.
 */
const t = setupTestDatabase();
afterEach(() => pageCacheHandOff.clear());

function watchSpoils(): string[][] {
  const spoilt: string[][] = [];
  pageCacheHandOff.set({ purge: () => {}, spoil: (tags) => spoilt.push([...tags]) });
  return spoilt;
}

describe("the home page's streamed New Arrivals", () => {
  it("spoil the render running now when they fail, so no copy of the failure is kept", async () => {
    const spoilt = watchSpoils();
    // a database whose every query fails, as one that has gone away mid-render
    const broken = new Proxy(t.database.db, {
      get: (target, key, receiver) =>
        key === "select"
          ? () => {
              throw new Error("connection lost");
            }
          : Reflect.get(target, key, receiver),
    });
    setDatabase({ ...t.database, db: broken } as Database);
    const answer = homeRoute.loader() as unknown as { data: { newArrivals: Promise<unknown> } };
    await expect(answer.data.newArrivals).rejects.toThrow("Unable to load products");
    expect(spoilt).toEqual([["home"]]);
  });

  it("spoil nothing when they load", async () => {
    const spoilt = watchSpoils();
    setDatabase(t.database);
    const answer = homeRoute.loader() as unknown as { data: { newArrivals: Promise<unknown[]> } };
    expect(Array.isArray(await answer.data.newArrivals)).toBe(true);
    expect(spoilt).toEqual([]);
  });
});
