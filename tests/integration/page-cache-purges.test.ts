import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { inTransaction } from "../../app/db/transaction.server";
import {
  listenForPurges,
  PURGE_CHANNEL,
  purgeMessage,
  scopeOfMessage,
  type PurgeListener,
} from "../../app/lib/page-cache-bus.server";
import { pageCacheHandOff, type PurgeScope } from "../../app/lib/page-cache.server";
import {
  catalogueChanged,
  ORDER_PURGE_GRACE_MS,
  releaseStock,
  reserveStock,
} from "../../app/modules/catalog/stock.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * What a catalogue change purges from the shared page cache (decision 044): a stock change only the
 * product's own page, unless the piece or a size sold out or came back (then its cards and every list
 * too); an edit its page, its cards and every list. On PostgreSQL, purges reach other processes
 * through NOTIFY.
 */

const t = setupTestDatabase();
let purges: PurgeScope[] = [];
beforeEach(() => {
  purges = [];
  pageCacheHandOff.set({ purge: (scope) => purges.push(scope) });
});
afterEach(() => pageCacheHandOff.clear());

describe("purges after catalogue changes", () => {
  it("a sale that leaves every size in stock purges only the product's own page", async () => {
    const productId = await createTestProduct(t.db, { sizes: ["S", "M"], colors: [], stock: 4 });
    const small = (await findVariant(t.db, productId, "S", "Default"))!.id;
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: small, quantity: 1 }]));
    expect(purges).toEqual([{ tags: [`product:${productId}`] }]);
  });

  it("a shopper's order lets its purged copies be answered a moment longer; staff in the same transaction do not", async () => {
    const productId = await createTestProduct(t.db, { sizes: ["S", "M"], colors: [], stock: 4 });
    const small = (await findVariant(t.db, productId, "S", "Default"))!.id;
    const order = { purgeGraceMs: ORDER_PURGE_GRACE_MS };
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: small, quantity: 1 }], order));
    expect(purges).toEqual([{ tags: [`product:${productId}`], graceMs: 500 }]);
    await inTransaction(t.db, async (tx) => {
      await reserveStock(tx, [{ variantId: small, quantity: 1 }], order);
      catalogueChanged(tx, [productId], { lists: false });
    });
    expect(purges[1]).not.toHaveProperty("graceMs");
    expect(purges[1]?.tags).toEqual(expect.arrayContaining([`product:${productId}`, `card:${productId}`, "home"]));
  });

  it("a size selling out, and coming back, purges the product's cards, its category's lists and the mixed ones", async () => {
    const productId = await createTestProduct(t.db, { sizes: ["S", "M"], colors: [], stock: 4, category: "sarees" });
    const small = (await findVariant(t.db, productId, "S", "Default"))!.id;
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: small, quantity: 2 }]));
    await inTransaction(t.db, (tx) => releaseStock(tx, [{ variantId: small, quantity: 1 }]));
    // the lists of other categories (list:kurtas...) keep their copies
    const reach = { tags: [`product:${productId}`, `card:${productId}`, "home", "list-mixed", "list:sarees"] };
    expect(purges).toEqual([reach, reach]);
  });

  it("the variant a card's quick add puts in the bag selling out, or coming back, purges its cards, not its lists", async () => {
    const colors = [
      { name: "Indigo", hex: "#2E3A87" },
      { name: "Rose", hex: "#C75B7A" },
    ];
    const variantStock = [
      { size: "M", colour: "Indigo", stock: 1 },
      { size: "M", colour: "Rose", stock: 2 },
      { size: "S", colour: "Indigo", stock: 2 },
      { size: "S", colour: "Rose", stock: 1 },
    ];
    const productId = await createTestProduct(t.db, { sizes: ["S", "M"], colors, variantStock });
    // quick add: size M (offered), the first colour; its size stays in stock in Rose
    const quick = (await findVariant(t.db, productId, "M", "Indigo"))!.id;
    const other = (await findVariant(t.db, productId, "S", "Rose"))!.id;
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: quick, quantity: 1 }]));
    await inTransaction(t.db, (tx) => releaseStock(tx, [{ variantId: quick, quantity: 1 }]));
    const cards = { tags: [`product:${productId}`, `card:${productId}`, "home"] };
    expect(purges).toEqual([cards, cards]);
    // another variant selling out, its size left in another colour: the piece's own page only
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: other, quantity: 1 }]));
    expect(purges[2]).toEqual({ tags: [`product:${productId}`] });
  });

  it("two pieces of two categories selling out in one order purge both categories' lists, once", async () => {
    const saree = await createTestProduct(t.db, { sizes: [], colors: [], stock: 1, category: "sarees" });
    const kurta = await createTestProduct(t.db, { sizes: [], colors: [], stock: 1, category: "kurtas" });
    const lines = await Promise.all(
      [saree, kurta].map(async (id) => ({
        variantId: (await findVariant(t.db, id, "One Size", "Default"))!.id,
        quantity: 1,
      })),
    );
    await inTransaction(t.db, (tx) => reserveStock(tx, lines));
    expect(purges).toHaveLength(1);
    expect(purges[0]?.tags).toEqual(expect.arrayContaining(["list-mixed", "list:sarees", "list:kurtas"]));
    expect(purges[0]?.tags).not.toContain("list");
  });

  it("purges nothing for a refused sale, and once per transaction for several changes", async () => {
    const first = await createTestProduct(t.db, { sizes: [], colors: [], stock: 3 });
    const second = await createTestProduct(t.db, { sizes: [], colors: [], stock: 3 });
    const one = (await findVariant(t.db, first, "One Size", "Default"))!.id;
    const two = (await findVariant(t.db, second, "One Size", "Default"))!.id;
    await inTransaction(t.db, (tx) => reserveStock(tx, [{ variantId: one, quantity: 9 }]));
    expect(purges).toEqual([]);
    await inTransaction(t.db, async (tx) => {
      await reserveStock(tx, [{ variantId: one, quantity: 1 }]);
      await reserveStock(tx, [{ variantId: two, quantity: 1 }]);
      catalogueChanged(tx, [second], { lists: false });
    });
    expect(purges).toEqual([{ tags: [`product:${first}`, `product:${second}`, `card:${second}`, "home"] }]);
  });

  it("a new price purges the pages that show the piece; a new category every list too", async () => {
    const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 3 });
    await inTransaction(t.db, async (tx) => catalogueChanged(tx, [productId], { lists: false }));
    await inTransaction(t.db, async (tx) => catalogueChanged(tx, [productId]));
    const cards = [`product:${productId}`, `card:${productId}`, "home"];
    expect(purges).toEqual([{ tags: cards }, { tags: [...cards, "list"] }]);
  });

  it("an edit without named products, or of very many, purges every copy; a rolled back one nothing", async () => {
    await inTransaction(t.db, async (tx) => catalogueChanged(tx));
    await inTransaction(t.db, async (tx) =>
      catalogueChanged(
        tx,
        Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`),
      ),
    );
    await inTransaction(t.db, async (tx, rollBack) => {
      catalogueChanged(tx);
      return rollBack(null);
    });
    expect(purges).toEqual([null, null]);
  });
});

describe("purge messages between processes", () => {
  it("carries the tags, or none for every copy; a process ignores its own and unreadable ones", () => {
    const tags = ["product:a", "list"];
    expect(scopeOfMessage(purgeMessage({ tags }, "other"))).toEqual({ tags });
    expect(scopeOfMessage(purgeMessage({ tags, graceMs: 500 }, "other"))).toEqual({ tags, graceMs: 500 });
    // a change that only moves pieces in lists: the receiving cache makes the copies stale, with its own window
    expect(scopeOfMessage(purgeMessage({ tags, expire: true }, "other"))).toEqual({ tags, expire: true });
    expect(scopeOfMessage(JSON.stringify({ from: "other", tags, expire: "yes" }))).toEqual({ tags });
    // a grace it cannot trust is left out: the receiving cache's own (none in the shop)
    expect(scopeOfMessage(JSON.stringify({ from: "other", tags, graceMs: 60_000 }))).toEqual({ tags });
    expect(scopeOfMessage(JSON.stringify({ from: "other", tags, graceMs: "1" }))).toEqual({ tags });
    expect(scopeOfMessage(purgeMessage(null, "other"))).toBeNull();
    expect(scopeOfMessage(purgeMessage({ tags }))).toBeUndefined();
    expect(scopeOfMessage("not json")).toBeUndefined();
    expect(scopeOfMessage(JSON.stringify({ from: "other", tags: [1, 2] }))).toBeNull();
    // too long for NOTIFY: every copy instead
    const many = Array.from({ length: 400 }, (_, i) => `product:${"x".repeat(30)}${i}`);
    expect(scopeOfMessage(purgeMessage({ tags: many }, "other"))).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB_TARGET === "postgres")("listening on PostgreSQL", () => {
  const listeners: PurgeListener[] = [];
  const clients: pg.Client[] = [];
  afterAll(async () => {
    for (const listener of listeners) await listener.stop();
    for (const client of clients) await client.end();
  });

  async function notifier(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  it("hears another process's purge within a second, and purges everything after losing its connection", async () => {
    const heard: Array<{ scope: PurgeScope; at: number }> = [];
    const states: string[] = [];
    listeners.push(
      listenForPurges({
        url: t.url!,
        onPurge: (scope) => heard.push({ scope, at: Date.now() }),
        onState: (state) => states.push(state),
      }),
    );
    await expect.poll(() => states).toContain("listening");
    const other = await notifier();
    const sent = Date.now();
    await other.query("select pg_notify($1, $2)", [PURGE_CHANNEL, purgeMessage({ tags: ["product:p1"] }, "other")]);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]!.scope).toEqual({ tags: ["product:p1"] });
    expect(heard[0]!.at - sent).toBeLessThan(1000);

    // its connection is cut (a database restart, a network blip): it comes back and purges every copy
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = current_database()",
      [`LISTEN ${PURGE_CHANNEL}`],
    );
    await expect.poll(() => heard.map((h) => h.scope), { timeout: 10_000 }).toContainEqual(null);
    expect(states).toContain("lost");
    await other.query("select pg_notify($1, $2)", [PURGE_CHANNEL, purgeMessage({ tags: ["list"] }, "other")]);
    await expect.poll(() => heard.map((h) => h.scope)).toContainEqual({ tags: ["list"] });
  });
});
