import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { listenForPurges, type PurgeListener } from "../../app/lib/page-cache-bus.server";
import type { PurgeScope } from "../../app/lib/page-cache.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * `npm run stock:set` next to a running shop on PostgreSQL: the change is announced to the shop's
 * processes (decision 044), so their copies of the piece's pages go at once, not when they expire.
 */
const t = setupTestDatabase();

function stockSet(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/stock-set.ts", ...args], {
    env: { ...process.env, DATABASE_URL: t.url!, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += String(chunk)));
  child.stderr.on("data", (chunk) => (out += String(chunk)));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

describe.runIf(process.env.TEST_DB_TARGET === "postgres")("stock:set beside a running shop", () => {
  const listeners: PurgeListener[] = [];
  afterAll(async () => {
    for (const listener of listeners) await listener.stop();
  });

  it("tells the shop's processes which piece's pages changed", async () => {
    const productId = await createTestProduct(t.db, { sizes: ["S", "M"], colors: [], stock: 6 });
    const small = (await findVariant(t.db, productId, "S", "Default"))!;
    const heard: PurgeScope[] = [];
    const states: string[] = [];
    listeners.push(
      listenForPurges({ url: t.url!, onPurge: (scope) => heard.push(scope), onState: (state) => states.push(state) }),
    );
    await expect.poll(() => states).toContain("listening");

    const run = await stockSet([small.sku, "0"]);
    expect(run.out).toContain(`${small.sku}: 3 -> 0`);
    expect(run.code).toBe(0);
    // the size sold out: its page, its cards and its category's lists
    await expect.poll(() => heard.flatMap((scope) => scope?.tags ?? [])).toContain(`product:${productId}`);
    expect(heard.flatMap((scope) => scope?.tags ?? [])).toContain(`card:${productId}`);
  }, 60_000);
});
